//! Generates solved early positions on a small board, in the solved 9x9 file's format: a few
//! stones played at random (near the centre more often), kept when the side to move wins and
//! at least a fifth of its moves lose (the positions where judgement matters), with the
//! complete partition of the empty cells into winning and losing moves, each move solved by
//! the solver (which is checked against brute force in the test suite).
//!
//! `cargo run --release --example early_positions -- SIZE COUNT MIN_STONES MAX_STONES SEED
//! [LIMIT_S]` prints CSV lines on stdout; with `LIMIT_S`, a position any of whose solves takes
//! longer is left out (on 8x8 some take many minutes).
use ohm_engine::bench::solver::partition_moves;
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let Some((&[size, count, min_stones, max_stones, seed], rest)) = args.split_first_chunk::<5>()
    else {
        panic!("SIZE COUNT MIN_STONES MAX_STONES SEED [LIMIT_S]");
    };
    let limit = rest.first();
    let size = size as u8;
    let board = Board::square(size).expect("a board size");
    let mut rng = Rng(seed.max(1));
    let mut solver = Solver::new(SolverParams {
        tt_mib: 256,
        time_ms: limit.map(|&s| s as f64 * 1000.0),
        ..SolverParams::DEFAULT
    });
    let centre = f64::from(size - 1) / 2.0;
    let mut found = 0;
    while found < count {
        let stones = min_stones + rng.next() % (max_stones - min_stones + 1);
        let mut position = Position::new(board);
        let mut moves = Vec::new();
        while (moves.len() as u64) < stones {
            let empty: Vec<Point> = position.empty_cells().iter().collect();
            // Two draws, the one nearer the centre kept: openings are central.
            let a = empty[rng.below(empty.len())];
            let b = empty[rng.below(empty.len())];
            let distance = |p: Point| {
                let (c, r) = p.col_row().expect("a cell");
                let (c, r) = (f64::from(c), f64::from(r));
                (c - centre).abs() + (r - centre).abs() + (c + r - 2.0 * centre).abs()
            };
            let cell = if distance(a) <= distance(b) { a } else { b };
            position.play_unchecked(position.to_move(), Move::Cell(cell));
            moves.push(cell);
        }
        if position.connected_winner().is_some() {
            continue;
        }
        let me = position.to_move();
        let t = Instant::now();
        let value = solver.solve(&position, &mut Clock(Instant::now()));
        if value.winner != Some(me) {
            continue;
        }
        let Some((winning, losing)) = partition_moves(&mut solver, &position, &mut Clock(t)) else {
            continue;
        };
        let empty = position.empty_cells().len();
        if losing.len() * 5 < empty {
            continue;
        }
        found += 1;
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        println!(
            "{size},{},{},{me},{me},{},{}",
            moves.len(),
            moves.join(" "),
            winning,
            losing
        );
        eprintln!(
            "{found}/{count}: {} stones, {} winning of {empty}, {:.1} s",
            moves.len(),
            winning.len(),
            t.elapsed().as_secs_f64()
        );
    }
}
