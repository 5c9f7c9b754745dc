//! The Monte Carlo search against brute force: what it calls proven (a winner, and the
//! winning move it then plays) is right on random 4x4 and 5x5 positions.

#[path = "common/brute.rs"]
mod brute;
mod common;

use brute::Brute;
use common::{random_undecided_position, Rng};
use ohm_engine::mcts::{search, MctsParams};
use ohm_engine::search::NoControl;
use ohm_engine::solver::{Knowledge, SolverParams};
use ohm_engine::{Board, Position};

/// Random positions of `size` with `min_stones` stones or up to five more, not yet decided
/// on the board (brute force on 5x5 needs nine stones or more to stay quick).
fn random_positions(size: u8, count: usize, seed: u64, min_stones: u64) -> Vec<Position> {
    let board = Board::square(size).unwrap();
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let stones = (min_stones + rng.below(6)) as usize;
        out.extend(random_undecided_position(&mut rng, board, stones));
    }
    out
}

fn check(size: u8, count: usize, seed: u64, min_stones: u64, params: MctsParams) {
    let knowledge = Knowledge::of(&SolverParams::DEFAULT);
    let mut brute = Brute::new(usize::from(size));
    let mut proven = 0;
    for (k, position) in random_positions(size, count, seed, min_stones)
        .iter()
        .enumerate()
    {
        let result = search(position, &params, &knowledge, k as u64, &mut NoControl);
        let winner = brute.winner(position);
        let best = result.best.expect("a move");
        assert!(
            position.empty_cells().contains(best),
            "{position:?}: {best}"
        );
        if let Some(claimed) = result.proven {
            proven += 1;
            assert_eq!(claimed, winner, "{position:?}: a wrong proven winner");
            if claimed == position.to_move() {
                assert!(
                    brute.winning_moves(position).contains(best),
                    "{position:?}: {best} called winning"
                );
            }
        }
    }
    // The check means something only if the search proves positions.
    assert!(proven * 2 > count, "only {proven} of {count} proven");
}

#[test]
fn proven_values_on_4x4_positions_are_right() {
    check(4, 150, 0x4_4, 2, MctsParams::DEFAULT);
}

#[test]
fn proven_values_on_5x5_positions_are_right() {
    // Knowledge at every node from its second visit: many proofs, made of many analyses.
    let params = MctsParams {
        max_playouts: 3000,
        expand_visits: 1,
        knowledge_visits: 2,
        ..MctsParams::DEFAULT
    };
    check(5, 40, 0x5_5_5, 9, params);
}

#[test]
fn proven_values_with_the_inferior_cells_alone_below_the_root_are_right() {
    // Below the root only the inferior cells prune (from a node's second visit; the full
    // analysis never comes): the proofs lean on their pruning and fill-in alone.
    for (size, count, seed, min_stones, playouts) in
        [(4, 150, 0x4_1, 2, 20_000), (5, 40, 0x5_1, 9, 3000)]
    {
        let params = MctsParams {
            max_playouts: playouts,
            expand_visits: 1,
            inferior_visits: 2,
            knowledge_visits: u32::MAX,
            ..MctsParams::DEFAULT
        };
        check(size, count, seed, min_stones, params);
    }
}

#[test]
fn proven_values_with_the_pattern_prior_are_right() {
    // The move patterns' prior changes only the order of the descents: the proofs stay
    // the analysis' and the tree's.
    let params = MctsParams {
        pattern_prior: 30.0,
        ..MctsParams::DEFAULT
    };
    check(4, 150, 0x4_2, 2, params);
}

#[test]
fn proven_values_with_pattern_playouts_are_right() {
    // The playouts' pattern weights change what the playouts say, never what the analysis
    // proves.
    let params = MctsParams {
        pattern_playouts: 1.0,
        ..MctsParams::DEFAULT
    };
    check(4, 150, 0x4_7, 2, params);
}

#[test]
fn proven_values_with_the_progressive_bias_are_right() {
    // The patterns' progressive bias changes only the order of the descents, as the prior
    // does.
    let params = MctsParams {
        progressive_bias: 2.5,
        ..MctsParams::DEFAULT
    };
    check(4, 150, 0x4_3, 2, params);
}
