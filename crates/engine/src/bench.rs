//! Benchmark suites that run the same code natively and in wasm. The engine never reads a
//! clock, so the caller passes one (`Instant` in the CLI, `performance.now()` in a browser or
//! Node); each result carries a checksum so the optimiser cannot drop the work and so two runs
//! can be compared for identical behaviour.

use alloc::vec::Vec;
use core::hint::black_box;

pub mod solver;

use crate::cellset::CellSet;
use crate::point::{Point, POINT_COUNT};

/// One timed operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// The suite this belongs to (`cellset`, `inferior`, ...).
    pub suite: &'static str,
    pub name: &'static str,
    pub operations: u64,
    pub nanos_per_op: f64,
    /// Folded results of all operations: equal across platforms for the same suite.
    pub checksum: u64,
    /// What the work found, averaged per operation where that makes sense (for the tables).
    pub found: Vec<(&'static str, u64)>,
}

/// A clock in nanoseconds from an arbitrary origin.
pub type Clock<'a> = &'a mut dyn FnMut() -> f64;

fn random_sets(count: usize, density_percent: u64, mut seed: u64) -> Vec<CellSet> {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..count)
        .map(|_| {
            (0..POINT_COUNT)
                .filter(|_| next() % 100 < density_percent)
                .filter_map(Point::from_index)
                .collect()
        })
        .collect()
}

/// Samples per measurement: the fastest is kept, since noise (other processes, a JIT warming
/// up) only ever adds time.
const SAMPLES: u32 = 5;

/// Times `op` over pairs of `items` (each with a different partner every round), best of
/// [`SAMPLES`] runs of `rounds` rounds each.
fn time<T>(
    clock: Clock<'_>,
    name: &'static str,
    items: &[T],
    rounds: u32,
    op: impl Fn(&T, &T) -> u64,
) -> Measurement {
    let n = items.len();
    let mut checksum = 0u64;
    let mut elapsed = f64::INFINITY;
    for _ in 0..SAMPLES {
        checksum = 0;
        let start = clock();
        for round in 0..rounds {
            for i in 0..n {
                let a = black_box(&items[i]);
                let b = black_box(&items[(i + 1 + round as usize) % n]);
                checksum = checksum.wrapping_mul(31).wrapping_add(op(a, b));
            }
        }
        elapsed = elapsed.min(clock() - start);
    }
    let operations = n as u64 * u64::from(rounds);
    Measurement {
        suite: "cellset",
        name,
        operations,
        nanos_per_op: elapsed / operations as f64,
        checksum,
        found: Vec::new(),
    }
}

fn fold(set: CellSet) -> u64 {
    set.words().iter().fold(0, |acc, w| acc.rotate_left(7) ^ w)
}

/// Times the [`CellSet`] operations H-search leans on, over sparse (carrier-like, ~4 %) sets.
/// `rounds` scales the run (each round does 1,024 operations per measurement).
pub fn cellset_suite(clock: Clock<'_>, rounds: u32) -> Vec<Measurement> {
    let sets = random_sets(1024, 4, 0x5EED_CE11);
    let mut out = Vec::new();
    out.push(time(clock, "and", &sets, rounds, |a, b| fold(*a & *b)));
    out.push(time(clock, "or", &sets, rounds, |a, b| fold(*a | *b)));
    out.push(time(clock, "difference", &sets, rounds, |a, b| {
        fold(*a - *b)
    }));
    out.push(time(clock, "intersects", &sets, rounds, |a, b| {
        u64::from(a.intersects(b))
    }));
    out.push(time(clock, "is_subset", &sets, rounds, |a, b| {
        u64::from((*a & *b).is_subset(b))
    }));
    out.push(time(clock, "count", &sets, rounds, |a, _| {
        u64::from(a.len())
    }));
    out.push(time(clock, "iterate", &sets, rounds, |a, _| {
        a.iter().map(|p| p.index() as u64).sum()
    }));
    out.push(time(clock, "equal", &sets, rounds, |a, b| {
        u64::from(a == b)
    }));
    out
}

