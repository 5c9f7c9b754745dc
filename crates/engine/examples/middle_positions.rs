//! Solved middle-game positions taken from real games, in the solved 9x9 file's format: the
//! positions of match records (HexGui SGF, `ohm match --records`) between two stone counts,
//! kept when the side to move wins and at least a fifth of its moves lose, with the complete
//! partition of the empty cells into winning and losing moves, every move solved by the
//! solver (checked against brute force in the test suite). It is the judgement proxy of
//! `examples/eval_quality` on the board and in the phase where games are lost (the 11x11
//! middle game), which the early 7x7 and the 9x9 files do not reach.
//!
//! `cargo run --release --example middle_positions -- SIZE MIN_STONES MAX_STONES STEP ROOT_S
//! MOVE_S DIR...` prints CSV lines on stdout: from each game, the positions after MIN_STONES,
//! MIN_STONES + STEP, ... up to MAX_STONES moves, each seen once; the root solved within ROOT_S
//! seconds and each move within MOVE_S (a position with a move left open is left out).
use ohm_engine::bench::solver::partition_moves;
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Move, Position};
use std::collections::HashSet;

#[path = "common/records.rs"]
mod records;
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}

fn main() {
    const USAGE: &str = "middle_positions SIZE MIN_STONES MAX_STONES STEP ROOT_S MOVE_S DIR...";
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> f64 { args.get(i).and_then(|a| a.parse().ok()).expect(USAGE) };
    let size = number(1) as u8;
    let (min_stones, max_stones, step) =
        (number(2) as usize, number(3) as usize, number(4) as usize);
    let (root_s, move_s) = (number(5), number(6));
    let mut solver = Solver::new(SolverParams {
        tt_mib: 512,
        ..SolverParams::DEFAULT
    });
    let mut seen = HashSet::new();
    let mut found = 0;
    for dir in &args[7..] {
        for (file, _, moves) in records::read_dir(dir, size) {
            let mut position = Position::new(Board::square(size).expect("a board size"));
            for (n, &cell) in moves.iter().enumerate().take(max_stones) {
                position.play_unchecked(position.to_move(), Move::Cell(cell));
                let stones = n + 1;
                if stones < min_stones
                    || (stones - min_stones) % step != 0
                    || position.connected_winner().is_some()
                    || !seen.insert(position.hash())
                {
                    continue;
                }
                let me = position.to_move();
                let t = Instant::now();
                solver.set_params(SolverParams {
                    time_ms: Some(root_s * 1000.0),
                    ..*solver.params()
                });
                if solver.solve(&position, &mut Clock(t)).winner != Some(me) {
                    continue;
                }
                solver.set_params(SolverParams {
                    time_ms: Some(move_s * 1000.0),
                    ..*solver.params()
                });
                let Some((winning, losing)) =
                    partition_moves(&mut solver, &position, &mut Clock(Instant::now()))
                else {
                    eprintln!("{}: {stones} stones, a move left open", file.display());
                    continue;
                };
                let empty = position.empty_cells().len();
                if losing.len() * 5 < empty {
                    continue;
                }
                found += 1;
                let played: Vec<String> = moves[..stones].iter().map(ToString::to_string).collect();
                println!(
                    "{size},{stones},{},{me},{me},{},{}",
                    played.join(" "),
                    winning,
                    losing
                );
                eprintln!(
                    "{found}: {} at {stones} stones, {} winning of {empty}, {:.1} s",
                    file.display(),
                    winning.len(),
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
}
