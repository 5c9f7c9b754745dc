//! The search against brute force on small boards, and its controls (stop flag, node and time
//! limits, progress reports).

use std::collections::HashMap;

use ohm_engine::connections::HSearchLimits;
use ohm_engine::search::{
    edge_block, ladder_pushes, search, search_within, Callbacks, Control, NoControl, Progress,
    SearchParams, SearchResult, TranspositionTable, MAX_HEURISTIC, POLL_INTERVAL, PROVEN,
};
use ohm_engine::{Board, CellSet, Color, Move, Point, Position};

mod common;
use common::Rng;

/// The oracle: does the side to move win? Plain negamax over every move, memoised by hash.
fn to_move_wins(pos: &mut Position, memo: &mut HashMap<(u8, u64), bool>) -> bool {
    if let Some(w) = pos.connected_winner() {
        return w == pos.to_move();
    }
    if let Some(&v) = memo.get(&(pos.board().width(), pos.hash())) {
        return v;
    }
    let me = pos.to_move();
    let mut wins = false;
    for p in pos.empty_cells() {
        pos.play_unchecked(me, Move::Cell(p));
        let opponent_wins = to_move_wins(pos, memo);
        pos.undo();
        if !opponent_wins {
            wins = true;
            break;
        }
    }
    // The hash does not include the board size: key by both.
    memo.insert((pos.board().width(), pos.hash()), wins);
    wins
}

fn random_position(rng: &mut Rng, n: u8, stones: u32) -> Option<Position> {
    let mut pos = Position::new(Board::square(n).unwrap());
    for _ in 0..stones {
        let empty: Vec<Point> = pos.empty_cells().iter().collect();
        let p = empty[rng.below(empty.len() as u64) as usize];
        pos.try_play(Move::Cell(p)).unwrap();
        if pos.is_over() {
            return None;
        }
    }
    Some(pos)
}

/// The positions `random_position` draws for each `(size, stones, count)` in turn, those the
/// game is not over in.
fn random_positions(rng: &mut Rng, specs: &[(u8, u32, usize)]) -> Vec<Position> {
    let mut out = Vec::new();
    for &(n, stones, count) in specs {
        for _ in 0..count {
            out.extend(random_position(rng, n, stones));
        }
    }
    out
}

/// The winner of `pos` with best play, by the oracle.
fn winner(pos: &Position, memo: &mut HashMap<(u8, u64), bool>) -> Color {
    if to_move_wins(&mut pos.clone(), memo) {
        pos.to_move()
    } else {
        !pos.to_move()
    }
}

/// Full width and depth: the root result is always proven and names the true winner, and the
/// chosen move of a winner wins.
fn check_against_brute_force(
    pos: &Position,
    params: &SearchParams,
    memo: &mut HashMap<(u8, u64), bool>,
) {
    let result = search(pos, params, &mut NoControl);
    assert!(
        check_if_proven(pos, &result, memo),
        "{} not proven",
        ohm_engine::diagram::to_diagram(pos)
    );
}

/// When `result` is proven: it names the true winner, and a winner's chosen move wins.
/// Returns whether it was proven.
fn check_if_proven(
    pos: &Position,
    result: &SearchResult,
    memo: &mut HashMap<(u8, u64), bool>,
) -> bool {
    let Some(proven) = result.proven else {
        return false;
    };
    let truth = winner(pos, memo);
    assert_eq!(proven, truth, "{}", ohm_engine::diagram::to_diagram(pos));
    if truth == pos.to_move() {
        let best = result.best.expect("a move");
        let mut scratch = pos.clone();
        scratch.play_unchecked(truth, Move::Cell(best));
        assert!(
            !to_move_wins(&mut scratch, memo),
            "{} plays {best} which does not win",
            ohm_engine::diagram::to_diagram(pos)
        );
    }
    true
}

#[test]
fn full_width_search_solves_3x3_and_4x4_positions_like_brute_force() {
    let mut memo = HashMap::new();
    let mut rng = Rng(2024);
    let mut checked = 0;
    let specs = [
        (3u8, 0u32, 1),
        (3, 1, 12),
        (3, 2, 12),
        (4, 3, 12),
        (4, 5, 20),
        (4, 8, 20),
    ];
    for pos in random_positions(&mut rng, &specs) {
        let depth = pos.empty_cells().len();
        check_against_brute_force(&pos, &SearchParams::full_width(depth), &mut memo);
        checked += 1;
    }
    assert!(checked > 60, "{checked}");
}

