//! trmph URLs: `https://trmph.com/hex/board#13,a1b2c3`.
//!
//! After the `#`: the board size, a comma, and the cells concatenated (`a1b2c3`; a cell is a
//! column letter and its whole row number). The prefix may be left out (`#13,a1b2` or
//! `13,a1b2`). Colours alternate from Black. trmph has no swap token: playing the first cell
//! again as the second move means the second player swapped (`13,g7g7e5` is g7, swap, e5), which
//! Ohm reads as [`Move::Swap`] (`swap-pieces`). trmph has no pass or resignation, and square
//! boards only.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::moves::{char_boundary_len, read_cell, MovesProblem};
use super::{Format, FormatError, Record};
use crate::{Board, Move};

/// The canonical address Ohm writes.
pub const URL_PREFIX: &str = "https://trmph.com/hex/board#";

/// Why a trmph string did not parse: at byte `offset` (of the whole input), `text` is
/// `problem`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrmphError {
    pub offset: usize,
    pub text: String,
    pub problem: TrmphProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrmphProblem {
    /// The text does not start with a board size.
    MissingSize,
    /// The size is not 1..=19.
    BadSize,
    /// No comma after the size.
    MissingComma,
    Cell(MovesProblem),
}

impl fmt::Display for TrmphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}, '{}': ", self.offset, self.text)?;
        match self.problem {
            TrmphProblem::MissingSize => f.write_str("expected the board size"),
            TrmphProblem::BadSize => f.write_str("board sizes are 1 to 19"),
            TrmphProblem::MissingComma => f.write_str("expected ',' after the board size"),
            TrmphProblem::Cell(MovesProblem::UnknownToken) => f.write_str("not a cell"),
            TrmphProblem::Cell(MovesProblem::BadCell(e)) => write!(f, "{e}"),
            TrmphProblem::Cell(MovesProblem::OffBoard { width, height }) => {
                write!(f, "not a cell of the {width}x{height} board")
            }
            TrmphProblem::Cell(MovesProblem::ColumnTooWide) => {
                f.write_str("columns past s are not supported")
            }
        }
    }
}

impl core::error::Error for TrmphError {}

/// Byte range of the part after the `#` (or of the whole trimmed text without one).
fn body_span(text: &str) -> (usize, usize) {
    let start = text.find('#').map_or(0, |i| i + 1);
    let body = &text[start..];
    let lead = body.len() - body.trim_start().len();
    let end = start + body.trim_end().len();
    (start + lead, end.max(start + lead))
}

/// Reads a trmph URL or the part after its `#`.
pub fn parse(text: &str) -> Result<Record, TrmphError> {
    let (start, end) = body_span(text);
    let body = &text[..end];
    let error = |offset: usize, len: usize, problem| TrmphError {
        offset,
        text: body[offset..offset + char_boundary_len(body, offset, len)].to_string(),
        problem,
    };
    let bytes = body.as_bytes();
    let digits = bytes[start..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        let len = usize::from(start < end);
        return Err(error(start, len, TrmphProblem::MissingSize));
    }
    let size = body[start..start + digits]
        .parse::<u8>()
        .ok()
        .and_then(|n| Board::square(n).ok())
        .ok_or_else(|| error(start, digits, TrmphProblem::BadSize))?;
    let mut at = start + digits;
    if bytes.get(at) != Some(&b',') {
        let len = usize::from(at < end);
        return Err(error(at, len, TrmphProblem::MissingComma));
    }
    at += 1;
    let mut cells = Vec::new();
    while at < end {
        let (point, len) =
            read_cell(body, at, &size).map_err(|(len, p)| error(at, len, TrmphProblem::Cell(p)))?;
        cells.push(point);
        at += len;
    }
    let moves = cells.iter().enumerate().map(|(index, &point)| {
        if index == 1 && cells[0] == point {
            Move::Swap
        } else {
            Move::Cell(point)
        }
    });
    let mut record = Record::new(size);
    record.swap_rule = super::default_swap_rule(&size);
    record.moves = super::alternate(moves);
    Ok(record)
}

