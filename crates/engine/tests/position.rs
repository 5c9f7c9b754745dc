//! The rules core against simple oracles: union-find groups vs flood fill, the no-draw theorem,
//! play/undo restoring position and hash exactly, swap semantics.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{check_full_board, random_game_with_undo, Rng};
use ohm_engine::{position, Board, Color, Edge, Move, PlayError, Point, Position, SwapRefusal};
use proptest::prelude::*;

fn board_strategy() -> impl Strategy<Value = Board> {
    (1u8..=19, 1u8..=19).prop_map(|(w, h)| Board::new(w, h).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn groups_winner_and_hash_follow_play_and_undo(seed in any::<u64>(), board in board_strategy(), swap in any::<bool>()) {
        let mut rng = Rng(seed | 1);
        random_game_with_undo(&mut rng, board, swap, 120);
    }

    #[test]
    fn full_boards_have_exactly_one_winner(seed in any::<u64>(), board in board_strategy()) {
        let mut rng = Rng(seed | 1);
        check_full_board(&mut rng, board);
    }
}

#[test]
fn games_played_to_the_end_on_small_boards_always_have_a_winner() {
    let mut rng = Rng(7);
    for n in 1..=6 {
        for _ in 0..50 {
            let board = Board::square(n).unwrap();
            let end = random_game_with_undo(&mut rng, board, true, usize::MAX);
            assert!(end.winner().is_some(), "{end:?}");
        }
    }
}

fn p(name: &str) -> Point {
    Point::parse(name).unwrap()
}

#[test]
fn swap_mirrors_the_first_stone_into_the_second_players_colour() {
    let mut pos = Position::new(Board::square(5).unwrap()).with_swap_rule(true);
    pos.try_play(Move::Cell(p("b4"))).unwrap();
    let after_first = pos.clone();
    pos.try_play(Move::Swap).unwrap();
    assert_eq!(pos.color_at(p("b4")), None);
    assert_eq!(pos.color_at(p("d2")), Some(Color::White));
    assert_eq!(pos.to_move(), Color::Black);
    // Swap is a one-time option.
    pos.try_play(Move::Cell(p("c3"))).unwrap();
    assert_eq!(
        pos.try_play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotSecondMove))
    );
    pos.undo();
    pos.undo();
    assert_eq!(pos, after_first);
    assert_eq!(pos.hash(), after_first.hash());
}

#[test]
fn illegal_moves_are_refused_and_leave_the_position_alone() {
    let mut pos = Position::new(Board::new(4, 3).unwrap());
    assert_eq!(
        pos.try_play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::RuleOff))
    );
    pos.set_swap_rule(true);
    assert_eq!(
        pos.try_play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotSecondMove))
    );
    pos.try_play(Move::Cell(p("a1"))).unwrap();
    assert_eq!(
        pos.try_play(Move::Swap),
        Err(PlayError::SwapNotAllowed(SwapRefusal::NotSquare))
    );
    let before = pos.clone();
    assert_eq!(
        pos.try_play(Move::Cell(p("a1"))),
        Err(PlayError::Occupied(p("a1")))
    );
    assert_eq!(
        pos.try_play(Move::Cell(p("e1"))),
        Err(PlayError::NotOnBoard(p("e1")))
    );
    assert_eq!(
        pos.try_play(Move::Cell(Point::NORTH)),
        Err(PlayError::NotOnBoard(Point::NORTH))
    );
    assert_eq!(pos, before);
    assert_eq!(pos.move_count(), 1);
}

#[test]
fn resigning_ends_the_game_for_the_opponent_and_can_be_undone() {
    let mut pos = Position::new(Board::square(3).unwrap());
    pos.try_play(Move::Cell(p("b2"))).unwrap();
    pos.try_play(Move::Resign).unwrap();
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(pos.try_play(Move::Cell(p("a1"))), Err(PlayError::GameOver));
    pos.undo();
    assert_eq!(pos.winner(), None);
}