#[test]
fn proofs_from_h_search_agree_with_brute_force() {
    let mut memo = HashMap::new();
    let mut rng = Rng(99);
    let mut checked = 0;
    for pos in random_positions(
        &mut rng,
        &[(3u8, 1u32, 10), (4, 2, 15), (4, 4, 20), (4, 7, 20)],
    ) {
        let depth = pos.empty_cells().len();
        let params = SearchParams {
            hsearch: Some(HSearchLimits::DEFAULT),
            hsearch_plies: depth,
            ..SearchParams::full_width(depth)
        };
        check_against_brute_force(&pos, &params, &mut memo);
        checked += 1;
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn pruning_by_inferior_cells_keeps_proofs_right() {
    // Inferior-cell analysis prunes the moves of every node; with full width the proven
    // results must still be brute force's, and a winner's move must still win.
    let mut memo = HashMap::new();
    let mut rng = Rng(4711);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 12), (4, 6, 14)]) {
        let depth = pos.empty_cells().len();
        let params = SearchParams {
            inferior_plies: depth,
            ..SearchParams::full_width(depth)
        };
        check_against_brute_force(&pos, &params, &mut memo);
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

#[test]
fn selective_width_never_claims_an_unproven_loss() {
    // With two moves per node, a found win is still a real win and a "loss" is only claimed
    // when the must-play region left nothing else.
    let mut memo = HashMap::new();
    let mut rng = Rng(5);
    for _ in 0..30 {
        let Some(pos) = random_position(&mut rng, 4, 4) else {
            continue;
        };
        let depth = pos.empty_cells().len();
        let params = SearchParams {
            width: 2,
            root_width: 2,
            ..SearchParams::full_width(depth)
        };
        let result = search(&pos, &params, &mut NoControl);
        if let Some(proven) = result.proven {
            assert_eq!(proven, winner(&pos, &mut memo));
        }
    }
}

#[test]
fn killer_moves_countermoves_and_history_keep_proofs_right() {
    // All three put moves that cut off elsewhere ahead of the energy order, and beyond the width:
    // at full width the proofs must stay brute force's; with two moves a node, a proven
    // result must still be true.
    let mut memo = HashMap::new();
    let mut rng = Rng(31);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len();
        let full = SearchParams {
            killers: true,
            countermoves: true,
            history: true,
            ..SearchParams::full_width(depth)
        };
        check_against_brute_force(&pos, &full, &mut memo);
        let narrow = SearchParams {
            width: 2,
            root_width: 2,
            ..full
        };
        if let Some(proven) = search(&pos, &narrow, &mut NoControl).proven {
            let truth = winner(&pos, &mut memo);
            assert_eq!(proven, truth, "{}", ohm_engine::diagram::to_diagram(&pos));
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

/// Searches random 3x3/4x4 positions (seeded by `seed`) with each of the parameters
/// `variants` gives for a position's number of empty cells, checking every proof a search
/// claims against brute force: the positions checked and the proofs claimed.
fn proofs_on_random_positions(
    seed: u64,
    variants: impl Fn(u32) -> Vec<SearchParams>,
) -> (usize, usize) {
    let mut memo = HashMap::new();
    let mut rng = Rng(seed);
    let (mut checked, mut proven_count) = (0, 0);
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        for params in variants(pos.empty_cells().len()) {
            let result = search(&pos, &params, &mut NoControl);
            if check_if_proven(&pos, &result, &mut memo) {
                proven_count += 1;
            }
        }
        checked += 1;
    }
    (checked, proven_count)
}

#[test]
fn late_move_reductions_keep_proofs_right() {
    // A reduced move is judged by a shallower search first: whatever a search with reductions
    // calls proven (full width or two moves a node, reductions from the second move on) must
    // be brute force's value, and a proven win's move must win.
    let (checked, proven_count) = proofs_on_random_positions(57, |depth| {
        [(u32::MAX, 1), (u32::MAX, 2), (2, 1)]
            .map(|(width, late_reduction)| SearchParams {
                width,
                root_width: width,
                late_reduction,
                killers: true,
                ..SearchParams::full_width(depth)
            })
            .to_vec()
    });
    assert!(
        checked > 25 && proven_count > 2 * checked,
        "{checked} {proven_count}"
    );
}

#[test]
fn leaves_judged_from_their_parent_keep_proofs_right() {
    // A leaf judged from its parent's connections (`lazy_leaves`), or so judged first and
    // kept when its score falls far enough outside the window (`lazy_margin`): with H-search
    // at every node and depths short of the end, so that the leaves decide, whatever such a
    // search calls proven must be brute force's value, and a proven win's move must win.
    let (checked, proven_count) = proofs_on_random_positions(203, |empty| {
        let mut variants = Vec::new();
        for depth in [1, 2, 3].into_iter().filter(|&d| d < empty) {
            for (width, lazy_leaves, lazy_margin) in [
                (u32::MAX, true, 0),
                (u32::MAX, false, 1),
                (u32::MAX, false, 300),
                (2, false, 1),
            ] {
                variants.push(SearchParams {
                    width,
                    root_width: width,
                    hsearch: Some(HSearchLimits::DEFAULT),
                    hsearch_plies: depth + 1,
                    lazy_leaves,
                    lazy_margin,
                    ..SearchParams::full_width(depth)
                });
            }
        }
        variants
    });
    assert!(
        checked > 25 && proven_count > checked,
        "{checked} {proven_count}"
    );
}

#[test]
fn aspiration_windows_keep_proofs_right() {
    // From depth 3 the root is first searched in a narrow window around the score two plies
    // shallower, and again with the whole window when the score falls outside: whatever such
    // a search calls proven must be brute force's value, and a proven win's move must win.
    let (checked, proven_count) = proofs_on_random_positions(91, |depth| {
        [(u32::MAX, 1), (u32::MAX, 200), (2, 50)]
            .map(|(width, aspiration)| SearchParams {
                width,
                root_width: width,
                aspiration,
                ..SearchParams::full_width(depth)
            })
            .to_vec()
    });
    assert!(
        checked > 25 && proven_count >= 2 * checked,
        "{checked} {proven_count}"
    );
}

#[test]
fn narrowing_the_root_keeps_proofs_right() {
    // From the third iteration on only the best root moves are searched again: a win found
    // among them is real, and a loss is never claimed from the narrowed root alone.
    let mut memo = HashMap::new();
    let mut rng = Rng(77);
    let (mut checked, mut narrowed) = (0, 0);
    for pos in random_positions(&mut rng, &[(4u8, 3u32, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len().min(5);
        for narrow_root in [1, 2] {
            let params = SearchParams {
                narrow_root,
                killers: true,
                ..SearchParams::full_width(depth)
            };
            let result = search(&pos, &params, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
            if result.depth >= 3 {
                assert!(result.root_moves.len() <= narrow_root as usize);
                narrowed += 1;
            }
        }
        checked += 1;
    }
    assert!(checked > 20 && narrowed > 10, "{checked} {narrowed}");
}

#[test]
fn a_root_kept_to_given_moves_keeps_proofs_right() {
    // The player keeps the root to the moves its solver has not proven losing: the search
    // then chooses among them, a win found there is real, and a loss is never claimed from
    // part of the root.
    let mut memo = HashMap::new();
    let mut rng = Rng(79);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(4u8, 3u32, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len().min(5);
        let kept: CellSet = pos
            .empty_cells()
            .iter()
            .filter(|_| rng.below(2) == 0)
            .collect();
        let params = SearchParams {
            killers: true,
            ..SearchParams::full_width(depth)
        };
        let mut table = TranspositionTable::new(params.tt_bits);
        let result = search_within(&pos, &params, &mut NoControl, &mut table, Some(kept));
        check_if_proven(&pos, &result, &mut memo);
        if !kept.is_empty() {
            assert!(kept.contains(result.best.unwrap()));
            assert!(result.root_moves.iter().all(|&(p, _)| kept.contains(p)));
        }
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn a_narrow_frontier_keeps_proofs_right() {
    // One or two moves at the nodes one ply above the leaves: a node whose moves were not all
    // searched never claims a loss, so every proven value still stands.
    let mut memo = HashMap::new();
    let mut rng = Rng(78);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(4u8, 3u32, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len().min(4);
        for frontier_width in [1, 2] {
            let params = SearchParams {
                frontier_width,
                killers: true,
                countermoves: true,
                ..SearchParams::full_width(depth)
            };
            let result = search(&pos, &params, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
        }
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

#[test]
fn moves_scored_from_the_table_keep_proofs_and_scores_right() {
    // With `reuse_children` a move whose position the table already answers is not played:
    // proofs must still be brute force's (with H-search and a selective width too), and at
    // full width without H-search, where a leaf's score does not depend on the path to it,
    // the minimax score must be the one found by playing every move.
    let mut memo = HashMap::new();
    let mut rng = Rng(4242);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len();
        for mtdf in [false, true] {
            let exhaustive = SearchParams {
                reuse_children: true,
                mtdf,
                ..SearchParams::full_width(depth)
            };
            check_against_brute_force(&pos, &exhaustive, &mut memo);
            let selective = SearchParams {
                hsearch: Some(HSearchLimits::DEFAULT),
                hsearch_plies: depth,
                width: 3,
                killers: true,
                countermoves: true,
                ..exhaustive
            };
            let result = search(&pos, &selective, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
    let mut compared = 0;
    for _ in 0..16 {
        let Some(pos) = random_position(&mut rng, 5, 5) else {
            continue;
        };
        for mtdf in [false, true] {
            let played = SearchParams {
                mtdf,
                ..SearchParams::full_width(3)
            };
            let reused = SearchParams {
                reuse_children: true,
                ..played
            };
            let (a, b) = (
                search(&pos, &played, &mut NoControl),
                search(&pos, &reused, &mut NoControl),
            );
            assert_eq!(
                a.score,
                b.score,
                "{}",
                ohm_engine::diagram::to_diagram(&pos)
            );
            assert!(b.nodes <= a.nodes, "{} > {}", b.nodes, a.nodes);
        }
        compared += 1;
    }
    assert!(compared > 10, "{compared}");
}

#[test]
fn probed_frontiers_keep_proofs_right() {
    // The moves above the leaves chosen by a probe of each: a node whose moves were not all
    // searched still never claims a loss, so every proven value stands, with H-search and
    // without.
    let mut memo = HashMap::new();
    let mut rng = Rng(4343);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        let depth = pos.empty_cells().len();
        for hsearch in [None, Some(HSearchLimits::DEFAULT)] {
            let params = SearchParams {
                frontier_probe: true,
                frontier_width: 2,
                hsearch,
                hsearch_plies: depth,
                killers: true,
                ..SearchParams::full_width(depth)
            };
            let result = search(&pos, &params, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

/// A selective search of `depth` plies, `width` moves a node (the root too), with H-search at
/// every node.
fn selective(depth: u32, width: u32) -> SearchParams {
    SearchParams {
        hsearch: Some(HSearchLimits::DEFAULT),
        hsearch_plies: 8,
        width,
        root_width: width,
        ..SearchParams::full_width(depth)
    }
}

#[test]
fn leaves_judged_on_their_filled_in_board_keep_proofs_right() {
    // A leaf judged on its filled-in board (a fresh H-search there) scores at most the
    // heuristic's bound, even when the filled board is joined: the only proofs stay
    // H-search's, and every one the search claims holds, at full and at selective width.
    let mut memo = HashMap::new();
    let mut rng = Rng(5151);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        for (depth, width) in [(1, 16), (2, 3)] {
            let params = SearchParams {
                filled_leaves: true,
                ..selective(depth, width)
            };
            let result = search(&pos, &params, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
            if result.proven.is_none() {
                // A heuristic score, or a loss the unsearched moves keep unproven.
                let score = result.score.abs();
                assert!(score <= MAX_HEURISTIC || score == PROVEN - 1, "{score}");
            }
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

/// Searches `pos` with `params` and checks the result as a search with a heuristic leaf
/// option must hold: every proof it claims is true by brute force, its move is a legal one,
/// and an unproven score lies within the heuristic's bound (or is the loss the unsearched
/// moves keep unproven).
fn check_heuristic_search(
    pos: &Position,
    params: &SearchParams,
    memo: &mut HashMap<(u8, u64), bool>,
) {
    let result = search(pos, params, &mut NoControl);
    check_if_proven(pos, &result, memo);
    assert!(result.best.is_some_and(|b| pos.empty_cells().contains(b)));
    if result.proven.is_none() {
        let score = result.score.abs();
        assert!(score <= MAX_HEURISTIC || score == PROVEN - 1, "{score}");
    }
}

#[test]
fn leaves_scored_by_the_best_reply_keep_proofs_right() {
    // A leaf with the root's opponent to move scored as his best reply (circuit solves,
    // no H-search) scores within the heuristic's bound: the only proofs stay H-search's,
    // and every one the search claims holds, at odd and even depths, full and selective
    // width.
    let mut memo = HashMap::new();
    let mut rng = Rng(7373);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        for (depth, width) in [(1, 16), (2, 3), (3, 3)] {
            let params = SearchParams {
                reply_leaves: 4,
                ..selective(depth, width)
            };
            check_heuristic_search(&pos, &params, &mut memo);
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

#[test]
fn moves_ordered_by_their_patterns_keep_proofs_right() {
    // The move patterns only reorder a node's moves: at selective width they decide which
    // moves are searched, so every proof claimed must still hold by brute force (a loss
    // stays unproven while some move goes unsearched), at weights up to the option's
    // bound.
    let mut memo = HashMap::new();
    let mut rng = Rng(8181);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14)]) {
        for (depth, width, weight) in [(1, 16, 1.0f32), (2, 3, 0.5), (3, 2, 4.0)] {
            let params = SearchParams {
                pattern_order: weight,
                ..selective(depth, width)
            };
            check_heuristic_search(&pos, &params, &mut memo);
        }
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
}

#[test]
fn ladder_blocks_and_pruned_pushes_keep_proofs_right() {
    // A leaf after a one-step threat to the edge is judged after the block as well (the
    // block a real move with its own H-search, so a proof through it holds), and a node may
    // leave the side to move's ladder pushes out (then it proves no loss): every result the
    // search claims is checked by brute force, with each option and both, at odd and even
    // depths, full and selective width (on 4x4 and 5x5 boards a stone on the second row
    // beside a block is common).
    let mut memo = HashMap::new();
    let mut rng = Rng(8383);
    let mut checked = 0;
    let mut threats = 0;
    let mut pushes = 0;
    for pos in random_positions(
        &mut rng,
        &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14), (5, 8, 10)],
    ) {
        for (depth, width, block, prune) in [
            (1, 25, true, false),
            (2, 3, true, true),
            (3, 3, false, true),
            (3, 25, true, true),
            (4, 25, false, true),
        ] {
            // Quick leaves (judged from the parent's connections first) with the block too.
            for lazy_margin in [0, 300] {
                let params = SearchParams {
                    edge_block_leaves: block,
                    prune_ladder_pushes: prune,
                    lazy_margin,
                    ..selective(depth, width)
                };
                check_heuristic_search(&pos, &params, &mut memo);
            }
        }
        if pos.empty_cells().iter().any(|p| {
            let mut after = pos.clone();
            after.play_unchecked(after.to_move(), Move::Cell(p));
            edge_block(&after).is_some()
        }) {
            threats += 1;
        }
        if !ladder_pushes(&pos, None).is_empty() {
            pushes += 1;
        }
        checked += 1;
    }
    assert!(checked > 30, "{checked}");
    // The options are exercised: many positions have a move that threatens a one-step join,
    // and some a ladder push.
    assert!(threats > 10, "{threats}");
    assert!(pushes > 0, "{pushes}");
}

#[test]
fn a_tree_on_filled_in_boards_keeps_proofs_right() {
    // Fill-in keeps the value, so the filled boards' H-search verdicts are proofs: every
    // result the search claims holds, at full and selective width, and the proven ones at
    // full width and depth name the true winner.
    let mut memo = HashMap::new();
    let mut rng = Rng(6161);
    let mut checked = 0;
    for pos in random_positions(
        &mut rng,
        &[(3u8, 1u32, 8), (4, 3, 14), (4, 6, 14), (5, 8, 10)],
    ) {
        for (depth, width) in [(1, 25), (2, 3), (3, 25)] {
            let params = SearchParams {
                fill_path: true,
                ..selective(depth, width)
            };
            let result = search(&pos, &params, &mut NoControl);
            check_if_proven(&pos, &result, &mut memo);
            assert!(result.best.is_some_and(|b| pos.empty_cells().contains(b)));
            assert!(result.pv.iter().all(|&p| pos.empty_cells().contains(p)));
        }
        checked += 1;
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn odd_depths_take_the_deepest_odd_iteration_unless_proven() {
    // Without a clock every iteration finishes: with `odd_depths` a depth-4 search answers
    // with its depth-3 iteration's move (or its own when it proved the result), and a
    // depth-2 search, having no odd iteration past the first, with its own.
    let mut rng = Rng(4477);
    let mut compared = 0;
    for pos in random_positions(&mut rng, &[(6u8, 4u32, 10), (7, 6, 10)]) {
        let params = |depth, odd_depths| SearchParams {
            root_width: 8,
            odd_depths,
            ..selective(depth, 6)
        };
        let third = search(&pos, &params(3, false), &mut NoControl);
        let fourth = search(&pos, &params(4, true), &mut NoControl);
        if fourth.proven.is_none() && fourth.depth == 4 {
            assert_eq!(fourth.best, third.best);
            assert_eq!(fourth.score, third.score);
            compared += 1;
        }
        let second = search(&pos, &params(2, true), &mut NoControl);
        let plain = search(&pos, &params(2, false), &mut NoControl);
        assert_eq!(second.best, plain.best);
    }
    assert!(compared > 5, "{compared}");
}

#[test]
fn even_depths_skip_the_odd_iterations_past_the_second() {
    // Without a clock every iteration finishes: with `even_depths` a depth-5 search reports
    // depths 1, 2 and 4 and answers from depth 4 (unless a shallower iteration proved the
    // result).
    let mut rng = Rng(9173);
    let mut compared = 0;
    for pos in random_positions(&mut rng, &[(6u8, 4u32, 10), (7, 6, 10), (8, 4, 10)]) {
        let params = |depth, even_depths| SearchParams {
            root_width: 8,
            even_depths,
            ..selective(depth, 6)
        };
        let mut depths = Vec::new();
        let mut control = Callbacks {
            clock: || 0.0,
            stop: || false,
            progress: |p: &Progress| depths.push(p.depth),
        };
        let even = search(&pos, &params(5, true), &mut control);
        assert!(depths.iter().all(|&d| d <= 2 || d % 2 == 0), "{depths:?}");
        if even.proven.is_none() {
            assert_eq!(depths, [1, 2, 4]);
            assert_eq!(even.depth, 4);
            compared += 1;
        }
    }
    assert!(compared > 5, "{compared}");
}

/// Stops after `polls` polls; counts them.
struct StopAfter {
    polls: u32,
    seen: u32,
}

impl Control for StopAfter {
    fn stop_requested(&mut self) -> bool {
        self.seen += 1;
        self.seen > self.polls
    }
}

fn deep_params() -> SearchParams {
    SearchParams {
        width: 12,
        root_width: 20,
        ..SearchParams::full_width(12)
    }
}

#[test]
fn the_stop_flag_stops_the_search_within_a_poll_interval() {
    let pos = Position::new(Board::square(9).unwrap());
    let mut control = StopAfter { polls: 3, seen: 0 };
    let result = search(&pos, &deep_params(), &mut control);
    assert!(result.stopped);
    assert!(result.nodes <= 4 * POLL_INTERVAL + 16, "{}", result.nodes);
    assert!(result.best.is_some(), "a stopped search still names a move");
}

#[test]
fn node_and_time_limits_stop_and_progress_is_reported_per_iteration() {
    let pos = Position::new(Board::square(7).unwrap());
    let params = SearchParams {
        max_nodes: 2000,
        ..deep_params()
    };
    let result = search(&pos, &params, &mut NoControl);
    assert!(result.nodes < 2000 + 2 * POLL_INTERVAL, "{}", result.nodes);

    // A fake clock advancing 1 ms per reading; a 200 ms budget.
    let mut now = 0.0;
    let mut reports: Vec<Progress> = Vec::new();
    let mut control = Callbacks {
        clock: || {
            now += 1.0;
            now
        },
        stop: || false,
        progress: |p: &Progress| reports.push(p.clone()),
    };
    let params = SearchParams {
        time_ms: Some(40.0),
        ..deep_params()
    };
    let result = search(&pos, &params, &mut control);
    assert!(result.depth < 12);
    assert!(!reports.is_empty());
    for (i, r) in reports.iter().enumerate() {
        assert_eq!(r.depth, i as u32 + 1);
        assert!(!r.pv.is_empty());
        assert!(r.score.abs() < PROVEN);
    }
    assert_eq!(reports.last().unwrap().pv, result.pv);
}

#[test]
fn a_proven_win_is_reported_early_with_h_search() {
    // Black to move on 5x5 after a centre stone and a White reply far away: H-search sees
    // Black's centre stone virtually connected to both edges after a good move; the search
    // must report a proven Black win at a shallow depth and name a winning move.
    let pos = ohm_engine::position!(
        ". . . . .
          . . . . .
           . . B . .
            . . . . .
             W . . . ."
    );
    assert_eq!(pos.to_move(), Color::Black);
    let params = SearchParams {
        hsearch: Some(HSearchLimits::DEFAULT),
        hsearch_plies: 2,
        width: 8,
        root_width: 25,
        ..SearchParams::full_width(2)
    };
    let result = search(&pos, &params, &mut NoControl);
    assert_eq!(result.proven, Some(Color::Black), "{result:?}");
    assert!(result.depth <= 2);
}

#[test]
fn mtdf_proofs_agree_with_brute_force_and_its_scores_with_pvs() {
    // MTD(f) reaches the same proven results as brute force; on unproven positions at a fixed
    // depth and full width it finds the same minimax score as principal variation search.
    let mut memo = HashMap::new();
    let mut rng = Rng(31337);
    let mut checked = 0;
    for pos in random_positions(&mut rng, &[(3u8, 1u32, 8), (4, 3, 12), (4, 6, 12)]) {
        let depth = pos.empty_cells().len();
        let params = SearchParams {
            mtdf: true,
            ..SearchParams::full_width(depth)
        };
        check_against_brute_force(&pos, &params, &mut memo);
        checked += 1;
    }
    assert!(checked > 25, "{checked}");
    for _ in 0..12 {
        let Some(pos) = random_position(&mut rng, 6, 6) else {
            continue;
        };
        let pvs = SearchParams::full_width(2);
        let mtdf = SearchParams { mtdf: true, ..pvs };
        let (a, b) = (
            search(&pos, &pvs, &mut NoControl),
            search(&pos, &mtdf, &mut NoControl),
        );
        assert_eq!(
            a.score,
            b.score,
            "{}",
            ohm_engine::diagram::to_diagram(&pos)
        );
    }
}

#[test]
fn the_edge_prior_is_antisymmetric_and_charges_the_owner_of_edge_stones() {
    use ohm_engine::search::edge_prior;
    let mut pos = Position::new(Board::square(11).unwrap());
    assert_eq!(edge_prior(&pos, Color::Black, 90), 0);
    pos.try_play(Move::parse("k1").unwrap()).unwrap(); // Black, outer ring
    assert_eq!(edge_prior(&pos, Color::Black, 90), -90);
    assert_eq!(edge_prior(&pos, Color::White, 90), 90);
    pos.try_play(Move::parse("j2").unwrap()).unwrap(); // White, second ring: half
    assert_eq!(edge_prior(&pos, Color::Black, 90), -45);
    pos.try_play(Move::parse("f6").unwrap()).unwrap(); // the centre costs nothing
    assert_eq!(edge_prior(&pos, Color::White, 90), 45);
    assert_eq!(edge_prior(&pos, Color::White, 0), 0);
}
