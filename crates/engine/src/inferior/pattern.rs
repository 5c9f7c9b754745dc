//! Local Hex patterns as data: parsed from small pictures (see `patterns.txt`), expanded to
//! every symmetry of the hexagonal grid and both colourings, and matched around every cell.
//!
//! **Symmetries.** A whole Hex *position* only has the 180° rotation (and, exchanging the
//! colours, the reflection in the long diagonal) as symmetries, because the edges belong to
//! the players. A local pattern is different: what it claims (a cell is simplicial, a pair is
//! captured) is a statement about the cell adjacency graph and the colours of the stones in
//! it, and all twelve symmetries of the hexagonal grid (six rotations, with or without a
//! reflection) preserve adjacency. So every pattern is tried in all twelve orientations, and
//! with the colours exchanged.
//!
//! **Edges.** A grid position just past one edge touches only cells along that edge, so the
//! edge plays the part of a stone of its owner there. The two positions past an obtuse corner
//! (next to two edges at once) and positions further out are *unknown*: they match only a
//! "don't care" cell, never a stone, which keeps every match sound.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::color::{ByColor, Color};
use crate::point::Point;

/// What a pattern claims about its `o` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternKind {
    /// The `o` cells are dead.
    Dead,
    /// The `o` cells form a set captured by this colour.
    Captured(Color),
    /// This colour's stone on the `*` cell kills the `o` cell.
    Dominated(Color),
}

impl PatternKind {
    fn exchanged(self) -> PatternKind {
        match self {
            PatternKind::Dead => PatternKind::Dead,
            PatternKind::Captured(c) => PatternKind::Captured(!c),
            PatternKind::Dominated(c) => PatternKind::Dominated(!c),
        }
    }
}

/// One cell of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PatternCell {
    /// A stone of this colour (an edge of this colour's matches too).
    Stone(Color),
    /// An empty cell the pattern is about (`o`).
    Marked,
    /// An empty cell: the dominating move (`*`).
    Dominator,
}

/// A parsed pattern: cells as axial offsets `(column, row)` from its first `o` cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub name: String,
    pub kind: PatternKind,
    pub cells: Vec<(i8, i8, PatternCell)>,
}

/// Why a pattern text could not be parsed; `line` counts from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    UnknownKind {
        line: usize,
        text: String,
    },
    MissingName {
        line: usize,
    },
    UnknownToken {
        line: usize,
        token: char,
    },
    /// Tokens in a picture must sit on the hexagonal grid: row r's cells at text columns of
    /// one parity, row r+1's at the other.
    OffGrid {
        line: usize,
    },
    /// A picture needs an `o` cell; a `dominated` picture exactly one `o` and one `*`.
    BadMarks {
        name: String,
    },
    /// A picture wider or taller than a pattern may be (offsets must fit in an `i8`).
    TooLarge {
        name: String,
    },
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::UnknownKind { line, text } => {
                write!(f, "line {line}: unknown pattern header {text:?} (dead / captured <colour> / dominated <colour>)")
            }
            PatternError::MissingName { line } => {
                write!(f, "line {line}: pattern header without a name")
            }
            PatternError::UnknownToken { line, token } => {
                write!(f, "line {line}: unknown token {token:?}")
            }
            PatternError::OffGrid { line } => {
                write!(f, "line {line}: token off the hexagonal grid")
            }
            PatternError::BadMarks { name } => {
                write!(f, "pattern {name}: wrong number of `o` / `*` cells")
            }
            PatternError::TooLarge { name } => write!(f, "pattern {name}: picture too large"),
        }
    }
}

impl core::error::Error for PatternError {}

/// The built-in pattern file (Figure 8 of Björnsson et al.).
pub const BUILTIN_PATTERNS: &str = include_str!("patterns.txt");

/// A list of patterns with their expansions to every symmetry and colouring.
#[derive(Clone, Debug)]
pub struct PatternSet {
    patterns: Vec<Pattern>,
    variants: Vec<Variant>,
}

/// One pattern in one orientation and colouring.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Variant {
    pattern: usize,
    colours_exchanged: bool,
    kind: PatternKind,
    /// Sorted offsets from the anchor (an `o` cell at (0, 0)).
    cells: Vec<(i8, i8, PatternCell)>,
}

/// A pattern found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternMatch {
    pub name: String,
    pub kind: PatternKind,
    /// Whether the pattern matched with Black and White exchanged.
    pub colours_exchanged: bool,
    /// The `o` cells.
    pub marked: CellSet,
    /// The `*` cell of a `dominated` pattern.
    pub dominator: Option<Point>,
}

