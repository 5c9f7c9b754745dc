//! Little Golem's Hex records (its `.hsgf` export):
//!
//! ```text
//! (;FF[4]EV[hex.mc.2010.oct.1.11]PB[ann]PW[bob]SZ[13]RE[B]GC[ game #1254910]
//! SO[http://www.littlegolem.com];W[mf];B[swap];W[ed];B[resign])
//! ```
//!
//! Little Golem writes SGF with its own conventions, which Ohm maps so that an imported game
//! shows the same geometry, the same players and the same winner as on the site:
//!
//! - **Colours.** The move nodes are labelled `W`, `B`, `W`, ... starting with `W`, and the `W`
//!   moves are played by `PB`, the player who moves first. So the first player is Ohm's Black
//!   and is named by `PB`; the node letters are the opposite of Ohm's colours (`W[..]` is a
//!   Black move); `RE[B]` (the colour of the winner, `PB` or `PW`) means Black won.
//! - **Coordinates** are two letters, 0-based. The *first* letter runs between the first
//!   player's two edges, so it is Ohm's **row**, and the second letter is Ohm's column: `mf` is
//!   row 13, column f, that is `f13`; `aa` is the acute corner `a1`. (Read the other way round,
//!   column then row, the same game would be the mirror image across the long diagonal with
//!   the players' edges exchanged: every game would be won by the wrong player.)
//! - **Swap** is written `swap` and is Ohm's `swap-pieces` (the first stone goes to its mirror
//!   image across the long diagonal, in the swapper's colour); the first player moves next.
//! - **Resignation** is a move node `resign` by the player who resigns.
//! - Little Golem has no pass, no set-up and square boards only; its games always allow the
//!   swap, so the record's `swap_rule` is on. `SZ` defaults to 11.
//!
//! How this was settled. Two Little Golem conventions are stated by PlayHex's importer (the
//! `W` nodes are `PB`'s, `RE` names `PB` or `PW`) and agree with a converter of Little Golem
//! records to plain move lists (which also reads `swap` as swap-pieces: it keeps the first
//! stone and transposes every later move). The coordinate order was checked on a finished
//! game, `hex.mc.2010.oct.1.11` #1254910 (`RE[B]`, ended by `B[resign]`, so `PW` resigned):
//! read row-then-column, `PB`'s stones join `PB`'s two edges through bridges and an edge
//! template (3 empty cells on the shortest path, against 9 for `PW`), the position in which a
//! player resigns; read column-then-row (as PlayHex's importer does), `PW` would have
//! resigned while 4 cells from connecting against 9. The test `a_little_golem_win_is_shown_as_won`
//! keeps that game.
//!
//! Little Golem does not escape `]` inside names, so this reader takes a `]` as closing a
//! value only where a value can end (another value, a property, a node or the end follows).
//! `EV`, `PB`, `PW`, `GC` (a game comment) become the record's event, names and comment.

use alloc::string::{String, ToString};
use core::fmt;

use super::hsgf::{self, GameTree, HsgfError, Node};
use super::{Format, FormatError, Record};
use crate::{Board, Color, Move, PlayedMove};

/// Why a Little Golem record did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LittleGolemError {
    /// The SGF itself, or its `SZ`, is broken.
    Sgf(HsgfError),
    /// Move `number` (1-based) holds `value`, which is not a Little Golem move on this board;
    /// it starts at byte `offset` of the text.
    BadMove {
        number: usize,
        value: String,
        offset: Option<usize>,
    },
    /// A node with both `B` and `W`, at move `number`.
    TwoMoves { number: usize },
}

impl fmt::Display for LittleGolemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LittleGolemError::Sgf(e) => write!(f, "{e}"),
            LittleGolemError::BadMove {
                number,
                value,
                offset,
            } => {
                write!(
                    f,
                    "move {number}, [{value}]{}: not two coordinate letters on this board, \
                     swap or resign",
                    super::at_byte(*offset)
                )
            }
            LittleGolemError::TwoMoves { number } => {
                write!(f, "move {number}: a node with both B and W")
            }
        }
    }
}

impl core::error::Error for LittleGolemError {}

