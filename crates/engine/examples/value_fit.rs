//! Fits the Monte Carlo search's value prior ([`MctsParams::value_prior`]): how the circuit's
//! score of a node's position maps to the share of the node's playouts its side to move has
//! won when the node's analysis comes ([`SavedTree::value_samples`]). Reads lines of moves
//! (`SIZE` from the command line), searches each position with levels 5 and 6's search for
//! `PLAYOUTS` playouts (default 200,000, about 3 s on 11x11), and fits
//! `1 / (1 + e^(-s * (E + t)))` to every node's sample by least squares over a grid of the
//! scale `s` and the tempo `t`, printing the error and that of the samples' mean.
//!
//! `cargo run --release -p ohm-engine --example value_fit -- 11
//! crates/engine/examples/data/value-fit-11x11.txt`
use ohm_engine::mcts::{search_keeping, MctsParams, SavedTree};
use ohm_engine::player::LARGE_BOARD_MCTS;
use ohm_engine::search::NoControl;
use ohm_engine::solver::{Knowledge, SolverParams};
use ohm_engine::{Board, Move, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u8 = args[1].parse().expect("SIZE");
    let lines = std::fs::read_to_string(&args[2]).expect("FILE of move lines");
    let playouts: u64 = std::env::var("PLAYOUTS").map_or(200_000, |v| v.parse().unwrap());
    let params = MctsParams {
        max_playouts: playouts,
        keep_tree: false,
        ..LARGE_BOARD_MCTS
    };
    let mut knowledge = Knowledge::of(&SolverParams::DEFAULT);
    knowledge.order_children = params.reads_circuit();
    let mut samples: Vec<(f64, f64)> = Vec::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let mut position = Position::new(Board::square(size).unwrap());
        for m in line.split_whitespace() {
            position.try_play(Move::parse(m).unwrap()).unwrap();
        }
        let mut saved: Option<SavedTree> = None;
        search_keeping(
            &position,
            &params,
            &knowledge,
            1,
            &mut NoControl,
            &mut saved,
        );
        if let Some(tree) = saved {
            samples.extend(
                tree.value_samples()
                    .iter()
                    .map(|&(score, rate)| (f64::from(score) / 1000.0, f64::from(rate))),
            );
        }
    }
    let n = samples.len() as f64;
    let mean = samples.iter().map(|s| s.1).sum::<f64>() / n;
    let baseline = samples.iter().map(|s| (s.1 - mean).powi(2)).sum::<f64>() / n;
    let mut best = (f64::INFINITY, 0.0, 0.0);
    for si in 4..=40 {
        for ti in 0..=40 {
            let (s, t) = (f64::from(si) * 0.05, f64::from(ti) * 0.025);
            let error = samples
                .iter()
                .map(|&(e, rate)| (1.0 / (1.0 + (-s * (e + t)).exp()) - rate).powi(2))
                .sum::<f64>()
                / n;
            if error < best.0 {
                best = (error, s, t);
            }
        }
    }
    println!(
        "{} nodes: scale {:.2}, tempo {:.3}, mean squared error {:.4} (the mean {:.3}: {:.4})",
        samples.len(),
        best.1,
        best.2,
        best.0,
        mean,
        baseline
    );
}
