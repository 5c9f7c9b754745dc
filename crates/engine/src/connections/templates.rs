//! Edge templates H-search cannot derive, as precomputed full connections.
//!
//! The templates are data (`edge_templates.txt`): a picture of the stone, its carrier and the
//! edge below. [`Placements::new`] lays every template on one board for one player: along each
//! of the player's two edges, in both reflections the hex grid allows along an edge, at every
//! offset where the whole carrier is on the board. A placement applies to a position when its
//! stone cell holds the player's stone or is empty (H-search reads an empty end as the
//! connector's, exactly as a template's stone: the defender may not play on it either way),
//! the template's further stones (`x`, two-stone templates) hold the player's stones, and no
//! opponent stone is in its carrier (the connector's own stones there only help: Hex is
//! monotone). The connection it gives is `(stone, carrier's empty cells, edge)`.
//!
//! Each template's truth is a test, not a belief: `edge_templates_are_proven_connections` has
//! the solver, without templates, win every one's subgame with the opponent to move, and the
//! checker confirm the strategy where it is small enough. HexWiki's IV1c, IV1d and fifth-row
//! templates hold a few cells of the row behind their stone: a picture may start one row
//! above the stone's. The two-stone templates of the fifth and sixth rows are Ohm's own:
//! `examples/two_stone_edges.rs` finds the pairs H-search misses and their minimal carriers.

use alloc::boxed::Box;
use alloc::vec::Vec;

use once_cell::race::OnceBox;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::point::{Edge, Point};
use crate::{Color, Position};

/// The template pictures (see the file's header for the format).
pub const BUILTIN_TEMPLATES: &str = include_str!("edge_templates.txt");

/// One template: its name, where it comes from, and its cells relative to the stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeTemplate {
    pub name: &'static str,
    pub source: &'static str,
    /// Rows from the stone down to the row next to the edge (1 for a stone touching it).
    pub row: u8,
    /// Carrier cells as `(column offset, row offset)` from the stone, rows counted towards the
    /// edge (-1: the row behind the stone), drawn as in the picture (the edge below).
    pub cells: Vec<(i8, i8)>,
    /// Further stones of the connector the template stands on (`x` in the picture), as
    /// offsets like `cells`: a two-stone template applies only where they are.
    pub helpers: Vec<(i8, i8)>,
}

/// A picture that does not describe a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateError {
    pub line: usize,
    pub message: &'static str,
}

impl core::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "edge templates, line {}: {}", self.line, self.message)
    }
}

impl core::error::Error for TemplateError {}

/// Parses template pictures.
pub fn parse(text: &'static str) -> Result<Vec<EdgeTemplate>, TemplateError> {
    let mut templates = Vec::new();
    let mut header: Option<(usize, &'static str, &'static str)> = None;
    let mut rows: Vec<Vec<u8>> = Vec::new();
    for (index, line) in text.lines().chain(core::iter::once("")).enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            continue;
        }
        if trimmed.is_empty() {
            if let Some((at, name, source)) = header.take() {
                templates.push(from_picture(at, name, source, &rows)?);
            }
            rows.clear();
            continue;
        }
        if header.is_none() {
            let mut words = trimmed.split_whitespace();
            let (Some("template"), Some(name), Some(source), None) =
                (words.next(), words.next(), words.next(), words.next())
            else {
                return Err(TemplateError {
                    line: index + 1,
                    message: "expected `template <name> <source>`",
                });
            };
            header = Some((index + 1, name, source));
            continue;
        }
        let mut row = Vec::new();
        for token in trimmed.split_whitespace() {
            match token {
                "X" | "x" | "*" | "." => row.push(token.as_bytes()[0]),
                _ => {
                    return Err(TemplateError {
                        line: index + 1,
                        message: "picture tokens are `X`, `x`, `*` and `.`",
                    })
                }
            }
        }
        rows.push(row);
    }
    Ok(templates)
}