/// Whether an SGF text looks like Little Golem's: no move in HSGF's style (a cell ending with
/// a digit, `swap-pieces`), and either a move written with two lowercase letters (`;W[mf]`),
/// which HSGF never writes, or the site's address. A record with HSGF moves is HSGF even if
/// one of its moves is a bad two-letter one (`;B[e5];W[zz]`), so that the error names the
/// right notation.
#[must_use]
pub fn looks_like_little_golem(text: &str) -> bool {
    let mut two_letter_move = false;
    let mut hsgf_move = false;
    let bytes = text.as_bytes();
    for (i, window) in bytes.windows(2).enumerate() {
        if !matches!(window, [b'B' | b'W', b'[']) || !text[..i].trim_end().ends_with(';') {
            continue;
        }
        // Moves are short: look no further than `swap-pieces]`, so the scan stays linear.
        let rest = &bytes[i + 2..];
        let Some(len) = rest.iter().take(12).position(|&b| b == b']') else {
            continue;
        };
        let value = &rest[..len];
        two_letter_move |= len == 2 && value.iter().all(u8::is_ascii_lowercase);
        hsgf_move |= value.last().is_some_and(u8::is_ascii_digit) || value == b"swap-pieces";
    }
    !hsgf_move && (two_letter_move || text.contains("littlegolem"))
}

/// The cell named by two 0-based letters, row then column.
fn cell_of(value: &str, board: &Board) -> Option<Move> {
    let bytes = value.trim().as_bytes();
    let [row, col] = bytes else {
        return None;
    };
    if !row.is_ascii_lowercase() || !col.is_ascii_lowercase() {
        return None;
    }
    super::cell_on(board, u32::from(col - b'a'), u32::from(row - b'a')).map(Move::Cell)
}

fn move_of(value: &str, board: &Board) -> Option<Move> {
    match value.trim() {
        "swap" | "swap-pieces" => Some(Move::Swap),
        "resign" => Some(Move::Resign),
        _ => cell_of(value, board),
    }
}

/// The main line of a Little Golem tree as a record.
pub fn record_from_tree(tree: &GameTree) -> Result<Record, LittleGolemError> {
    let root = tree.root().cloned().unwrap_or_default();
    let board = match root.value("SZ") {
        Some(size) => hsgf::parse_size(size).map_err(LittleGolemError::Sgf)?,
        None => Board::square(11).expect("11 is a board size"),
    };
    let mut record = Record::new(board);
    record.swap_rule = true;
    let text = |id: &str| {
        root.value(id)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "null")
            .map(ToString::to_string)
    };
    record.info.black = text("PB");
    record.info.white = text("PW");
    record.info.event = text("EV");
    record.info.comment = text("GC");
    record.info.date = text("DT");
    for node in tree.main_line() {
        // Little Golem's `W` nodes are the first player's moves: Ohm's Black.
        let (color, value) = match (node.value("W"), node.value("B")) {
            (None, None) => continue,
            (Some(w), None) => (Color::Black, w),
            (None, Some(b)) => (Color::White, b),
            (Some(_), Some(_)) => {
                return Err(LittleGolemError::TwoMoves {
                    number: record.moves.len() + 1,
                })
            }
        };
        let mv = move_of(value, &board).ok_or_else(|| LittleGolemError::BadMove {
            number: record.moves.len() + 1,
            value: value.to_string(),
            offset: node.offset("W").or_else(|| node.offset("B")),
        })?;
        record.moves.push(PlayedMove { color, mv });
    }
    let resigned = record.moves.last().is_some_and(|m| m.mv == Move::Resign);
    record.info.result = root.value("RE").map(|re| match re.trim() {
        "B" => if resigned { "B+R" } else { "B+" }.to_string(),
        "W" => if resigned { "W+R" } else { "W+" }.to_string(),
        other => other.to_string(),
    });
    Ok(record)
}

/// Reads a Little Golem record.
pub fn parse(text: &str) -> Result<Record, LittleGolemError> {
    let tree = hsgf::parse_first_tree(text, true).map_err(LittleGolemError::Sgf)?;
    record_from_tree(&tree)
}