#[test]
fn a_connected_chain_wins_and_the_board_says_so() {
    let pos = position!(
        "
        . B . .
         . B W .
          B W . .
           B W . .
    "
    );
    assert_eq!(pos.winner(), Some(Color::Black));
    let open = position!(
        "
        . B . .
         . B W .
          . W . .
           B W . .
    "
    );
    assert_eq!(open.winner(), None);
    assert_eq!(open.to_move(), Color::Black);
}

#[test]
fn diagrams_read_back_what_showboard_prints() {
    let mut rng = Rng(99);
    for (w, h) in [(1, 1), (3, 5), (11, 11), (19, 19), (19, 2)] {
        let pos = random_game_with_undo(&mut rng, Board::new(w, h).unwrap(), false, 40);
        for text in [
            ohm_engine::diagram::showboard(&pos),
            ohm_engine::diagram::to_diagram(&pos),
        ] {
            let back = ohm_engine::diagram::parse(&text).unwrap();
            assert_eq!(
                back.stones(Color::Black),
                pos.stones(Color::Black),
                "{text}"
            );
            assert_eq!(
                back.stones(Color::White),
                pos.stones(Color::White),
                "{text}"
            );
        }
    }
    assert!(ohm_engine::diagram::parse(". B\n. Q")
        .unwrap_err()
        .to_string()
        .contains("line 2"));
    assert!(ohm_engine::diagram::parse(". B\n. . .").is_err());
    assert!(ohm_engine::diagram::parse("  \n").is_err());
}

/// The half-turn is the board's symmetry that keeps each edge with its player: it is an
/// involution, maps neighbours to neighbours and edges to the same player's other edge, and
/// `half_turn_hash` is the hash of the turned position (the solver's table relies on it).
#[test]
fn the_half_turn_is_a_symmetry_and_its_hash_is_the_turned_positions() {
    let mut rng = Rng(11);
    for (w, h) in [(1, 1), (3, 3), (5, 4), (7, 7), (9, 6), (11, 11), (19, 19)] {
        let board = Board::new(w, h).unwrap();
        for p in board.cells().iter().chain(Edge::ALL.map(Edge::point)) {
            let turned = board.half_turn(p);
            assert!(board.contains(turned));
            assert_eq!(board.half_turn(turned), p);
            assert_eq!(
                board.neighbours(turned),
                board.half_turn_set(board.neighbours(p)),
                "{p} on {board}"
            );
            if let Some(edge) = p.edge() {
                assert_eq!(turned.edge().map(|e| e.owner()), Some(edge.owner()));
            }
        }
        for _ in 0..20 {
            let mut position = Position::new(board);
            let mut turned = Position::new(board);
            let stones = rng.below(u64::from(w) * u64::from(h) / 2 + 1);
            for _ in 0..stones {
                let Some(cell) = rng.pick(position.empty_cells()) else {
                    break;
                };
                let color = position.to_move();
                position.play_unchecked(color, Move::Cell(cell));
                turned.play_unchecked(color, Move::Cell(board.half_turn(cell)));
            }
            assert_eq!(position.half_turn_hash(), turned.hash());
            assert_eq!(turned.half_turn_hash(), position.hash());
            assert_eq!(
                position.winner(),
                turned.winner(),
                "the same player wins a position and its half-turn"
            );
        }
    }
}

/// `hash_after` is the hash of the position after the move (the search scores moves from its
/// table by it without playing them).
#[test]
fn the_hash_after_a_move_is_the_hash_of_the_position_it_makes() {
    let mut rng = Rng(12);
    for n in [3u8, 5, 9, 11] {
        let mut position = Position::new(Board::square(n).unwrap());
        while let Some(cell) = rng.pick(position.empty_cells()) {
            let expected = position.hash_after(cell);
            position.play_unchecked(position.to_move(), Move::Cell(cell));
            assert_eq!(position.hash(), expected, "{cell} on {n}x{n}");
            if position.is_over() {
                break;
            }
        }
    }
}
