//! The solver on a tuning set of positions that take it seconds (not milliseconds): the
//! published puzzles it proves in 1-10 s, the 8x8 ones it does not prove in 10 s, and a
//! few positions from the 8x8 one-stone openings. Prints each position's result, nodes and
//! time, and the totals, so that one change of the solver's parameters (environment
//! variables below) can be compared with another on the same positions.
//!
//! `cargo run --release --example solver_tune -- SET [LIMIT_S]`, SET one of `mid` (the
//! puzzles proven in 1-10 s), `hard8` (8x8 puzzles unproven in 10 s), `open8` (8x8
//! openings two stones deep), `all`, `n9:I,J` (positions of the solved 9x9 file),
//! `pos:SIZE:MOVES` (one position, moves comma-separated), `p:I,J` (published puzzles, 1-based), `file:PATH` (a position a line:
//! `SIZE MOVES...`, e.g. the early 9x9 game positions of `examples/data/horizon-9x9.txt`). Variables: `EPS`, `WBASE`, `WFACTOR`, `LIM`
//! (`full,semi,or`), `NODES` (a work limit as well as the time), `ESTIMATE` (an unvisited child's first delta as a share of its siblings), `TT` (MiB), `UPD` (scratch updates, stones), `STACK` (0/1), `KILLERS` (0/1), `COUNTER` (0/1), `GLANCE` (0/1), `WEAK` (0/1), `CAPTURED` (0/1), `DEAD` (dead cells to 0 the player not to move, 1 Black, 2 White), `INF`
//! (`solver`, `full`, `deep`), `PSP` (proof-set pruning 0/1), `ORS`, `SEMIAND`,
//! `INTERSECT`, `AOE` (H-search's stronger rules, 0/1), `RSHARE` (the root's work weight), `RVISIT` (its visit share), `RWFACTOR` (the root's widening factor), `RBEHIND` (the root's behind ratio), `SHRINK` (0/1: proofs shrunk), `HEAT` (`current`: children ordered by
//! the current through each cell).
use ohm_engine::bench::solver::puzzle_cases;
use ohm_engine::inferior::AnalysisOptions;
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Color, Position};
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}