fn from_picture(
    line: usize,
    name: &'static str,
    source: &'static str,
    rows: &[Vec<u8>],
) -> Result<EdgeTemplate, TemplateError> {
    let error = |message| TemplateError { line, message };
    let mut stone = None;
    for (r, row) in rows.iter().enumerate() {
        for (c, &token) in row.iter().enumerate() {
            if token == b'X' {
                if stone.is_some() {
                    return Err(error("more than one stone"));
                }
                stone = Some((c as i8, r as i8));
            }
        }
    }
    let (sc, sr) = stone.ok_or_else(|| error("no stone"))?;
    let (mut cells, mut helpers) = (Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        for (c, &token) in row.iter().enumerate() {
            let offset = (c as i8 - sc, r as i8 - sr);
            match token {
                b'*' => cells.push(offset),
                b'x' => helpers.push(offset),
                _ => {}
            }
        }
    }
    let row = (rows.len() as i8 - sr) as u8;
    // HexWiki's larger templates (IV1c, IV1d, the fifth-row ones) also hold a few cells of
    // the row behind the stone; the carrier must reach the row next to the edge.
    if !cells.iter().any(|&(_, dr)| dr == row as i8 - 1) {
        return Err(error("the carrier must reach the row next to the edge"));
    }
    Ok(EdgeTemplate {
        name,
        source,
        row,
        cells,
        helpers,
    })
}

/// Where a template comes from, in words: HexWiki's published ones, or the two-stone ones
/// `examples/two_stone_edges.rs` found and the solver proves (`source` is its path).
#[must_use]
pub fn origin(source: &str) -> &'static str {
    if source.starts_with("https://www.hexwiki.net/") {
        "HexWiki"
    } else {
        "found and proven by Ohm"
    }
}

/// The built-in templates (the data file is part of the build and tested, so it parses).
#[must_use]
pub fn builtin() -> Vec<EdgeTemplate> {
    parse(BUILTIN_TEMPLATES).unwrap_or_default()
}

/// The built-in templates and their shapes, compiled once per process: every H-search build
/// lays them on its board ([`Placements::new`]).
struct Compiled {
    templates: Vec<EdgeTemplate>,
    /// Each template's cells in both reflections along the edge.
    shapes: Vec<[Shape; 2]>,
}

static COMPILED: OnceBox<Compiled> = OnceBox::new();

fn compiled() -> &'static Compiled {
    COMPILED.get_or_init(|| {
        let templates = builtin();
        let shapes = templates
            .iter()
            .map(|t| [Shape::of(t, false), Shape::of(t, true)])
            .collect();
        Box::new(Compiled { templates, shapes })
    })
}

/// A template's cells in one of its two reflections along the edge, with their column and
/// row ranges (inclusive), relative to the stone as in [`EdgeTemplate::cells`].
struct Shape {
    cells: Vec<(i32, i32)>,
    helpers: Vec<(i32, i32)>,
    columns: (i32, i32),
    rows: (i32, i32),
}

