//! The brute-force oracle: decides a subgame `(x, A, y)` by exhaustive minimax over `A`.
//!
//! Both players may only play in the carrier `A`. The connector wins when a chain of own
//! stones joins `x` and `y`; the chain may use any own stone or edge on the board, and the
//! ends themselves count as the connector's even when they are empty cells (that is how
//! H-search reads an empty end).
//!
//! The search is exact; what makes it fast enough for carriers of twenty-odd cells (the
//! fourth-row template's 19 cells in about a tenth of a second, where plain memoised minimax
//! took minutes):
//! - states are bitsets over the carrier (one bit a cell), memoised by (own, opponent, mover);
//! - flood fills end the game early: the connector has won once `x` reaches `y` through own
//!   stones, lost once it cannot even through every free cell; one free cell touching both
//!   sides wins for the connector to move (two win whoever moves); a free cell on every path
//!   (the only cell of a distance layer) wins for the defender to move (two of them win
//!   whoever moves), and a single such threat must be answered on the spot;
//! - cells on no path between the ends are dead and never played; the others are tried in
//!   order of their distance from both ends;
//! - every result comes with its *proof set*: the free cells the winner's strategy needs.
//!   The loser's stones outside it change nothing (Hex is monotone: a stone never hurts its
//!   owner). So once a move `m` fails with the opponent's proof `P`, any move outside `P`
//!   fails too (the opponent answers as it would have answered `m`): the mover's remaining
//!   candidates shrink to `P`. Before its first move the mover also asks what the opponent
//!   would do with a free move (a "pass", searched without a pass of its own): if the
//!   opponent would still lose, the mover wins with the same proof; otherwise that proof
//!   already bounds the candidates. This is the must-play pruning of Hex solvers, for both
//!   sides. A loss's proof is the union of the refutations it collected.
//!
//! The memo is bounded (it starts over when full), so a hard question costs time, not memory.

use alloc::vec::Vec;

use crate::cellset::CellSet;
use crate::point::{Edge, Point};
use crate::{Color, Position};

/// The largest carrier the oracle accepts (one bit a cell in a `u64`, one bit kept spare).
pub const MAX_CARRIER: u32 = 63;

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
    Some(solver.solve(0, 0, false, true).0)
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
    Some(solver.solve(1 << bit, 0, false, true).0)
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
    Some(solver.solve(0, 0, true, true).0)
}

/// The subgame reduced to bitmasks over the carrier's cells: the own stones (with the
/// edges and the ends) collapse into components, and a component links every cell it touches.
struct Solver {
    cells: Vec<Point>,
    /// Every carrier cell.
    all: u64,
    /// Carrier neighbours of each cell.
    adjacent: Vec<u64>,
    /// Components (bit k) each cell touches.
    touches: Vec<u64>,
    /// Carrier cells each component touches.
    component_cells: Vec<u64>,
    x_component: usize,
    y_component: usize,
    memo: Memo,
}

/// The two lowest cells of `mask` (which has at least two).
fn two_of(mask: u64) -> u64 {
    let first = mask & mask.wrapping_neg();
    let rest = mask & !first;
    first | (rest & rest.wrapping_neg())
}

/// Distance layers the move order distinguishes.
const LAYERS: usize = 12;