impl PatternSet {
    /// The built-in patterns.
    #[must_use]
    pub fn builtin() -> PatternSet {
        // The built-in file is tested to parse; an error here would be a bug in that file.
        PatternSet::parse(BUILTIN_PATTERNS)
            .unwrap_or_else(|_| PatternSet::from_patterns(Vec::new()))
    }

    /// Parses a pattern file: headers `dead NAME`, `captured COLOUR NAME`, `dominated COLOUR
    /// NAME`, each followed by a picture ended by a blank line; `#` starts a comment line.
    pub fn parse(text: &str) -> Result<PatternSet, PatternError> {
        let mut patterns = Vec::new();
        let mut header: Option<(String, PatternKind)> = None;
        let mut picture: Vec<(usize, &str)> = Vec::new();
        for (index, line) in text.lines().chain(core::iter::once("")).enumerate() {
            let number = index + 1;
            if line.trim_start().starts_with('#') {
                continue;
            }
            match &header {
                None => {
                    if !line.trim().is_empty() {
                        header = Some(parse_header(line, number)?);
                    }
                }
                Some((name, kind)) => {
                    if line.trim().is_empty() {
                        patterns.push(parse_picture(name, *kind, &picture)?);
                        header = None;
                        picture.clear();
                    } else {
                        picture.push((number, line));
                    }
                }
            }
        }
        Ok(PatternSet::from_patterns(patterns))
    }

    /// No patterns.
    #[must_use]
    pub fn empty() -> PatternSet {
        PatternSet::from_patterns(Vec::new())
    }

    /// A set of already parsed patterns.
    #[must_use]
    pub fn from_patterns(patterns: Vec<Pattern>) -> PatternSet {
        let mut variants = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            for exchange in [false, true] {
                for reflect in [false, true] {
                    for turns in 0..6 {
                        variants.push(variant(index, pattern, exchange, reflect, turns));
                    }
                }
            }
        }
        // Symmetric patterns repeat themselves: keep each distinct variant once.
        let mut distinct: Vec<Variant> = Vec::with_capacity(variants.len());
        for v in variants {
            if !distinct
                .iter()
                .any(|d| d.kind == v.kind && d.cells == v.cells)
            {
                distinct.push(v);
            }
        }
        PatternSet {
            patterns,
            variants: distinct,
        }
    }

    #[must_use]
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The number of distinct oriented, coloured variants the matcher tries at each cell.
    #[must_use]
    pub fn variant_count(&self) -> usize {
        self.variants.len()
    }

    /// Every match on a board with these stones, anchored at each empty cell.
    #[must_use]
    pub fn find_matches(&self, board: &Board, stones: &ByColor<CellSet>) -> Vec<PatternMatch> {
        let empty = board.cells() - stones.black - stones.white;
        let mut out = Vec::new();
        for anchor in empty {
            let Some((col, row)) = anchor.col_row() else {
                continue;
            };
            for v in &self.variants {
                if let Some(m) = self.match_at(v, board, stones, col as i32, row as i32) {
                    out.push(m);
                }
            }
        }
        out
    }

    fn match_at(
        &self,
        v: &Variant,
        board: &Board,
        stones: &ByColor<CellSet>,
        col: i32,
        row: i32,
    ) -> Option<PatternMatch> {
        let mut marked = CellSet::EMPTY;
        let mut dominator = None;
        for &(dq, dr, cell) in &v.cells {
            let site = site(board, stones, col + dq as i32, row + dr as i32);
            match (cell, site) {
                (PatternCell::Stone(c), Site::Stone(s)) if c == s => {}
                (PatternCell::Marked, Site::Empty(p)) => marked.insert(p),
                (PatternCell::Dominator, Site::Empty(p)) => dominator = Some(p),
                _ => return None,
            }
        }
        Some(PatternMatch {
            name: self.patterns[v.pattern].name.clone(),
            kind: v.kind,
            colours_exchanged: v.colours_exchanged,
            marked,
            dominator,
        })
    }
}

/// What sits at a grid position on or next to a board.
enum Site {
    Empty(Point),
    Stone(Color),
    /// Beyond two edges at once, or further from the board: matches only "anything".
    Unknown,
}

fn site(board: &Board, stones: &ByColor<CellSet>, col: i32, row: i32) -> Site {
    let (w, h) = (board.width() as i32, board.height() as i32);
    let inside_cols = (0..w).contains(&col);
    let inside_rows = (0..h).contains(&row);
    if inside_cols && inside_rows {
        let p = Point::cell_unchecked(col as u8, row as u8);
        return if stones.black.contains(p) {
            Site::Stone(Color::Black)
        } else if stones.white.contains(p) {
            Site::Stone(Color::White)
        } else {
            Site::Empty(p)
        };
    }
    // Just past one edge, the position touches only that edge's cells: the edge plays the
    // part of a stone there. The corner positions next to two edges are left unknown.
    if inside_cols && (row == -1 || row == h) {
        Site::Stone(Color::Black)
    } else if inside_rows && (col == -1 || col == w) {
        Site::Stone(Color::White)
    } else {
        Site::Unknown
    }
}

