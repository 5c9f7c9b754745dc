//! Measurements, not checks: `cargo test --release -p ohm-engine --test search_perf -- --ignored --nocapture`.

use std::time::Instant;

use ohm_engine::circuit::{evaluate, CircuitParams, VcLinks};
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::search::{search, NoControl, SearchParams};
use ohm_engine::{Board, ByColor, Move, Point, Position};

mod common;
use common::Rng;

fn midgame(n: u8, moves: u32, seed: u64) -> Position {
    let mut rng = Rng(seed);
    loop {
        let mut pos = Position::new(Board::square(n).unwrap());
        for _ in 0..moves {
            let empty: Vec<Point> = pos.empty_cells().iter().collect();
            let p = empty[(rng.next() % empty.len() as u64) as usize];
            pos.try_play(Move::Cell(p)).unwrap();
        }
        if !pos.is_over() {
            return pos;
        }
    }
}

fn ms<T>(runs: u32, mut f: impl FnMut() -> T) -> f64 {
    let start = Instant::now();
    for _ in 0..runs {
        std::hint::black_box(f());
    }
    start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs)
}

/// The fastest of seven batches of [`ms`]: other processes on the machine only ever slow a
/// batch down, so the minimum is the figure that compares.
fn fastest_ms<T>(runs: u32, mut f: impl FnMut() -> T) -> f64 {
    (0..7)
        .map(|_| ms(runs, &mut f))
        .fold(f64::INFINITY, f64::min)
}

#[test]
#[ignore]
fn circuit_and_hsearch_costs() {
    for n in [9u8, 11] {
        let pos = midgame(n, u32::from(n) * 2, 7);
        let plain = ms(200, || {
            evaluate(
                &pos,
                &CircuitParams::DEFAULT,
                ByColor::new(None, None),
                true,
            )
        });
        let build = ms(1, || {
            ByColor::from_fn(|c| Connections::build(&pos, c, HSearchLimits::DEFAULT))
        });
        let vcs = ByColor::from_fn(|c| Connections::build(&pos, c, HSearchLimits::DEFAULT));
        let conns = ByColor::new(Some(&vcs.black), Some(&vcs.white));
        let shared = ms(200, || evaluate(&pos, &CircuitParams::DEFAULT, conns, true));
        let direct = ms(200, || {
            let params = CircuitParams {
                vc_links: VcLinks::DIRECT,
                ..CircuitParams::DEFAULT
            };
            evaluate(&pos, &params, conns, true)
        });
        println!(
            "{n}x{n}: circuit (both colours, energy) {plain:.3} ms; with VC links shared {shared:.3} ms, direct {direct:.3} ms; H-search build (both) {build:.1} ms"
        );
    }
}

#[test]
#[ignore]
fn search_speed() {
    for n in [9u8, 11] {
        let pos = midgame(n, u32::from(n), 3);
        for (name, params) in [
            (
                "plain d3 w10",
                SearchParams {
                    width: 10,
                    root_width: 20,
                    ..SearchParams::full_width(3)
                },
            ),
            (
                "plain d4 w8",
                SearchParams {
                    width: 8,
                    root_width: 16,
                    ..SearchParams::full_width(4)
                },
            ),
            (
                "hsearch(1 ply) d3 w10",
                SearchParams {
                    width: 10,
                    root_width: 20,
                    hsearch: Some(HSearchLimits::DEFAULT),
                    hsearch_plies: 1,
                    ..SearchParams::full_width(3)
                },
            ),
            (
                "hsearch(2 plies) d3 w10",
                SearchParams {
                    width: 10,
                    root_width: 20,
                    hsearch: Some(HSearchLimits::DEFAULT),
                    hsearch_plies: 2,
                    ..SearchParams::full_width(3)
                },
            ),
        ] {
            let start = Instant::now();
            let r = search(&pos, &params, &mut NoControl);
            let s = start.elapsed().as_secs_f64();
            println!(
                "{n}x{n} {name:24}: {:6} nodes {:8.1} ms {:8.0} nodes/s  best {:?} score {}",
                r.nodes,
                s * 1000.0,
                r.nodes as f64 / s,
                r.best.map(|p| p.to_string()),
                r.score
            );
        }
    }
}

#[test]
#[ignore]
fn time_per_move_by_level() {
    use ohm_engine::player::{choose_move, LEVELS};
    for n in [9u8, 11] {
        let positions: Vec<Position> = (0..4)
            .map(|seed| midgame(n, 4 + 4 * seed as u32, seed + 11))
            .collect();
        for level in &LEVELS {
            let start = Instant::now();
            let mut nodes = 0;
            for pos in &positions {
                let d = choose_move(pos, level, 1, &mut NoControl).unwrap();
                nodes += d.search.map_or(0, |s| s.nodes);
            }
            let s = start.elapsed().as_secs_f64() / positions.len() as f64;
            println!(
                "{n}x{n} level {} {:10}: {:8.1} ms/move  {:6} nodes/move",
                level.number,
                level.name,
                s * 1000.0,
                nodes / positions.len() as u64
            );
        }
    }
}