/// Puzzles (1-based, in `puzzles.txt` order) proven in 1-10 s at `908c1c1`.
const MID: &[usize] = &[
    7, 25, 45, 46, 49, 51, 54, 56, 57, 58, 60, 61, 62, 66, 70, 76, 77, 90, 94, 95, 96, 98, 105,
    111, 112, 113, 114, 118, 119, 120, 124,
];
/// 8x8 puzzles unproven in 10 s at `908c1c1`.
const HARD8: &[usize] = &[75, 85, 107, 108, 109, 110, 115, 116];

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn params(limit_ms: f64) -> SolverParams {
    let mut p = SolverParams::DEFAULT;
    p.time_ms = Some(limit_ms);
    p.tt_mib = env("TT").unwrap_or(256);
    if let Some(n) = env("NODES") {
        p.max_nodes = Some(n);
    }
    if let Some(e) = env("ESTIMATE") {
        p.child_estimate = e;
    }
    if let Some(e) = env("RSHARE") {
        p.root_work_weight = e;
    }
    if let Some(e) = env("WPLIES") {
        p.weighed_plies = e;
    }
    if let Some(e) = env("RVISIT") {
        p.root_visit_share = e;
    }
    if let Some(e) = env("EPS") {
        p.epsilon = e;
    }
    if let Some(w) = env("WBASE") {
        p.widening_base = w;
    }
    if let Some(w) = env::<u8>("SHRINK") {
        p.shrink_proofs = w >= 1;
    }
    if let Some(w) = env("RBEHIND") {
        p.root_behind_ratio = w;
    }
    if let Some(w) = env("RWFACTOR") {
        p.root_widening_factor = w;
    }
    if let Some(w) = env("WFACTOR") {
        p.widening_factor = w;
    }
    if let Ok(l) = std::env::var("LIM") {
        let v: Vec<u32> = l.split(',').map(|x| x.parse().unwrap()).collect();
        p.hsearch.max_full = v[0];
        p.hsearch.max_semi = v[1];
        p.hsearch.max_or = v[2];
    }
    if let Some(b) = env::<u64>("BUDGET") {
        p.hsearch.budget = b;
    }
    if let Some(g) = env::<u8>("GLANCE") {
        p.glance = g == 1;
    }
    if let Some(u) = env::<u32>("UPD") {
        p.scratch_updates = u;
    }
    if let Some(k) = env::<u8>("COUNTER") {
        p.countermoves = k == 1;
    }
    if let Some(k) = env::<u8>("KILLERS") {
        p.killers = k == 1;
    }
    if let Some(u) = env::<u8>("ONCE") {
        p.update_at_once = u == 1;
    }
    if let Some(u) = env::<u8>("STACK") {
        p.scratch_stack = u == 1;
    }
    if let Some(w) = env::<u8>("WEAK") {
        p.weak_delta = w == 1;
    }
    if let Ok(h) = std::env::var("HEAT") {
        p.current_heat = h == "current";
    }
    if let Some(c) = env::<u8>("CAPTURED") {
        p.hsearch.captured = c == 1;
    }
    if let Some(c) = env::<u8>("ORS") {
        p.hsearch.or_search = c == 1;
    }
    if let Some(c) = env::<u8>("SEMIAND") {
        p.hsearch.semi_and = c == 1;
    }
    if let Some(c) = env::<u8>("INTERSECT") {
        p.hsearch.full_intersection = c == 1;
    }
    if let Some(c) = env::<u8>("AOE") {
        p.hsearch.and_over_edges = c == 1;
    }
    if let Some(c) = env::<u8>("PSP") {
        p.proof_set_pruning = c == 1;
    }
    if let Ok(i) = std::env::var("INF") {
        // The recognisers change; the dead cells' colour stays the solver's.
        p.inferior = AnalysisOptions {
            dead_to: p.inferior.dead_to,
            patterns_first: p.inferior.patterns_first,
            ..match i.as_str() {
                "full" => AnalysisOptions::FULL,
                "deep" => AnalysisOptions::DEEP,
                _ => AnalysisOptions::SOLVER,
            }
        };
    }
    if let Some(f) = env::<u8>("PFIRST") {
        p.inferior.patterns_first = f == 1;
    }
    if let Some(d) = env::<u8>("DEAD") {
        p.inferior.dead_to = match d {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        };
    }
    p
}

fn opening(size: u8, moves: &str) -> Position {
    let board = Board::square(size).expect("a board size");
    let record = ohm_engine::notation::moves::parse(moves, board).expect("a move list");
    record.to_position().expect("a legal move list")
}

