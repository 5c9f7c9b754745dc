//! Fits the move patterns' gammas ([`ohm_engine::policy`]) to `policy_data`'s files and
//! writes them as `crates/engine/src/policy/weights.rs`.
//!
//! `cargo run --release -p ohm-engine --example policy_train -- OUT.rs DATA.tsv...`
//!
//! With `--first-ring` before `OUT.rs` it fits the first ring's patterns alone (beside the
//! bridge-saving feature, which the playouts apply as a rule of their own) and writes them
//! as `crates/engine/src/mcts/playout_weights.rs`, the playouts' pattern weights
//! ([`ohm_engine::mcts::MctsParams::pattern_playouts`]): the playouts see no more than a
//! cell's neighbours, so gammas fitted jointly with the other groups would mean nothing
//! there.
//!
//! Each position's candidates are its empty cells, and its target the share of the root's
//! playouts each got (a distribution, not one chosen move). The fit is Coulom's (2007)
//! minorization-maximization for the generalised Bradley-Terry model, one feature group at
//! a time, each gamma with one virtual win and one virtual game against a gamma of 1 so
//! that a rare feature stays near 1. A tenth of the positions (every tenth line) is held
//! out: the fit reports the held-out log-likelihood and how often the strongest candidate
//! is the most visited move, before and after.
use ohm_engine::policy::{Cells, Features, EDGE_CLASSES, NEAR_CODES, PLACES};
use ohm_engine::{Board, Move, Position};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Both rings' patterns seen as a candidate at least this often get a gamma of their own.
const MIN_RING_COUNT: u32 = 40;
const ITERATIONS: usize = 30;

struct Sample {
    /// Per candidate, its feature indices (one per group) into the gamma vector.
    candidates: Vec<[u32; GROUPS]>,
    target: Vec<f64>,
}

const GROUPS: usize = 6;

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let first_ring = args.get(1).is_some_and(|a| a == "--first-ring");
    if first_ring {
        args.remove(1);
    }
    let out = &args[1];
    let mut raw: Vec<(Vec<Features>, Vec<f64>)> = Vec::new();
    for file in &args[2..] {
        for line in std::fs::read_to_string(file).unwrap().lines() {
            if let Some(sample) = parse(line) {
                raw.push(sample);
            }
        }
    }
    // The ring patterns common enough for a gamma of their own.
    let mut counts: HashMap<u64, u32> = HashMap::new();
    for (features, _) in &raw {
        for f in features {
            *counts.entry(f.ring).or_default() += 1;
        }
    }
    let mut rings: Vec<u64> = counts
        .iter()
        .filter(|&(_, &n)| n >= MIN_RING_COUNT)
        .map(|(&code, _)| code)
        .collect();
    rings.sort_unstable();
    let ring_index: HashMap<u64, u32> = rings
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i as u32))
        .collect();
    // Group offsets in the gamma vector: near, ring (+1 for the rare class), last,
    // own_last, save, edges.
    let sizes = [NEAR_CODES, rings.len() + 1, PLACES, PLACES, 2, EDGE_CLASSES];
    let mut offsets = [0usize; GROUPS + 1];
    for g in 0..GROUPS {
        offsets[g + 1] = offsets[g] + sizes[g];
    }
    let rare = (offsets[1] + rings.len()) as u32;
    let samples: Vec<Sample> = raw
        .into_iter()
        .map(|(features, target)| Sample {
            candidates: features
                .iter()
                .map(|f| {
                    if first_ring {
                        // The other groups' gammas stay 1: one shared value each.
                        return [
                            (offsets[0] + usize::from(f.near)) as u32,
                            rare,
                            offsets[2] as u32,
                            offsets[3] as u32,
                            (offsets[4] + usize::from(f.save)) as u32,
                            offsets[5] as u32,
                        ];
                    }
                    [
                        (offsets[0] + usize::from(f.near)) as u32,
                        ring_index
                            .get(&f.ring)
                            .map_or(rare, |&i| offsets[1] as u32 + i),
                        (offsets[2] + usize::from(f.last)) as u32,
                        (offsets[3] + usize::from(f.own_last)) as u32,
                        (offsets[4] + usize::from(f.save)) as u32,
                        (offsets[5] + usize::from(f.edges)) as u32,
                    ]
                })
                .collect(),
            target,
        })
        .collect();
    let (train, held): (Vec<_>, Vec<_>) =
        samples.iter().enumerate().partition(|(i, _)| i % 10 != 9);
    let train: Vec<&Sample> = train.into_iter().map(|(_, s)| s).collect();
    let held: Vec<&Sample> = held.into_iter().map(|(_, s)| s).collect();
    eprintln!(
        "{} positions ({} held out), {} ring patterns with a gamma",
        samples.len(),
        held.len(),
        rings.len()
    );
    let mut gamma = vec![1.0f64; offsets[GROUPS]];
    report("uniform", &held, &gamma);
    for iteration in 0..ITERATIONS {
        for g in 0..GROUPS {
            if first_ring && g != 0 && g != 4 {
                continue;
            }
            let mut wins = vec![0.0f64; offsets[GROUPS]];
            let mut games = vec![0.0f64; offsets[GROUPS]];
            for s in &train {
                let strengths: Vec<f64> =
                    s.candidates.iter().map(|c| strength(c, &gamma)).collect();
                let total: f64 = strengths.iter().sum();
                for (k, c) in s.candidates.iter().enumerate() {
                    let f = c[g] as usize;
                    wins[f] += s.target[k];
                    games[f] += strengths[k] / gamma[f] / total;
                }
            }
            for f in offsets[g]..offsets[g + 1] {
                gamma[f] = (wins[f] + 1.0) / (games[f] + 2.0 / (1.0 + gamma[f]));
            }
        }
        if iteration % 10 == 9 {
            report(&format!("iteration {}", iteration + 1), &held, &gamma);
        }
    }
    let text = if first_ring {
        first_ring_source(&gamma[offsets[0]..offsets[1]])
    } else {
        source(&gamma, &offsets, &rings)
    };
    std::fs::write(out, text).unwrap();
    eprintln!("wrote {out}");
}