/// Whether a trmph-shaped text repeats its first cell as the second move (trmph's swap).
pub(crate) fn uses_repeated_cell_swap(text: &str) -> bool {
    parse(text).is_ok_and(|record| record.moves.get(1).is_some_and(|m| m.mv == Move::Swap))
}

/// Writes `https://trmph.com/hex/board#n,cells`. The record must be on a square board, with no
/// set-up, colours alternating from Black, and only cells and a swap as the second move.
pub fn format(record: &Record) -> Result<String, FormatError> {
    super::require_no_setup(record, Format::Trmph)?;
    super::require_cells_on_board(record, Format::Trmph)?;
    super::require_square(record, Format::Trmph)?;
    super::require_alternation(record, Format::Trmph)?;
    let mut out = String::from(URL_PREFIX);
    out.push_str(&record.board.width().to_string());
    out.push(',');
    for (index, played) in record.moves.iter().enumerate() {
        let refuse = |why| FormatError::Move {
            format: Format::Trmph,
            number: index + 1,
            played: *played,
            why,
        };
        match played.mv {
            Move::Cell(point) => out.push_str(&point.to_string()),
            Move::Swap => match record.moves.first().map(|m| m.mv) {
                Some(Move::Cell(first)) if index == 1 => out.push_str(&first.to_string()),
                _ => return Err(refuse("trmph swaps only as the second move, after a cell")),
            },
            Move::Pass => return Err(refuse("trmph has no pass")),
            Move::Resign => return Err(refuse("trmph has no resignation")),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Point};

    #[test]
    fn url_bare_and_hash_forms_read_alike() {
        let url = parse("https://trmph.com/hex/board#13,a1b2c3").unwrap();
        assert_eq!(url.board, Board::square(13).unwrap());
        assert_eq!(url.moves.len(), 3);
        assert_eq!(url.moves[1].color, Color::White);
        assert_eq!(url.moves[1].mv, Move::Cell(Point::parse("b2").unwrap()));
        assert_eq!(parse("#13,a1b2c3").unwrap(), url);
        assert_eq!(parse(" 13,a1b2c3\n").unwrap(), url);
        assert_eq!(
            parse("http://www.trmph.com/hex/board#13,a1b2c3").unwrap(),
            url
        );
    }

    #[test]
    fn a_repeated_first_cell_is_a_swap() {
        let record = parse("#11,f6f6e5").unwrap();
        assert_eq!(record.moves[1].mv, Move::Swap);
        let position = record.to_position().unwrap();
        assert!(position
            .stones(Color::White)
            .contains(Point::parse("f6").unwrap()));
        assert_eq!(
            format(&record).unwrap(),
            "https://trmph.com/hex/board#11,f6f6e5"
        );
    }

    #[test]
    fn errors_point_at_the_offending_bytes() {
        let e = parse("https://trmph.com/hex/board#13,a1b2z3").unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (35, "z3"));
        let e = parse("#20,a1").unwrap_err();
        assert_eq!((e.offset, e.problem), (1, TrmphProblem::BadSize));
        let e = parse("#13a1").unwrap_err();
        assert_eq!((e.offset, e.problem), (3, TrmphProblem::MissingComma));
        let e = parse("#13,a1n1").unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (6, "n1"));
        assert!(parse("").is_err());
        assert!(parse("#").is_err());
    }

    #[test]
    fn format_refuses_what_trmph_cannot_hold() {
        let mut record = parse("#5,a1b2").unwrap();
        record.moves.push(crate::PlayedMove {
            color: Color::Black,
            mv: Move::Resign,
        });
        assert!(matches!(
            format(&record),
            Err(FormatError::Move { number: 3, .. })
        ));
        let record = Record::new(Board::new(3, 4).unwrap());
        assert!(matches!(
            format(&record),
            Err(FormatError::NotSquare { .. })
        ));
    }
}