/// The same workload on a sorted `Vec<u16>` of point indices: the obvious alternative
/// representation, as the baseline the bitset's ratios are given against.
pub fn sorted_vec_baseline(clock: Clock<'_>, rounds: u32) -> Vec<Measurement> {
    let sets = random_sets(1024, 4, 0x5EED_CE11);
    let vecs: Vec<Vec<u16>> = sets
        .iter()
        .map(|s| s.iter().map(|p| p.index() as u16).collect())
        .collect();
    let sum = |v: Vec<u16>| v.iter().map(|&x| u64::from(x)).sum();
    alloc::vec![
        time(clock, "and", &vecs, rounds, |a, b| sum(merge(a, b, true))),
        time(clock, "or", &vecs, rounds, |a, b| sum(merge(a, b, false))),
        time(clock, "intersects", &vecs, rounds, |a, b| u64::from(
            !merge(a, b, true).is_empty()
        )),
    ]
}

fn merge(a: &[u16], b: &[u16], intersection: bool) -> Vec<u16> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            core::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
            core::cmp::Ordering::Less => {
                if !intersection {
                    out.push(a[i]);
                }
                i += 1;
            }
            core::cmp::Ordering::Greater => {
                if !intersection {
                    out.push(b[j]);
                }
                j += 1;
            }
        }
    }
    if !intersection {
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
    }
    out
}

/// Checksums of [`cellset_suite`] with 20 rounds, identical on every platform.
pub const EXPECTED_CHECKSUMS_20_ROUNDS: [&str; 8] = [
    "and=2c1e689f4577cab0",
    "or=6763c502cf20f768",
    "difference=f8748892c8152d64",
    "intersects=6f747b6dcf64326f",
    "is_subset=5316de6366a50000",
    "count=755fc8cacf898030",
    "iterate=4618e0d296ffc640",
    "equal=0",
];

/// The suites `all` runs, in order; [`run_suite`] also knows the long ones,
/// [`solver::SUITES`].
pub const SUITES: &[&str] = &["cellset", "hsearch", "vc", "inferior", "search", "solver"];

/// Runs one named suite with `rounds` as its size knob (CellSet rounds; the position suites
/// use fixed positions and ignore it). `None` for an unknown name.
pub fn run_suite(suite: &str, clock: Clock<'_>, rounds: u32) -> Option<Vec<Measurement>> {
    match suite {
        "cellset" => Some(cellset_suite(clock, rounds)),
        "hsearch" => Some(hsearch_suite(clock)),
        "vc" => Some(vc_suite(clock, crate::connections::HSearchLimits::DEFAULT)),
        "search" => Some(search_suite(clock)),
        solver if solver::SUITES.contains(&solver) => solver::measurements(solver, clock),
        "inferior" => {
            let mut out = Vec::new();
            for (n, stones, name, solver_name, deep_name) in [
                (9u8, 20usize, "9x9", "9x9-solver", "9x9-deep"),
                (11, 30, "11x11", "11x11-solver", "11x11-deep"),
                (13, 40, "13x13", "13x13-solver", "13x13-deep"),
                (19, 90, "19x19", "19x19-solver", "19x19-deep"),
            ] {
                let board = crate::Board::square(n).expect("valid size");
                let positions = midgame_positions(board, 10, stones, 0xBE7C4 + u64::from(n));
                let full = crate::inferior::AnalysisOptions::FULL;
                let solver = crate::inferior::AnalysisOptions::SOLVER;
                let deep = crate::inferior::AnalysisOptions::DEEP;
                out.push(inferior_suite(clock, &positions, name, &full));
                out.push(inferior_suite(clock, &positions, solver_name, &solver));
                out.push(inferior_suite(clock, &positions, deep_name, &deep));
            }
            out.extend(berge_suite(clock));
            Some(out)
        }
        _ => None,
    }
}

/// Deterministic midgame positions for benchmarks: games between the shortest-path player and
/// itself where one move in three is random (so games differ), stopped after `stones` moves
/// while nobody has won yet. `count` positions on `board`.
pub fn midgame_positions(
    board: crate::Board,
    count: usize,
    stones: usize,
    seed: u64,
) -> Vec<crate::Position> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 20 {
        attempts += 1;
        let mut position = crate::Position::new(board);
        while position.move_count() < stones && !position.is_over() {
            let empty = position.empty_cells();
            let random = next() % 3 == 0 || position.move_count() == 0;
            let cell = if random {
                empty.iter().nth((next() % u64::from(empty.len())) as usize)
            } else {
                crate::distance::best_move_by_distance(&position)
            };
            let Some(cell) = cell else { break };
            position.play_unchecked(position.to_move(), crate::Move::Cell(cell));
        }
        if !position.is_over() && position.move_count() == stones {
            out.push(position);
        }
    }
    out
}

