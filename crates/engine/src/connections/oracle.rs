//! The brute-force oracle: decides a subgame `(x, A, y)` by exhaustive minimax over `A`.
//!
//! Both players may only play in the carrier `A`. The connector wins when a chain of own
//! stones joins `x` and `y`; the chain may use any own stone or edge on the board, and the
//! ends themselves count as the connector's even when they are empty cells (that is how
//! H-search reads an empty end). Positions are memoised, so carriers of up to
//! [`MAX_CARRIER`] cells are practical on small boards. H-search's claims are checked against
//! this solver in the tests.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::point::{Edge, Point};
use crate::{Color, Position};

/// The largest carrier the oracle accepts.
pub const MAX_CARRIER: u32 = 24;

/// Whether `(x, carrier, y)` is a full connection for `color`: the connector wins even when
/// the opponent moves first (ends that already touch are). `None` when the question is
/// malformed (an end that is an opponent stone or off the board, a carrier with an occupied
/// cell or an end in it) or the carrier has more than [`MAX_CARRIER`] cells.
#[must_use]
pub fn is_full_connection(
    position: &Position,
    color: Color,
    x: Point,
    carrier: CellSet,
    y: Point,
) -> Option<bool> {
    let mut solver = Solver::new(position, color, x, carrier, y)?;
    Some(solver.wins(0, 0, false))
}

/// Whether the connector, moving first in `(x, carrier, y)`, wins by playing `key`.
#[must_use]
pub fn key_wins(
    position: &Position,
    color: Color,
    x: Point,
    carrier: CellSet,
    y: Point,
    key: Point,
) -> Option<bool> {
    let mut solver = Solver::new(position, color, x, carrier, y)?;
    let bit = solver.cells.iter().position(|&c| c == key)?;
    Some(solver.wins(1 << bit, 0, false))
}

/// Whether the connector wins `(x, carrier, y)` moving first (by some move).
#[must_use]
pub fn wins_moving_first(
    position: &Position,
    color: Color,
    x: Point,
    carrier: CellSet,
    y: Point,
) -> Option<bool> {
    let mut solver = Solver::new(position, color, x, carrier, y)?;
    Some(solver.wins(0, 0, true))
}

struct Solver {
    board: Board,
    /// Own stones, own edges and both ends.
    base: CellSet,
    cells: Vec<Point>,
    x: Point,
    y: Point,
    memo: BTreeMap<u64, bool>,
}

impl Solver {
    fn new(
        position: &Position,
        color: Color,
        x: Point,
        carrier: CellSet,
        y: Point,
    ) -> Option<Solver> {
        let board = *position.board();
        let (e1, e2) = Edge::of(color);
        let own = position.stones(color).with(e1.point()).with(e2.point());
        let usable = own | position.empty_cells();
        let ends_ok = |p: Point| board.contains(p) && usable.contains(p) && !carrier.contains(p);
        if !ends_ok(x) || !ends_ok(y) || !carrier.is_subset(&position.empty_cells()) {
            return None;
        }
        if carrier.len() > MAX_CARRIER {
            return None;
        }
        Some(Solver {
            board,
            base: own.with(x).with(y),
            cells: carrier.iter().collect(),
            x,
            y,
            memo: BTreeMap::new(),
        })
    }

    fn set_of(&self, mask: u32) -> CellSet {
        let mut set = CellSet::EMPTY;
        let mut bits = mask;
        while bits != 0 {
            set.insert(self.cells[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        set
    }

    /// Whether `x` reaches `y` through own points and `extra`.
    fn joined(&self, extra: CellSet) -> bool {
        let walkable = self.base | extra;
        let mut reached = CellSet::single(self.x);
        let mut frontier = reached;
        while !frontier.is_empty() {
            let mut next = CellSet::EMPTY;
            for p in frontier {
                next |= self.board.neighbours(p);
            }
            frontier = (next & walkable) - reached;
            if frontier.contains(self.y) {
                return true;
            }
            reached |= frontier;
        }
        false
    }

    fn wins(&mut self, own: u32, opponent: u32, connector_moves: bool) -> bool {
        if self.joined(self.set_of(own)) {
            return true;
        }
        let all = if self.cells.len() == 32 {
            u32::MAX
        } else {
            (1u32 << self.cells.len()) - 1
        };
        let free = all & !own & !opponent;
        if free == 0 || !self.joined(self.set_of(own | free)) {
            return false;
        }
        let key = u64::from(own) | u64::from(opponent) << 32;
        let key = key ^ u64::from(connector_moves) << 63;
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut bits = free;
        let mut result = !connector_moves;
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let outcome = if connector_moves {
                self.wins(own | bit, opponent, false)
            } else {
                self.wins(own, opponent | bit, true)
            };
            if outcome == connector_moves {
                result = outcome;
                break;
            }
        }
        self.memo.insert(key, result);
        result
    }
}
