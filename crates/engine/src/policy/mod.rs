//! Move patterns: how likely a good move a cell is, from what lies around it.
//!
//! The Monte Carlo search makes a node's children all at once, and until RAVE has seen some
//! playouts it tries them in cell order. MoHex 2.0 (Huang, Arneson, Hayward, Müller and
//! Pawlewicz 2013) gained about 250 Elo on 11x11 by giving each new child a prior from
//! learned board patterns. This module is that prior: a cell's **features** (the stones
//! and edges within distance two, its place relative to the last two moves, whether it
//! saves a bridge the last move intruded into, its distance from the edges) and a
//! **weight** (Coulom's gamma) per feature value; a cell's strength is the product of its
//! features' gammas, and a move's probability its strength over the sum of all moves'
//! (a generalised Bradley-Terry model, Coulom 2007).
//!
//! The gammas are fitted to where Ohm's own search spends its playouts (the root's visit
//! shares of self-play positions) by `examples/policy_train.rs`, which writes
//! [`weights`]; `examples/policy_data.rs` makes the data. Everything is seen from the side
//! to move: its stones and edges are "own", and for White the board is read transposed,
//! so that one pattern serves both colours. A pattern and its half-turn are one.

mod weights;

use crate::inferior::local::WINDOW;

/// A cell's state as the side to move sees it.
const EMPTY: u64 = 0;
const OWN: u64 = 1;
const THEIRS: u64 = 2;
/// Off the board beyond a corner, where no edge owns it.
const OFF: u64 = 3;

/// The window positions within distance two of a cell, in [`WINDOW`]'s order (its first
/// ring, then the second), without the cell itself.
const AROUND: usize = 18;

/// For each of the [`AROUND`] positions, the one the half-turn puts there: both rings are
/// listed in rotational order, so the partner is half a ring on.
const HALF_TURN: [usize; AROUND] = {
    let mut partner = [0; AROUND];
    let mut i = 0;
    while i < AROUND {
        partner[i] = if i < 6 {
            (i + 3) % 6
        } else {
            6 + (i - 6 + 6) % 12
        };
        i += 1;
    }
    partner
};

/// Pattern codes of the first ring alone (six positions, two bits each).
pub const NEAR_CODES: usize = 1 << 12;

/// A first-ring pattern code (below [`NEAR_CODES`]) seen after the half-turn: its canonical
/// form, as [`Features::near`] holds it, is the smaller of the two.
#[must_use]
pub fn near_half_turn(code: usize) -> usize {
    (0..6).fold(0, |turned, i| {
        turned | ((code >> (2 * i)) & 3) << (2 * HALF_TURN[i])
    })
}
/// Classes of a cell's place relative to a move: distance three or more (or no move),
/// adjacent, a bridge away, another cell at distance two.
pub const PLACES: usize = 4;
/// Edge-distance classes: distance 0-4+ from the nearest own edge times the same from the
/// nearest opponent's edge.
pub const EDGE_CLASSES: usize = 25;

/// A board's shape and the cells of a position on it, in the compact row-major indices of
/// the Monte Carlo search's playouts ([`crate::mcts::playout`]: 0 empty, 1 Black, 2
/// White).
#[derive(Clone, Copy, Debug)]
pub struct Cells<'a> {
    pub width: u8,
    pub height: u8,
    pub cells: &'a [u8],
}

/// A candidate move's features: each is one value of one group, and the candidate's
/// strength is the product of the groups' gammas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// The first ring's pattern (canonical under the half-turn), below [`NEAR_CODES`].
    pub near: u16,
    /// Both rings' pattern (canonical under the half-turn), 36 bits.
    pub ring: u64,
    /// The place relative to the opponent's last move (below [`PLACES`]).
    pub last: u8,
    /// The place relative to the mover's own last move.
    pub own_last: u8,
    /// The cell answers the opponent's last move, an intrusion into one of the mover's
    /// bridges or edge links (the other cell of the carrier).
    pub save: bool,
    /// The edge-distance class (below [`EDGE_CLASSES`]).
    pub edges: u8,
}

