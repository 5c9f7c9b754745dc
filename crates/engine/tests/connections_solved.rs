//! H-search on solved positions: it never claims the loser's connection, and the small solved
//! positions the `vc` benchmark reads keep the winner recorded for them.
//!
//! `crates/engine/data/solved-9x9-positions.csv` is `../shared/data/solved-9x9-positions.csv`
//! (positions from engine games, solved by an independent proof-number solver) with the columns
//! the benchmark needs. `crates/engine/data/solved-small-positions.csv` holds 200 positions on
//! 6x6 and 7x7 solved here, by [`mover_wins`]: `generate_solved_small_positions` wrote it.

use std::collections::{HashMap, HashSet};

use ohm_engine::bench::solved_positions;
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::{Board, ByColor, CellSet, Color, Move, Position};

mod common;
use common::{Rng, EVERY_RULE};

/// Whether the side to move wins `position`, exactly: a depth-first search with a table of
/// solved positions that stops at H-search's proofs (the mover's edge-to-edge full or semi
/// connection wins, the opponent's full connection loses) and tries only the moves that are
/// both in the opponent's must-play region and in inferior-cell analysis' considered set
/// (each holds a winning move whenever one exists). Exact because every claim it stops at is
/// sound (the oracle tests of H-search and inferior cells).
fn mover_wins(position: &mut Position, solved: &mut HashMap<u64, bool>) -> Option<bool> {
    if position.winner().is_some() {
        return Some(false); // the last move won
    }
    if let Some(&known) = solved.get(&position.hash()) {
        return Some(known);
    }
    if solved.len() >= NODE_LIMIT {
        return None;
    }
    let me = position.to_move();
    let limits = HSearchLimits::DEFAULT;
    let mine = Connections::build(position, me, limits);
    let theirs = Connections::build(position, !me, limits);
    let result = if mine.winning_carrier().is_some() || mine.edge_semis().next().is_some() {
        true
    } else if theirs.winning_carrier().is_some() {
        false
    } else {
        let mut moves = ohm_engine::inferior::analyze(position, me).consider;
        if let Some(region) = theirs.must_play() {
            moves &= region;
        }
        let mut wins = false;
        for cell in moves {
            position.play_unchecked(me, Move::Cell(cell));
            let answer_wins = mover_wins(position, solved);
            position.undo();
            if !answer_wins? {
                wins = true;
                break;
            }
        }
        wins
    };
    solved.insert(position.hash(), result);
    Some(result)
}

/// Positions [`mover_wins`] may visit before it gives up (the generator then skips the
/// position; every recorded one was solved within it).
const NODE_LIMIT: usize = 20_000;

fn winner(position: &Position) -> Option<Color> {
    let mut replay = position.clone();
    let to_move = replay.to_move();
    let wins = mover_wins(&mut replay, &mut HashMap::new())?;
    Some(if wins { to_move } else { !to_move })
}

/// Random stones: `black` Black stones and `white` White stones on distinct random cells of
/// an `n` x `n` board (the side to move follows from the counts).
fn random_position(n: u8, black: usize, white: usize, rng: &mut Rng) -> Position {
    let mut position = Position::new(Board::square(n).unwrap());
    let mut stones = ByColor::<CellSet>::default();
    let mut free = position.empty_cells();
    for (color, count) in [(Color::Black, black), (Color::White, white)] {
        for _ in 0..count {
            let cell = rng.pick(free).unwrap();
            free.remove(cell);
            stones[color].insert(cell);
        }
    }
    let to_move = if black == white {
        Color::Black
    } else {
        Color::White
    };
    position.reset_to(stones, to_move);
    position
}

/// Prints the small solved positions: random positions (Black's and White's stones on random
/// cells, as many of each or one more Black), ten for each of ten stone counts on 6x6 (6 to 15
/// stones) and on 7x7 (8 to 17), distinct, nobody connected yet, each solved within
/// [`NODE_LIMIT`]. Stones are listed Black's first, then White's.
#[test]
#[ignore = "generator of crates/engine/data/solved-small-positions.csv"]
fn generate_solved_small_positions() {
    let mut rng = Rng(0x5EED_501D);
    let mut seen = HashSet::new();
    println!("board_size,black,white,to_move,winner");
    for (n, counts) in [(6u8, 6..=15usize), (7, 8..=17)] {
        for stones in counts {
            let mut taken = 0;
            while taken < 10 {
                let position = random_position(n, stones.div_ceil(2), stones / 2, &mut rng);
                if position.winner().is_some() || !seen.insert(position.hash()) {
                    continue;
                }
                let Some(w) = winner(&position) else {
                    continue;
                };
                taken += 1;
                let names = |c: Color| {
                    position
                        .stones(c)
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                println!(
                    "{n},{},{},{},{}",
                    names(Color::Black),
                    names(Color::White),
                    position.to_move().name().to_lowercase(),
                    w.name().to_lowercase()
                );
            }
        }
    }
}

/// The recorded winners of the small positions hold (re-solved, a sample in a debug build).
#[test]
fn small_solved_positions_keep_their_winner() {
    let positions = solved_positions(ohm_engine::bench::SOLVED_SMALL);
    assert_eq!(positions.len(), 200);
    let step = if cfg!(debug_assertions) { 40 } else { 1 };
    for p in positions.iter().step_by(step) {
        assert_eq!(winner(&p.position), Some(p.winner), "{:?}", p.position);
    }
}

/// On every solved position, H-search claims nothing for the loser: no edge-to-edge full
/// connection, and no semi-connection when the loser is to move; at the default limits, at
/// the solver's, and with every stronger rule on (captured pairs, AND with semis, the OR
/// search, full lists that must shrink their intersection, AND over edges).
#[test]
fn hsearch_never_claims_the_losers_connection_on_solved_positions() {
    let limit_sets = [
        HSearchLimits::DEFAULT,
        ohm_engine::solver::SOLVER_HSEARCH,
        EVERY_RULE,
    ];
    for data in [
        ohm_engine::bench::SOLVED_9X9,
        ohm_engine::bench::SOLVED_SMALL,
    ] {
        let positions = solved_positions(data);
        assert!(positions.len() >= 174);
        for p in &positions {
            let loser = !p.winner;
            for limits in limit_sets {
                let vcs = Connections::build(&p.position, loser, limits);
                assert!(
                    vcs.winning_carrier().is_none(),
                    "{loser:?} {limits:?}\n{:?}",
                    p.position
                );
                if p.position.to_move() == loser {
                    assert!(
                        vcs.edge_semis().next().is_none(),
                        "{loser:?} {limits:?}\n{:?}",
                        p.position
                    );
                }
            }
        }
    }
}
