//! Second-row ladders: the one threat a leaf must not be judged in the middle of (the last
//! move's single step to its owner's edge), and the pushes that run a ladder on.
//!
//! A stone pushed along its owner's second row beside the opponent's block (a ladder's next
//! step) leaves one empty cell between its group and the edge. The circuit has no tempo: it
//! counts that cell as an open path, so the position right after the push looks nearly
//! connected, though the opponent answers on the cell and the path is gone. On an 11x11 board
//! after `d10` of a second-row ladder the circuit gave the pusher `E` 1.78, and 0.54 after the
//! block, 1.80 after the next push, 0.44 after its block: each push scores a whole unit of
//! `E` it does not have, and a search whose last ply is the pusher's (level 6's depth 3 on
//! 11x11) runs ladders that only build the defender's wall along the edge. The leaf where the
//! opponent is to move after such a push is therefore judged after the block as well
//! ([`SearchParams::edge_block_leaves`](super::SearchParams::edge_block_leaves)), the better
//! of the two for the side to move, as a quiescence search stands pat or captures. The other
//! remedy takes the pushes away: a node leaves out the side to move's pushes of a ladder that
//! has no escape ([`SearchParams::prune_ladder_pushes`](super::SearchParams::prune_ladder_pushes)).
//! Neither won games (`docs/strength.md`, "Second-row ladders"): both are options.

use crate::connections::Connections;
use crate::point::{Edge, Point};
use crate::{CellSet, Move, Position};

/// The cell that blocks the last move's one-step threat to its owner's edge, if it made one:
/// the stone's group does not touch that edge, exactly one empty cell touches both the group
/// and the edge, and that cell is next to the new stone (so the threat is the move's, not an
/// older one the opponent let stand). `None` when the move threatens two edges at once (no
/// single block answers it) or neither.
#[must_use]
pub fn edge_block(position: &Position) -> Option<Point> {
    let last = position.last_move()?;
    let Move::Cell(stone) = last.mv else {
        return None;
    };
    let board = position.board();
    let group = position.group(stone);
    let gates_of_group = board.neighbours_of_set(group) & position.empty_cells();
    let next_to_stone = board.neighbours(stone);
    let (e1, e2) = Edge::of(last.color);
    let mut block = None;
    for edge in [e1, e2] {
        if group.contains(edge.point()) {
            continue;
        }
        let gates = gates_of_group & board.neighbours(edge.point());
        if gates.len() != 1 {
            continue;
        }
        let gate = gates.iter().next()?;
        if next_to_stone.contains(gate) {
            if block.is_some() {
                return None;
            }
            block = Some(gate);
        }
    }
    block
}