fn strength(candidate: &[u32; GROUPS], gamma: &[f64]) -> f64 {
    candidate.iter().map(|&f| gamma[f as usize]).product()
}

/// Held-out mean log-likelihood of the visit shares, and how often the strongest
/// candidate is the most visited one.
fn report(label: &str, held: &[&Sample], gamma: &[f64]) {
    let (mut log_likelihood, mut top) = (0.0, 0usize);
    for s in held {
        let strengths: Vec<f64> = s.candidates.iter().map(|c| strength(c, gamma)).collect();
        let total: f64 = strengths.iter().sum();
        for (k, &t) in s.target.iter().enumerate() {
            if t > 0.0 {
                log_likelihood += t * (strengths[k] / total).ln();
            }
        }
        let argmax = |v: &[f64]| (0..v.len()).max_by(|&a, &b| v[a].total_cmp(&v[b])).unwrap();
        if argmax(&strengths) == argmax(&s.target) {
            top += 1;
        }
    }
    eprintln!(
        "{label}: held-out log-likelihood {:.3} a position, strongest = most visited {:.1}%",
        log_likelihood / held.len() as f64,
        100.0 * top as f64 / held.len() as f64
    );
}

/// One line of `policy_data`: every empty cell's features and its share of the playouts.
fn parse(line: &str) -> Option<(Vec<Features>, Vec<f64>)> {
    let mut parts = line.split('\t');
    let size: u8 = parts.next()?.parse().ok()?;
    let moves: Vec<&str> = parts.next()?.split_whitespace().collect();
    let visits = parts.next()?;
    let mut position = Position::new(Board::square(size).ok()?);
    let index = |m: &str| -> Option<usize> {
        match Move::parse(m).ok()? {
            Move::Cell(p) => {
                let (c, r) = p.col_row()?;
                Some(usize::from(r) * usize::from(size) + usize::from(c))
            }
            _ => None,
        }
    };
    let mut cells = vec![0u8; usize::from(size) * usize::from(size)];
    for m in &moves {
        let colour = position.to_move();
        position.try_play(Move::parse(m).ok()?).ok()?;
        cells[index(m)?] = if colour == ohm_engine::Color::Black {
            1
        } else {
            2
        };
    }
    let mover = if position.to_move() == ohm_engine::Color::Black {
        1
    } else {
        2
    };
    let last = moves.last().and_then(|m| index(m));
    let own_last = moves.len().checked_sub(2).and_then(|k| index(moves[k]));
    let mut share = vec![0.0f64; cells.len()];
    let mut total = 0.0;
    for item in visits.split_whitespace() {
        let (m, v) = item.split_once(':')?;
        let v: f64 = v.parse().ok()?;
        share[index(m)?] = v;
        total += v;
    }
    if total <= 0.0 {
        return None;
    }
    let board = Cells {
        width: size,
        height: size,
        cells: &cells,
    };
    let (mut features, mut target) = (Vec::new(), Vec::new());
    for i in 0..cells.len() {
        if cells[i] == 0 {
            features.push(board.features(i, mover, last, own_last));
            target.push(share[i] / total);
        }
    }
    Some((features, target))
}