/// Times one full inferior-cell analysis per position (for the side to move) and reports the
/// share of legal moves it prunes (`checksum` holds the pruned and legal move counts as
/// `pruned << 32 | legal`).
pub fn inferior_suite(
    clock: Clock<'_>,
    positions: &[crate::Position],
    name: &'static str,
    options: &crate::inferior::AnalysisOptions,
) -> Measurement {
    let patterns = crate::inferior::PatternSet::empty();
    let start = clock();
    let (mut pruned, mut legal) = (0u64, 0u64);
    for position in positions {
        let cells = crate::inferior::analyze_with(position, position.to_move(), options, &patterns);
        let empty = u64::from(position.empty_cells().len());
        legal += empty;
        pruned += empty - u64::from(cells.consider.len());
    }
    let elapsed = clock() - start;
    let operations = positions.len() as u64;
    Measurement {
        suite: "inferior",
        name,
        operations,
        nanos_per_op: elapsed / operations.max(1) as f64,
        checksum: pruned << 32 | legal,
        found: alloc::vec![("pruned", pruned), ("legal", legal)],
    }
}

/// Claude Berge's five puzzles (Björnsson, Hayward, Johanson and van Rijswijck, Table 2),
/// as in Benzene's regression collection, each with the side to move the paper names.
pub const BERGE_PUZZLES: [(&str, &str, crate::Color); 5] = [
    (
        "berge-1",
        "(;FF[4]GM[11]SZ[5];W[a1];B[b2];W[d2];B[e2];W[d3];B[e3];W[c4];B[c3];W[b5];B[a5])",
        crate::Color::White,
    ),
    (
        "berge-2",
        "(;FF[4]GM[11]SZ[5];B[a2];W[a3];B[b3];W[c3];B[b4];W[a5])",
        crate::Color::White,
    ),
    (
        "berge-3",
        "(;FF[4]GM[11]SZ[14];W[d2];B[b3];W[d3];B[a4];W[f2];B[g3];W[i3];B[g4];W[j4];B[g5];\
         W[j6];B[j8];W[h7];B[h8];W[f8];B[c14];W[e7];B[c13];W[d6];B[c12];W[c5];B[c11];W[b6];\
         B[c10];W[a6];B[c9];W[b4];B[c8];W[e4];B[c7];W[f4];B[c6];B[a5])",
        crate::Color::Black,
    ),
    (
        "berge-4",
        "(;FF[4]GM[11]SZ[14];B[n12];W[n14];B[m11];W[m14];B[l10];W[l14];B[l9];W[l13];B[l8];\
         W[k12];B[l7];W[j11];B[i12];W[i13];B[l6];W[h12];B[l5];W[g12];B[g11];W[e13];B[g10];\
         W[d14];B[g9];W[c14];B[g8];W[b14];B[g7];W[a14];B[g6];W[g14];B[g5];W[i14];B[g4];\
         W[i10];B[g3];W[k9];B[l4];W[h9];B[l3];W[j8];B[l2];W[k6];B[g2];W[i7];W[h6];W[j5];\
         W[i4];W[i3];W[k3];W[h2];W[k1])",
        crate::Color::Black,
    ),
    (
        "berge-5",
        "(;FF[4]GM[11]SZ[14];B[n2];W[n1];B[m3];W[m2];B[l4];W[l3];B[n3];W[m4];B[n4];W[l5];\
         B[m5];W[k5];B[l6];W[j5];B[k4];W[i5];B[k6];W[k7];B[l7];W[j6];B[i6];W[i7];B[h6];W[h7];\
         B[g6];W[h5];B[f6];W[g7];B[e6];W[g5];B[d7];W[f5];B[c7];W[e5];B[b8];W[c6];B[b9];W[c8];\
         B[c10];W[d8];B[d9];W[e7];B[e8];W[f7];B[f8];W[d10];B[c11];W[c12];B[e11];W[b12];\
         B[e10];W[d11];B[f9];W[e9];B[g8];W[g9];B[h8];W[f10];B[h9];W[i8];B[g10];W[h10];\
         B[g11];W[f11];B[f12];W[e12];B[h11];W[d12];B[i11];W[g12];B[j12];W[h13];B[j13];\
         W[i14];B[k13];W[k12])",
        crate::Color::White,
    ),
];

