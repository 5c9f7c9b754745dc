//! HexWorld strings and URLs: `https://hexworld.org/board/#11c1,e6:sf7i8`.
//!
//! The part after `#` (the prefix may be left out, and so may the `#`) is, as HexWorld's
//! board writes and reads it:
//!
//! - **options**, up to the first comma: the board size, `11` or `9x11` (columns x rows;
//!   default 11), then display flags that do not change the game: `rN` rotation (default 10),
//!   `m` mirrored, `n` numbered stones, `cN` colouring (`c1`: red and blue, as Ohm shows the
//!   players). HexWorld stops reading options at one it does not know; so does Ohm.
//! - **moves**, concatenated: cells (`e6`, `f10`), `:s` swap-pieces, `:p` pass, `:rb` / `:rw`
//!   Black / White resigns, `:fb` / `:fw` Black / White forfeits. (`:S`, swap-sides, changes
//!   the colours of the stones without moving them; Ohm's rules have no such move and refuse it.)
//! - **cursor**: a second comma splits the moves into those played up to the position shown
//!   and the rest (`11,e6,f7i8` shows the position after e6; `11,,e6f7` the empty board). It
//!   becomes [`Record::cursor`].
//!
//! Colours alternate from Black; a resignation or forfeit names its player, and the player to
//! move after it is the one before it. A forfeit is not a move in Ohm: it becomes the result
//! (`W+F` when Black forfeits) and must be the last token. HexWorld's own reader stops quietly
//! at the first move it cannot play; Ohm reports it instead.

use alloc::string::{String, ToString};
use core::fmt;

use super::moves::{char_boundary_len, read_cell, MovesProblem};
use super::{Format, FormatError, Record};
use crate::{Board, BoardSizeError, Color, Move, PlayedMove};

/// The canonical address Ohm writes.
pub const URL_PREFIX: &str = "https://hexworld.org/board/#";

/// Why a HexWorld string did not parse: at byte `offset` (of the whole input), `text` is
/// `problem`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexWorldError {
    pub offset: usize,
    pub text: String,
    pub problem: HexWorldProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexWorldProblem {
    /// The options are not followed by a comma and moves (and are not just a size).
    MissingComma,
    BadSize(BoardSizeError),
    /// Not a cell and not one of `:s :p :rb :rw :fb :fw`.
    UnknownMove,
    Cell(MovesProblem),
    /// `:S`: swap-sides, which Ohm's rules do not have.
    SwapSides,
    /// A move after a resignation or a forfeit.
    MoveAfterGameEnd,
    /// More than two commas.
    ExtraComma,
}

impl fmt::Display for HexWorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}, '{}': ", self.offset, self.text)?;
        match self.problem {
            HexWorldProblem::MissingComma => f.write_str("expected ',' after the board options"),
            HexWorldProblem::BadSize(e) => write!(f, "{e}"),
            HexWorldProblem::UnknownMove => f.write_str("not a cell, :s, :p, :rb, :rw, :fb or :fw"),
            HexWorldProblem::Cell(MovesProblem::UnknownToken) => f.write_str("not a cell"),
            HexWorldProblem::Cell(MovesProblem::BadCell(e)) => write!(f, "{e}"),
            HexWorldProblem::Cell(MovesProblem::OffBoard { width, height }) => {
                write!(f, "not a cell of the {width}x{height} board")
            }
            HexWorldProblem::Cell(MovesProblem::ColumnTooWide) => {
                f.write_str("columns past s are not supported (boards are at most 19 wide)")
            }
            HexWorldProblem::SwapSides => {
                f.write_str("swap-sides is not supported (Ohm swaps pieces, ':s')")
            }
            HexWorldProblem::MoveAfterGameEnd => {
                f.write_str("a move after a resignation or forfeit")
            }
            HexWorldProblem::ExtraComma => f.write_str("more than one cursor comma"),
        }
    }
}

