//! The brute-force oracle: decides a subgame `(x, A, y)` by exhaustive minimax over `A`.
//!
//! Both players may only play in the carrier `A`. The connector wins when a chain of own
//! stones joins `x` and `y`; the chain may use any own stone or edge on the board, and the
//! ends themselves count as the connector's even when they are empty cells (that is how
//! H-search reads an empty end). Positions are memoised, so carriers of up to
//! [`MAX_CARRIER`] cells are practical on small boards. H-search's claims are checked against
//! this solver in the tests.

use alloc::vec::Vec;

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

/// The subgame reduced to bitmasks over the carrier's cells: the own stones (with the
/// edges and the ends) collapse into components, and a component links every cell it touches.
struct Solver {
    cells: Vec<Point>,
    /// Carrier neighbours of each cell.
    adjacent: Vec<u32>,
    /// Components (bit k) each cell touches.
    touches: Vec<u64>,
    /// Carrier cells each component touches.
    component_cells: Vec<u32>,
    x_component: usize,
    y_component: usize,
    memo: Memo,
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
        let cells: Vec<Point> = carrier.iter().collect();
        let bit_of = |p: Point| cells.iter().position(|&c| c == p).map(|i| 1u32 << i);
        let base = own.with(x).with(y);
        // Components of the base that matter: those of the ends and those touching the carrier.
        let mut component_cells: Vec<u32> = Vec::new();
        let mut component_sets: Vec<CellSet> = Vec::new();
        let mut seen = CellSet::EMPTY;
        for start in [x, y].into_iter().chain(base.iter()) {
            if seen.contains(start) {
                continue;
            }
            let group = board.flood(base, start);
            seen |= group;
            let mut around = CellSet::EMPTY;
            for p in group {
                around |= board.neighbours(p);
            }
            let touching = (around & carrier)
                .iter()
                .fold(0u32, |m, p| m | bit_of(p).unwrap_or(0));
            if touching != 0 || component_sets.is_empty() || component_sets.len() == 1 {
                component_sets.push(group);
                component_cells.push(touching);
            }
        }
        if component_sets.len() > 64 {
            return None;
        }
        let x_component = 0;
        let y_component = component_sets.iter().position(|g| g.contains(y))?;
        let mut adjacent = Vec::with_capacity(cells.len());
        let mut touches = Vec::with_capacity(cells.len());
        for &c in &cells {
            let around = board.neighbours(c);
            adjacent.push(
                (around & carrier)
                    .iter()
                    .fold(0u32, |m, p| m | bit_of(p).unwrap_or(0)),
            );
            let mut t = 0u64;
            for (k, g) in component_sets.iter().enumerate() {
                if around.intersects(g) {
                    t |= 1 << k;
                }
            }
            touches.push(t);
        }
        Some(Solver {
            cells,
            adjacent,
            touches,
            component_cells,
            x_component,
            y_component,
            memo: Memo::new(),
        })
    }

    /// Whether `x` reaches `y` through own stones and the cells of `own`.
    fn joined(&self, own: u32) -> bool {
        if self.x_component == self.y_component {
            return true;
        }
        let target = self.component_cells[self.y_component];
        let mut used = 1u64 << self.x_component;
        let mut reached = self.component_cells[self.x_component] & own;
        let mut frontier = reached;
        while frontier != 0 {
            if reached & target != 0 {
                return true;
            }
            let mut next = 0u32;
            let mut bits = frontier;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                next |= self.adjacent[c];
                let mut fresh = self.touches[c] & !used;
                used |= fresh;
                while fresh != 0 {
                    next |= self.component_cells[fresh.trailing_zeros() as usize];
                    fresh &= fresh - 1;
                }
            }
            frontier = next & own & !reached;
            reached |= frontier;
        }
        reached & target != 0
    }

    fn wins(&mut self, own: u32, opponent: u32, connector_moves: bool) -> bool {
        if self.joined(own) {
            return true;
        }
        let all = if self.cells.len() == 32 {
            u32::MAX
        } else {
            (1u32 << self.cells.len()) - 1
        };
        let free = all & !own & !opponent;
        if free == 0 || !self.joined(own | free) {
            return false;
        }
        let key = u64::from(own) | u64::from(opponent) << 32;
        let key = key ^ u64::from(connector_moves) << 63;
        if let Some(known) = self.memo.get(key) {
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

/// An open-addressing table from positions to results (no std hash map in `alloc`).
struct Memo {
    /// `key + 1`, 0 for an empty slot (keys never reach `u64::MAX`: bit 62 is unused).
    keys: Vec<u64>,
    values: Vec<bool>,
    len: usize,
}

impl Memo {
    fn new() -> Memo {
        Memo {
            keys: alloc::vec![0; 1024],
            values: alloc::vec![false; 1024],
            len: 0,
        }
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20) as usize & mask;
        while self.keys[i] != 0 && self.keys[i] != key + 1 {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: u64) -> Option<bool> {
        let i = self.slot(key);
        (self.keys[i] != 0).then(|| self.values[i])
    }

    fn insert(&mut self, key: u64, value: bool) {
        if 2 * (self.len + 1) > self.keys.len() {
            let size = 2 * self.keys.len();
            let old_keys = core::mem::replace(&mut self.keys, alloc::vec![0; size]);
            let old_values = core::mem::replace(&mut self.values, alloc::vec![false; size]);
            for (k, v) in old_keys.into_iter().zip(old_values) {
                if k != 0 {
                    let i = self.slot(k - 1);
                    self.keys[i] = k;
                    self.values[i] = v;
                }
            }
        }
        let i = self.slot(key);
        if self.keys[i] == 0 {
            self.len += 1;
        }
        self.keys[i] = key + 1;
        self.values[i] = value;
    }
}
