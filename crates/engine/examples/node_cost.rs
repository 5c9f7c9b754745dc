use ohm_engine::{
    circuit::{evaluate, CircuitParams},
    connections::{Connections, HSearchLimits},
    inferior, Board, ByColor, Color, Move, Position,
};
use std::time::Instant;
fn main() {
    let n: u8 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(7);
    let board = Board::square(n).unwrap();
    let mut rng = 12345u64;
    let mut positions = vec![];
    for _ in 0..200 {
        let mut p = Position::new(board);
        let k = 4 + (rng % 12) as usize;
        for _ in 0..k {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let e: Vec<_> = p.empty_cells().iter().collect();
            let c = e[(rng % e.len() as u64) as usize];
            p.play_unchecked(p.to_move(), Move::Cell(c));
            if p.is_over() {
                break;
            }
        }
        if !p.is_over() {
            positions.push(p);
        }
    }
    let t = Instant::now();
    let mut filled = vec![];
    for p in &positions {
        let c = inferior::analyze(p, p.to_move());
        filled.push(c.filled_position(p));
    }
    let ti = t.elapsed().as_secs_f64() * 1e3 / positions.len() as f64;
    let opts = inferior::AnalysisOptions {
        graph: false,
        ..Default::default()
    };
    let pats = inferior::PatternSet::builtin();
    let t = Instant::now();
    for p in &positions {
        let _ = inferior::analyze_with(p, p.to_move(), &opts, &pats);
    }
    let tp = t.elapsed().as_secs_f64() * 1e3 / positions.len() as f64;
    let t = Instant::now();
    let mut cs = vec![];
    for p in &filled {
        cs.push(ByColor::from_fn(|c| {
            Connections::build(p, c, HSearchLimits::DEFAULT)
        }));
    }
    let th = t.elapsed().as_secs_f64() * 1e3 / positions.len() as f64;
    let t = Instant::now();
    for (p, c) in filled.iter().zip(&cs) {
        let _ = evaluate(
            p,
            &CircuitParams::DEFAULT,
            ByColor::new(Some(&c.black), Some(&c.white)),
            true,
        );
    }
    let te = t.elapsed().as_secs_f64() * 1e3 / positions.len() as f64;
    println!("{n}x{n}, {} positions: inferior {ti:.3} ms (patterns only {tp:.3}), hsearch both {th:.3} ms, circuit {te:.3} ms", positions.len());
    // incremental: from each filled position, play each empty cell, update both colours, undo
    let t = Instant::now();
    let mut k = 0;
    for (p, c) in filled.iter().zip(cs.iter_mut()) {
        let mut q = p.clone();
        for cell in p.empty_cells().iter().take(8) {
            q.play_unchecked(q.to_move(), Move::Cell(cell));
            for col in Color::ALL {
                c[col].update(&q, cell);
            }
            for col in Color::ALL {
                c[col].undo();
            }
            q.undo();
            k += 1;
        }
    }
    let tu = t.elapsed().as_secs_f64() * 1e3 / k as f64;
    println!("  incremental update both colours + undo: {tu:.3} ms");
}
#[allow(dead_code)]
fn unused() {}
