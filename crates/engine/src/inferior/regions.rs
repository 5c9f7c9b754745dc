//! Region reasoning: dead regions bounded by stones and edges, and board decompositions.
//!
//! **Dead regions.** Take a maximal connected region `R` of empty cells: everything around it
//! is a stone or an edge. A Black chain through `R` can only join the Black groups (edges
//! included) that touch `R`; if `R` touches at most one Black group, no minimal Black path
//! uses `R`, so no cell of `R` ever changes who wins: all are dead. The same holds with the
//! colours exchanged (whoever joins their edges, the other does not). Filling dead cells in
//! merges groups and makes new such regions, so [`super::analyze_with`] looks again after each
//! round of fill-in (regions bounded on three sides by one group and an edge are the common
//! case).
//!
//! **Decompositions.** A group of colour `X` (its edges included) that touches both of the
//! opponent's edges cuts the board: an opponent chain from one of its edges to the other
//! cannot cross it, so the opponent wins only inside one of the parts it leaves, and `X` wins
//! only by winning all of them. The parts are games played side by side. With `Y` the
//! opponent: `Y` to move wins if and only if `Y` wins some part moving first; `X` to move
//! wins if and only if `X` wins some part moving first and every other part moving second. A
//! part is solved as the position with every other part filled with `X` stones
//! ([`Decomposition::part_position`]).

use alloc::vec::Vec;

use crate::cellset::CellSet;
use crate::color::Color;
use crate::point::{Edge, Point};
use crate::position::Position;

/// The empty cells of `position` in regions that touch at most one group of some colour
/// (edges count as groups of their owner): all dead.
pub fn dead_regions(position: &Position) -> CellSet {
    let board = position.board();
    let empty = position.empty_cells();
    let mut seen = CellSet::EMPTY;
    let mut dead = CellSet::EMPTY;
    for start in empty {
        if seen.contains(start) {
            continue;
        }
        let region = board.flood(empty, start);
        seen |= region;
        let around = board.neighbours_of_set(region) - region;
        let touches_one_group = |colour: Color| {
            let mut root: Option<Point> = None;
            for p in around {
                if position.color_at(p) == Some(colour) {
                    let r = position.group_root(p);
                    match root {
                        None => root = Some(r),
                        Some(q) if q != r => return false,
                        Some(_) => {}
                    }
                }
            }
            true
        };
        if touches_one_group(Color::Black) || touches_one_group(Color::White) {
            dead |= region;
        }
    }
    dead
}

/// A group that cuts the board into parts that can be solved apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decomposition {
    /// The colour of the cutting group.
    pub splitter: Color,
    /// The cutting group (stones, with the edges it touches as points).
    pub group: CellSet,
    /// The empty cells of each part (two or more, disjoint, covering every empty cell that
    /// the opponent could still use).
    pub parts: Vec<CellSet>,
}

impl Decomposition {
    /// Part `index` as a position of its own: the other parts filled with the splitter's
    /// stones, the same side to move.
    #[must_use]
    pub fn part_position(&self, position: &Position, index: usize) -> Position {
        let mut stones = crate::color::ByColor {
            black: position.stones(Color::Black),
            white: position.stones(Color::White),
        };
        for (i, part) in self.parts.iter().enumerate() {
            if i != index {
                stones[self.splitter] |= *part;
            }
        }
        let mut out = Position::new(*position.board());
        out.reset_to(stones, position.to_move());
        out
    }
}

/// A decomposition of `position` by a group of `splitter`: a group touching both of the
/// opponent's edges that leaves two or more parts with empty cells. `None` when there is none
/// (or the game is over).
#[must_use]
pub fn decompose(position: &Position, splitter: Color) -> Option<Decomposition> {
    if position.connected_winner().is_some() {
        return None;
    }
    let board = position.board();
    let (a, b) = Edge::of(!splitter);
    let own = position.stones(splitter);
    let mut grouped = CellSet::EMPTY;
    for stone in own {
        // Each group once, from its first stone.
        if grouped.contains(stone) {
            continue;
        }
        let group = position.group(stone);
        grouped |= group;
        let touches = |edge: Edge| {
            group
                .iter()
                .any(|p| p.is_cell() && board.edge_cells(edge).contains(p))
        };
        if !(touches(a) && touches(b)) {
            continue;
        }
        let rest = board.cells() - group;
        let mut seen = CellSet::EMPTY;
        let mut parts = Vec::new();
        for start in rest {
            if seen.contains(start) {
                continue;
            }
            let area = board.flood(rest, start);
            seen |= area;
            let empty = area & position.empty_cells();
            if !empty.is_empty() {
                parts.push(empty);
            }
        }
        if parts.len() >= 2 {
            return Some(Decomposition {
                splitter,
                group,
                parts,
            });
        }
    }
    None
}
