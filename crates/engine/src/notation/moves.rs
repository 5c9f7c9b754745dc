//! Plain move lists: `a1 b2 swap-pieces c3`.
//!
//! Moves may be separated by white space or commas, or written without separators
//! (`a1b2c3`: a cell is a column letter followed by its whole row number, so `a12b3` is `a12`,
//! `b3`). Besides cells: `swap-pieces` or `swap`, `pass`, `resign` (case-insensitive).
//!
//! A move list carries no colours and no board size: the caller names the board, and colours
//! alternate from Black move by move. A swap is a move too, so after `a1 swap` (Black, White)
//! Black moves third, as the swap rule wants.

use alloc::string::{String, ToString};
use core::fmt;

use super::{Format, FormatError, Record};
use crate::point::CellNameError;
use crate::{Board, Move, Point};

/// Why a move list did not parse: at byte `offset`, the token `text` is `problem`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesError {
    pub offset: usize,
    pub text: String,
    pub problem: MovesProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesProblem {
    /// Neither a cell nor `swap`, `pass` or `resign`.
    UnknownToken,
    BadCell(CellNameError),
    /// A well-formed cell outside the caller's board of `width` x `height`.
    OffBoard {
        width: u8,
        height: u8,
    },
    /// A column of two or more letters (`aa1`): boards are at most 19 columns wide.
    ColumnTooWide,
}

impl fmt::Display for MovesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}, '{}': ", self.offset, self.text)?;
        match self.problem {
            MovesProblem::UnknownToken => {
                f.write_str("not a cell, swap-pieces, swap, pass or resign")
            }
            MovesProblem::BadCell(e) => write!(f, "{e}"),
            MovesProblem::OffBoard { width, height } => {
                write!(f, "not a cell of the {width}x{height} board")
            }
            MovesProblem::ColumnTooWide => {
                f.write_str("columns past s are not supported (boards are at most 19 wide)")
            }
        }
    }
}

impl core::error::Error for MovesError {}

/// Words that are moves, longest first so that `swap-pieces` is not read as `swap`.
const WORDS: [(&str, Move); 4] = [
    ("swap-pieces", Move::Swap),
    ("resign", Move::Resign),
    ("swap", Move::Swap),
    ("pass", Move::Pass),
];

/// One token of a move list: a move, where it starts and how long it is.
pub(crate) struct Token {
    pub mv: Move,
    pub offset: usize,
    pub len: usize,
}

/// Reads the move that starts at byte `at` of `text`: a word from [`WORDS`] or a cell (column
/// letters, then digits). On failure, the offending token's length is returned with the
/// problem.
pub(crate) fn read_move(
    text: &str,
    at: usize,
    board: &Board,
) -> Result<Token, (usize, MovesProblem)> {
    let rest = &text.as_bytes()[at..];
    for (word, mv) in WORDS {
        if rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word.as_bytes()) {
            return Ok(Token {
                mv,
                offset: at,
                len: word.len(),
            });
        }
    }
    read_cell(text, at, board).map(|(point, len)| Token {
        mv: Move::Cell(point),
        offset: at,
        len,
    })
}

/// Reads a cell name (letters then digits) at byte `at`; the cell must lie on `board`.
pub(crate) fn read_cell(
    text: &str,
    at: usize,
    board: &Board,
) -> Result<(Point, usize), (usize, MovesProblem)> {
    let rest = &text.as_bytes()[at..];
    let letters = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let digits = rest[letters..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let len = letters + digits;
    if letters == 0 || digits == 0 {
        // Report the whole run of characters that are not separators, at least one character.
        let junk = rest
            .iter()
            .take_while(|&&b| !is_separator(b))
            .count()
            .max(1);
        let junk = char_boundary_len(text, at, junk);
        return Err((junk, MovesProblem::UnknownToken));
    }
    if letters > 1 {
        return Err((len, MovesProblem::ColumnTooWide));
    }
    let point = Point::parse(&text[at..at + len]).map_err(|e| (len, MovesProblem::BadCell(e)))?;
    if board.contains(point) {
        Ok((point, len))
    } else {
        Err((
            len,
            MovesProblem::OffBoard {
                width: board.width(),
                height: board.height(),
            },
        ))
    }
}

/// `len` bytes from `at`, extended to the next character boundary (for error excerpts).
pub(crate) fn char_boundary_len(text: &str, at: usize, len: usize) -> usize {
    let mut end = (at + len).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    end - at
}

fn is_separator(byte: u8) -> bool {
    byte.is_ascii_whitespace() || byte == b','
}

/// Reads a move list for `board`. The record has the swap rule on when the board is square.
pub fn parse(text: &str, board: Board) -> Result<Record, MovesError> {
    let mut record = Record::new(board);
    record.swap_rule = super::default_swap_rule(&board);
    let mut found = alloc::vec::Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if is_separator(bytes[at]) {
            at += 1;
            continue;
        }
        match read_move(text, at, &board) {
            Ok(token) => {
                found.push(token.mv);
                at = token.offset + token.len;
            }
            Err((len, problem)) => {
                return Err(MovesError {
                    offset: at,
                    text: text[at..at + len].to_string(),
                    problem,
                })
            }
        }
    }
    record.moves = super::alternate(found);
    Ok(record)
}

