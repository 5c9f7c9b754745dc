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
    let arg = |n: usize| std::env::args().nth(n).and_then(|s| s.parse::<f64>().ok());
    let limit_s = arg(1).unwrap_or(1.4);
    let part = arg(2).unwrap_or(0.0) as usize;
    let parts = arg(3).unwrap_or(1.0) as usize;
    let text = std::fs::read_to_string("crates/engine/examples/data/horizon-9x9.txt").unwrap();
    // `SIZE MOVES...` a line; each game's position after 11 moves.
    let games: Vec<(u8, Vec<&str>)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let size = words
                .next()
                .and_then(|w| w.parse().ok())
                .expect("SIZE MOVES");
            (size, words.collect::<Vec<_>>())
        })
        .filter(|(_, moves)| moves.len() == 11)
        .collect();
    let params = SolverParams {
        tt_mib: 32,
        time_ms: Some(limit_s * 1000.0),
        ..SolverParams::DEFAULT
    };
    let (mut fresh_n, mut warm_n, mut double_n) = (0, 0, 0);
    for (g, (size, moves)) in games.iter().enumerate().filter(|(g, _)| g % parts == part) {
        let target = position(*size, moves);
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
            solver.solve(&position(*size, &moves[..k]), &mut Clock(Instant::now()));
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
