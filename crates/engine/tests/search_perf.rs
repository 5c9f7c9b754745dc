//! Measurements, not checks: `cargo test --release -p ohm-engine --test search_perf -- --ignored --nocapture`.

use std::time::Instant;

use ohm_engine::circuit::{evaluate, CircuitParams, VcLinks};
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::search::{search, NoControl, SearchParams};
use ohm_engine::{Board, ByColor, Move, Point, Position};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

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

#[test]
#[ignore]
fn circuit_and_hsearch_costs() {
    for n in [9u8, 11, 13] {
        let pos = midgame(n, u32::from(n) * 2, 7);
        let plain = ms(200, || {
            evaluate(
                &pos,
                &CircuitParams::DEFAULT,
                ByColor::new(None, None),
                true,
            )
        });
        let build = ms(3, || {
            ByColor::from_fn(|c| Connections::build(&pos, c, HSearchLimits::DEFAULT))
        });
        let vcs = ByColor::from_fn(|c| Connections::build(&pos, c, HSearchLimits::DEFAULT));
        let conns = ByColor::new(Some(&vcs.black), Some(&vcs.white));
        let shared = ms(200, || evaluate(&pos, &CircuitParams::DEFAULT, conns, true));
        let direct = ms(200, || {
            let params = CircuitParams {
                vc_links: VcLinks::Direct { resistance: 2.0 },
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