/// The position of one of [`BERGE_PUZZLES`], with the paper's side to move.
#[must_use]
pub fn berge_position(index: usize) -> crate::Position {
    let (_, record, to_move) = BERGE_PUZZLES[index];
    let (_, record) = crate::notation::parse_any(record, None).expect("a valid record");
    let mut position = record.to_position().expect("a legal record");
    position.set_to_move(to_move);
    position
}

/// Berge's puzzles: one deep analysis each ([`crate::inferior::AnalysisOptions::DEEP`]: the
/// paper's captured and locally dominated cells come from local games), the share of empty
/// cells ignored for the side to move (the paper's Table 2 column) in the checksum as in
/// [`inferior_suite`].
pub fn berge_suite(clock: Clock<'_>) -> Vec<Measurement> {
    let full = crate::inferior::AnalysisOptions::DEEP;
    (0..BERGE_PUZZLES.len())
        .map(|i| {
            let position = berge_position(i);
            inferior_suite(clock, &[position], BERGE_PUZZLES[i].0, &full)
        })
        .collect()
}

/// The fixed H-search suite: one colour's full build on the empty 9x9, 11x11 and 13x13 boards
/// and on ten midgame positions each of 11x11 (30 stones) and 13x13 (40 stones), then the
/// incremental update after one move on the midgame positions (every empty cell of the first
/// position in turn, each followed by an undo). Default limits.
pub fn hsearch_suite(clock: Clock<'_>) -> Vec<Measurement> {
    use crate::connections::{Connections, HSearchLimits};
    let limits = HSearchLimits::DEFAULT;
    let mut out = Vec::new();
    let build = |clock: Clock<'_>, name: &'static str, positions: &[crate::Position]| {
        let start = clock();
        let mut found = [0u64; 6];
        for position in positions {
            let vcs = Connections::build(position, position.to_move(), limits);
            let (c, s) = (vcs.counts(), vcs.stats());
            for (slot, v) in found.iter_mut().zip([
                c.full_pairs.into(),
                c.semi_pairs.into(),
                c.full.into(),
                c.semi.into(),
                s.and_tried,
                s.or_tried,
            ]) {
                *slot += v;
            }
        }
        let elapsed = clock() - start;
        let n = positions.len() as u64;
        Measurement {
            suite: "hsearch",
            name,
            operations: n,
            nanos_per_op: elapsed / n as f64,
            checksum: found
                .iter()
                .fold(0, |acc, v| acc.wrapping_mul(1_000_003).wrapping_add(*v)),
            found: [
                "full pairs",
                "semi pairs",
                "full",
                "semi",
                "AND tried",
                "OR tried",
            ]
            .into_iter()
            .zip(found.map(|v| v / n))
            .collect(),
        }
    };
    for (n, name) in [(9u8, "empty-9x9"), (11, "empty-11x11"), (13, "empty-13x13")] {
        let position = crate::Position::new(crate::Board::square(n).expect("valid size"));
        out.push(build(clock, name, core::slice::from_ref(&position)));
    }
    let mid11 = midgame_positions(
        crate::Board::square(11).expect("valid"),
        10,
        30,
        0x04E5_EA11,
    );
    let mid13 = midgame_positions(
        crate::Board::square(13).expect("valid"),
        10,
        40,
        0x04E5_EA13,
    );
    out.push(build(clock, "mid-11x11", &mid11));
    out.push(build(clock, "mid-13x13", &mid13));
    for (name, positions) in [("update-11x11", &mid11), ("update-13x13", &mid13)] {
        let mut position = positions[0].clone();
        let color = position.to_move();
        let mut vcs = Connections::build(&position, color, limits);
        let (mut updates, mut checksum, mut elapsed) = (0u64, 0u64, 0.0);
        for cell in position.empty_cells() {
            position.play_unchecked(position.to_move(), crate::Move::Cell(cell));
            let start = clock();
            vcs.update(&position, cell);
            elapsed += clock() - start;
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(u64::from(vcs.counts().full));
            vcs.undo();
            position.undo();
            updates += 1;
        }
        out.push(Measurement {
            suite: "hsearch",
            name,
            operations: updates,
            nanos_per_op: elapsed / updates.max(1) as f64,
            checksum,
            found: Vec::new(),
        });
    }
    out
}