/// Writes the moves separated by spaces (`a1 swap-pieces c3`). The record must have no set-up
/// and its colours must alternate from Black.
pub fn format(record: &Record) -> Result<String, FormatError> {
    super::require_no_setup(record, Format::Moves)?;
    super::require_cells_on_board(record, Format::Moves)?;
    super::require_alternation(record, Format::Moves)?;
    let mut out = String::new();
    for (index, played) in record.moves.iter().enumerate() {
        if index > 0 {
            out.push(' ');
        }
        out.push_str(&played.mv.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, PlayedMove};
    use alloc::vec::Vec;

    fn board(n: u8) -> Board {
        Board::square(n).unwrap()
    }

    fn names(record: &Record) -> Vec<String> {
        record
            .moves
            .iter()
            .map(|m| alloc::format!("{}{}", m.color.letter(), m.mv))
            .collect()
    }

    #[test]
    fn spaces_commas_and_no_separators_read_alike() {
        let spaced = parse("a1 b2 swap-pieces c3", board(5)).unwrap();
        assert_eq!(names(&spaced), ["Ba1", "Wb2", "Bswap-pieces", "Wc3"]);
        assert_eq!(parse("a1,b2, SWAP-PIECES ,c3", board(5)).unwrap(), spaced);
        assert_eq!(parse("a1b2swap-piecesc3", board(5)).unwrap(), spaced);
        let glued = parse("a12b3swapc1resign", board(13)).unwrap();
        assert_eq!(
            names(&glued),
            ["Ba12", "Wb3", "Bswap-pieces", "Wc1", "Bresign"]
        );
    }

    #[test]
    fn after_a_swap_the_first_player_moves_again() {
        let record = parse("e5 swap d4", board(9)).unwrap();
        assert_eq!(
            record.moves[2],
            PlayedMove {
                color: Color::Black,
                mv: Move::Cell(Point::parse("d4").unwrap())
            }
        );
        let position = record.to_position().unwrap();
        assert_eq!(position.to_move(), Color::White);
        assert_eq!(
            position.stones(Color::White),
            crate::CellSet::single(Point::parse("e5").unwrap())
        );
    }

    #[test]
    fn errors_name_the_byte_and_the_token() {
        let e = parse("a1 b2 x", board(5)).unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (6, "x"));
        assert_eq!(e.problem, MovesProblem::UnknownToken);
        let e = parse("a1 f2", board(5)).unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (3, "f2"));
        assert_eq!(
            e.problem,
            MovesProblem::OffBoard {
                width: 5,
                height: 5
            }
        );
        assert_eq!(
            e.to_string(),
            "at byte 3, 'f2': not a cell of the 5x5 board"
        );
        let e = parse("a1 aa1", board(5)).unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (3, "aa1"));
        let e = parse("a1 é", board(5)).unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (3, "é"));
    }

    #[test]
    fn format_writes_names_and_refuses_broken_alternation() {
        let record = parse("a1 swap c3 resign", board(5)).unwrap();
        assert_eq!(format(&record).unwrap(), "a1 swap-pieces c3 resign");
        let mut odd = record.clone();
        odd.moves[3].color = Color::Black;
        assert!(matches!(
            format(&odd),
            Err(FormatError::Move { number: 4, .. })
        ));
    }
}