fn main() {
    let set = std::env::args().nth(1).unwrap_or_else(|| "mid".into());
    let limit_s: f64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(30.0);
    let puzzles = puzzle_cases();
    let mut cases: Vec<(String, Position, Option<Color>)> = Vec::new();
    let pick = |list: &[usize], cases: &mut Vec<(String, Position, Option<Color>)>| {
        for &i in list {
            let c = &puzzles[i - 1];
            cases.push((format!("puzzle {i}"), c.position.clone(), c.winner));
        }
    };
    if set == "mid" || set == "all" {
        pick(MID, &mut cases);
    }
    if set == "hard8" || set == "all" {
        pick(HARD8, &mut cases);
    }
    if set == "open8" || set == "all" {
        for moves in ["d1 e7", "d1 d7", "a1 e4", "a1 d5", "c1 e5", "b1 e4"] {
            cases.push((format!("8x8 {moves}"), opening(8, moves), None));
        }
    }
    if set == "n9" {
        for (i, c) in ohm_engine::bench::solver::solved_9x9_cases()
            .into_iter()
            .enumerate()
        {
            cases.push((format!("9x9 #{i}"), c.position, c.winner));
        }
    }
    if let Some(list) = set.strip_prefix("n9:") {
        // n9:I,J,...: positions of the solved 9x9 file (0-based, in file order).
        let all = ohm_engine::bench::solver::solved_9x9_cases();
        for i in list.split(',') {
            let i: usize = i.parse().expect("an index");
            cases.push((format!("9x9 #{i}"), all[i].position.clone(), all[i].winner));
        }
    }
    if let Some(list) = set.strip_prefix("p:") {
        // p:I,J,...: published puzzles (1-based, in `puzzles.txt` order).
        let list: Vec<usize> = list
            .split(',')
            .map(|i| i.parse().expect("an index"))
            .collect();
        pick(&list, &mut cases);
    }
    if let Some(path) = set.strip_prefix("file:") {
        // file:PATH: one position a line, `SIZE MOVES...` (moves space-separated; `#` comments).
        let text = std::fs::read_to_string(path).expect("a readable file");
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let (size, moves) = line.split_once(' ').expect("SIZE MOVES");
            cases.push((
                format!("{size}x{size} {} stones", moves.split_whitespace().count()),
                opening(size.parse().expect("a board size"), moves),
                None,
            ));
        }
    }
    if let Some(spec) = set.strip_prefix("pos:") {
        // pos:SIZE:MOVES, e.g. pos:8:d1
        let (size, moves) = spec.split_once(':').expect("pos:SIZE:MOVES");
        cases.push((
            spec.to_string(),
            opening(size.parse().expect("a board size"), moves),
            None,
        ));
    }
    let params = params(limit_s * 1000.0);
    let (mut proven, mut wrong, mut nodes, mut ms) = (0, 0, 0u64, 0.0);
    let mut stats = ohm_engine::solver::Stats::default();
    let start = Instant::now();
    for (name, position, winner) in &cases {
        let mut solver = Solver::new(params.clone());
        let solution = solver.solve(position, &mut Clock(Instant::now()));
        let work = solution.stats.work();
        stats.add(&solution.stats);
        nodes += work;
        ms += solution.elapsed_ms;
        if let Some(w) = solution.winner {
            proven += 1;
            if winner.is_some_and(|k| k != w) {
                wrong += 1;
            }
        }
        println!(
            "{name:>14}: {:>6} {:>9.2} s {:>9} nodes",
            solution.winner.map_or("?".to_string(), |w| w.to_string()),
            solution.elapsed_ms / 1000.0,
            work
        );
    }
    let per = |a: u64, b: u64| a as f64 / b.max(1) as f64;
    println!(
        "created {} mid {} terminal {} pruned siblings {}; won {} (mean winning rank {:.2}), lost {} (mean children {:.2}); expanded {} (mean children {:.2})",
        stats.created,
        stats.mid_calls,
        stats.terminal,
        stats.pruned_siblings,
        stats.won_by_search,
        per(stats.winning_rank_sum, stats.won_by_search),
        stats.lost_by_search,
        per(stats.lost_children_sum, stats.lost_by_search),
        stats.expanded,
        per(stats.expanded_children, stats.expanded),
    );
    println!(
        "H-search: {} builds, {} updates, {} reused; {} completed ({} with the glance's fill-in), {} fill stones, {} fill transpositions",
        stats.hsearch_builds,
        stats.hsearch_updates,
        stats.hsearch_reused,
        stats.completed,
        stats.begun_reused,
        stats.fill_stones,
        stats.fill_transpositions,
    );
    println!(
        "TOTAL {set}: proven {proven}/{} wrong {wrong} nodes {nodes} solver time {:.1} s wall {:.1} s",
        cases.len(),
        ms / 1000.0,
        start.elapsed().as_secs_f64()
    );
}
