//! The rules core run as wasm32 (32-bit `usize`) under wasm-bindgen-test, in Node.
//! `scripts/test.sh` runs it with `cargo test -p ohm-engine --target wasm32-unknown-unknown`.

#![cfg(target_arch = "wasm32")]

mod common;

use common::{check_full_board, random_game_with_undo, Rng};
use ohm_engine::{distance, Board, Color, Point};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn games_with_undo_keep_groups_winner_and_hash_right() {
    let mut rng = Rng(12345);
    for (w, h) in [(1, 1), (2, 5), (5, 5), (11, 11), (19, 19), (19, 7)] {
        for _ in 0..5 {
            random_game_with_undo(&mut rng, Board::new(w, h).unwrap(), true, 200);
        }
    }
}

#[wasm_bindgen_test]
fn full_boards_have_exactly_one_winner() {
    let mut rng = Rng(777);
    for n in 1..=19 {
        check_full_board(&mut rng, Board::square(n).unwrap());
    }
}

#[wasm_bindgen_test]
fn point_indices_and_distances_agree_with_native() {
    let s19 = Point::parse("s19").unwrap();
    assert_eq!(s19.index(), 364);
    let pos = ohm_engine::Position::new(Board::square(19).unwrap());
    assert_eq!(distance::shortest_path(&pos, Color::Black), 19);
    assert_eq!(
        distance::best_move_by_distance(&pos).unwrap().to_string(),
        "j10"
    );
}