/// What a flood from one end reaches through a set of connector cells.
struct Side {
    /// Components reached (the start's included).
    components: u64,
    /// Carrier cells next to what was reached (the reached cells' neighbours included).
    around: u64,
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
        let bit_of = |p: Point| cells.iter().position(|&c| c == p).map(|i| 1u64 << i);
        let mask_of = |set: CellSet| set.iter().fold(0u64, |m, p| m | bit_of(p).unwrap_or(0));
        let base = own.with(x).with(y);
        // Components of the base that matter: those of the ends and those touching the carrier.
        let mut component_cells: Vec<u64> = Vec::new();
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
            let touching = mask_of(around & carrier);
            if touching != 0 || component_sets.len() < 2 {
                component_sets.push(group);
                component_cells.push(touching);
            }
        }
        if component_sets.len() > 64 {
            return None;
        }
        let y_component = component_sets.iter().position(|g| g.contains(y))?;
        let mut adjacent = Vec::with_capacity(cells.len());
        let mut touches = Vec::with_capacity(cells.len());
        for &c in &cells {
            let around = board.neighbours(c);
            adjacent.push(mask_of(around & carrier));
            let mut t = 0u64;
            for (k, g) in component_sets.iter().enumerate() {
                if around.intersects(g) {
                    t |= 1 << k;
                }
            }
            touches.push(t);
        }
        let all = if cells.len() == 64 {
            u64::MAX
        } else {
            (1u64 << cells.len()) - 1
        };
        Some(Solver {
            cells,
            all,
            adjacent,
            touches,
            component_cells,
            x_component: 0,
            y_component,
            memo: Memo::new(),
        })
    }

    /// Floods from component `start` through the cells of `own`.
    fn side(&self, own: u64, start: usize) -> Side {
        let mut components = 1u64 << start;
        let mut around = self.component_cells[start];
        let mut reached = around & own;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0u64;
            let mut bits = frontier;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                next |= self.adjacent[c];
                let mut fresh = self.touches[c] & !components;
                components |= fresh;
                while fresh != 0 {
                    next |= self.component_cells[fresh.trailing_zeros() as usize];
                    fresh &= fresh - 1;
                }
            }
            around |= next;
            frontier = next & own & !reached;
            reached |= frontier;
        }
        Side { components, around }
    }

    /// The free cells at distance 1, 2, ... from component `start`, counting free cells
    /// (own stones cost nothing; the last layer holds everything farther but reachable), and
    /// how many layers it takes to reach component `goal` (`None`: it cannot be reached).
    fn layers(
        &self,
        own: u64,
        free: u64,
        start: usize,
        goal: usize,
    ) -> ([u64; LAYERS], Option<usize>) {
        let mut layers = [0u64; LAYERS];
        let mut taken = 0u64;
        let mut reached = None;
        for (k, layer) in layers.iter_mut().enumerate() {
            let side = self.side(own | taken, start);
            if reached.is_none() && side.components & (1 << goal) != 0 {
                reached = Some(k);
            }
            let next = side.around & free & !taken;
            if next == 0 {
                break;
            }
            *layer = if k + 1 == LAYERS {
                let rest = self.side(own | free, start);
                if reached.is_none() && rest.components & (1 << goal) != 0 {
                    reached = Some(LAYERS);
                }
                rest.around & free & !taken
            } else {
                next
            };
            taken |= *layer;
        }
        (layers, reached)
    }

    /// Cells every path between the ends crosses: a layer of the distance count, before the
    /// goal is reached, with a single cell (a path gains at most one per free cell).
    fn cuts(layers: &[u64; LAYERS], reached: usize) -> u64 {
        layers[..reached.min(LAYERS - 1)]
            .iter()
            .filter(|l| l.count_ones() == 1)
            .fold(0, |m, l| m | l)
    }

    /// Whether the connector wins with `own` and `opponent` placed and `connector_moves` to
    /// play, and the free cells the winner needs. `may_pass`: whether the pass probe may run
    /// (not twice in a row, or it would never end).
    fn solve(
        &mut self,
        own: u64,
        opponent: u64,
        connector_moves: bool,
        may_pass: bool,
    ) -> (bool, u64) {
        let free = self.all & !own & !opponent;
        let from_x = self.side(own, self.x_component);
        if self.x_component == self.y_component || from_x.components & (1 << self.y_component) != 0
        {
            return (true, 0);
        }
        let (x_layers, x_reach) = self.layers(own, free, self.x_component, self.y_component);
        let Some(x_reach) = x_reach else {
            return (false, 0); // not even every free cell joins the ends
        };
        let (y_layers, y_reach) = self.layers(own, free, self.y_component, self.x_component);
        let y_reach = y_reach.unwrap_or(LAYERS);
        // Free cells next to both sides join them at once.
        let winning = x_layers[0] & y_layers[0];
        if connector_moves && winning != 0 {
            return (true, winning & winning.wrapping_neg());
        }
        if !connector_moves && winning.count_ones() >= 2 {
            return (true, two_of(winning));
        }
        // Cells on every path: the defender cuts with one of them.
        let cuts = Self::cuts(&x_layers, x_reach) | Self::cuts(&y_layers, y_reach);
        if !connector_moves && cuts != 0 {
            return (false, cuts & cuts.wrapping_neg());
        }
        if connector_moves && cuts.count_ones() >= 2 {
            return (false, two_of(cuts));
        }
        let key = (own, opponent | u64::from(connector_moves) << 63);
        if let Some(known) = self.memo.get(key) {
            return known;
        }
        let mut candidates = free;
        let mut losing_proof = 0u64;
        if may_pass {
            let (connector_wins, proof) = self.solve(own, opponent, !connector_moves, false);
            if connector_wins == connector_moves {
                // The mover wins even if the opponent moved instead.
                self.memo.insert(key, (connector_wins, proof));
                return (connector_wins, proof);
            }
            candidates &= proof;
            losing_proof = proof;
        }
        // A single threat must be answered on the spot.
        let threat = if connector_moves { cuts } else { winning };
        if threat != 0 {
            candidates &= threat;
            losing_proof |= threat;
        }
        // Cells on short paths first; cells on no path at all are dead and never tried.
        let layers = [x_layers, y_layers];
        let mut tried = 0u64;
        for sum in 1..=2 * LAYERS {
            for near in 1..sum.min(LAYERS + 1) {
                let far = sum - near;
                if far > LAYERS {
                    continue;
                }
                let mut bits = candidates & layers[0][near - 1] & layers[1][far - 1] & !tried;
                tried |= bits;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits &= bits - 1;
                    if candidates & bit == 0 {
                        continue;
                    }
                    let (connector_wins, proof) = if connector_moves {
                        self.solve(own | bit, opponent, false, true)
                    } else {
                        self.solve(own, opponent | bit, true, true)
                    };
                    if connector_wins == connector_moves {
                        let result = (connector_wins, proof | bit);
                        self.memo.insert(key, result);
                        return result;
                    }
                    // The opponent's answer to `bit` also beats every move outside its proof.
                    losing_proof |= proof | bit;
                    candidates &= proof;
                }
            }
        }
        let result = (!connector_moves, losing_proof);
        self.memo.insert(key, result);
        result
    }
}

