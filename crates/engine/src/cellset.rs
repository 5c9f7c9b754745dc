//! `CellSet`: a set of points (cells and edges) as a fixed-size bitset.
//!
//! Carriers, groups, regions and masks are all `CellSet`s. It is `Copy`, has no heap, and every
//! operation is a handful of word operations over [`WORDS`] 64-bit words, because H-search
//! spends most of its time intersecting and uniting carriers.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use crate::point::{Point, POINT_COUNT};

/// Number of 64-bit words in a [`CellSet`].
pub const WORDS: usize = POINT_COUNT.div_ceil(64);

/// A set of [`Point`]s. Ordered (lexicographically by words) so carriers can be sorted
/// deterministically.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[must_use]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    pub const fn new() -> CellSet {
        CellSet::EMPTY
    }

    /// The set holding just `point`.
    pub const fn single(point: Point) -> CellSet {
        let mut words = [0; WORDS];
        let i = point.index();
        words[i / 64] = 1 << (i % 64);
        CellSet(words)
    }

    /// The raw words (bit `i % 64` of word `i / 64` is point index `i`).
    #[must_use]
    pub const fn words(&self) -> &[u64; WORDS] {
        &self.0
    }

    #[must_use]
    pub const fn contains(&self, point: Point) -> bool {
        let i = point.index();
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn insert(&mut self, point: Point) {
        let i = point.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub fn remove(&mut self, point: Point) {
        let i = point.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub const fn with(mut self, point: Point) -> CellSet {
        let i = point.index();
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    pub const fn without(mut self, point: Point) -> CellSet {
        let i = point.index();
        self.0[i / 64] &= !(1 << (i % 64));
        self
    }

    #[must_use]
    pub const fn is_empty(&self) -> bool {
        let mut acc = 0;
        let mut w = 0;
        while w < WORDS {
            acc |= self.0[w];
            w += 1;
        }
        acc == 0
    }

    /// Number of points in the set.
    #[must_use]
    pub const fn len(&self) -> u32 {
        let mut n = 0;
        let mut w = 0;
        while w < WORDS {
            n += self.0[w].count_ones();
            w += 1;
        }
        n
    }

    /// `self ∩ other ≠ ∅`.
    #[must_use]
    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        let mut acc = 0;
        for w in 0..WORDS {
            acc |= self.0[w] & other.0[w];
        }
        acc != 0
    }

    /// `self ⊆ other`.
    #[must_use]
    #[inline]
    pub fn is_subset(&self, other: &CellSet) -> bool {
        let mut acc = 0;
        for w in 0..WORDS {
            acc |= self.0[w] & !other.0[w];
        }
        acc == 0
    }

    /// The point with the smallest index.
    #[must_use]
    pub fn first(&self) -> Option<Point> {
        for (w, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Point::from_index(w * 64 + word.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Iterates the points in increasing index order.
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            front: 0,
            back: WORDS,
            remaining: self.len() as usize,
        }
    }

    #[inline]
    fn zip(self, other: CellSet, f: impl Fn(u64, u64) -> u64) -> CellSet {
        CellSet(core::array::from_fn(|w| f(self.0[w], other.0[w])))
    }
}

impl From<Point> for CellSet {
    fn from(point: Point) -> CellSet {
        CellSet::single(point)
    }
}

impl FromIterator<Point> for CellSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl Extend<Point> for CellSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $body:expr) => {
        impl<T: Into<CellSet>> $trait<T> for CellSet {
            type Output = CellSet;
            #[inline]
            fn $method(self, rhs: T) -> CellSet {
                self.zip(rhs.into(), |$a, $b| $body)
            }
        }
        impl<T: Into<CellSet>> $assign_trait<T> for CellSet {
            #[inline]
            fn $assign_method(&mut self, rhs: T) {
                *self = self.zip(rhs.into(), |$a, $b| $body);
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
// Set difference: `a - b` keeps the points of `a` that are not in `b`.
set_operator!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

/// Iterator over a [`CellSet`]'s points, both ends, exact size.
#[derive(Clone, Debug)]
pub struct Iter {
    words: [u64; WORDS],
    front: usize,
    back: usize,
    remaining: usize,
}

impl Iterator for Iter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.front < self.back {
            let word = &mut self.words[self.front];
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                self.remaining -= 1;
                return Point::from_index(self.front * 64 + bit);
            }
            self.front += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Point> {
        while self.front < self.back {
            let word = &mut self.words[self.back - 1];
            if *word != 0 {
                let bit = 63 - word.leading_zeros() as usize;
                *word &= !(1 << bit);
                self.remaining -= 1;
                return Point::from_index((self.back - 1) * 64 + bit);
            }
            self.back -= 1;
        }
        None
    }
}

impl ExactSizeIterator for Iter {}
impl core::iter::FusedIterator for Iter {}

impl IntoIterator for CellSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &CellSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Space-separated point names, e.g. `a1 b2 north`.
impl fmt::Display for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    #[test]
    fn set_algebra() {
        let a: CellSet = [p("a1"), p("b2"), p("s19")].into_iter().collect();
        let b: CellSet = [p("b2"), p("north")].into_iter().collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [p("b2")]);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), [p("a1"), p("s19")]);
        assert_eq!((a ^ b).len(), 3);
        assert!(a.intersects(&b));
        assert!(!(a - b).intersects(&b));
        assert!((a & b).is_subset(&a));
        assert!(!a.is_subset(&b));
        assert!(CellSet::EMPTY.is_subset(&b));
        assert_eq!(a.first(), Some(p("a1")));
        assert_eq!(a.iter().next_back(), Some(p("s19")));
        assert_eq!(
            a.iter().rev().collect::<Vec<_>>(),
            [p("s19"), p("b2"), p("a1")]
        );
        assert_eq!(a.iter().len(), 3);
        assert_eq!(format!("{b}"), "north b2");
    }

    #[test]
    fn every_point_fits() {
        let mut all = CellSet::EMPTY;
        for i in 0..POINT_COUNT {
            all.insert(Point::from_index(i).unwrap());
        }
        assert_eq!(all.len() as usize, POINT_COUNT);
        assert_eq!(all.iter().count(), POINT_COUNT);
        assert_eq!(all.iter().rev().count(), POINT_COUNT);
        for i in 0..POINT_COUNT {
            all.remove(Point::from_index(i).unwrap());
        }
        assert!(all.is_empty());
    }

    use alloc::format;
}
