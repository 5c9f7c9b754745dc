//! Positions for the probes, one a line: `SIZE MOVES` (a square board's size, then its moves
//! in Ohm's move-list notation, `crate::notation::moves`); blank lines and `#` comments skipped.
//! No swap rule, so a position's moves are played as they stand.
use ohm_engine::notation::moves;
use ohm_engine::{Board, Position};

/// The positions of the file at `path`.
pub fn read(path: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(path).expect("a readable file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (size, list) = line.split_once(' ').expect("SIZE MOVES");
            let board = Board::square(size.parse().expect("a board size")).expect("a board");
            let mut record = moves::parse(list, board).expect("a move list");
            record.swap_rule = false;
            record.to_position().expect("legal moves")
        })
        .collect()
}
