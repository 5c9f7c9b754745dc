//! Where things go on the drawn board: a rhombus of pointy-top hexagons with `a1` at the top
//! left, each row shifted half a cell to the right of the one above, so that the neighbours
//! (+1, −1) and (−1, +1) of the rules touch on screen too. All lengths are in SVG user units;
//! the SVG's `viewBox` scales them to the page.

use ohm_engine::{Board, Edge};
use serde::{Deserialize, Serialize};

/// Centre-to-corner radius of a hexagon.
pub const RADIUS: f64 = 10.0;
/// Width of a hexagon, flat side to flat side: the distance between neighbouring centres.
pub const CELL_WIDTH: f64 = RADIUS * 1.732_050_807_568_877_2;
/// Vertical distance between the centres of two rows.
pub const ROW_HEIGHT: f64 = RADIUS * 1.5;
/// Stroke width of the coloured edge bands.
pub const EDGE_BAND: f64 = RADIUS * 0.55;

/// A point in SVG user units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Xy {
    pub x: f64,
    pub y: f64,
}

impl Xy {
    fn midpoint(self, other: Xy) -> Xy {
        Xy {
            x: (self.x + other.x) / 2.0,
            y: (self.y + other.y) / 2.0,
        }
    }
}

/// The centre of the cell at 0-based `col`, `row`.
#[must_use]
pub fn centre(col: u8, row: u8) -> Xy {
    Xy {
        x: f64::from(col) * CELL_WIDTH + f64::from(row) * CELL_WIDTH / 2.0,
        y: f64::from(row) * ROW_HEIGHT,
    }
}

/// Corner `k` (0..6) of the cell at `col`, `row`, clockwise from the top: 0 top, 1 upper
/// right, 2 lower right, 3 bottom, 4 lower left, 5 upper left.
#[must_use]
pub fn corner(col: u8, row: u8, k: usize) -> Xy {
    const OFFSETS: [(f64, f64); 6] = [
        (0.0, -1.0),
        (0.5, -0.5),
        (0.5, 0.5),
        (0.0, 1.0),
        (-0.5, 0.5),
        (-0.5, -0.5),
    ];
    let c = centre(col, row);
    let (dx, dy) = OFFSETS[k % 6];
    Xy {
        x: c.x + dx * CELL_WIDTH,
        y: c.y + dy * RADIUS,
    }
}

/// The `points` attribute of the hexagon of a cell.
#[must_use]
pub fn hexagon_points(col: u8, row: u8) -> String {
    points_attribute((0..6).map(|k| corner(col, row, k)))
}

/// `x,y x,y …` with two decimals, the form of SVG's `points` attribute.
#[must_use]
pub fn points_attribute(points: impl IntoIterator<Item = Xy>) -> String {
    let mut out = String::new();
    for (i, p) in points.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&format!("{:.2},{:.2}", p.x, p.y));
    }
    out
}

/// The outline of the board along one edge, as a polyline. The four outlines join into the
/// board's perimeter: they meet at the corners of the acute corner cells (`a1` and the last
/// cell) and at the midpoints of the sides that the obtuse corner cells share between two
/// edges.
#[must_use]
pub fn edge_outline(board: &Board, edge: Edge) -> Vec<Xy> {
    let (last_col, last_row) = (board.width() - 1, board.height() - 1);
    let mut line = Vec::new();
    match edge {
        Edge::North => {
            line.push(corner(0, 0, 5));
            for col in 0..=last_col {
                line.push(corner(col, 0, 0));
                if col < last_col {
                    line.push(corner(col, 0, 1));
                }
            }
            line.push(corner(last_col, 0, 0).midpoint(corner(last_col, 0, 1)));
        }
        Edge::East => {
            line.push(corner(last_col, 0, 0).midpoint(corner(last_col, 0, 1)));
            for row in 0..=last_row {
                line.push(corner(last_col, row, 1));
                line.push(corner(last_col, row, 2));
            }
        }
        Edge::South => {
            line.push(corner(last_col, last_row, 2));
            for col in (0..=last_col).rev() {
                line.push(corner(col, last_row, 3));
                if col > 0 {
                    line.push(corner(col, last_row, 4));
                }
            }
            line.push(corner(0, last_row, 3).midpoint(corner(0, last_row, 4)));
        }
        Edge::West => {
            line.push(corner(0, last_row, 3).midpoint(corner(0, last_row, 4)));
            for row in (0..=last_row).rev() {
                line.push(corner(0, row, 4));
                line.push(corner(0, row, 5));
            }
        }
    }
    line
}

