//! Times the inferior-cell analysis on the benchmark midgames: `inferior_time N STONES REPS`
//! (the solver's option set; `FULL=1` or `DEEP=1` for those presets, `NORED=1` without the reduced
//! graphs). Prints the pruned move count and the wall time per analysis.
use ohm_engine::bench::midgame_positions;
use ohm_engine::inferior::{analyze_with, AnalysisOptions, PatternSet};
use ohm_engine::Board;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u8 = args[1].parse().unwrap();
    let stones: usize = args[2].parse().unwrap();
    let reps: usize = args[3].parse().unwrap();
    let mut opts = AnalysisOptions::SOLVER;
    if std::env::var("NORED").is_ok() {
        opts.reduced = false;
    }
    if std::env::var("FULL").is_ok() {
        opts = AnalysisOptions::FULL;
    }
    if std::env::var("DEEP").is_ok() {
        opts = AnalysisOptions::DEEP;
    }
    let positions = midgame_positions(Board::square(n).unwrap(), 10, stones, 0xBE7C4 + n as u64);
    let t = std::time::Instant::now();
    let mut pruned = 0usize;
    for _ in 0..reps {
        for p in &positions {
            let c = analyze_with(p, p.to_move(), &opts, &PatternSet::empty());
            pruned += (p.empty_cells().len() - c.consider.len()) as usize;
        }
    }
    eprintln!(
        "{} analyses, pruned {}, wall {:.3} ms each",
        reps * positions.len(),
        pruned / reps,
        t.elapsed().as_secs_f64() * 1e3 / (reps * positions.len()) as f64
    );
}