/// Plays `a` against `b` on `n`x`n` from single-stone openings, each twice with colours
/// exchanged; returns `a`'s wins and the games played.
fn mini_match(
    a: &ohm_engine::player::Level,
    b: &ohm_engine::player::Level,
    n: u8,
    openings: &[&str],
) -> (u32, u32) {
    use ohm_engine::player::choose_move;
    let mut wins = 0;
    let mut games = 0;
    for (i, opening) in openings.iter().enumerate() {
        for a_is_black in [true, false] {
            let mut pos = Position::new(Board::square(n).unwrap());
            pos.try_play(Move::Cell(Point::parse(opening).unwrap()))
                .unwrap();
            while !pos.is_over() {
                let black_to_move = pos.to_move() == ohm_engine::Color::Black;
                let level = if black_to_move == a_is_black { a } else { b };
                let d = choose_move(&pos, level, i as u64, &mut NoControl).unwrap();
                pos.try_play(d.mv).unwrap();
            }
            let black_won = pos.winner() == Some(ohm_engine::Color::Black);
            wins += u32::from(black_won == a_is_black);
            games += 1;
        }
    }
    (wins, games)
}

const OPENINGS_9: [&str; 5] = ["a3", "b2", "c2", "h2", "g8"];

#[test]
#[ignore]
fn level_ladder_9x9() {
    use ohm_engine::player::LEVELS;
    for pair in LEVELS.windows(2) {
        let (wins, games) = mini_match(&pair[1], &pair[0], 9, &OPENINGS_9);
        println!(
            "9x9 level {} vs level {}: {wins}/{games}",
            pair[1].number, pair[0].number
        );
    }
}

#[test]
#[ignore]
fn vc_link_variants_9x9() {
    use ohm_engine::player::level;
    let base = *level(4).unwrap();
    let mut direct = base;
    direct.search.circuit.vc_links = VcLinks::DIRECT;
    let mut none = base;
    none.search.circuit.vc_links = VcLinks::None;
    let (w, g) = mini_match(&base, &direct, 9, &OPENINGS_9);
    println!("9x9 level 4 shared-neighbours vs direct(2.0): {w}/{g}");
    let (w, g) = mini_match(&base, &none, 9, &OPENINGS_9);
    println!("9x9 level 4 shared-neighbours vs no VC links: {w}/{g}");
}

