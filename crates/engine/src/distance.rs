//! Shortest-path distance: how many more stones a player needs, at the least, to join their
//! edges if the opponent never moved again. The simplest sound evaluation of Hex, and the
//! move rule of [`best_move_by_distance`], Ohm's baseline player (used until the search is
//! available and as a fixed sparring partner for strength measurements).

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use crate::point::{Edge, Point, POINT_COUNT};
use crate::{CellSet, Color, Position};

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

/// Queenbee's two-distance (van Rijswijck 2000): the distance of an empty cell from an edge is
/// one more than the **second smallest** distance among its neighbours, because the opponent
/// can always take the best neighbour away. Cells next to the edge (or to an own chain touching
/// it) are at distance 1. Own stones cost nothing: two empty cells next to the same own chain
/// are neighbours. Opponent stones block.
///
/// Returns, per point index, the two-distance of every empty cell from `from` for `color`
/// ([`UNREACHABLE`] for cells it cannot reach and for non-empty points).
#[must_use]
pub fn two_distances(position: &Position, color: Color, from: Edge) -> Vec<u32> {
    let board = position.board();
    let empty = position.empty_cells();
    let own = position.stones(color);
    // The empty cells around each own chain, per stone (all stones of a chain share it).
    let mut around_chain = alloc::vec![CellSet::EMPTY; POINT_COUNT];
    let mut touches_start = CellSet::EMPTY;
    let mut seen = CellSet::EMPTY;
    for stone in own {
        if seen.contains(stone) {
            continue;
        }
        let chain = board.flood(own, stone);
        seen |= chain;
        let mut around = CellSet::EMPTY;
        for p in chain {
            around |= board.neighbours(p);
        }
        if around.contains(from.point()) {
            touches_start |= chain;
        }
        for p in chain {
            around_chain[p.index()] = around & empty;
        }
    }
    // Each empty cell's neighbours: adjacent empty cells and those around adjacent own chains.
    let mut reach = alloc::vec![CellSet::EMPTY; POINT_COUNT];
    for x in empty {
        let near = board.neighbours(x);
        let mut r = near & empty;
        for stone in near & own {
            r |= around_chain[stone.index()];
        }
        reach[x.index()] = r.without(x);
    }
    let mut dist = alloc::vec![UNREACHABLE; POINT_COUNT];
    let mut start = board.edge_cells(from) & empty;
    for stone in touches_start {
        start |= around_chain[stone.index()];
    }
    for x in start {
        dist[x.index()] = 1;
    }
    let mut reached = start;
    let mut level = 1;
    loop {
        level += 1;
        let mut next = CellSet::EMPTY;
        for x in empty - reached {
            if (reach[x.index()] & reached).len() >= 2 {
                next.insert(x);
            }
        }
        if next.is_empty() {
            break;
        }
        for x in next {
            dist[x.index()] = level;
        }
        reached |= next;
    }
    dist
}

/// A player's two-distance potential: the fewest "two-distance stones" still needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Potential {
    /// The smallest sum of an empty cell's two-distances from both edges (0 when connected,
    /// [`UNREACHABLE`] when cut off).
    pub value: u32,
    /// How many empty cells attain it: more cells, more ways to reach that value.
    pub mobility: u32,
}

/// `color`'s two-distance potential in `position` (Queenbee's evaluation for one side).
#[must_use]
pub fn potential(position: &Position, color: Color) -> Potential {
    if position.connected_winner() == Some(color) {
        return Potential {
            value: 0,
            mobility: 0,
        };
    }
    let (a, b) = Edge::of(color);
    let (da, db) = (
        two_distances(position, color, a),
        two_distances(position, color, b),
    );
    let mut best = Potential {
        value: UNREACHABLE,
        mobility: 0,
    };
    for x in position.empty_cells() {
        let (u, v) = (da[x.index()], db[x.index()]);
        if u == UNREACHABLE || v == UNREACHABLE {
            continue;
        }
        let sum = u + v;
        if sum < best.value {
            best = Potential {
                value: sum,
                mobility: 1,
            };
        } else if sum == best.value {
            best.mobility += 1;
        }
    }
    best
}

/// Queenbee's evaluation from `color`'s side, in the search's units (1000 per potential step,
/// as [`crate::search`]'s circuit scores are 1000 per unit of `E`): the opponent's potential
/// minus one's own, with the mobility difference as the smaller term (Queenbee's
/// `M · (P_opp − P_own) − (A_opp − A_own)`, here with `M` = 25 mobility steps).
#[must_use]
pub fn two_distance_score(position: &Position, color: Color) -> i32 {
    // Cut off: worse than any reachable potential on a 19x19 board.
    let capped = |p: Potential| {
        if p.value == UNREACHABLE {
            (500, 0)
        } else {
            (i64::from(p.value), i64::from(p.mobility))
        }
    };
    let (own, own_mobility) = capped(potential(position, color));
    let (theirs, their_mobility) = capped(potential(position, !color));
    let score = 1000 * (theirs - own) + 40 * (own_mobility - their_mobility);
    score.clamp(-100_000, 100_000) as i32
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