impl Cells<'_> {
    fn col_row(&self, i: usize) -> (i16, i16) {
        let w = usize::from(self.width);
        ((i % w) as i16, (i / w) as i16)
    }

    /// The state of the cell at `(col, row)` for `mover` (a stone value), edges included.
    fn state(&self, col: i16, row: i16, mover: u8) -> u64 {
        let col_out = col < 0 || col >= i16::from(self.width);
        let row_out = row < 0 || row >= i16::from(self.height);
        let owner = match (col_out, row_out) {
            (false, false) => self.cells[row as usize * usize::from(self.width) + col as usize],
            // Beyond the first or last row: Black's edge; beyond a column: White's.
            (false, true) => 1,
            (true, false) => 2,
            (true, true) => return OFF,
        };
        match owner {
            0 => EMPTY,
            o if o == mover => OWN,
            _ => THEIRS,
        }
    }

    /// The features of a move by `mover` (1 Black, 2 White) at the empty cell `cell`,
    /// `last` the opponent's last move and `own_last` the mover's.
    #[must_use]
    pub fn features(
        &self,
        cell: usize,
        mover: u8,
        last: Option<usize>,
        own_last: Option<usize>,
    ) -> Features {
        let (col, row) = self.col_row(cell);
        // White reads the board transposed, so that its edges lie where Black's do.
        let white = mover == 2;
        let mut code = 0u64;
        let mut turned = 0u64;
        for (i, &(dc, dr)) in WINDOW[1..=AROUND].iter().enumerate() {
            let (dc, dr) = if white { (dr, dc) } else { (dc, dr) };
            let s = self.state(col + i16::from(dc), row + i16::from(dr), mover);
            code |= s << (2 * i);
            turned |= s << (2 * HALF_TURN[i]);
        }
        let near = (code & 0xfff).min(turned & 0xfff) as u16;
        let ring = code.min(turned);
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        let from_rows = row.min(h - 1 - row).min(4) as u8;
        let from_cols = col.min(w - 1 - col).min(4) as u8;
        let (own, theirs) = if white {
            (from_cols, from_rows)
        } else {
            (from_rows, from_cols)
        };
        Features {
            near,
            ring,
            last: self.place(cell, last),
            own_last: self.place(cell, own_last),
            save: last.is_some_and(|l| self.saves(cell, l, mover)),
            edges: own * 5 + theirs,
        }
    }

    /// The place of `cell` relative to `other` (a [`PLACES`] class).
    fn place(&self, cell: usize, other: Option<usize>) -> u8 {
        let Some(other) = other else { return 0 };
        let ((c, r), (oc, or)) = (self.col_row(cell), self.col_row(other));
        let (dc, dr) = (c - oc, r - or);
        match (dc.abs() + dr.abs() + (dc + dr).abs()) / 2 {
            1 => 1,
            // The six bridge points: the distance-two cells that share two neighbours with
            // `other`, (1,1), (-1,2), (-2,1) and their half-turns.
            2 if matches!(
                (dc, dr),
                (1, 1) | (-1, -1) | (-1, 2) | (1, -2) | (-2, 1) | (2, -1)
            ) =>
            {
                2
            }
            2 => 3,
            _ => 0,
        }
    }

    /// Whether `cell` is the other carrier cell of a bridge or edge link of `mover` that
    /// the move at `intrusion` broke into: both cells are adjacent, and the two cells
    /// adjacent to both belong to the mover.
    fn saves(&self, cell: usize, intrusion: usize, mover: u8) -> bool {
        let ((c, r), (ic, ir)) = (self.col_row(cell), self.col_row(intrusion));
        let ring = &WINDOW[1..7];
        let Some(k) = ring
            .iter()
            .position(|&(dc, dr)| (ic + i16::from(dc), ir + i16::from(dr)) == (c, r))
        else {
            return false;
        };
        // Consecutive ring directions touch, so the cells at k - 1 and k + 1 around the
        // intrusion are the two common neighbours of it and `cell`.
        [ring[(k + 5) % 6], ring[(k + 1) % 6]]
            .iter()
            .all(|&(dc, dr)| self.state(ic + i16::from(dc), ir + i16::from(dr), mover) == OWN)
    }
}

/// The gammas of each feature group.
#[derive(Clone, Copy, Debug)]
pub struct Gammas {
    pub near: &'static [f32; NEAR_CODES],
    /// Both rings' patterns seen often enough in training, sorted by code; any other
    /// pattern has [`Gammas::rare_ring`].
    pub ring: &'static [(u64, f32)],
    pub rare_ring: f32,
    pub last: [f32; PLACES],
    pub own_last: [f32; PLACES],
    pub save: [f32; 2],
    pub edges: [f32; EDGE_CLASSES],
}