/// Where the label of column `col` goes: above the top row.
#[must_use]
pub fn column_label(col: u8) -> Xy {
    let c = centre(col, 0);
    Xy {
        x: c.x,
        y: c.y - 2.0 * RADIUS,
    }
}

/// Where the label of row `row` goes: left of the first column.
#[must_use]
pub fn row_label(row: u8) -> Xy {
    let c = centre(0, row);
    Xy {
        x: c.x - CELL_WIDTH * 1.05,
        y: c.y,
    }
}

/// The `viewBox` that holds the board, its edge bands and its labels, drawn flat.
#[must_use]
pub fn view_box(board: &Board) -> String {
    Layout::new(*board, Orientation::Flat).view_box()
}

/// How the board is turned on screen. The rules do not change, only the drawing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Orientation {
    /// `a1` top left, rows shifted right: Black's edges at the top and bottom.
    #[default]
    Flat,
    /// Mirrored across the long diagonal: Black's edges on the left and right.
    Flipped,
    /// Stood on a corner: the long diagonal (`a1` to the far corner) runs down the screen,
    /// which suits tall screens such as phones.
    Diamond,
    /// Mirrored, then turned.
    DiamondFlipped,
}

impl Orientation {
    pub const ALL: [Orientation; 4] = [
        Orientation::Flat,
        Orientation::Flipped,
        Orientation::Diamond,
        Orientation::DiamondFlipped,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Orientation::Flat => "flat",
            Orientation::Flipped => "flipped",
            Orientation::Diamond => "diamond",
            Orientation::DiamondFlipped => "diamond-flipped",
        }
    }

    #[must_use]
    pub fn from_name(name: &str) -> Option<Orientation> {
        Orientation::ALL.into_iter().find(|o| o.name() == name)
    }

    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Orientation::Flat => "Flat",
            Orientation::Flipped => "Flat, flipped",
            Orientation::Diamond => "Diamond",
            Orientation::DiamondFlipped => "Diamond, flipped",
        }
    }

    fn is_flipped(self) -> bool {
        matches!(self, Orientation::Flipped | Orientation::DiamondFlipped)
    }

    fn is_diamond(self) -> bool {
        matches!(self, Orientation::Diamond | Orientation::DiamondFlipped)
    }
}

/// The drawing of one board in one orientation. Flipping draws cell (c, r) where cell (r, c)
/// of the transposed board goes (a reflection, so hexagons stay hexagons and neighbours stay
/// neighbours); the diamond turns every point 60° clockwise about `a1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    board: Board,
    orientation: Orientation,
}

impl Layout {
    #[must_use]
    pub fn new(board: Board, orientation: Orientation) -> Layout {
        Layout { board, orientation }
    }

    /// Where the drawing of the flat board puts (col, row) of this board.
    fn slot(&self, col: u8, row: u8) -> (u8, u8) {
        if self.orientation.is_flipped() {
            (row, col)
        } else {
            (col, row)
        }
    }

    fn turn(&self, p: Xy) -> Xy {
        if self.orientation.is_diamond() {
            // Rotation by 60° (clockwise on screen, where y points down): the long diagonal,
            // at 30° below the horizontal when flat, becomes vertical.
            let (cos, sin) = (0.5, 0.866_025_403_784_438_6);
            Xy {
                x: p.x * cos - p.y * sin,
                y: p.x * sin + p.y * cos,
            }
        } else {
            p
        }
    }

    #[must_use]
    pub fn centre(&self, col: u8, row: u8) -> Xy {
        let (c, r) = self.slot(col, row);
        self.turn(centre(c, r))
    }

    /// The `points` attribute of the hexagon of a cell.
    #[must_use]
    pub fn hexagon(&self, col: u8, row: u8) -> String {
        let (c, r) = self.slot(col, row);
        points_attribute((0..6).map(|k| self.turn(corner(c, r, k))))
    }