impl Shape {
    fn of(template: &EdgeTemplate, reflected: bool) -> Shape {
        // The reflection along the edge: (dc, dr) -> (-dc - dr, dr) keeps the six neighbour
        // offsets a neighbour set and every row's distance to the edge.
        let turn = |offsets: &[(i8, i8)]| -> Vec<(i32, i32)> {
            offsets
                .iter()
                .map(|&(dc, dr)| {
                    let (dc, dr) = (i32::from(dc), i32::from(dr));
                    (if reflected { -dc - dr } else { dc }, dr)
                })
                .collect()
        };
        let (cells, helpers) = (turn(&template.cells), turn(&template.helpers));
        let range = |values: &mut dyn Iterator<Item = i32>| {
            values.fold((i32::MAX, i32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
        };
        Shape {
            columns: range(&mut cells.iter().chain(&helpers).map(|c| c.0)),
            rows: range(&mut cells.iter().chain(&helpers).map(|c| c.1)),
            cells,
            helpers,
        }
    }
}

/// One template laid on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into [`Placements::templates`].
    pub template: u16,
    pub stone: Point,
    pub edge: Point,
    pub carrier: CellSet,
    /// The connector's stones the template needs besides `stone` (none for one stone).
    pub helpers: CellSet,
}

/// Every placement of the built-in templates for one player on one board.
#[derive(Clone, Debug)]
pub struct Placements {
    pub templates: &'static [EdgeTemplate],
    pub placements: Vec<Placement>,
    /// For every point, the placements whose stone is there (start, end) into `placements`.
    by_stone: Vec<(u32, u32)>,
}

impl Placements {
    #[must_use]
    pub fn new(board: &Board, color: Color) -> Placements {
        // Every build lays the templates again (`Connections::build`): their shapes are
        // compiled once, and a placement that cannot fit is refused by its box before any
        // cell is laid.
        let Compiled { templates, shapes } = compiled();
        let mut placements = Vec::new();
        let (e1, e2) = Edge::of(color);
        let (width, height) = (i32::from(board.width()), i32::from(board.height()));
        for cell in board.cells() {
            let Some((col, row)) = cell.col_row() else {
                continue;
            };
            let (col, row) = (i32::from(col), i32::from(row));
            for edge in [e1, e2] {
                // `forward` steps one row towards the edge, `along` one column along it,
                // both as board (column, row) offsets; `distance` is the stone's row counted
                // from the edge. Each is the picture's frame turned onto that edge by a
                // symmetry of the grid (a half turn for the north edge, the transposition
                // for the east one, both for the west one).
                let (distance, forward, along) = match edge {
                    Edge::South => (height - row, (0, 1), (1, 0)),
                    Edge::North => (row + 1, (0, -1), (-1, 0)),
                    Edge::East => (width - col, (1, 0), (0, 1)),
                    Edge::West => (col + 1, (-1, 0), (0, -1)),
                };
                let at = |dc: i32, dr: i32| {
                    (
                        col + dc * along.0 + dr * forward.0,
                        row + dc * along.1 + dr * forward.1,
                    )
                };
                for (t, template) in templates.iter().enumerate() {
                    if distance != i32::from(template.row) {
                        continue;
                    }
                    for shape in &shapes[t] {
                        // `along` and `forward` are unit steps along the axes, so the box's
                        // corners bound every cell.
                        let fits = [
                            at(shape.columns.0, shape.rows.0),
                            at(shape.columns.1, shape.rows.1),
                        ]
                        .iter()
                        .all(|&(c, r)| (0..width).contains(&c) && (0..height).contains(&r));
                        if !fits {
                            continue;
                        }
                        let laid = |offsets: &[(i32, i32)]| {
                            let mut set = CellSet::EMPTY;
                            for &(dc, dr) in offsets {
                                let (c, r) = at(dc, dr);
                                set.insert(Point::cell_unchecked(c as u8, r as u8));
                            }
                            set
                        };
                        let (carrier, helpers) = (laid(&shape.cells), laid(&shape.helpers));
                        // A symmetric template's reflection is itself: keep it once.
                        let repeated = placements.last().is_some_and(|q: &Placement| {
                            q.stone == cell
                                && q.edge == edge.point()
                                && q.carrier == carrier
                                && q.helpers == helpers
                        });
                        if !repeated {
                            placements.push(Placement {
                                template: t as u16,
                                stone: cell,
                                edge: edge.point(),
                                carrier,
                                helpers,
                            });
                        }
                    }
                }
            }
        }
        // Cells ascend, so each stone's placements are one run.
        let mut by_stone = alloc::vec![(0u32, 0u32); crate::point::POINT_COUNT];
        for (k, p) in placements.iter().enumerate() {
            let slot = &mut by_stone[p.stone.index()];
            if slot.1 == 0 {
                slot.0 = k as u32;
            }
            slot.1 = k as u32 + 1;
        }
        Placements {
            templates,
            placements,
            by_stone,
        }
    }

    /// The placements whose stone is `stone`.
    #[must_use]
    pub fn at(&self, stone: Point) -> &[Placement] {
        let (start, end) = self.by_stone[stone.index()];
        &self.placements[start as usize..end as usize]
    }

    /// The carrier's empty cells if `placement` applies to `position` for `color`.
    #[must_use]
    pub fn applies(placement: &Placement, position: &Position, color: Color) -> Option<CellSet> {
        if position.color_at(placement.stone) == Some(!color)
            || placement.carrier.intersects(&position.stones(!color))
            || !placement.helpers.is_subset(&position.stones(color))
        {
            return None;
        }
        Some(placement.carrier & position.empty_cells())
    }
}
