//! Shortest-path distance: how many more stones a player needs, at the least, to join their
//! edges if the opponent never moved again. The simplest sound evaluation of Hex, and the
//! move rule of [`best_move_by_distance`], Ohm's baseline player (used until the search is
//! available and as a fixed sparring partner for strength measurements).

use alloc::collections::VecDeque;

use crate::point::{Edge, Point, POINT_COUNT};
use crate::{Color, Position};

/// Distance when the opponent has cut every path.
pub const UNREACHABLE: u32 = u32::MAX;

/// Fewest empty cells `color` must still fill to connect their edges (0 when connected),
/// or [`UNREACHABLE`]. A 0-1 breadth-first search: own stones cost 0, empty cells 1.
#[must_use]
pub fn shortest_path(position: &Position, color: Color) -> u32 {
    let board = position.board();
    let (from, to) = Edge::of(color);
    let own = position.stones(color);
    let blocked = position.stones(!color);
    let mut dist = [UNREACHABLE; POINT_COUNT];
    let mut queue = VecDeque::new();
    dist[from.point().index()] = 0;
    queue.push_back(from.point());
    while let Some(p) = queue.pop_front() {
        let d = dist[p.index()];
        if p == to.point() {
            return d;
        }
        for q in board.neighbours(p) {
            if blocked.contains(q) || (q.is_edge() && q != to.point()) {
                continue;
            }
            let step = u32::from(q.is_cell() && !own.contains(q));
            let nd = d + step;
            if nd < dist[q.index()] {
                dist[q.index()] = nd;
                if step == 0 {
                    queue.push_front(q);
                } else {
                    queue.push_back(q);
                }
            }
        }
    }
    UNREACHABLE
}

/// The baseline player: the empty cell that most increases the opponent's shortest-path
/// distance relative to one's own after playing it (an immediate win first). Ties go to the
/// cell nearest the centre, then to the lowest cell index, so the choice is deterministic.
/// `None` when the board is full or the game is over.
#[must_use]
pub fn best_move_by_distance(position: &Position) -> Option<Point> {
    if position.is_over() {
        return None;
    }
    let me = position.to_move();
    let board = *position.board();
    let capped = |d: u32| {
        if d == UNREACHABLE {
            10_000
        } else {
            i64::from(d)
        }
    };
    let mut scratch = position.clone();
    let mut best: Option<(i64, i64, Point)> = None;
    for p in position.empty_cells() {
        scratch.play_unchecked(me, crate::Move::Cell(p));
        let own = shortest_path(&scratch, me);
        let theirs = shortest_path(&scratch, !me);
        scratch.undo();
        let score = if own == 0 {
            i64::MAX
        } else {
            capped(theirs) - capped(own)
        };
        let (col, row) = p.col_row().expect("a cell");
        // Twice the distance from the centre, so the comparison stays in integers.
        let centre = (2 * i64::from(col) - i64::from(board.width()) + 1).abs()
            + (2 * i64::from(row) - i64::from(board.height()) + 1).abs();
        let better = match best {
            None => true,
            Some((s, c, _)) => score > s || (score == s && centre < c),
        };
        if better {
            best = Some((score, centre, p));
        }
    }
    best.map(|(_, _, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position;

    #[test]
    fn distances_count_missing_stones() {
        let pos = position!(
            "
            . B .
             . . .
              . . W
        "
        );
        assert_eq!(shortest_path(&pos, Color::Black), 2);
        assert_eq!(shortest_path(&pos, Color::White), 2);
        let blocked = position!(
            "
            W W W
             . . .
              . . .
        "
        );
        assert_eq!(shortest_path(&blocked, Color::Black), UNREACHABLE);
        assert_eq!(shortest_path(&blocked, Color::White), 0);
    }

    #[test]
    fn takes_an_immediate_win_and_blocks_a_threat() {
        let win = position!(
            "
            B W .
             . W .
              B . .
        "
        );
        assert_eq!(win.to_move(), Color::Black);
        assert_eq!(best_move_by_distance(&win).unwrap().to_string(), "a2");
    }

    use alloc::string::ToString;
}
