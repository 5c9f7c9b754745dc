//! The transposition table: one slot per `hash & mask`, always replaced (the newest result
//! is the most useful to iterative deepening), keyed by the full Zobrist hash.

use alloc::vec;
use alloc::vec::Vec;

use crate::point::Point;

/// What a stored score means relative to the window it was searched with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    pub key: u64,
    pub score: i32,
    pub depth: u16,
    pub bound: Bound,
    pub best: Option<Point>,
}

#[derive(Clone, Debug)]
pub struct TranspositionTable {
    slots: Vec<Option<TtEntry>>,
    /// Leaves' scores (key, score), apart from the nodes' slots so that the many leaves do
    /// not push out the nodes' moves; as many slots, allocated at the first leaf stored
    /// (only a search that reuses children stores any).
    leaves: Vec<Option<(u64, i32)>>,
    mask: u64,
}

impl TranspositionTable {
    /// A table of `2^bits` slots (`bits` clamped to 4..=24).
    #[must_use]
    pub fn new(bits: u32) -> TranspositionTable {
        let bits = bits.clamp(4, 24);
        TranspositionTable {
            slots: vec![None; 1usize << bits],
            leaves: Vec::new(),
            mask: (1u64 << bits) - 1,
        }
    }

    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.slots[(key & self.mask) as usize].filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: TtEntry) {
        self.slots[(entry.key & self.mask) as usize] = Some(entry);
    }

    /// The score stored for the leaf with `key`, if its slot still holds it.
    #[must_use]
    pub fn probe_leaf(&self, key: u64) -> Option<i32> {
        self.leaves
            .get((key & self.mask) as usize)
            .copied()
            .flatten()
            .filter(|&(k, _)| k == key)
            .map(|(_, score)| score)
    }

    /// Stores a leaf's score (always replacing).
    pub fn store_leaf(&mut self, key: u64, score: i32) {
        if self.leaves.is_empty() {
            self.leaves = vec![None; self.slots.len()];
        }
        self.leaves[(key & self.mask) as usize] = Some((key, score));
    }
}
