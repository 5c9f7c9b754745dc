//! Points: the four edges and the cells of the board, in one index space.
//!
//! As in Benzene, the edges are points numbered before the cells, so union-find, connection
//! ends and the circuit treat an edge like any other node. Cells use a fixed stride of
//! [`MAX_SIZE`] whatever the board's size, so a [`CellSet`](crate::CellSet) means the same on
//! every board and needs no translation between sizes.

use core::fmt;

use crate::Color;

/// The largest board side Ohm supports (`s19`).
pub const MAX_SIZE: u8 = 19;

/// Number of edge points (they come first).
pub const EDGE_COUNT: u16 = 4;

/// One past the largest point index.
pub const POINT_COUNT: usize = EDGE_COUNT as usize + MAX_SIZE as usize * MAX_SIZE as usize;

/// A board edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edge {
    /// Row 1, Black's.
    North,
    /// The last row, Black's.
    South,
    /// Column `a`, White's.
    West,
    /// The last column, White's.
    East,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::North, Edge::South, Edge::West, Edge::East];

    /// The player this edge belongs to.
    #[must_use]
    pub const fn owner(self) -> Color {
        match self {
            Edge::North | Edge::South => Color::Black,
            Edge::West | Edge::East => Color::White,
        }
    }

    #[must_use]
    pub const fn point(self) -> Point {
        Point(self as u16)
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::South => "south",
            Edge::West => "west",
            Edge::East => "east",
        }
    }

    /// The two edges a player connects.
    #[must_use]
    pub const fn of(color: Color) -> (Edge, Edge) {
        match color {
            Color::Black => (Edge::North, Edge::South),
            Color::White => (Edge::West, Edge::East),
        }
    }
}

/// An edge or a cell. Cheap to copy; ordered by index (edges first, then row-major cells).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u16);

impl Point {
    pub const NORTH: Point = Edge::North.point();
    pub const SOUTH: Point = Edge::South.point();
    pub const WEST: Point = Edge::West.point();
    pub const EAST: Point = Edge::East.point();

    /// The cell at 0-based `col`, `row`, or `None` outside the largest board.
    #[must_use]
    pub const fn cell(col: u8, row: u8) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point::cell_unchecked(col, row))
        } else {
            None
        }
    }

    /// The cell at `col`, `row`; the caller guarantees both are below [`MAX_SIZE`].
    #[must_use]
    pub const fn cell_unchecked(col: u8, row: u8) -> Point {
        debug_assert!(col < MAX_SIZE && row < MAX_SIZE);
        Point(EDGE_COUNT + row as u16 * MAX_SIZE as u16 + col as u16)
    }

    /// The point with this raw index, if the index is in range.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < POINT_COUNT {
            Some(Point(index as u16))
        } else {
            None
        }
    }

    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[must_use]
    pub const fn is_edge(self) -> bool {
        self.0 < EDGE_COUNT
    }

    #[must_use]
    pub const fn is_cell(self) -> bool {
        !self.is_edge()
    }

    /// The edge this point is, if it is one.
    #[must_use]
    pub const fn edge(self) -> Option<Edge> {
        match self.0 {
            0 => Some(Edge::North),
            1 => Some(Edge::South),
            2 => Some(Edge::West),
            3 => Some(Edge::East),
            _ => None,
        }
    }

    /// 0-based (column, row) of a cell; `None` for an edge.
    #[must_use]
    pub const fn col_row(self) -> Option<(u8, u8)> {
        if self.is_edge() {
            None
        } else {
            let i = self.0 - EDGE_COUNT;
            Some(((i % MAX_SIZE as u16) as u8, (i / MAX_SIZE as u16) as u8))
        }
    }

    /// The cell mirrored across the long diagonal (column and row exchanged): where the swap
    /// rule moves the first stone. Edges map to the other player's matching edge.
    #[must_use]
    pub const fn mirrored(self) -> Point {
        match self.0 {
            0 => Point::WEST,
            1 => Point::EAST,
            2 => Point::NORTH,
            3 => Point::SOUTH,
            _ => {
                let i = self.0 - EDGE_COUNT;
                let (col, row) = ((i % MAX_SIZE as u16) as u8, (i / MAX_SIZE as u16) as u8);
                Point::cell_unchecked(row, col)
            }
        }
    }

    /// Parses a cell name (`a1`..`s19`, case-insensitive) or an edge name
    /// (`north`, `south`, `west`, `east`). Board bounds are checked by [`crate::Board`].
    pub fn parse(text: &str) -> Result<Point, CellNameError> {
        let lower = text.trim();
        for edge in Edge::ALL {
            if lower.eq_ignore_ascii_case(edge.name()) {
                return Ok(edge.point());
            }
        }
        parse_cell_name(lower)
    }
}