impl core::error::Error for HexWorldError {}

/// What one token of the move list stands for.
enum Token {
    Move(Move),
    Resign(Color),
    Forfeit(Color),
}

/// Reads a HexWorld URL or the part after its `#`.
pub fn parse(text: &str) -> Result<Record, HexWorldError> {
    let start = text.find('#').map_or(0, |i| i + 1);
    let after = &text[start..];
    let start = start + (after.len() - after.trim_start().len());
    let end = (start + text[start..].trim_end().len()).max(start);
    let body = &text[..end];
    let bytes = body.as_bytes();
    let error = |offset: usize, len: usize, problem| HexWorldError {
        offset,
        text: body[offset..offset + char_boundary_len(body, offset, len)].to_string(),
        problem,
    };

    // Options: size, then flags until an unknown one; then a comma.
    let mut at = start;
    let number = |at: usize| {
        bytes[at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut board = Board::square(11).expect("11 is a board size");
    let width_digits = number(at);
    if width_digits > 0 {
        let width = parse_size(&body[at..at + width_digits]);
        let mut height = width;
        let mut len = width_digits;
        if bytes.get(at + len) == Some(&b'x') && number(at + len + 1) > 0 {
            let height_digits = number(at + len + 1);
            height = parse_size(&body[at + len + 1..at + len + 1 + height_digits]);
            len += 1 + height_digits;
        }
        board = Board::new(clamp(width), clamp(height)).map_err(|_| {
            error(
                at,
                len,
                HexWorldProblem::BadSize(BoardSizeError { width, height }),
            )
        })?;
        at += len;
    }
    let options_end = body[at..].find(',').map_or(end, |i| at + i);
    if options_end == end {
        // A bare size (`#11`) is an empty board; anything else is malformed.
        if at == end && at > start {
            let mut record = Record::new(board);
            record.swap_rule = super::default_swap_rule(&board);
            return Ok(record);
        }
        return Err(error(at, end - at, HexWorldProblem::MissingComma));
    }

    // Moves, with an optional cursor comma.
    let mut record = Record::new(board);
    record.swap_rule = super::default_swap_rule(&board);
    let mut to_move = Color::Black;
    let mut ended = false;
    at = options_end + 1;
    while at < end {
        if bytes[at] == b',' {
            if record.cursor.is_some() {
                return Err(error(at, 1, HexWorldProblem::ExtraComma));
            }
            record.cursor = Some(record.moves.len());
            at += 1;
            continue;
        }
        if ended {
            return Err(error(at, end - at, HexWorldProblem::MoveAfterGameEnd));
        }
        let (token, len) = read_token(body, at, &board).map_err(|(len, p)| error(at, len, p))?;
        match token {
            Token::Move(mv) => {
                record.moves.push(PlayedMove { color: to_move, mv });
                to_move = !to_move;
            }
            Token::Resign(color) => {
                record.moves.push(PlayedMove {
                    color,
                    mv: Move::Resign,
                });
                record.info.result = Some(alloc::format!("{}+R", (!color).letter()));
                ended = true;
            }
            Token::Forfeit(color) => {
                record.info.result = Some(alloc::format!("{}+F", (!color).letter()));
                ended = true;
            }
        }
        at += len;
    }
    // A cursor at the end is no cursor (HexWorld drops trailing commas the same way).
    if record.cursor == Some(record.moves.len()) {
        record.cursor = None;
    }
    Ok(record)
}

fn parse_size(digits: &str) -> u32 {
    digits.parse::<u32>().unwrap_or(u32::MAX)
}

fn clamp(size: u32) -> u8 {
    u8::try_from(size).unwrap_or(u8::MAX)
}

fn read_token(
    text: &str,
    at: usize,
    board: &Board,
) -> Result<(Token, usize), (usize, HexWorldProblem)> {
    let rest = &text.as_bytes()[at..];
    if rest[0] == b':' {
        let token = match (rest.get(1), rest.get(2)) {
            (Some(b's'), _) => Some((Token::Move(Move::Swap), 2)),
            (Some(b'p'), _) => Some((Token::Move(Move::Pass), 2)),
            (Some(b'S'), _) => return Err((2, HexWorldProblem::SwapSides)),
            (Some(b'r'), Some(b'b')) => Some((Token::Resign(Color::Black), 3)),
            (Some(b'r'), Some(b'w')) => Some((Token::Resign(Color::White), 3)),
            (Some(b'f'), Some(b'b')) => Some((Token::Forfeit(Color::Black), 3)),
            (Some(b'f'), Some(b'w')) => Some((Token::Forfeit(Color::White), 3)),
            _ => None,
        };
        return token.ok_or((rest.len().min(3), HexWorldProblem::UnknownMove));
    }
    if !rest[0].is_ascii_lowercase() {
        return Err((1, HexWorldProblem::UnknownMove));
    }
    read_cell(text, at, board)
        .map(|(point, len)| (Token::Move(Move::Cell(point)), len))
        .map_err(|(len, problem)| (len, HexWorldProblem::Cell(problem)))
}

/// The part after `#`: `11c1,a1b2`. Fails on set-up stones, on moves whose colours do not
/// follow HexWorld's alternation, and on a resignation before the last move.
pub fn to_fragment(record: &Record) -> Result<String, FormatError> {
    super::require_no_setup(record, Format::HexWorld)?;
    super::require_cells_on_board(record, Format::HexWorld)?;
    let mut out = String::new();
    let board = record.board;
    out.push_str(&board.width().to_string());
    if !board.is_square() {
        out.push('x');
        out.push_str(&board.height().to_string());
    }
    // Ohm shows the players as red and blue, as HexWorld's `c1` does.
    out.push_str("c1,");
    let cursor = record.cursor.filter(|&c| c < record.moves.len());
    if cursor == Some(0) {
        out.push(',');
    }
    let mut to_move = Color::Black;
    for (index, played) in record.moves.iter().enumerate() {
        let refuse = |why| FormatError::Move {
            format: Format::HexWorld,
            number: index + 1,
            played: *played,
            why,
        };
        match played.mv {
            Move::Resign => {
                if index + 1 != record.moves.len() {
                    return Err(refuse("HexWorld ends the game at a resignation"));
                }
                out.push_str(match played.color {
                    Color::Black => ":rb",
                    Color::White => ":rw",
                });
            }
            mv => {
                if played.color != to_move {
                    return Err(refuse("the colours do not alternate"));
                }
                to_move = !to_move;
                match mv {
                    Move::Cell(point) => out.push_str(&point.to_string()),
                    Move::Swap => out.push_str(":s"),
                    _ => out.push_str(":p"),
                }
            }
        }
        if cursor == Some(index + 1) {
            out.push(',');
        }
    }
    // A forfeit is a result, not a move; HexWorld writes it as the last token.
    let resigned = record.moves.last().is_some_and(|m| m.mv == Move::Resign);
    if !resigned {
        if let Some(result) = record.info.result.as_deref() {
            match result.trim() {
                "B+F" | "b+f" => out.push_str(":fw"),
                "W+F" | "w+f" => out.push_str(":fb"),
                _ => {}
            }
        }
    }
    Ok(out)
}

/// Writes `https://hexworld.org/board/#` and [`to_fragment`].
pub fn format(record: &Record) -> Result<String, FormatError> {
    let mut out = String::from(URL_PREFIX);
    out.push_str(&to_fragment(record)?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;
    use alloc::vec::Vec;

    fn cell(name: &str) -> Move {
        Move::Cell(Point::parse(name).unwrap())
    }

    #[test]
    fn reads_a_shared_game_with_swap() {
        let record = parse("https://hexworld.org/board/#11c1,e6:sf7i8").unwrap();
        assert_eq!(record.board, Board::square(11).unwrap());
        let moves: Vec<_> = record.moves.iter().map(|m| (m.color, m.mv)).collect();
        assert_eq!(
            moves,
            [
                (Color::Black, cell("e6")),
                (Color::White, Move::Swap),
                (Color::Black, cell("f7")),
                (Color::White, cell("i8")),
            ]
        );
        assert_eq!(record.cursor, None);
        assert_eq!(parse("#11c1,e6:sf7i8").unwrap(), record);
        assert_eq!(parse("11c1,e6:sf7i8").unwrap(), record);
        assert_eq!(parse("11r9c1,e6:sf7i8").unwrap(), record);
        assert_eq!(
            format(&record).unwrap(),
            "https://hexworld.org/board/#11c1,e6:sf7i8"
        );
    }

    #[test]
    fn options_sizes_and_defaults() {
        assert_eq!(parse("#,a1").unwrap().board, Board::square(11).unwrap());
        let tall = parse("#9x11r2mnc1,a1").unwrap();
        assert_eq!(tall.board, Board::new(9, 11).unwrap());
        assert!(parse("#5").unwrap().moves.is_empty());
        assert!(!parse("#4x5,a1").unwrap().swap_rule);
        let e = parse("#20,a1").unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (1, "20"));
        let e = parse("#3x30,a1").unwrap_err();
        assert_eq!(e.text, "3x30");
        assert!(e.to_string().contains("3x30"));
    }

    #[test]
    fn cursor_resign_pass_and_forfeit() {
        let record = parse("#7,a1b2,c3d4").unwrap();
        assert_eq!(record.cursor, Some(2));
        assert_eq!(record.moves.len(), 4);
        assert_eq!(to_fragment(&record).unwrap(), "7c1,a1b2,c3d4");
        let start = parse("#7,,a1").unwrap();
        assert_eq!(start.cursor, Some(0));
        assert_eq!(to_fragment(&start).unwrap(), "7c1,,a1");
        assert_eq!(parse("#7,a1,").unwrap().cursor, None);

        let resigned = parse("#7c1,a1:pb2:rb").unwrap();
        assert_eq!(resigned.moves[1].mv, Move::Pass);
        assert_eq!(resigned.moves[2].color, Color::Black);
        assert_eq!(
            resigned.moves[3],
            PlayedMove {
                color: Color::Black,
                mv: Move::Resign
            }
        );
        assert_eq!(resigned.info.result.as_deref(), Some("W+R"));
        assert_eq!(resigned.to_position().unwrap().winner(), Some(Color::White));
        assert_eq!(to_fragment(&resigned).unwrap(), "7c1,a1:pb2:rb");

        let forfeited = parse("#7,a1b2:fw").unwrap();
        assert_eq!(forfeited.moves.len(), 2);
        assert_eq!(forfeited.info.result.as_deref(), Some("B+F"));
        assert_eq!(to_fragment(&forfeited).unwrap(), "7c1,a1b2:fw");
    }

    #[test]
    fn errors_point_at_the_token() {
        let e = parse("https://hexworld.org/board/#11c1,e6:xf7").unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (35, ":xf"));
        let e = parse("#11,e6:S").unwrap_err();
        assert_eq!((e.offset, e.problem), (6, HexWorldProblem::SwapSides));
        let e = parse("#5,a1f1").unwrap_err();
        assert_eq!((e.offset, e.text.as_str()), (5, "f1"));
        let e = parse("#5,a1:rbb2").unwrap_err();
        assert_eq!(
            (e.offset, e.problem),
            (8, HexWorldProblem::MoveAfterGameEnd)
        );
        let e = parse("#5,a1,b2,c3").unwrap_err();
        assert_eq!((e.offset, e.problem), (8, HexWorldProblem::ExtraComma));
        let e = parse("#5c1").unwrap_err();
        assert_eq!(e.problem, HexWorldProblem::MissingComma);
    }
}