/// The side to move's pushes that run a second-row ladder on: an empty cell on its second
/// row beside one of its stones there whose group is cut from that edge (every first-row
/// cell next to the group is the opponent's), sharing one first-row cell with that stone, the
/// opponent's block, and having one empty: after the push the group again has one step to
/// the edge, which the opponent closes. A ladder without an escape gains nothing this way
/// and builds the opponent a wall along the edge (RING11J's game 31: c10 d10 e10 f10 against
/// c11 d11 e11 f11, the wall White's connection to its own edge). A group that H-search
/// (`connections`, the mover's) still joins to that edge by a full or semi connection, through
/// an escape, is left out: there a push may be the answer the connection needs.
pub fn ladder_pushes(position: &Position, connections: Option<&Connections>) -> CellSet {
    let me = position.to_move();
    let board = position.board();
    let empty = position.empty_cells();
    let mine = position.stones(me);
    let theirs = position.stones(!me);
    let (e1, e2) = Edge::of(me);
    let mut pushes = CellSet::EMPTY;
    for edge in [e1, e2] {
        let e = edge.point();
        let first_row = board.neighbours(e);
        // Second-row cells: off the first row, next to it.
        let second_row = board.neighbours_of_set(first_row) - first_row;
        for stone in mine & second_row {
            let gates = board.neighbours(stone) & first_row;
            if !gates.is_subset(&theirs) {
                continue;
            }
            let group = position.group(stone);
            if group.contains(e)
                || board
                    .neighbours_of_set(group)
                    .intersects(&(first_row & empty))
            {
                continue;
            }
            if let Some(conns) = connections {
                if conns.full_between(stone, e).next().is_some()
                    || conns.semi_between(stone, e).next().is_some()
                {
                    continue;
                }
            }
            for push in board.neighbours(stone) & second_row & empty {
                let push_gates = board.neighbours(push) & first_row;
                if push_gates.intersects(&gates) && (push_gates & empty).len() == 1 {
                    pushes.insert(push);
                }
            }
        }
    }
    pushes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn after(size: u8, moves: &str) -> Position {
        let mut position = Position::new(Board::square(size).unwrap());
        for name in moves.split_whitespace() {
            position
                .try_play(Move::Cell(Point::parse(name).unwrap()))
                .unwrap();
        }
        position
    }

    fn black_connections(position: &Position) -> Connections {
        Connections::build(
            position,
            crate::Color::Black,
            crate::connections::HSearchLimits::DEFAULT,
        )
    }

    fn cells(names: &str) -> CellSet {
        names
            .split_whitespace()
            .map(|n| Point::parse(n).unwrap())
            .collect()
    }

    #[test]
    fn a_second_row_push_beside_a_block_is_answered_on_the_edge() {
        // The 11x11 ladder of RING11J's game 31: Black pushes d10 beside White's c11.
        let moves = "f1 d7 e7 h5 f5 f6 e6 e8 d8 d9 c9 e3 f4 b11 c10 c11 d10";
        assert_eq!(
            edge_block(&after(11, moves)),
            Some(Point::parse("d11").unwrap())
        );
        // After the block it is White's stone on Black's first row: no threat of its own.
        assert_eq!(edge_block(&after(11, &format!("{moves} d11"))), None);
    }

    #[test]
    fn a_stone_with_two_ways_to_the_edge_threatens_nothing_to_block() {
        // d10 alone on the second row has two empty cells to the south edge: a template.
        assert_eq!(edge_block(&after(11, "d10")), None);
        // A stone on the first row touches its edge already.
        assert_eq!(edge_block(&after(11, "d11")), None);
    }

    #[test]
    fn the_next_step_of_a_ladder_is_a_push_and_nothing_else_is() {
        // RING11J's game 31 before move 17: Black's c10 beside White's b11 and c11; the
        // ladder runs on east (d10, as played) or west (b10, toward a11).
        let moves = "f1 d7 e7 h5 f5 f6 e6 e8 d8 d9 c9 e3 f4 b11 c10 c11";
        let position = after(11, moves);
        assert_eq!(ladder_pushes(&position, None), cells("b10 d10"));
        // The same with Black's connections: no escape, still the push.
        let conns = black_connections(&position);
        assert_eq!(ladder_pushes(&position, Some(&conns)), cells("b10 d10"));
        // White to move after d10: White's stones run no ladder.
        let position = after(11, &format!("{moves} d10"));
        assert!(ladder_pushes(&position, None).is_empty());
    }

    #[test]
    fn a_ladder_with_an_escape_ahead_is_not_cut_short() {
        // Black's ladder stone c10 beside White's b11 and c11, and Black's escape g10 ahead
        // (a template to the edge): H-search joins c10 to the edge, the push stays.
        let moves = "c10 b11 a5 c11 g10 k1";
        let position = after(11, moves);
        assert_eq!(ladder_pushes(&position, None), cells("b10 d10"));
        let conns = black_connections(&position);
        assert!(ladder_pushes(&position, Some(&conns)).is_empty());
    }

    #[test]
    fn a_stone_far_from_its_edge_threatens_nothing() {
        assert_eq!(edge_block(&after(11, "f6")), None);
    }
}