/// An open-addressing table from positions to results (no std hash map in `alloc`).
struct Memo {
    /// `(own, opponent | mover << 63)`; `own == u64::MAX` marks an empty slot (a carrier has
    /// at most 63 cells).
    keys: Vec<(u64, u64)>,
    values: Vec<(bool, u64)>,
    len: usize,
}

const EMPTY_SLOT: (u64, u64) = (u64::MAX, 0);

/// The memo's largest size: 2^22 slots of 32 bytes (128 MiB).
const MAX_MEMO_SLOTS: usize = 1 << 22;

impl Memo {
    fn new() -> Memo {
        Memo {
            keys: alloc::vec![EMPTY_SLOT; 1024],
            values: alloc::vec![(false, 0); 1024],
            len: 0,
        }
    }

    fn slot(&self, key: (u64, u64)) -> usize {
        let mask = self.keys.len() - 1;
        let hash = (key.0 ^ key.1.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut i = (hash >> 24) as usize & mask;
        while self.keys[i] != EMPTY_SLOT && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: (u64, u64)) -> Option<(bool, u64)> {
        let i = self.slot(key);
        (self.keys[i] != EMPTY_SLOT).then(|| self.values[i])
    }

    fn insert(&mut self, key: (u64, u64), value: (bool, u64)) {
        if 2 * (self.len + 1) > self.keys.len() {
            if self.keys.len() >= MAX_MEMO_SLOTS {
                // Full: forget the table rather than grow without bound (results stay exact,
                // only slower).
                self.keys.fill(EMPTY_SLOT);
                self.len = 0;
            } else {
                self.grow();
            }
        }
        let i = self.slot(key);
        if self.keys[i] == EMPTY_SLOT {
            self.len += 1;
        }
        self.keys[i] = key;
        self.values[i] = value;
    }

    fn grow(&mut self) {
        let size = 2 * self.keys.len();
        let old_keys = core::mem::replace(&mut self.keys, alloc::vec![EMPTY_SLOT; size]);
        let old_values = core::mem::replace(&mut self.values, alloc::vec![(false, 0); size]);
        for (k, v) in old_keys.into_iter().zip(old_values) {
            if k != EMPTY_SLOT {
                let i = self.slot(k);
                self.keys[i] = k;
                self.values[i] = v;
            }
        }
    }
}
