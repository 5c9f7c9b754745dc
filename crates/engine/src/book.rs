//! The opening book: the reply to a lone first stone on the boards of the matches
//! (9x9 and 11x11), chosen by level 6 with ten to fifteen times a move's time.
//!
//! Why: the first reply is the decision with the most empty cells and so the shallowest
//! search of the game, and every game against a lone stone starts with it (with the swap
//! rule the swapped stone too). A reply computed once with 20 s (9x9) or 30 s (11x11) of
//! level 6 instead of its 2 s reaches deeper, and on 11x11 it was another move for three of
//! four ring stones probed. The book claims nothing proven: its moves are the search's
//! choice, made with more time, played by a level with
//! [`crate::player::Level::opening_book`] before conversion and search.
//!
//! Measured, no level takes it: level 6 with the book against level 6 without scored 37-27
//! on 9x9 and 20-20 on 11x11 at 2 s a move (`docs/strength.md`, BK9 and BK11), and on 8x8,
//! where the solver can judge a reply, the reply at 20 s kept White's win after 7 of 11
//! first stones, as the reply at 2 s did.
//!
//! The table (`data/opening-book.txt`) holds Black's first stone and White's reply, one of
//! each half-turn pair of first stones; the other half and White's first stones (the board
//! transposed, which exchanges the players' edges) follow by symmetry.

use crate::point::Point;
use crate::{Color, Position};

const TABLE: &str = include_str!("../data/opening-book.txt");

/// Every entry of the table: (board size, Black's first stone, White's reply).
pub fn entries() -> impl Iterator<Item = (u8, Point, Point)> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let size = fields.next()?.parse().ok()?;
            let stone = Point::parse(fields.next()?).ok()?;
            let reply = Point::parse(fields.next()?).ok()?;
            Some((size, stone, reply))
        })
}

/// The reply to Black's lone stone `stone` on the `n` x `n` board, White to move, from the
/// table or from the half-turn of an entry.
fn white_reply(n: u8, stone: Point) -> Option<Point> {
    let board = crate::Board::square(n).ok()?;
    let turned = board.half_turn(stone);
    entries()
        .find_map(|(size, s, reply)| {
            if size != n {
                None
            } else if s == stone {
                Some(reply)
            } else if s == turned {
                Some(board.half_turn(reply))
            } else {
                None
            }
        })
        .filter(|&reply| reply != stone && board.contains(reply))
}

/// The book's move in `position`: a reply when the board is square, holds exactly one stone
/// (played or swapped) and the other player is to move; `None` otherwise or when the table
/// does not cover the board.
#[must_use]
pub fn reply(position: &Position) -> Option<Point> {
    let board = position.board();
    if !board.is_square() {
        return None;
    }
    let black = position.stones(Color::Black);
    let white = position.stones(Color::White);
    let n = board.width();
    match (black.len(), white.len(), position.to_move()) {
        (1, 0, Color::White) => white_reply(n, black.iter().next()?),
        // A lone White stone with Black to move is the transposed board's lone Black stone
        // with White to move: the players' edges change places with the columns and rows.
        (0, 1, Color::Black) => {
            white_reply(n, white.iter().next()?.mirrored()).map(Point::mirrored)
        }
        _ => None,
    }
}