/// The Rust source of `mcts/playout_weights.rs`: the first ring's gammas by pattern code.
fn first_ring_source(near: &[f64]) -> String {
    let mut list = String::new();
    for (k, g) in near.iter().enumerate() {
        list.push_str(if k % 8 == 0 { "\n    " } else { " " });
        write!(list, "{g:.4},").unwrap();
    }
    format!(
        "//! The playouts' pattern weights ([`super::playout::PatternWeights`]): the first \
         ring's gammas by\n\
         //! canonical pattern code ([`crate::policy::NEAR_CODES`]), fitted alone by\n\
         //! `examples/policy_train.rs --first-ring`.\n\n\
         // Fitted numbers: one may happen to lie near a mathematical constant, and four \
         places\n\
         // are more than an f32 holds of the largest.\n\
         #[allow(clippy::approx_constant, clippy::excessive_precision)]\n\
         #[rustfmt::skip]\n\
         pub(super) const FIRST_RING: [f32; crate::policy::NEAR_CODES] = [{list}\n];\n"
    )
}

/// The Rust source of `weights.rs`.
fn source(gamma: &[f64], offsets: &[usize; GROUPS + 1], rings: &[u64]) -> String {
    let list = |range: core::ops::Range<usize>| -> String {
        let mut s = String::new();
        for (k, f) in range.enumerate() {
            if k % 8 == 0 {
                s.push_str("\n        ");
            } else {
                s.push(' ');
            }
            write!(s, "{:.4},", gamma[f]).unwrap();
        }
        s
    };
    let mut ring = String::new();
    for (i, code) in rings.iter().enumerate() {
        writeln!(ring, "        ({code:#x}, {:.4}),", gamma[offsets[1] + i]).unwrap();
    }
    format!(
        "//! The gammas of [`super::Gammas::LEARNED`], written by `examples/policy_train.rs`.\n\
         use super::Gammas;\n\n\
         // Fitted numbers: one may happen to lie near a mathematical constant.\n\
         #[allow(clippy::approx_constant)]\n\
         #[rustfmt::skip]\n\
         pub(super) const LEARNED: Gammas = Gammas {{\n    \
         near: &[{}\n    ],\n    \
         ring: &[\n{}    ],\n    \
         rare_ring: {:.4},\n    \
         last: [{}\n    ],\n    \
         own_last: [{}\n    ],\n    \
         save: [{}\n    ],\n    \
         edges: [{}\n    ],\n}};\n",
        list(offsets[0]..offsets[1]),
        ring,
        gamma[offsets[1] + rings.len()],
        list(offsets[2]..offsets[3]),
        list(offsets[3]..offsets[4]),
        list(offsets[4]..offsets[5]),
        list(offsets[5]..offsets[6]),
    )
}
