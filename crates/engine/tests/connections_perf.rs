//! H-search timings (not a timed test: run with
//! `cargo test --release -p ohm-engine --test connections_perf -- --ignored --nocapture`).

use std::time::Instant;

use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::distance::best_move_by_distance;
use ohm_engine::{Board, Color, Move, Point, Position};

mod common;
use common::Rng;

/// A game of `moves` moves on `side`: the shortest-path player, with every third move random,
/// so positions look like games rather than noise.
fn midgame(side: u8, moves: usize, seed: u64) -> (Position, Vec<Point>) {
    let mut rng = Rng(seed);
    let mut pos = Position::new(Board::square(side).unwrap());
    let mut played = Vec::new();
    while played.len() < moves && !pos.is_over() {
        let empty: Vec<Point> = pos.empty_cells().iter().collect();
        let cell = if played.len() % 3 == 0 {
            empty[rng.below(empty.len() as u64) as usize]
        } else {
            best_move_by_distance(&pos).unwrap()
        };
        pos.try_play(Move::Cell(cell)).unwrap();
        played.push(cell);
    }
    (pos, played)
}

fn runs() -> u32 {
    std::env::var("OHM_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
}

fn seeds() -> u64 {
    std::env::var("OHM_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

fn sides() -> Vec<u8> {
    std::env::var("OHM_SIDES")
        .ok()
        .map(|v| v.split(',').filter_map(|s| s.parse().ok()).collect())
        .unwrap_or_else(|| vec![9, 11, 13])
}

fn time<T>(runs: u32, mut f: impl FnMut() -> T) -> (f64, T) {
    let start = Instant::now();
    let mut last = f();
    for _ in 1..runs {
        last = f();
    }
    (
        start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs),
        last,
    )
}

#[test]
#[ignore = "timing report, run in release"]
fn hsearch_timings() {
    let mut limits = HSearchLimits::DEFAULT;
    // OHM_LIMITS=full,semi,or,over_edges overrides the defaults (for the measurements).
    if let Ok(v) = std::env::var("OHM_LIMITS") {
        let n: Vec<u32> = v.split(',').map(|s| s.parse().unwrap()).collect();
        limits.max_full = n[0];
        limits.max_semi = n[1];
        limits.max_or = n[2];
        limits.and_over_edges = n[3] != 0;
    }
    println!("{limits:?}");
    let mut suite: Vec<(String, Position)> = Vec::new();
    for side in sides() {
        suite.push((
            format!("empty {side}x{side}"),
            Position::new(Board::square(side).unwrap()),
        ));
    }
    for seed in 1..=seeds() {
        let (pos, _) = midgame(11, 16 + 4 * seed as usize, seed);
        suite.push((
            format!("11x11 midgame #{seed} ({} stones)", pos.move_count()),
            pos,
        ));
    }
    for (name, pos) in &suite {
        for color in Color::ALL {
            let (ms, vcs) = time(runs(), || Connections::build(pos, color, limits));
            let c = vcs.counts();
            let s = vcs.stats();
            println!(
                "{name:32} {:5}: {ms:8.2} ms  full pairs {:5} full {:6}  semi pairs {:5} semi {:6}  and {:8} or {:8} won {}",
                color.name(),
                c.full_pairs,
                c.full,
                c.semi_pairs,
                c.semi,
                s.and_tried,
                s.or_tried,
                vcs.winning().is_some()
            );
        }
    }
    // Incremental: one move after a midgame position, against a fresh build.
    for seed in 1..=seeds() {
        let (mut pos, _) = midgame(11, 21 + 4 * seed as usize, seed);
        let last = pos.last_move().unwrap();
        let Move::Cell(cell) = last.mv else {
            unreachable!()
        };
        pos.undo();
        for color in Color::ALL {
            let mut vcs = Connections::build(&pos, color, limits);
            let mut after = pos.clone();
            after.try_play(Move::Cell(cell)).unwrap();
            let start = Instant::now();
            let runs = 5;
            for _ in 0..runs {
                vcs.update(&after, cell);
                vcs.undo();
            }
            let ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
            vcs.update(&after, cell);
            let fresh = Connections::build(&after, color, limits);
            println!(
                "11x11 #{seed} {:5} after {cell} by {:5}: update+undo {ms:7.2} ms; full {} vs fresh {}, won {} vs {}",
                color.name(),
                last.color.name(),
                vcs.counts().full,
                fresh.counts().full,
                vcs.winning().is_some(),
                fresh.winning().is_some()
            );
        }
    }
}

/// With default limits an incremental store and a fresh build may keep different carriers;
/// both are sound. How often do they agree on the winning connection, over whole games?
#[test]
#[ignore = "measurement, run in release"]
fn incremental_winning_agreement_at_default_limits() {
    let limits = HSearchLimits::DEFAULT;
    let (mut updates, mut agree, mut update_ms, mut fresh_ms) = (0u32, 0u32, 0.0, 0.0);
    for seed in 1..=seeds() {
        let (_, moves) = midgame(11, 60, seed);
        let mut pos = Position::new(Board::square(11).unwrap());
        let mut stores = Color::ALL.map(|c| Connections::build(&pos, c, limits));
        for cell in moves {
            pos.try_play(Move::Cell(cell)).unwrap();
            for vcs in &mut stores {
                let start = Instant::now();
                vcs.update(&pos, cell);
                update_ms += start.elapsed().as_secs_f64() * 1000.0;
                let start = Instant::now();
                let fresh = Connections::build(&pos, vcs.color(), limits);
                fresh_ms += start.elapsed().as_secs_f64() * 1000.0;
                updates += 1;
                agree += u32::from(vcs.winning().is_some() == fresh.winning().is_some());
            }
        }
    }
    println!(
        "{agree}/{updates} updates agree on the winning connection; mean update {:.2} ms, mean fresh build {:.2} ms",
        update_ms / f64::from(updates),
        fresh_ms / f64::from(updates)
    );
}
