//! The board's shape: its size, its cells and who touches whom.

use core::fmt;

use crate::cellset::CellSet;
use crate::point::{Edge, Point, MAX_SIZE, POINT_COUNT};

/// Offsets (dcol, drow) of the six neighbours of a cell: with `a1` at the top left, the
/// acute corners are `a1` and the opposite one, so (+1, −1) and (−1, +1) touch.
pub const NEIGHBOUR_OFFSETS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// In-grid cell neighbours of every point on the largest board (no edges): built at compile
/// time, then masked by a board's cells.
static GRID_NEIGHBOURS: [CellSet; POINT_COUNT] = grid_neighbours();

const fn grid_neighbours() -> [CellSet; POINT_COUNT] {
    let mut table = [CellSet::EMPTY; POINT_COUNT];
    let mut row = 0;
    while row < MAX_SIZE {
        let mut col = 0;
        while col < MAX_SIZE {
            let here = Point::cell_unchecked(col, row);
            let mut set = CellSet::EMPTY;
            let mut k = 0;
            while k < NEIGHBOUR_OFFSETS.len() {
                let (dc, dr) = NEIGHBOUR_OFFSETS[k];
                let (c, r) = (col as i8 + dc, row as i8 + dr);
                if c >= 0 && r >= 0 && c < MAX_SIZE as i8 && r < MAX_SIZE as i8 {
                    set = set.with(Point::cell_unchecked(c as u8, r as u8));
                }
                k += 1;
            }
            table[here.index()] = set;
            col += 1;
        }
        row += 1;
    }
    table
}

/// A rectangular Hex board of `width` columns and `height` rows (1..=19 each). `Copy`: it
/// carries its cell mask and the cells along each edge, so neighbour queries need no table.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    cells: CellSet,
    edge_cells: [CellSet; 4],
}

impl Board {
    /// A `width` x `height` board.
    pub fn new(width: u8, height: u8) -> Result<Board, BoardSizeError> {
        if !(1..=MAX_SIZE).contains(&width) || !(1..=MAX_SIZE).contains(&height) {
            return Err(BoardSizeError {
                width: width.into(),
                height: height.into(),
            });
        }
        let mut cells = CellSet::EMPTY;
        let mut edge_cells = [CellSet::EMPTY; 4];
        for row in 0..height {
            for col in 0..width {
                let p = Point::cell_unchecked(col, row);
                cells.insert(p);
                if row == 0 {
                    edge_cells[Edge::North as usize].insert(p);
                }
                if row == height - 1 {
                    edge_cells[Edge::South as usize].insert(p);
                }
                if col == 0 {
                    edge_cells[Edge::West as usize].insert(p);
                }
                if col == width - 1 {
                    edge_cells[Edge::East as usize].insert(p);
                }
            }
        }
        Ok(Board {
            width,
            height,
            cells,
            edge_cells,
        })
    }

    /// An `n` x `n` board.
    pub fn square(n: u8) -> Result<Board, BoardSizeError> {
        Board::new(n, n)
    }

    #[must_use]
    pub const fn width(&self) -> u8 {
        self.width
    }

    #[must_use]
    pub const fn height(&self) -> u8 {
        self.height
    }

    #[must_use]
    pub const fn is_square(&self) -> bool {
        self.width == self.height
    }

    /// All cells of the board (no edges).
    pub const fn cells(&self) -> CellSet {
        self.cells
    }

    #[must_use]
    pub const fn cell_count(&self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The cells touching `edge`.
    pub const fn edge_cells(&self, edge: Edge) -> CellSet {
        self.edge_cells[edge as usize]
    }

    /// Whether `point` is an edge or a cell of this board.
    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        point.is_edge() || self.cells.contains(point)
    }

    /// The cell at 0-based `col`, `row` if it is on this board.
    #[must_use]
    pub fn cell(&self, col: u8, row: u8) -> Option<Point> {
        (col < self.width && row < self.height).then(|| Point::cell_unchecked(col, row))
    }

    /// The neighbours of `point` on this board, edges included: a cell on the top row touches
    /// `north`; an edge touches the cells along it. Empty for a point off the board.
    #[inline]
    pub fn neighbours(&self, point: Point) -> CellSet {
        match point.edge() {
            Some(edge) => self.edge_cells[edge as usize],
            None => {
                if !self.cells.contains(point) {
                    return CellSet::EMPTY;
                }
                let mut set = GRID_NEIGHBOURS[point.index()] & self.cells;
                for edge in Edge::ALL {
                    if self.edge_cells[edge as usize].contains(point) {
                        set.insert(edge.point());
                    }
                }
                set
            }
        }
    }

