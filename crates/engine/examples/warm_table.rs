//! Does the solver's table from the slices of earlier moves help it prove a later position?
//! For each game of `examples/data/horizon-9x9.txt` (its position after 11 moves), the
//! solver gets `LIMIT_S` on that position with a fresh table, and again after slices of
//! `LIMIT_S` on the same side's earlier positions (after 3, 5, 7 and 9 moves), as level 6's
//! player keeps its table over a game.
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Position};
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}

fn position(size: u8, moves: &[&str]) -> Position {
    let board = Board::square(size).expect("a board size");
    let record = ohm_engine::notation::moves::parse(&moves.join(" "), board).expect("a move list");
    record.to_position().expect("a legal move list")
}

fn main() {
    let limit_s: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.4);
    let part: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let parts: usize = std::env::args()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string("crates/engine/examples/data/horizon-9x9.txt").unwrap();
    let games: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>())
        .filter(|m| m.len() == 11)
        .collect();
    let params = SolverParams {
        tt_mib: 32,
        time_ms: Some(limit_s * 1000.0),
        ..SolverParams::DEFAULT
    };
    let (mut fresh_n, mut warm_n, mut double_n) = (0, 0, 0);
    for (g, moves) in games.iter().enumerate().filter(|(g, _)| g % parts == part) {
        let target = position(9, moves);
        let fresh = Solver::new(params.clone())
            .solve(&target, &mut Clock(Instant::now()))
            .winner
            .is_some();
        let mut double_params = params.clone();
        double_params.time_ms = Some(2.0 * limit_s * 1000.0);
        let double = Solver::new(double_params)
            .solve(&target, &mut Clock(Instant::now()))
            .winner
            .is_some();
        let mut solver = Solver::new(params.clone());
        for k in [3, 5, 7, 9] {
            solver.solve(&position(9, &moves[..k]), &mut Clock(Instant::now()));
        }
        let warm = solver
            .solve(&target, &mut Clock(Instant::now()))
            .winner
            .is_some();
        fresh_n += usize::from(fresh);
        warm_n += usize::from(warm);
        double_n += usize::from(double);
        println!("game {g}: fresh {fresh} warm {warm} double {double}");
    }
    println!("TOTAL fresh {fresh_n} warm {warm_n} double-time {double_n}");
}