/// Column letter for 0-based `col` (`a`..`s`).
#[must_use]
pub const fn column_letter(col: u8) -> char {
    (b'a' + col) as char
}

fn parse_cell_name(text: &str) -> Result<Point, CellNameError> {
    let bytes = text.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(CellNameError::Empty);
    };
    let letter = first.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(CellNameError::BadColumn(first as char));
    }
    let col = letter - b'a';
    if col >= MAX_SIZE {
        return Err(CellNameError::BadColumn(first as char));
    }
    let digits = &text[1..];
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CellNameError::BadRow);
    }
    if digits.starts_with('0') {
        return Err(CellNameError::BadRow);
    }
    let row: u8 = digits.parse().map_err(|_| CellNameError::BadRow)?;
    if row == 0 || row > MAX_SIZE {
        return Err(CellNameError::BadRow);
    }
    Ok(Point::cell_unchecked(col, row - 1))
}

/// Why a cell name did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellNameError {
    Empty,
    /// The column is not a letter `a`..`s`.
    BadColumn(char),
    /// The row is not a number 1..19.
    BadRow,
}

impl fmt::Display for CellNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellNameError::Empty => f.write_str("empty cell name"),
            CellNameError::BadColumn(c) => {
                write!(f, "column '{c}' is not a letter from a to s")
            }
            CellNameError::BadRow => f.write_str("row is not a number from 1 to 19"),
        }
    }
}

impl core::error::Error for CellNameError {}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.edge(), self.col_row()) {
            (Some(edge), _) => f.write_str(edge.name()),
            (None, Some((col, row))) => write!(f, "{}{}", column_letter(col), row + 1),
            (None, None) => unreachable!("a point is an edge or a cell"),
        }
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl core::str::FromStr for Point {
    type Err = CellNameError;
    fn from_str(s: &str) -> Result<Point, CellNameError> {
        Point::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn names_round_trip_for_every_point() {
        for index in 0..POINT_COUNT {
            let p = Point::from_index(index).unwrap();
            assert_eq!(Point::parse(&p.to_string()), Ok(p));
        }
    }

    #[test]
    fn a1_is_top_left_and_mirror_swaps_col_and_row() {
        let a1 = Point::parse("a1").unwrap();
        assert_eq!(a1.col_row(), Some((0, 0)));
        let c2 = Point::parse("C2").unwrap();
        assert_eq!(c2.col_row(), Some((2, 1)));
        assert_eq!(c2.mirrored().to_string(), "b3");
        assert_eq!(Point::NORTH.mirrored(), Point::WEST);
    }

    #[test]
    fn bad_names_are_rejected_with_a_reason() {
        assert_eq!(Point::parse(""), Err(CellNameError::Empty));
        assert_eq!(Point::parse("t1"), Err(CellNameError::BadColumn('t')));
        assert_eq!(Point::parse("a0"), Err(CellNameError::BadRow));
        assert_eq!(Point::parse("a20"), Err(CellNameError::BadRow));
        assert_eq!(Point::parse("a01"), Err(CellNameError::BadRow));
        assert_eq!(Point::parse("a1x"), Err(CellNameError::BadRow));
        assert_eq!(Point::parse("1a"), Err(CellNameError::BadColumn('1')));
        assert_eq!(Point::parse("é"), Err(CellNameError::BadColumn('\u{c3}')));
    }
}