/// A solved position: the position and the side that wins it with perfect play.
#[derive(Clone, Debug)]
pub struct SolvedPosition {
    pub position: crate::Position,
    pub winner: crate::Color,
}

/// 174 positions from engine games on 9x9 (12 to 34 stones), solved by an independent
/// proof-number solver (`data/solved-9x9-positions.csv`, from `../shared/data/`).
pub const SOLVED_9X9: &str = include_str!("../data/solved-9x9-positions.csv");

/// 200 random positions on 6x6 and 7x7 (6 to 17 stones), solved exactly by the test
/// `generate_solved_small_positions` (`tests/connections_solved.rs`).
pub const SOLVED_SMALL: &str = include_str!("../data/solved-small-positions.csv");

/// Parses solved positions: `board_size,moves,to_move,winner` lines (a game from the empty
/// board) or `board_size,black,white,to_move,winner` lines (each side's stones); `#` comments
/// and the header are skipped, and so is a line that does not describe a legal position.
#[must_use]
pub fn solved_positions(text: &str) -> Vec<SolvedPosition> {
    let colour = |name: &str| match name.trim() {
        "black" => Some(crate::Color::Black),
        "white" => Some(crate::Color::White),
        _ => None,
    };
    let cells = |names: &str| -> Option<Vec<crate::Point>> {
        names
            .split_whitespace()
            .map(|name| crate::Point::parse(name).ok())
            .collect()
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board_size"))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let size: u8 = fields.first()?.trim().parse().ok()?;
            let mut position = crate::Position::new(crate::Board::square(size).ok()?);
            let (to_move, winner) = match fields.len() {
                4 => {
                    for cell in cells(fields[1])? {
                        position.try_play(crate::Move::Cell(cell)).ok()?;
                    }
                    (colour(fields[2])?, colour(fields[3])?)
                }
                5 => {
                    for (color, list) in [
                        (crate::Color::Black, fields[1]),
                        (crate::Color::White, fields[2]),
                    ] {
                        for cell in cells(list)? {
                            if position.color_at(cell).is_some() {
                                return None;
                            }
                            position.set_stone(cell, Some(color)).ok()?;
                        }
                    }
                    let to_move = colour(fields[3])?;
                    position.set_to_move(to_move);
                    (to_move, colour(fields[4])?)
                }
                _ => return None,
            };
            (position.to_move() == to_move && !position.is_over())
                .then_some(SolvedPosition { position, winner })
        })
        .collect()
}

/// Whether H-search at the root finds what proves `solved`'s winner: an edge-to-edge full
/// connection, or a semi-connection when the winner is to move.
#[must_use]
pub fn detects_winner(solved: &SolvedPosition, limits: crate::connections::HSearchLimits) -> bool {
    let vcs = crate::connections::Connections::build(&solved.position, solved.winner, limits);
    vcs.winning_carrier().is_some()
        || (solved.position.to_move() == solved.winner && vcs.edge_semis().next().is_some())
}

/// The three 11x11 midgame positions (18, 19 and 20 stones) the `vc` suite counts
/// connections on.
#[must_use]
pub fn vc_midgames() -> Vec<crate::Position> {
    let board = crate::Board::square(11).expect("valid size");
    (18..=20)
        .filter_map(|stones| {
            midgame_positions(board, 1, stones, 0x0C0_4EC7 + stones as u64)
                .into_iter()
                .next()
        })
        .collect()
}

