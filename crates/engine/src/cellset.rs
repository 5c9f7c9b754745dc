//! `CellSet`: a set of points (cells and edges) as a fixed-size bitset.
//!
//! Carriers, groups, regions and masks are all `CellSet`s. It is `Copy`, has no heap, and every
//! operation is a handful of word operations over [`WORDS`] 64-bit words, because H-search
//! spends most of its time intersecting and uniting carriers.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use crate::point::{Point, POINT_COUNT};

/// Number of 64-bit words in a [`CellSet`]: enough for every point of the largest board.
pub const WORDS: usize = POINT_COUNT.div_ceil(64);

/// A set of [`Point`]s: every point of every board size fits.
pub type CellSet = Cells<WORDS>;

/// A set of [`Point`]s whose indices are below `64 * W`. Ordered (lexicographically by
/// words) so carriers can be sorted deterministically.
///
/// [`CellSet`] is the width for every board; H-search keeps its carriers in the narrowest
/// width that holds the board's cells ([`words_for`]), because copying, comparing and
/// intersecting carriers is most of its time and a 9x9 board needs half of a 19x19 one's
/// words.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[must_use]
pub struct Cells<const W: usize>([u64; W]);

/// The words a set of the points of a board `width` columns wide and `height` rows high
/// needs (its last cell has the highest index).
#[must_use]
pub const fn words_for(width: u8, height: u8) -> usize {
    let last = Point::cell_unchecked(width - 1, height - 1).index();
    (last + 1).div_ceil(64)
}

impl<const W: usize> Default for Cells<W> {
    fn default() -> Self {
        Cells::EMPTY
    }
}

impl<const W: usize> Cells<W> {
    pub const EMPTY: Cells<W> = Cells([0; W]);

    pub const fn new() -> Cells<W> {
        Cells::EMPTY
    }

    /// The set holding just `point`.
    pub const fn single(point: Point) -> Cells<W> {
        let mut words = [0; W];
        let i = point.index();
        words[i / 64] = 1 << (i % 64);
        Cells(words)
    }

    /// The same points in a set of `V` words: the words beyond `V` must be empty (a set of
    /// one board's cells, made narrower for that board), and the new ones are.
    #[inline]
    pub fn resized<const V: usize>(&self) -> Cells<V> {
        debug_assert!(
            self.0.iter().skip(V).all(|&w| w == 0),
            "{self} does not fit"
        );
        Cells(core::array::from_fn(|w| if w < W { self.0[w] } else { 0 }))
    }

    /// The raw words (bit `i % 64` of word `i / 64` is point index `i`).
    #[must_use]
    pub const fn words(&self) -> &[u64; W] {
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

    pub const fn with(mut self, point: Point) -> Cells<W> {
        let i = point.index();
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    pub const fn without(mut self, point: Point) -> Cells<W> {
        let i = point.index();
        self.0[i / 64] &= !(1 << (i % 64));
        self
    }

    #[must_use]
    pub const fn is_empty(&self) -> bool {
        let mut acc = 0;
        let mut w = 0;
        while w < W {
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
        while w < W {
            n += self.0[w].count_ones();
            w += 1;
        }
        n
    }

    /// `self ∩ other ≠ ∅`.
    #[must_use]
    #[inline]
    pub fn intersects(&self, other: &Cells<W>) -> bool {
        let mut acc = 0;
        for w in 0..W {
            acc |= self.0[w] & other.0[w];
        }
        acc != 0
    }

    /// `self ⊆ other`.
    #[must_use]
    #[inline]
    pub fn is_subset(&self, other: &Cells<W>) -> bool {
        let mut acc = 0;
        for w in 0..W {
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
    pub fn iter(&self) -> Iter<W> {
        Iter {
            words: self.0,
            front: 0,
            back: W,
            remaining: self.len() as usize,
        }
    }

    #[inline]
    fn zip(self, other: Cells<W>, f: impl Fn(u64, u64) -> u64) -> Cells<W> {
        Cells(core::array::from_fn(|w| f(self.0[w], other.0[w])))
    }
}

impl<const W: usize> From<Point> for Cells<W> {
    fn from(point: Point) -> Cells<W> {
        Cells::single(point)
    }
}

impl<const W: usize> FromIterator<Point> for Cells<W> {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Cells<W> {
        let mut set = Cells::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl<const W: usize> Extend<Point> for Cells<W> {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $body:expr) => {
        impl<T: Into<Cells<W>>, const W: usize> $trait<T> for Cells<W> {
            type Output = Cells<W>;
            #[inline]
            fn $method(self, rhs: T) -> Cells<W> {
                self.zip(rhs.into(), |$a, $b| $body)
            }
        }
        impl<T: Into<Cells<W>>, const W: usize> $assign_trait<T> for Cells<W> {
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

/// Iterator over a [`Cells`]' points, both ends, exact size.
#[derive(Clone, Debug)]
pub struct Iter<const W: usize> {
    words: [u64; W],
    front: usize,
    back: usize,
    remaining: usize,
}

impl<const W: usize> Iterator for Iter<W> {
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

impl<const W: usize> DoubleEndedIterator for Iter<W> {
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

impl<const W: usize> ExactSizeIterator for Iter<W> {}
impl<const W: usize> core::iter::FusedIterator for Iter<W> {}

impl<const W: usize> IntoIterator for Cells<W> {
    type Item = Point;
    type IntoIter = Iter<W>;
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> IntoIterator for &Cells<W> {
    type Item = Point;
    type IntoIter = Iter<W>;
    fn into_iter(self) -> Iter<W> {
        self.iter()
    }
}

impl<const W: usize> fmt::Debug for Cells<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Space-separated point names, e.g. `a1 b2 north`.
impl<const W: usize> fmt::Display for Cells<W> {
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

    #[test]
    fn a_board_fits_its_width() {
        use crate::point::MAX_SIZE;
        for width in 1..=MAX_SIZE {
            for height in 1..=MAX_SIZE {
                let words = words_for(width, height);
                assert!(words <= WORDS);
                for col in 0..width {
                    for row in 0..height {
                        assert!(Point::cell_unchecked(col, row).index() < 64 * words);
                    }
                }
            }
        }
        assert_eq!(words_for(9, 9), 3);
        assert_eq!(words_for(11, 11), 4);
        assert_eq!(words_for(19, 19), WORDS);
    }

    #[test]
    fn resizing_keeps_the_points() {
        let wide: CellSet = [p("north"), p("a1"), p("i9"), p("j10")]
            .into_iter()
            .collect();
        let narrow: Cells<3> = wide.resized();
        assert_eq!(
            narrow.iter().collect::<Vec<_>>(),
            wide.iter().collect::<Vec<_>>()
        );
        assert_eq!(narrow.resized::<WORDS>(), wide);
        assert_eq!(narrow.len(), 4);
        assert_eq!(
            (narrow - Cells::single(p("a1"))).resized::<WORDS>(),
            wide - p("a1")
        );
    }

    use alloc::format;
}