    /// The outline along `edge`, in the orientation.
    #[must_use]
    pub fn edge(&self, edge: Edge) -> String {
        let (board, drawn) = if self.orientation.is_flipped() {
            let mirrored = match edge {
                Edge::North => Edge::West,
                Edge::West => Edge::North,
                Edge::South => Edge::East,
                Edge::East => Edge::South,
            };
            (self.board.transposed(), mirrored)
        } else {
            (self.board, edge)
        };
        points_attribute(
            edge_outline(&board, drawn)
                .into_iter()
                .map(|p| self.turn(p)),
        )
    }

    /// Where the label of column `col` goes.
    #[must_use]
    pub fn column_label(&self, col: u8) -> Xy {
        self.turn(if self.orientation.is_flipped() {
            row_label(col)
        } else {
            column_label(col)
        })
    }

    /// Where the label of row `row` goes.
    #[must_use]
    pub fn row_label(&self, row: u8) -> Xy {
        self.turn(if self.orientation.is_flipped() {
            column_label(row)
        } else {
            row_label(row)
        })
    }

    /// The box around every hexagon with its edge band, and every label.
    #[must_use]
    pub fn bounds(&self) -> (Xy, Xy) {
        let (mut low, mut high) = (
            Xy {
                x: f64::MAX,
                y: f64::MAX,
            },
            Xy {
                x: f64::MIN,
                y: f64::MIN,
            },
        );
        let mut take = |p: Xy, margin: f64| {
            low.x = low.x.min(p.x - margin);
            low.y = low.y.min(p.y - margin);
            high.x = high.x.max(p.x + margin);
            high.y = high.y.max(p.y + margin);
        };
        let (width, height) = (self.board.width(), self.board.height());
        for row in 0..height {
            for col in 0..width {
                let (c, r) = self.slot(col, row);
                for k in 0..6 {
                    take(self.turn(corner(c, r, k)), EDGE_BAND);
                }
            }
            take(self.row_label(row), RADIUS * 0.8);
        }
        for col in 0..width {
            take(self.column_label(col), RADIUS * 0.8);
        }
        (low, high)
    }

