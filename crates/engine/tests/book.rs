//! The opening book: it covers every first stone of its boards, its replies are empty cells,
//! and its symmetries (the half-turn, and the transposed board for a lone White stone) give
//! the reply that the table gives for the matching position.
use ohm_engine::book::{entries, reply};
use ohm_engine::player::{choose_move, level, Engine, Level, Reason};
use ohm_engine::search::{Callbacks, NoControl, Progress};
use ohm_engine::{Board, Color, Move, Point, Position};
use std::time::Instant;

const SIZES: [u8; 2] = [9, 11];

fn lone_stone(n: u8, color: Color, stone: Point) -> Position {
    let mut position = Position::new(Board::square(n).unwrap());
    position.play_unchecked(color, Move::Cell(stone));
    position.set_to_move(!color);
    position
}

#[test]
fn the_book_covers_every_first_stone_of_its_boards() {
    for n in SIZES {
        let board = Board::square(n).unwrap();
        let rows: Vec<_> = entries().filter(|e| e.0 == n).collect();
        assert!(!rows.is_empty(), "no entries for {n}x{n}");
        for (_, stone, answer) in &rows {
            assert!(board.contains(*stone), "{n}x{n}: {stone} is off the board");
            assert!(
                board.contains(*answer),
                "{n}x{n}: {answer} is off the board"
            );
            assert_ne!(
                stone, answer,
                "{n}x{n}: the reply to {stone} is the stone itself"
            );
            let twins = rows
                .iter()
                .filter(|r| r.1 == *stone || r.1 == board.half_turn(*stone))
                .count();
            assert_eq!(
                twins, 1,
                "{n}x{n}: {stone} (or its half-turn) is in the table {twins} times"
            );
        }
        for stone in board.cells() {
            let position = lone_stone(n, Color::Black, stone);
            let p = reply(&position).unwrap_or_else(|| panic!("{n}x{n}: no reply to {stone}"));
            assert!(
                position.empty_cells().contains(p),
                "{n}x{n}: {p} answers {stone}"
            );
        }
    }
}

#[test]
fn the_book_answers_by_its_symmetries() {
    for n in SIZES {
        let board = Board::square(n).unwrap();
        for (_, stone, answer) in entries().filter(|e| e.0 == n) {
            let black = lone_stone(n, Color::Black, stone);
            assert_eq!(reply(&black), Some(answer), "{n}x{n} {stone}");
            // The half-turn keeps each player's edges.
            // (The centre is its own half-turn: its entry stands.)
            if board.half_turn(stone) != stone {
                let turned = lone_stone(n, Color::Black, board.half_turn(stone));
                assert_eq!(
                    reply(&turned),
                    Some(board.half_turn(answer)),
                    "{n}x{n} {stone}"
                );
            }
            // A lone White stone is the transposed board's lone Black stone.
            let white = lone_stone(n, Color::White, stone.mirrored());
            assert_eq!(reply(&white), Some(answer.mirrored()), "{n}x{n} {stone}");
        }
    }
}

#[test]
fn the_book_stays_out_of_other_positions() {
    let c3 = Point::parse("c3").unwrap();
    // The side that placed the stone to move, two stones, an empty board, boards it lacks.
    let mut own_move = lone_stone(11, Color::Black, c3);
    own_move.set_to_move(Color::Black);
    assert_eq!(reply(&own_move), None);
    let mut two = lone_stone(11, Color::Black, c3);
    two.play_unchecked(Color::White, Move::Cell(Point::parse("f6").unwrap()));
    assert_eq!(reply(&two), None);
    assert_eq!(reply(&Position::new(Board::square(11).unwrap())), None);
    assert_eq!(reply(&lone_stone(7, Color::Black, c3)), None);
    assert_eq!(reply(&lone_stone(13, Color::Black, c3)), None);
    let mut wide = Position::new(Board::new(11, 9).unwrap());
    wide.play_unchecked(Color::Black, Move::Cell(c3));
    assert_eq!(reply(&wide), None);
}

#[test]
fn a_level_with_the_book_plays_it_and_the_shipped_levels_search() {
    let position = lone_stone(11, Color::Black, Point::parse("a3").unwrap());
    for number in 1..=6u8 {
        for book in [false, true] {
            let mut l = *level(number).unwrap();
            assert!(
                !l.opening_book,
                "level {number} has the book (measured even)"
            );
            l.opening_book = book;
            l.search.time_ms = Some(200.0);
            let start = Instant::now();
            let mut control = Callbacks {
                clock: || start.elapsed().as_secs_f64() * 1000.0,
                stop: || false,
                progress: |_: &Progress| {},
            };
            let decision = Engine::new()
                .choose_move(&position, &l, 1, &mut control)
                .unwrap();
            if book {
                assert_eq!(decision.reason, Reason::Book, "level {number}");
                assert_eq!(Some(decision.mv), reply(&position).map(Move::Cell));
            } else {
                assert_ne!(decision.reason, Reason::Book, "level {number}");
            }
        }
    }
    // Under the swap rule the swap decision comes first; a kept stone gets the book's reply.
    let mut swap = Position::new(Board::square(11).unwrap()).with_swap_rule(true);
    swap.try_play(Move::Cell(Point::parse("a1").unwrap()))
        .unwrap();
    let l = Level {
        opening_book: true,
        ..*level(6).unwrap()
    };
    let decision = choose_move(&swap, &l, 1, &mut NoControl).unwrap();
    assert_eq!(decision.reason, Reason::Book);
}