/// The connections suite: what H-search at `limits` finds and what it costs, for both colours.
/// - `mid11-18`, `-19`, `-20`: a from-scratch build of both colours on each of
///   [`vc_midgames`] (time per pair of builds, best of [`SAMPLES`]), with the pairs of ends
///   fully connected and the semi carriers stored, per colour;
/// - `mid11+inferior`: the same builds plus inferior-cell analysis for the side to move;
/// - `root-9x9` and `root-6x6-7x7`: on the solved positions ([`SOLVED_9X9`],
///   [`SOLVED_SMALL`]), how often [`detects_winner`] (time per position: the winner's build);
/// - `node-7x7`, `node-8x8`, `node-9x9`: the incremental step a tree search pays at every
///   node: play a stone, update both colours, undo both (every empty cell of three midgame
///   positions each, with 8, 11 and 14 stones).
pub fn vc_suite(clock: Clock<'_>, limits: crate::connections::HSearchLimits) -> Vec<Measurement> {
    let midgames = vc_midgames();
    let mut out = vc_builds(clock, limits, &midgames);
    out.push(vc_builds_with_inferior(clock, limits, &midgames));
    for (name, data) in [("root-9x9", SOLVED_9X9), ("root-6x6-7x7", SOLVED_SMALL)] {
        out.push(vc_detection(clock, limits, name, data));
    }
    for (side, stones, name) in [
        (7u8, 8usize, "node-7x7"),
        (8, 11, "node-8x8"),
        (9, 14, "node-9x9"),
    ] {
        out.push(vc_node_steps(clock, limits, name, side, stones));
    }
    out
}

fn fold_values(values: &[u64]) -> u64 {
    values
        .iter()
        .fold(0u64, |acc, v| acc.wrapping_mul(1_000_003).wrapping_add(*v))
}

// The parts of [`vc_suite`] are separate functions that are never inlined, so a profiler
// (`valgrind --tool=callgrind`, whose instruction counts do not depend on the machine's load)
// can report each one's cost.

#[inline(never)]
fn vc_builds(
    clock: Clock<'_>,
    limits: crate::connections::HSearchLimits,
    midgames: &[crate::Position],
) -> Vec<Measurement> {
    use crate::connections::Connections;
    use crate::Color;
    let names = ["mid11-18", "mid11-19", "mid11-20"];
    let mut out = Vec::new();
    for (position, name) in midgames.iter().zip(names) {
        let mut elapsed = f64::INFINITY;
        let mut found = [0u64; 4];
        for _ in 0..SAMPLES {
            let start = clock();
            let stores =
                [Color::Black, Color::White].map(|c| Connections::build(position, c, limits));
            elapsed = elapsed.min(clock() - start);
            for (k, vcs) in stores.iter().enumerate() {
                let counts = vcs.counts();
                found[k] = counts.full_pairs.into();
                found[2 + k] = counts.semi.into();
            }
        }
        out.push(Measurement {
            suite: "vc",
            name,
            operations: 1,
            nanos_per_op: elapsed,
            checksum: fold_values(&found),
            found: ["black pairs", "white pairs", "black semis", "white semis"]
                .into_iter()
                .zip(found)
                .collect(),
        });
    }
    out
}

#[inline(never)]
fn vc_builds_with_inferior(
    clock: Clock<'_>,
    limits: crate::connections::HSearchLimits,
    midgames: &[crate::Position],
) -> Measurement {
    use crate::connections::Connections;
    let start = clock();
    let mut pruned = 0u64;
    for position in midgames {
        for color in crate::Color::ALL {
            black_box(Connections::build(position, color, limits));
        }
        let cells = crate::inferior::analyze(position, position.to_move());
        pruned += u64::from(position.empty_cells().len() - cells.consider.len());
    }
    Measurement {
        suite: "vc",
        name: "mid11+inferior",
        operations: midgames.len() as u64,
        nanos_per_op: (clock() - start) / midgames.len().max(1) as f64,
        checksum: pruned,
        found: alloc::vec![("pruned", pruned)],
    }
}

#[inline(never)]
fn vc_detection(
    clock: Clock<'_>,
    limits: crate::connections::HSearchLimits,
    name: &'static str,
    data: &str,
) -> Measurement {
    let positions = solved_positions(data);
    let start = clock();
    let detected = positions
        .iter()
        .filter(|p| detects_winner(p, limits))
        .count() as u64;
    let n = positions.len() as u64;
    Measurement {
        suite: "vc",
        name,
        operations: n,
        nanos_per_op: (clock() - start) / n.max(1) as f64,
        checksum: detected,
        found: alloc::vec![("detected", detected), ("positions", n)],
    }
}