    /// The `viewBox` attribute: [`Layout::bounds`] with a small margin.
    #[must_use]
    pub fn view_box(&self) -> String {
        let (low, high) = self.bounds();
        let margin = RADIUS * 0.5;
        format!(
            "{:.2} {:.2} {:.2} {:.2}",
            low.x - margin,
            low.y - margin,
            high.x - low.x + 2.0 * margin,
            high.y - low.y + 2.0 * margin
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ohm_engine::board::NEIGHBOUR_OFFSETS;

    fn distance(a: Xy, b: Xy) -> f64 {
        ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
    }

    #[test]
    fn neighbours_in_the_rules_are_neighbours_on_screen() {
        let here = centre(5, 5);
        for (dc, dr) in NEIGHBOUR_OFFSETS {
            let there = centre((5 + dc) as u8, (5 + dr) as u8);
            assert!(
                (distance(here, there) - CELL_WIDTH).abs() < 1e-9,
                "({dc},{dr})"
            );
        }
        // The two cells across the short diagonal are not neighbours: they are farther.
        assert!(distance(here, centre(6, 6)) > 1.5 * CELL_WIDTH);
        assert!(distance(here, centre(4, 4)) > 1.5 * CELL_WIDTH);
    }

    #[test]
    fn neighbouring_hexagons_share_a_side() {
        // Right neighbour: our corners 1 and 2 are its corners 5 and 4.
        assert!(distance(corner(3, 3, 1), corner(4, 3, 5)) < 1e-9);
        assert!(distance(corner(3, 3, 2), corner(4, 3, 4)) < 1e-9);
        // Lower-right neighbour (0, +1): our corners 2 and 3 are its corners 0 and 5.
        assert!(distance(corner(3, 3, 2), corner(3, 4, 0)) < 1e-9);
        assert!(distance(corner(3, 3, 3), corner(3, 4, 5)) < 1e-9);
    }

    #[test]
    fn the_four_edge_outlines_close_the_perimeter() {
        for (w, h) in [(1, 1), (1, 4), (5, 1), (11, 11), (19, 13)] {
            let board = Board::new(w, h).unwrap();
            let lines: Vec<Vec<Xy>> = [Edge::North, Edge::East, Edge::South, Edge::West]
                .into_iter()
                .map(|e| edge_outline(&board, e))
                .collect();
            for i in 0..4 {
                let end = *lines[i].last().unwrap();
                let next_start = lines[(i + 1) % 4][0];
                assert!(
                    distance(end, next_start) < 1e-9,
                    "{w}x{h}: gap after outline {i}"
                );
            }
            // Every step along an outline is half or all of one hexagon side.
            for line in &lines {
                for pair in line.windows(2) {
                    let step = distance(pair[0], pair[1]);
                    assert!(
                        (step - RADIUS).abs() < 1e-9 || (step - RADIUS / 2.0).abs() < 1e-9,
                        "{w}x{h}: step {step}"
                    );
                }
            }
            // Each edge has two hexagon sides per cell along it, less the half-side given
            // away at each obtuse corner.
            let sides = |line: &Vec<Xy>| {
                line.windows(2).map(|p| distance(p[0], p[1])).sum::<f64>() / RADIUS
            };
            let (wf, hf) = (f64::from(w), f64::from(h));
            assert!((sides(&lines[0]) - (2.0 * wf - 0.5)).abs() < 1e-9);
            assert!((sides(&lines[1]) - (2.0 * hf - 0.5)).abs() < 1e-9);
            assert!((sides(&lines[2]) - (2.0 * wf - 0.5)).abs() < 1e-9);
            assert!((sides(&lines[3]) - (2.0 * hf - 0.5)).abs() < 1e-9);
        }
    }

    #[test]
    fn the_view_box_holds_every_cell_and_label() {
        let board = Board::new(7, 4).unwrap();
        let numbers: Vec<f64> = view_box(&board)
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let (left, top, width, height) = (numbers[0], numbers[1], numbers[2], numbers[3]);
        let inside = |p: Xy| p.x > left && p.x < left + width && p.y > top && p.y < top + height;
        for row in 0..4 {
            assert!(inside(row_label(row)));
            for col in 0..7 {
                assert!((0..6).all(|k| inside(corner(col, row, k))));
            }
        }
        assert!((0..7).all(|col| inside(column_label(col))));
    }

    #[test]
    fn every_orientation_keeps_neighbours_touching_and_fits_its_box() {
        let board = Board::new(5, 3).unwrap();
        for orientation in Orientation::ALL {
            let layout = Layout::new(board, orientation);
            let here = layout.centre(2, 1);
            for (dc, dr) in NEIGHBOUR_OFFSETS {
                let there = layout.centre((2 + dc) as u8, (1 + dr) as u8);
                assert!(
                    (distance(here, there) - CELL_WIDTH).abs() < 1e-9,
                    "{orientation:?}"
                );
            }
            let (low, high) = layout.bounds();
            for row in 0..3 {
                for col in 0..5 {
                    let c = layout.centre(col, row);
                    assert!(c.x > low.x && c.x < high.x && c.y > low.y && c.y < high.y);
                }
            }
            assert_eq!(
                Orientation::from_name(orientation.name()),
                Some(orientation)
            );
        }
        // Flipped: the first row runs down the left side.
        let flipped = Layout::new(board, Orientation::Flipped);
        assert!(flipped.centre(0, 2).x > flipped.centre(2, 0).x);
        // Diamond: the far corner stands straight below a1.
        let diamond = Layout::new(Board::square(7).unwrap(), Orientation::Diamond);
        assert!((diamond.centre(0, 0).x - diamond.centre(6, 6).x).abs() < 1e-9);
        assert!(diamond.centre(6, 6).y > diamond.centre(0, 0).y);
    }

    #[test]
    fn points_attribute_has_two_decimals() {
        assert_eq!(
            points_attribute([Xy { x: 1.0, y: -2.5 }, Xy { x: 0.126, y: 3.0 }]),
            "1.00,-2.50 0.13,3.00"
        );
    }
}