    /// The points next to some point of `set` (edges included, as [`Board::neighbours`]
    /// gives them; points of `set` only where they touch another).
    pub fn neighbours_of_set(&self, set: CellSet) -> CellSet {
        let mut around = CellSet::EMPTY;
        for p in set {
            around |= self.neighbours(p);
        }
        around
    }

    /// The part of `set` connected to `start` through neighbouring points of `set` (`start`
    /// itself always belongs): a group of stones, a region of empty cells.
    pub fn flood(&self, set: CellSet, start: Point) -> CellSet {
        let mut region = CellSet::single(start);
        let mut frontier = region;
        while !frontier.is_empty() {
            let mut next = CellSet::EMPTY;
            for p in frontier {
                next |= self.neighbours(p);
            }
            frontier = (next & set) - region;
            region |= frontier;
        }
        region
    }

    /// The board with columns and rows exchanged (`w x h` becomes `h x w`).
    #[must_use]
    pub fn transposed(&self) -> Board {
        Board::new(self.height, self.width).expect("same bounds")
    }

    /// `point` turned half a turn about the board's centre: the board's one symmetry that
    /// keeps every edge with its player (north and south change places, as do west and
    /// east), so a position and its half-turn have the same value for the same player.
    #[must_use]
    pub fn half_turn(&self, point: Point) -> Point {
        match point.edge() {
            Some(Edge::North) => Point::SOUTH,
            Some(Edge::South) => Point::NORTH,
            Some(Edge::West) => Point::EAST,
            Some(Edge::East) => Point::WEST,
            None => {
                let (col, row) = point.col_row().expect("a cell");
                Point::cell_unchecked(self.width - 1 - col, self.height - 1 - row)
            }
        }
    }

    /// Every point of `set` turned half a turn ([`Board::half_turn`]).
    pub fn half_turn_set(&self, set: CellSet) -> CellSet {
        set.iter().map(|p| self.half_turn(p)).collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}x{})", self.width, self.height)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A board size outside 1..=19.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSizeError {
    pub width: u32,
    pub height: u32,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {}x{} is not supported (each side must be 1 to {MAX_SIZE})",
            self.width, self.height
        )
    }
}

impl core::error::Error for BoardSizeError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    #[test]
    fn corner_and_edge_neighbours() {
        let b = Board::new(5, 3).unwrap();
        // a1 is the acute corner: b1, a2, north, west.
        let n = b.neighbours(p("a1"));
        assert_eq!(n.len(), 4);
        for q in ["b1", "a2", "north", "west"] {
            assert!(n.contains(p(q)), "{q}");
        }
        // e1 is obtuse: d1, d2, e2, north, east.
        let n = b.neighbours(p("e1"));
        assert_eq!(n.len(), 5);
        assert!(n.contains(p("d2")));
        // interior c2: six cells.
        assert_eq!(b.neighbours(p("c2")).len(), 6);
        assert_eq!(b.neighbours(Point::NORTH).len(), 5);
        assert_eq!(b.neighbours(Point::EAST).len(), 3);
        // off-board cells have no neighbours.
        assert!(b.neighbours(p("f1")).is_empty());
        assert!(b.neighbours(p("a4")).is_empty());
    }

    #[test]
    fn adjacency_is_symmetric_on_every_shape() {
        for (w, h) in [(1, 1), (1, 5), (4, 4), (7, 3), (19, 19)] {
            let b = Board::new(w, h).unwrap();
            for x in b.cells().iter().chain(Edge::ALL.map(Edge::point)) {
                for y in b.neighbours(x) {
                    assert!(b.neighbours(y).contains(x), "{w}x{h}: {x} ~ {y}");
                }
            }
        }
    }

    #[test]
    fn sizes_outside_1_to_19_are_refused() {
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(20, 5).is_err());
        assert_eq!(
            Board::square(20).unwrap_err().to_string(),
            "board size 20x20 is not supported (each side must be 1 to 19)"
        );
    }

    use alloc::string::ToString;
}
