use ohm_engine::solver::{Control, Progress, Solution, Solver, SolverParams};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;
struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _p: &Progress) {}
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u8 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(6);
    let which = args.get(2).cloned().unwrap_or("empty".into());
    let mut params = SolverParams::DEFAULT;
    params.tt_mib = 256;
    if let Some(t) = args.get(3) {
        params.time_ms = Some(t.parse().unwrap());
    }
    if let Ok(w) = std::env::var("NODES") {
        params.max_nodes = Some(w.parse().unwrap());
    }
    if std::env::var("NOGRAPH").is_ok() {
        params.inferior.graph = false;
    }
    if let Ok(w) = std::env::var("SHRINK") {
        params.shrink_proofs = w != "0";
    }
    if let Ok(w) = std::env::var("RBEHIND") {
        params.root_behind_ratio = w.parse().unwrap();
    }
    if std::env::var("WEAK").is_ok() {
        params.weak_delta = true;
    }
    if let Ok(w) = std::env::var("WIDEN") {
        params.widening_factor = w.parse().unwrap();
    }
    if let Ok(w) = std::env::var("EPS") {
        params.epsilon = w.parse().unwrap();
    }
    if std::env::var("NOGLANCE").is_ok() {
        params.glance = false;
    }
    if std::env::var("NOPRUNE").is_ok() {
        params.proof_set_pruning = false;
    }
    if let Ok(w) = std::env::var("INCR") {
        params.incremental_fill = w.parse().unwrap();
    }
    if let Ok(w) = std::env::var("LIM") {
        let v: Vec<u32> = w.split(',').map(|x| x.parse().unwrap()).collect();
        params.hsearch.max_full = v[0];
        params.hsearch.max_semi = v[1];
        params.hsearch.max_or = v[2];
    }
    let mut s = Solver::new(params);
    let mut total_created = 0u64;
    let mut total_work = 0u64;
    let board = Board::square(n).unwrap();
    let t0 = Instant::now();
    let cells: Vec<Point> = if which == "empty" {
        vec![]
    } else if let Some(moves) = which.strip_prefix("moves:") {
        // A position given by its moves (comma-separated), solved once.
        let mut p = Position::new(board);
        for m in moves.split(',') {
            p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
        }
        let sol = s.solve(&p, &mut Clock(Instant::now()));
        println!("{:?}", sol.stats);
        print_root_moves(&mut s, &p, &sol);
        println!(
            "{which}: winner {:?} {:.0} ms work {}",
            sol.winner,
            sol.elapsed_ms,
            sol.stats.work()
        );
        return;
    } else if which == "all" {
        board.cells().iter().collect()
    } else {
        which.split(',').map(|c| Point::parse(c).unwrap()).collect()
    };
    if cells.is_empty() {
        let p = Position::new(board);
        let sol = s.solve(&p, &mut Clock(Instant::now()));
        println!(
            "empty {n}x{n}: {:?} best {:?} {:.0} ms work {} created {} {:?}",
            sol.winner,
            sol.best,
            sol.elapsed_ms,
            sol.stats.work(),
            sol.stats.created,
            sol.stats
        );
    }
    for c in cells {
        let mut p = Position::new(board);
        p.play_unchecked(ohm_engine::Color::Black, Move::Cell(c));
        let sol = s.solve(&p, &mut Clock(Instant::now()));
        total_created += sol.stats.created;
        total_work += sol.stats.work();
        println!("{:?}", sol.stats);
        if std::env::var("ROOT").is_ok() {
            print_root_moves(&mut s, &p, &sol);
        }
        println!(
            "{c}: winner {:?} {:.0} ms work {} created {} pruned {} updates {} fill {}",
            sol.winner,
            sol.elapsed_ms,
            sol.stats.work(),
            sol.stats.created,
            sol.stats.pruned_siblings,
            sol.stats.hsearch_updates,
            sol.stats.fill_stones
        );
    }
    println!("created {total_created} work {total_work}");
    println!(
        "total {:.1} s, table {:?} {:?}",
        t0.elapsed().as_secs_f64(),
        s.table_usage(),
        s.table_stats()
    );
}

/// Each root move of `solution` with its numbers at the root and what the table holds of the
/// position after it (its numbers and the work spent below it).
fn print_root_moves(solver: &mut Solver, position: &Position, solution: &Solution) {
    for r in &solution.root_moves {
        let mut child = position.clone();
        child.play_unchecked(child.to_move(), Move::Cell(r.mv));
        println!("  {} {:?} {:?}", r.mv, r.bounds, solver.known(&child));
    }
}
