//! Positions as pictures: the rhombus text that tests, docs and `showboard` use.
//!
//! ```text
//!   a b c d
//! 1  . . . .
//!  2  . B . .
//!   3  . W . .
//!    4  . . . .
//! ```
//!
//! `.` is empty, `B` (or `X`) Black, `W` (or `O`) White. Coordinate rows (lower-case letters)
//! and row numbers are optional and ignored, so [`showboard`]'s output reads back in.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::board::Board;
use crate::cellset::CellSet;
use crate::point::{column_letter, Point};
use crate::position::Position;
use crate::{ByColor, Color};

/// Builds a [`Position`] from a diagram; panics on a malformed picture (tests and examples).
///
/// ```
/// let pos = ohm_engine::position!("
///     . B .
///      . W .
///       . . .
/// ");
/// assert_eq!(pos.board().width(), 3);
/// assert_eq!(pos.to_move(), ohm_engine::Color::Black);
/// ```
#[macro_export]
macro_rules! position {
    ($text:expr) => {
        match $crate::diagram::parse($text) {
            Ok(position) => position,
            Err(e) => panic!("bad diagram: {e}"),
        }
    };
}

/// Why a diagram did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    Empty,
    /// A token that is not `.`, `B`, `W`, `X` or `O`, with its 1-based line.
    BadToken {
        line: usize,
        token: String,
    },
    /// Rows of different lengths: (line, expected, found).
    RaggedRow {
        line: usize,
        expected: usize,
        found: usize,
    },
    BadSize(crate::BoardSizeError),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Empty => f.write_str("the diagram has no rows"),
            DiagramError::BadToken { line, token } => {
                write!(f, "line {line}: '{token}' is not '.', 'B' or 'W'")
            }
            DiagramError::RaggedRow {
                line,
                expected,
                found,
            } => {
                write!(
                    f,
                    "line {line}: {found} cells, but the first row has {expected}"
                )
            }
            DiagramError::BadSize(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for DiagramError {}

/// Parses a diagram. The side to move is Black when both colours have as many stones, White
/// when Black has one more, Black otherwise (use [`Position::set_to_move`] to choose).
pub fn parse(text: &str) -> Result<Position, DiagramError> {
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.is_empty() || tokens.iter().all(|t| is_column_label(t)) {
            continue;
        }
        let mut row = Vec::new();
        for token in tokens {
            if token.bytes().all(|b| b.is_ascii_digit()) {
                continue; // a row number
            }
            for ch in token.chars() {
                row.push(match ch {
                    '.' => None,
                    'B' | 'X' => Some(Color::Black),
                    'W' | 'O' => Some(Color::White),
                    _ => {
                        let token = String::from(token);
                        return Err(DiagramError::BadToken { line: n + 1, token });
                    }
                });
            }
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                let (expected, found) = (first.len(), row.len());
                return Err(DiagramError::RaggedRow {
                    line: n + 1,
                    expected,
                    found,
                });
            }
        }
        rows.push(row);
    }
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if height == 0 || width == 0 {
        return Err(DiagramError::Empty);
    }
    let size = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    let board = Board::new(size(width), size(height)).map_err(DiagramError::BadSize)?;
    let mut stones = ByColor::<CellSet>::default();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Some(color) = cell {
                stones[*color].insert(Point::cell_unchecked(c as u8, r as u8));
            }
        }
    }
    let to_move = if stones.black.len() == stones.white.len() + 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut position = Position::new(board);
    position.reset_to(stones, to_move);
    Ok(position)
}

fn is_column_label(token: &str) -> bool {
    token.len() == 1 && token.bytes().all(|b| b.is_ascii_lowercase())
}

/// The bare rhombus (no coordinates), as [`parse`] reads it.
pub fn to_diagram(position: &Position) -> String {
    let board = position.board();
    let mut out = String::new();
    for row in 0..board.height() {
        for _ in 0..row {
            out.push(' ');
        }
        for col in 0..board.width() {
            if col > 0 {
                out.push(' ');
            }
            out.push(stone_char(position, Point::cell_unchecked(col, row)));
        }
        out.push('\n');
    }
    out
}

/// The rhombus with column letters and row numbers, as GTP `showboard` prints it.
pub fn showboard(position: &Position) -> String {
    showboard_marked(position, |_| None)
}

/// [`showboard`] with a mark on some empty cells (`mark` returns the character to show there,
/// `None` for the usual `.`): first-move maps, judged moves.
pub fn showboard_marked(position: &Position, mark: impl Fn(Point) -> Option<char>) -> String {
    let board = position.board();
    let mut out = String::from("  ");
    for col in 0..board.width() {
        let _ = write!(out, " {}", column_letter(col));
    }
    out.push('\n');
    for row in 0..board.height() {
        for _ in 0..row {
            out.push(' ');
        }
        let _ = write!(out, "{:>2} ", row + 1);
        for col in 0..board.width() {
            if col > 0 {
                out.push(' ');
            }
            let p = Point::cell_unchecked(col, row);
            let shown = match position.color_at(p) {
                None => mark(p).unwrap_or('.'),
                Some(_) => stone_char(position, p),
            };
            out.push(shown);
        }
        let _ = writeln!(out, " {}", row + 1);
    }
    for _ in 0..=board.height() {
        out.push(' ');
    }
    out.push_str("  ");
    for col in 0..board.width() {
        let _ = write!(out, " {}", column_letter(col));
    }
    out.push('\n');
    out
}

fn stone_char(position: &Position, p: Point) -> char {
    match position.color_at(p) {
        Some(c) => c.letter(),
        None => '.',
    }
}
