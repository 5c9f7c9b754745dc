//! Per-root-move cost: solves a position of the solved 9x9 file (0-based index, then moves to
//! play after it), then each of the root's remaining moves' children alone with a fresh
//! table, printing nodes and time per move: where a long proof spends its work.
//! `PARTIAL_MS=T`: only a solve of T ms, and the root moves' numbers then (what the player's
//! slice knows when it runs out).
//!
//! `cargo run --release --example root_cost -- 66 b4 d4`
use ohm_engine::bench::solver::solved_9x9_cases;
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::Move;
use std::time::Instant;
struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}
fn main() {
    let i: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut case = solved_9x9_cases().swap_remove(i);
    for m in std::env::args().skip(2) {
        let c = ohm_engine::Point::parse(&m).unwrap();
        case.position
            .play_unchecked(case.position.to_move(), Move::Cell(c));
    }
    let mut params = SolverParams::DEFAULT;
    params.time_ms = Some(100_000.0);
    if let Ok(ms) = std::env::var("PARTIAL_MS") {
        // Only the root's moves after a partial solve, with their numbers.
        params.time_ms = Some(ms.parse().unwrap());
        let mut solver = Solver::new(params.clone());
        let s = solver.solve(&case.position, &mut Clock(Instant::now()));
        println!("after {} ms: winner {:?}, best {:?}", ms, s.winner, s.best);
        for m in &s.root_moves {
            println!("{:>4} {:?}", m.mv.to_string(), m.bounds);
        }
        return;
    }
    let mut solver = Solver::new(params.clone());
    let s = solver.solve(&case.position, &mut Clock(Instant::now()));
    println!(
        "root: winner {:?} nodes {} {:.1} s, {} root moves",
        s.winner,
        s.stats.work(),
        s.elapsed_ms / 1e3,
        s.root_moves.len()
    );
    let mut rows = vec![];
    for m in &s.root_moves {
        let mut p = case.position.clone();
        p.play_unchecked(p.to_move(), Move::Cell(m.mv));
        let mut solver = Solver::new(params.clone());
        let c = solver.solve(&p, &mut Clock(Instant::now()));
        rows.push((c.stats.work(), m.mv, c.winner, c.elapsed_ms / 1e3, c.best));
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.0));
    for r in rows {
        println!(
            "{:>4} nodes {:>7} winner {:?} {:.2} s refutation {:?}",
            r.1.to_string(),
            r.0,
            r.2,
            r.3,
            r.4
        );
    }
}
