//! A fixed-size bitset of graph vertices: the rows of a [`ShannonGraph`](super::ShannonGraph)'s
//! adjacency matrix and the sets its recognisers return.

use core::fmt;

/// A vertex of a Shannon graph. Graphs built from Hex positions use [`Point::index`](crate::Point::index)
/// (crate::Point::index) as the vertex, so edges and cells keep their numbers.
pub type Vertex = u16;

const WORDS: usize = 6;

/// The largest number of vertices a [`ShannonGraph`](super::ShannonGraph) can hold: enough for
/// every point of a 19x19 Hex board (365) and for general graphs of a few hundred vertices.
pub const MAX_VERTICES: usize = WORDS * 64;

/// A set of vertices below [`MAX_VERTICES`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VertexSet([u64; WORDS]);

impl VertexSet {
    pub const EMPTY: VertexSet = VertexSet([0; WORDS]);

    /// The set `{0, 1, …, count - 1}` (saturating at [`MAX_VERTICES`]).
    #[must_use]
    pub fn below(count: usize) -> VertexSet {
        let mut set = VertexSet::EMPTY;
        for (i, word) in set.0.iter_mut().enumerate() {
            let start = i * 64;
            if count >= start + 64 {
                *word = u64::MAX;
            } else if count > start {
                *word = (1u64 << (count - start)) - 1;
            }
        }
        set
    }

    #[must_use]
    pub fn single(v: Vertex) -> VertexSet {
        VertexSet::EMPTY.with(v)
    }

    #[must_use]
    pub const fn contains(&self, v: Vertex) -> bool {
        let i = v as usize;
        i < MAX_VERTICES && self.0[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Adds `v`. Vertices at or beyond [`MAX_VERTICES`] are ignored (debug builds assert).
    pub fn insert(&mut self, v: Vertex) {
        let i = v as usize;
        debug_assert!(i < MAX_VERTICES, "vertex {i} out of range");
        if i < MAX_VERTICES {
            self.0[i / 64] |= 1u64 << (i % 64);
        }
    }

    pub fn remove(&mut self, v: Vertex) {
        let i = v as usize;
        if i < MAX_VERTICES {
            self.0[i / 64] &= !(1u64 << (i % 64));
        }
    }

    #[must_use]
    pub fn with(mut self, v: Vertex) -> VertexSet {
        self.insert(v);
        self
    }

    #[must_use]
    pub fn without(mut self, v: Vertex) -> VertexSet {
        self.remove(v);
        self
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[must_use]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[must_use]
    pub fn intersects(&self, other: &VertexSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    #[must_use]
    pub fn is_subset(&self, other: &VertexSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    #[must_use]
    pub fn first(&self) -> Option<Vertex> {
        self.iter().next()
    }

    /// The vertices in increasing order (the iterator owns a copy of the set).
    pub fn iter(&self) -> impl Iterator<Item = Vertex> {
        let words = self.0;
        words.into_iter().enumerate().flat_map(|(i, word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                Some((i * 64) as Vertex + bit as Vertex)
            })
        })
    }

    #[must_use]
    pub fn union(&self, other: &VertexSet) -> VertexSet {
        let mut out = *self;
        out.0
            .iter_mut()
            .zip(other.0.iter())
            .for_each(|(a, b)| *a |= b);
        out
    }

    #[must_use]
    pub fn intersection(&self, other: &VertexSet) -> VertexSet {
        let mut out = *self;
        out.0
            .iter_mut()
            .zip(other.0.iter())
            .for_each(|(a, b)| *a &= b);
        out
    }

    #[must_use]
    pub fn difference(&self, other: &VertexSet) -> VertexSet {
        let mut out = *self;
        out.0
            .iter_mut()
            .zip(other.0.iter())
            .for_each(|(a, b)| *a &= !b);
        out
    }
}

impl FromIterator<Vertex> for VertexSet {
    fn from_iter<I: IntoIterator<Item = Vertex>>(iter: I) -> VertexSet {
        let mut set = VertexSet::EMPTY;
        for v in iter {
            set.insert(v);
        }
        set
    }
}

impl fmt::Debug for VertexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for VertexSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}