impl Gammas {
    /// The gammas fitted by `examples/policy_train.rs` ([`weights`]).
    pub const LEARNED: Gammas = weights::LEARNED;

    /// A candidate's strength: the product of its features' gammas.
    #[must_use]
    pub fn strength(&self, f: &Features) -> f32 {
        let ring = match self.ring.binary_search_by_key(&f.ring, |&(code, _)| code) {
            Ok(k) => self.ring[k].1,
            Err(_) => self.rare_ring,
        };
        self.near[usize::from(f.near)]
            * ring
            * self.last[usize::from(f.last)]
            * self.own_last[usize::from(f.own_last)]
            * self.save[usize::from(f.save)]
            * self.edges[usize::from(f.edges)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5x5 board's cells.
    fn on_5x5(cells: &[u8]) -> Cells<'_> {
        Cells {
            width: 5,
            height: 5,
            cells,
        }
    }

    fn board(size: u8, stones: &[(u8, u8, u8)]) -> alloc::vec::Vec<u8> {
        let mut cells = alloc::vec![0u8; usize::from(size) * usize::from(size)];
        for &(col, row, stone) in stones {
            cells[usize::from(row) * usize::from(size) + usize::from(col)] = stone;
        }
        cells
    }

    #[test]
    fn the_half_turn_pairs_each_position_with_its_opposite() {
        for (i, &(dc, dr)) in WINDOW[1..=AROUND].iter().enumerate() {
            assert_eq!(WINDOW[1 + HALF_TURN[i]], (-dc, -dr));
        }
    }

    #[test]
    fn a_position_and_its_half_turn_have_the_same_features() {
        // Black stones at b2 and c4, White at d3 on 5x5; the half-turn maps (c, r) to
        // (4 - c, 4 - r).
        let stones = [(1, 1, 1), (2, 3, 1), (3, 2, 2)];
        let turned: alloc::vec::Vec<_> =
            stones.iter().map(|&(c, r, s)| (4 - c, 4 - r, s)).collect();
        let (a, b) = (board(5, &stones), board(5, &turned));
        let (a, b) = (on_5x5(&a), on_5x5(&b));
        for cell in 0..25 {
            if a.cells[cell] != 0 {
                continue;
            }
            let opposite = 24 - cell;
            for mover in [1, 2] {
                assert_eq!(
                    a.features(cell, mover, Some(7), Some(17)),
                    b.features(opposite, mover, Some(24 - 7), Some(24 - 17)),
                    "cell {cell}, mover {mover}"
                );
            }
        }
    }

    #[test]
    fn the_colours_and_the_transpose_give_the_same_features() {
        // White to move on a board is Black to move on its transpose with the colours
        // swapped.
        let stones = [(1, 1, 1), (2, 3, 1), (3, 2, 2), (0, 4, 2)];
        let mirrored: alloc::vec::Vec<_> = stones.iter().map(|&(c, r, s)| (r, c, 3 - s)).collect();
        let (a, b) = (board(5, &stones), board(5, &mirrored));
        let (a, b) = (on_5x5(&a), on_5x5(&b));
        let t = |i: usize| (i % 5) * 5 + i / 5;
        for cell in 0..25 {
            if a.cells[cell] == 0 {
                assert_eq!(
                    a.features(cell, 2, Some(8), Some(11)),
                    b.features(t(cell), 1, Some(t(8)), Some(t(11))),
                    "cell {cell}"
                );
            }
        }
    }

    #[test]
    fn the_other_carrier_cell_of_an_intruded_bridge_saves_it() {
        // Black at b2 and c3 (a bridge: carrier c2 and b3); White intrudes at c2.
        let cells = board(5, &[(1, 1, 1), (2, 2, 1), (2, 1, 2)]);
        let cells = on_5x5(&cells);
        let index = |c: usize, r: usize| r * 5 + c;
        let b3 = cells.features(index(1, 2), 1, Some(index(2, 1)), None);
        assert!(b3.save);
        assert_eq!(b3.last, 1);
        let d2 = cells.features(index(3, 1), 1, Some(index(2, 1)), None);
        assert!(!d2.save);
        // An edge link: b2's carrier to the top edge is b1 and c1; White intrudes at b1.
        let cells = board(5, &[(1, 1, 1), (1, 0, 2)]);
        let cells = on_5x5(&cells);
        assert!(cells.features(index(2, 0), 1, Some(index(1, 0)), None).save);
    }
}