#[inline(never)]
fn vc_node_steps(
    clock: Clock<'_>,
    limits: crate::connections::HSearchLimits,
    name: &'static str,
    side: u8,
    stones: usize,
) -> Measurement {
    use crate::connections::Connections;
    use crate::Color;
    let board = crate::Board::square(side).expect("valid size");
    let positions = midgame_positions(board, 3, stones, 0x0C0_40DE + u64::from(side));
    let (mut nodes, mut elapsed, mut checksum) = (0u64, 0.0, 0u64);
    for start_position in positions {
        let mut position = start_position;
        let mut stores =
            [Color::Black, Color::White].map(|c| Connections::build(&position, c, limits));
        for cell in position.empty_cells() {
            let start = clock();
            position.play_unchecked(position.to_move(), crate::Move::Cell(cell));
            for vcs in &mut stores {
                vcs.update(&position, cell);
            }
            let won = stores
                .iter()
                .map(|v| u64::from(v.winning_carrier().is_some()));
            checksum = checksum.wrapping_mul(31).wrapping_add(won.sum::<u64>());
            for vcs in &mut stores {
                vcs.undo();
            }
            position.undo();
            elapsed += clock() - start;
            nodes += 1;
        }
    }
    Measurement {
        suite: "vc",
        name,
        operations: nodes,
        nanos_per_op: elapsed / nodes.max(1) as f64,
        checksum,
        found: alloc::vec![("nodes", nodes)],
    }
}

/// The fixed search suite: depth 3, every root move, width 10 below, H-search on two plies, no
/// time limit, on five early-midgame positions each of 9x9 (12 stones) and 11x11 (16 stones),
/// with and without inferior-cell pruning at the root. The node count is the fingerprint: a change
/// that alters it changed the search's behaviour.
pub fn search_suite(clock: Clock<'_>) -> Vec<Measurement> {
    use crate::connections::HSearchLimits;
    use crate::search::{search, Callbacks, Progress, SearchParams};
    let mut out = Vec::new();
    for (n, stones, seed) in [(9u8, 12usize, 0x05EA_4C09u64), (11, 16, 0x05EA_4C11)] {
        let positions = midgame_positions(crate::Board::square(n).expect("valid"), 5, stones, seed);
        for (inferior_plies, name) in [
            (0, if n == 9 { "depth3-9x9" } else { "depth3-11x11" }),
            (
                1,
                if n == 9 {
                    "depth3-9x9-inferior"
                } else {
                    "depth3-11x11-inferior"
                },
            ),
        ] {
            let params = SearchParams {
                width: 10,
                root_width: u32::MAX,
                hsearch: Some(HSearchLimits::DEFAULT),
                hsearch_plies: 2,
                tt_bits: 16,
                inferior_plies,
                ..SearchParams::full_width(3)
            };
            let mut nodes = 0u64;
            let mut proven = 0u64;
            let start = clock();
            for position in &positions {
                let mut control = Callbacks {
                    clock: || 0.0,
                    stop: || false,
                    progress: |_: &Progress| {},
                };
                let result = search(position, &params, &mut control);
                nodes += result.nodes;
                proven += u64::from(result.proven.is_some());
            }
            let elapsed = clock() - start;
            let count = positions.len() as u64;
            out.push(Measurement {
                suite: "search",
                name,
                operations: count,
                nanos_per_op: elapsed / count as f64,
                checksum: nodes,
                found: alloc::vec![
                    ("nodes", nodes / count),
                    ("nodes/s", (nodes as f64 / (elapsed / 1e9)) as u64),
                    ("proven", proven),
                ],
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    /// The checksums of [`cellset_suite`] at 20 rounds: `tests/wasm_bench.rs` asserts the same
    /// values under wasm32, so both platforms provably did identical work.
    #[test]
    fn cellset_suite_checksums_are_fixed() {
        let mut t = 0.0;
        let mut clock = || {
            t += 1.0;
            t
        };
        let sums: alloc::vec::Vec<_> = cellset_suite(&mut clock, 20)
            .iter()
            .map(|m| format!("{}={:x}", m.name, m.checksum))
            .collect();
        assert_eq!(sums, EXPECTED_CHECKSUMS_20_ROUNDS);
    }
}