/// Dense Gaussian elimination on the reduced Laplacian (the alternative to the sparse
/// conjugate gradient), for timing only.
fn dense_solve(network: &ohm_engine::circuit::Network, s: u32, t: u32) -> f64 {
    let n = network.node_count() as usize;
    let unknown: Vec<usize> = (0..n)
        .filter(|&v| v != s as usize && v != t as usize)
        .collect();
    let mut index = vec![usize::MAX; n];
    for (i, &v) in unknown.iter().enumerate() {
        index[v] = i;
    }
    let m = unknown.len();
    let mut a = vec![vec![0.0; m + 1]; m];
    for l in network.links() {
        let g = 1.0 / l.resistance;
        for (p, q) in [(l.a as usize, l.b as usize), (l.b as usize, l.a as usize)] {
            if index[p] != usize::MAX {
                a[index[p]][index[p]] += g;
                if index[q] != usize::MAX {
                    a[index[p]][index[q]] -= g;
                } else if q == s as usize {
                    a[index[p]][m] += g;
                }
            }
        }
    }
    for col in 0..m {
        let pivot_row = a[col].clone();
        for row in a.iter_mut().skip(col + 1) {
            let f = row[col] / pivot_row[col];
            if f != 0.0 {
                for (v, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    a[m - 1][m]
}

/// Hexy's way: relaxation sweeps over the node potentials (Gauss-Seidel, or successive
/// over-relaxation with `omega` > 1) until no potential moves by more than `tolerance`.
/// Returns the resistance between `s` (potential 1) and `t` (potential 0) and the sweeps.
fn relaxation_solve(
    network: &ohm_engine::circuit::Network,
    s: u32,
    t: u32,
    omega: f64,
    tolerance: f64,
) -> (f64, u32) {
    let n = network.node_count() as usize;
    let mut neighbours: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
    for l in network.links() {
        if l.resistance > 0.0 && l.resistance.is_finite() {
            let g = 1.0 / l.resistance;
            neighbours[l.a as usize].push((l.b as usize, g));
            neighbours[l.b as usize].push((l.a as usize, g));
        }
    }
    let mut potential = vec![0.0; n];
    potential[s as usize] = 1.0;
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut largest_change: f64 = 0.0;
        for v in 0..n {
            if v == s as usize || v == t as usize || neighbours[v].is_empty() {
                continue;
            }
            let (weighted, total) = neighbours[v]
                .iter()
                .fold((0.0, 0.0), |(w, g_sum), &(u, g)| {
                    (w + g * potential[u], g_sum + g)
                });
            let updated = potential[v] + omega * (weighted / total - potential[v]);
            largest_change = largest_change.max((updated - potential[v]).abs());
            potential[v] = updated;
        }
        if largest_change < tolerance || sweeps == 1_000_000 {
            break;
        }
    }
    let current: f64 = neighbours[s as usize]
        .iter()
        .map(|&(u, g)| g * (1.0 - potential[u]))
        .sum();
    (1.0 / current, sweeps)
}

#[test]
#[ignore]
fn conjugate_gradient_vs_dense_elimination() {
    use ohm_engine::circuit::Circuit;
    use ohm_engine::{Color, Edge};
    for n in [9u8, 11, 13, 19] {
        let pos = midgame(n, u32::from(n) * 2, 5);
        let circuit = Circuit::build(&pos, Color::Black, &CircuitParams::DEFAULT, None);
        let (e1, e2) = Edge::of(Color::Black);
        let (s, t) = (
            circuit.node(e1.point()).unwrap(),
            circuit.node(e2.point()).unwrap(),
        );
        let iterations = circuit.network().solve(s, t).iterations;
        let cg = fastest_ms(200, || circuit.network().solve(s, t));
        let dense = fastest_ms(5, || dense_solve(circuit.network(), s, t));
        println!(
            "{n}x{n}: {} nodes, CG {cg:.3} ms ({iterations} iterations), dense elimination {dense:.3} ms",
            circuit.network().node_count()
        );
        let exact = circuit.network().solve(s, t).resistance;
        for (name, omega) in [("Gauss-Seidel", 1.0), ("SOR 1.8", 1.8)] {
            for tolerance in [1e-6, 1e-12] {
                let (resistance, sweeps) =
                    relaxation_solve(circuit.network(), s, t, omega, tolerance);
                let time = fastest_ms(20, || {
                    relaxation_solve(circuit.network(), s, t, omega, tolerance)
                });
                println!(
                    "    {name}, changes under {tolerance:e}: {time:.3} ms ({sweeps} sweeps), relative error {:.1e}",
                    ((resistance - exact) / exact).abs()
                );
            }
        }
    }
}

#[test]
#[ignore]
fn time_limit_overshoot() {
    use ohm_engine::player::LEVELS;
    use ohm_engine::search::Callbacks;
    for n in [11u8, 13] {
        let pos = midgame(n, 10, 21);
        for budget in [50.0, 300.0] {
            let start = Instant::now();
            let mut control = Callbacks {
                clock: || start.elapsed().as_secs_f64() * 1000.0,
                stop: || false,
                progress: |_: &ohm_engine::search::Progress| {},
            };
            let params = SearchParams {
                time_ms: Some(budget),
                max_depth: 30,
                ..LEVELS[5].search
            };
            let r = search(&pos, &params, &mut control);
            println!(
                "{n}x{n} level 6 search, {budget} ms budget: {:.1} ms, depth {}, {} nodes",
                start.elapsed().as_secs_f64() * 1000.0,
                r.depth,
                r.nodes
            );
        }
    }
}

#[test]
#[ignore]
fn levels_against_the_shortest_path_player_9x9() {
    use ohm_engine::distance::best_move_by_distance;
    use ohm_engine::player::{choose_move, LEVELS};
    for level in &LEVELS[..5] {
        let (mut wins, mut games) = (0, 0);
        for (i, opening) in OPENINGS_9.iter().enumerate() {
            for ohm_black in [true, false] {
                let mut pos = Position::new(Board::square(9).unwrap());
                pos.try_play(Move::Cell(Point::parse(opening).unwrap()))
                    .unwrap();
                while !pos.is_over() {
                    let black_to_move = pos.to_move() == ohm_engine::Color::Black;
                    let mv = if black_to_move == ohm_black {
                        choose_move(&pos, level, i as u64, &mut NoControl)
                            .unwrap()
                            .mv
                    } else {
                        Move::Cell(best_move_by_distance(&pos).unwrap())
                    };
                    pos.try_play(mv).unwrap();
                }
                let black_won = pos.winner() == Some(ohm_engine::Color::Black);
                wins += u32::from(black_won == ohm_black);
                games += 1;
            }
        }
        println!(
            "9x9 level {} vs shortest-path: {wins}/{games}",
            level.number
        );
    }
}

#[test]
#[ignore]
fn level_ladder_11x11_middle_levels() {
    use ohm_engine::player::level;
    let openings = ["a4", "b3", "c2", "j2"];
    for (strong, weak) in [(4u8, 3u8), (5, 4)] {
        let (wins, games) = mini_match(level(strong).unwrap(), level(weak).unwrap(), 11, &openings);
        println!("11x11 level {strong} vs level {weak}: {wins}/{games}");
    }
}