fn parse_header(line: &str, number: usize) -> Result<(String, PatternKind), PatternError> {
    let mut words = line.split_whitespace();
    let kind_word = words.next().unwrap_or("");
    let kind = match kind_word {
        "dead" => PatternKind::Dead,
        "captured" | "dominated" => {
            let colour = words.next().and_then(Color::parse);
            let Some(colour) = colour else {
                return Err(PatternError::UnknownKind {
                    line: number,
                    text: line.trim().to_string(),
                });
            };
            if kind_word == "captured" {
                PatternKind::Captured(colour)
            } else {
                PatternKind::Dominated(colour)
            }
        }
        _ => {
            return Err(PatternError::UnknownKind {
                line: number,
                text: line.trim().to_string(),
            })
        }
    };
    let name: Vec<&str> = words.collect();
    if name.is_empty() {
        return Err(PatternError::MissingName { line: number });
    }
    Ok((name.join(" "), kind))
}

fn parse_picture(
    name: &str,
    kind: PatternKind,
    picture: &[(usize, &str)],
) -> Result<Pattern, PatternError> {
    let mut raw: Vec<(i32, i32, PatternCell)> = Vec::new();
    let mut parity: Option<i32> = None;
    for (row, &(number, line)) in picture.iter().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let cell = match ch {
                ' ' | '\t' => continue,
                '.' => None,
                'B' => Some(PatternCell::Stone(Color::Black)),
                'W' => Some(PatternCell::Stone(Color::White)),
                'o' => Some(PatternCell::Marked),
                '*' => Some(PatternCell::Dominator),
                token => {
                    return Err(PatternError::UnknownToken {
                        line: number,
                        token,
                    })
                }
            };
            let shifted = x as i32 - row as i32;
            let p = *parity.get_or_insert(shifted.rem_euclid(2));
            if shifted.rem_euclid(2) != p {
                return Err(PatternError::OffGrid { line: number });
            }
            if let Some(cell) = cell {
                raw.push(((shifted - p) / 2, row as i32, cell));
            }
        }
    }
    let count = |c: PatternCell| raw.iter().filter(|r| r.2 == c).count();
    let marks_ok = match kind {
        PatternKind::Dominated(_) => {
            count(PatternCell::Marked) == 1 && count(PatternCell::Dominator) == 1
        }
        _ => count(PatternCell::Marked) >= 1 && count(PatternCell::Dominator) == 0,
    };
    if !marks_ok {
        return Err(PatternError::BadMarks {
            name: name.to_string(),
        });
    }
    let Some(&(aq, ar, _)) = raw.iter().find(|r| r.2 == PatternCell::Marked) else {
        return Err(PatternError::BadMarks {
            name: name.to_string(),
        });
    };
    let mut cells = Vec::with_capacity(raw.len());
    for (q, r, cell) in raw {
        let (dq, dr) = (q - aq, r - ar);
        // Offsets stay small so every rotation (which adds them) still fits an i8.
        if dq.abs() > 40 || dr.abs() > 40 {
            return Err(PatternError::TooLarge {
                name: name.to_string(),
            });
        }
        cells.push((dq as i8, dr as i8, cell));
    }
    Ok(Pattern {
        name: name.to_string(),
        kind,
        cells,
    })
}

/// Rotation by 60° on axial coordinates: each neighbour direction goes to the next one.
fn rotate((q, r): (i8, i8)) -> (i8, i8) {
    (-r, q + r)
}

fn variant(index: usize, pattern: &Pattern, exchange: bool, reflect: bool, turns: u8) -> Variant {
    let mut cells: Vec<(i8, i8, PatternCell)> = pattern
        .cells
        .iter()
        .map(|&(q, r, cell)| {
            let mut p = if reflect { (r, q) } else { (q, r) };
            for _ in 0..turns {
                p = rotate(p);
            }
            let cell = match cell {
                PatternCell::Stone(c) if exchange => PatternCell::Stone(!c),
                other => other,
            };
            (p.0, p.1, cell)
        })
        .collect();
    cells.sort_unstable();
    Variant {
        pattern: index,
        colours_exchanged: exchange,
        kind: if exchange {
            pattern.kind.exchanged()
        } else {
            pattern.kind
        },
        cells,
    }
}