/// Writes a record as Little Golem does: square board, no set-up, no pass; Black's moves are
/// `W` nodes and White's `B` nodes, cells are two letters (row, then column).
pub fn format(record: &Record) -> Result<String, FormatError> {
    super::require_no_setup(record, Format::LittleGolem)?;
    super::require_cells_on_board(record, Format::LittleGolem)?;
    super::require_square(record, Format::LittleGolem)?;
    let mut root = Node::default();
    root.set("FF", "4");
    let info = &record.info;
    if let Some(event) = &info.event {
        root.set("EV", event.clone());
    }
    if let Some(black) = &info.black {
        root.set("PB", black.clone());
    }
    if let Some(white) = &info.white {
        root.set("PW", white.clone());
    }
    root.set("SZ", record.board.width().to_string());
    if let Some(winner) = info.winner() {
        root.set("RE", winner.letter().to_string());
    }
    if let Some(comment) = &info.comment {
        root.set("GC", comment.clone());
    }
    if let Some(date) = &info.date {
        root.set("DT", date.clone());
    }
    let mut nodes = alloc::vec![root];
    for (index, played) in record.moves.iter().enumerate() {
        let value = match played.mv {
            Move::Cell(point) => {
                let (col, row) = point.col_row().expect("a move's point is a cell");
                let mut two = String::new();
                two.push(char::from(b'a' + row));
                two.push(char::from(b'a' + col));
                two
            }
            Move::Swap => "swap".to_string(),
            Move::Resign => "resign".to_string(),
            Move::Pass => {
                return Err(FormatError::Move {
                    format: Format::LittleGolem,
                    number: index + 1,
                    played: *played,
                    why: "Little Golem has no pass",
                })
            }
        };
        let letter = match played.color {
            Color::Black => "W",
            Color::White => "B",
        };
        let mut node = Node::default();
        node.set(letter, value);
        nodes.push(node);
    }
    Ok(hsgf::write_tree(&GameTree {
        nodes,
        variations: alloc::vec::Vec::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    const GAME: &str = "(;FF[4]EV[hex.ch.23.1.1]PB[Daniel Sepczuk]PW[Maciej Celuch]SZ[13]RE[W]GC[ game #1139802]SO[http://www.littlegolem.com];W[mf];B[swap];W[kj];B[ie];W[fh];B[ed];W[resign])";

    #[test]
    fn reads_colours_coordinates_swap_and_result() {
        assert!(looks_like_little_golem(GAME));
        let record = parse(GAME).unwrap();
        assert_eq!(record.board, Board::square(13).unwrap());
        assert_eq!(record.info.black.as_deref(), Some("Daniel Sepczuk"));
        assert_eq!(record.info.comment.as_deref(), Some("game #1139802"));
        let first = record.moves[0];
        assert_eq!(first.color, Color::Black);
        assert_eq!(first.mv, Move::Cell(Point::parse("f13").unwrap()));
        assert_eq!(record.moves[1].color, Color::White);
        assert_eq!(record.moves[1].mv, Move::Swap);
        assert_eq!(record.moves[2].mv, Move::Cell(Point::parse("j11").unwrap()));
        // The first player (PB, `W` nodes) resigns, and RE[W] names PW, White, the winner.
        assert_eq!(record.moves[6].color, Color::Black);
        assert_eq!(record.moves[6].mv, Move::Resign);
        assert_eq!(record.info.result.as_deref(), Some("W+R"));
        let position = record.to_position().unwrap();
        assert_eq!(position.winner(), Some(Color::White));
        let white: crate::CellSet = ["m6", "e9", "d5"]
            .into_iter()
            .map(|name| Point::parse(name).unwrap())
            .collect();
        assert_eq!(position.stones(Color::White), white);
    }

    #[test]
    fn writes_what_it_reads() {
        let record = parse(GAME).unwrap();
        let text = format(&record).unwrap();
        assert!(text.contains(";W[mf];B[swap];W[kj]"));
        let again = parse(&text).unwrap();
        assert_eq!(again.moves, record.moves);
        assert_eq!(again.info.black, record.info.black);
    }

    #[test]
    fn recognised_by_its_moves_or_its_address() {
        assert!(looks_like_little_golem("(;SZ[5]\n; W[bc])"));
        assert!(looks_like_little_golem(
            "(;SO[http://www.littlegolem.com];W[resign])"
        ));
        assert!(!looks_like_little_golem(
            "(;C[littlegolem];B[a1];W[swap-pieces])"
        ));
        assert!(!looks_like_little_golem("(;SZ[5];B[a1];W[b2])"));
    }

    #[test]
    fn unescaped_brackets_in_names_are_tolerated() {
        let record = parse("(;FF[4]PB[Shumacher;]]PW[x]SZ[11];W[aa])").unwrap();
        assert_eq!(record.info.black.as_deref(), Some("Shumacher;]"));
        assert_eq!(record.moves.len(), 1);
    }

    #[test]
    fn errors_name_the_move() {
        let e = parse("(;SZ[11];W[aa];B[zz])").unwrap_err();
        assert_eq!(
            e,
            LittleGolemError::BadMove {
                number: 2,
                value: "zz".to_string(),
                offset: Some(17),
            }
        );
        assert!(e.to_string().starts_with("move 2, [zz] at byte 17"));
        // HSGF moves with one bad two-letter value are HSGF, not Little Golem.
        assert!(!looks_like_little_golem("(;FF[4]GM[11]SZ[5];B[e5];W[zz])"));
        assert!(looks_like_little_golem("(;FF[4]SZ[13];W[mf];B[swap])"));
    }
}
