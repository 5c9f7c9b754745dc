//! The solver's transposition table: what is known of each position met, keyed by its
//! Zobrist hash, in a bounded number of bytes.
//!
//! Four-way buckets; a new position takes an empty slot of its bucket or the one whose
//! subtree cost the least work (the cheapest to find again), as Benzene's DFPN table does.

use alloc::vec::Vec;
use core::mem::size_of;

use super::bounds::Bounds;
use crate::cellset::CellSet;
use crate::point::Point;

/// What the solver keeps of one position (for the player to move there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeData {
    pub bounds: Bounds,
    /// The move the search last followed; once solved, the winning move (the cheapest one
    /// found) or, for a loss, the most resistant one.
    pub best: Option<Point>,
    /// MID calls and node creations spent under this node, in all.
    pub work: u64,
    /// Unsolved: the empty cells a win of the mover can need at most (every empty cell but
    /// the opponent's fill-in). Won or lost: the proof, the empty cells the winner's
    /// strategy needs (see [`super::proof`]).
    pub proof: CellSet,
    /// The empty cells a win of the *opponent* relies on besides the children's proofs: its
    /// fill-in, the carriers that restrict the mover to the must-play region, and the
    /// answers that kill the mover's vulnerable cells.
    pub loss_support: CellSet,
    /// The moves worth trying, best first (empty once solved by the node's own analysis).
    pub children: Vec<Point>,
    /// Hash of the position with its fill-in: a solved result is stored there too.
    pub filled_hash: u64,
    /// Solved, or analysed in full; `false` for a position known by a glance only
    /// ([`super::node::Depth::Glance`]): its children are not listed yet.
    pub complete: bool,
}

impl NodeData {
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.bounds.is_solved()
    }
}

#[derive(Clone, Debug)]
struct Slot {
    key: u64,
    data: NodeData,
}

/// How often the table answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    pub lookups: u64,
    pub hits: u64,
    pub stores: u64,
    /// Stores that pushed another position out.
    pub replacements: u64,
}

const WAYS: usize = 4;

/// Bytes of heap a stored child list takes on average (the slot count assumes it).
const TYPICAL_CHILD_BYTES: usize = 24 * size_of::<Point>();

/// The bytes a slot is counted for: its size on a 64-bit target and a typical child list.
/// The same on every target, so that a table of so many MiB has as many slots natively as
/// in the browser's wasm32 (where a slot is smaller) and the solver does the same work on
/// both: the same positions replaced, the same tree, the same nodes.
const SLOT_BYTES: usize = 160 + TYPICAL_CHILD_BYTES;

/// A bounded table of [`NodeData`].
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Option<Slot>>,
    buckets: usize,
    stats: TableStats,
    used: usize,
}

impl Table {
    /// A table of about `mib` mebibytes (at least one bucket).
    #[must_use]
    pub fn with_mib(mib: u32) -> Table {
        let bytes = (mib as usize).saturating_mul(1 << 20);
        let buckets = (bytes / SLOT_BYTES / WAYS).max(1);
        let mut slots = Vec::new();
        slots.resize_with(buckets * WAYS, || None);
        Table {
            slots,
            buckets,
            stats: TableStats::default(),
            used: 0,
        }
    }

    fn bucket(&self, key: u64) -> core::ops::Range<usize> {
        // The high bits pick the bucket (the low ones are shared by positions a move apart
        // less often than one would like with xor-ed keys), in 64-bit arithmetic so that
        // wasm32's 32-bit `usize` picks the same buckets.
        let b = (((key >> 32) ^ key) % self.buckets as u64) as usize;
        b * WAYS..(b + 1) * WAYS
    }

    /// What is known of the position `key`.
    pub fn get(&mut self, key: u64) -> Option<&NodeData> {
        self.stats.lookups += 1;
        let range = self.bucket(key);
        let found = self.slots[range]
            .iter()
            .flatten()
            .find(|s| s.key == key)
            .map(|s| &s.data);
        if found.is_some() {
            self.stats.hits += 1;
        }
        found
    }

    /// Stores `data` for `key`, replacing what was there or the least worked-on position of
    /// the bucket.
    pub fn store(&mut self, key: u64, data: NodeData) {
        self.stats.stores += 1;
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        let index = bucket
            .iter()
            .position(|s| s.as_ref().is_some_and(|s| s.key == key))
            .or_else(|| bucket.iter().position(Option::is_none))
            .unwrap_or_else(|| {
                self.stats.replacements += 1;
                let mut cheapest = 0;
                for (i, s) in bucket.iter().enumerate() {
                    let work = s.as_ref().map_or(0, |s| s.data.work);
                    let least = bucket[cheapest].as_ref().map_or(0, |s| s.data.work);
                    if work < least {
                        cheapest = i;
                    }
                }
                cheapest
            });
        if bucket[index].is_none() {
            self.used += 1;
        }
        bucket[index] = Some(Slot { key, data });
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = None;
        }
        self.used = 0;
        self.stats = TableStats::default();
    }

    #[must_use]
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Positions stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.used
    }

    /// Slots in all.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Bytes the table holds now: its slots and the child lists stored in them.
    #[must_use]
    pub fn bytes(&self) -> usize {
        let children: usize = self
            .slots
            .iter()
            .flatten()
            .map(|s| s.data.children.capacity() * size_of::<Point>())
            .sum();
        self.slots.len() * size_of::<Option<Slot>>() + children
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(work: u64) -> NodeData {
        NodeData {
            bounds: Bounds::UNKNOWN,
            best: None,
            work,
            proof: CellSet::EMPTY,
            loss_support: CellSet::EMPTY,
            children: Vec::new(),
            filled_hash: 0,
            complete: true,
        }
    }

    #[test]
    fn a_slot_is_counted_for_its_size_on_64_bit_targets_and_more_elsewhere() {
        let counted = SLOT_BYTES - TYPICAL_CHILD_BYTES;
        if cfg!(target_pointer_width = "64") {
            assert_eq!(
                size_of::<Option<Slot>>(),
                counted,
                "a slot changed size: count it anew in SLOT_BYTES"
            );
        } else {
            assert!(size_of::<Option<Slot>>() <= counted);
        }
    }

    #[test]
    fn stores_and_finds_by_key() {
        let mut t = Table::with_mib(1);
        t.store(42, data(3));
        assert_eq!(t.get(42).map(|d| d.work), Some(3));
        assert!(t.get(43).is_none());
        t.store(42, data(5));
        assert_eq!(t.get(42).map(|d| d.work), Some(5));
        assert_eq!(t.len(), 1);
    }

    #[test]
    fn a_full_bucket_loses_its_cheapest_position() {
        let mut t = Table::with_mib(0);
        assert_eq!(t.capacity(), WAYS);
        for (key, work) in [(1, 10), (2, 1), (3, 7), (4, 9)] {
            t.store(key, data(work));
        }
        t.store(5, data(4));
        assert!(t.get(2).is_none(), "the least work goes");
        for key in [1, 3, 4, 5] {
            assert!(t.get(key).is_some());
        }
        assert_eq!(t.stats().replacements, 1);
    }
}
