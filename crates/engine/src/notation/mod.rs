//! Game records and the notations that carry them.
//!
//! [`Record`] is the one model every notation reads into and writes from: a board, the swap
//! rule, set-up stones, the main line of moves with their colours, a few game-info strings and,
//! where the notation has one, a cursor. A record is *unvalidated*: [`Record::to_position`]
//! replays it through the rules and names the first move that does not fit; the parsers only
//! check syntax and that every cell lies on the board.
//!
//! Notations, each a module with its own `parse`, `format` and error type:
//!
//! | module | example | holds |
//! |---|---|---|
//! | [`hsgf`] | `(;FF[4]GM[11]SZ[11];B[a1];W[swap-pieces])` | everything, plus a full SGF tree with variations |
//! | [`littlegolem`] | `(;FF[4]EV[hex.mc.1]SZ[13];W[mf];B[swap];W[ed])` | square boards, no set-up, no pass |
//! | [`hexworld`] | `https://hexworld.org/board/#11c1,e6:sf7i8` | any board, pass, resign, cursor; no set-up |
//! | [`trmph`] | `https://trmph.com/hex/board#13,a1a1c3` | square boards, cells and swap only |
//! | [`moves`] | `a1 b2 swap-pieces c3` | alternating moves on a board the caller names |
//!
//! [`hexboard`] reads and writes HexWiki's `<hexboard>` diagrams (stones, shading, labels): a
//! picture rather than a game, so it has its own [`hexboard::Diagram`] model.
//!
//! [`parse_any`] recognises the notation of a text, and [`format()`] writes a record in a chosen
//! one, refusing (rather than silently dropping) what that notation cannot hold.
//!
//! ## The swap rule
//!
//! None of these notations states whether the swap rule was on, and all of them accept a swap
//! as the second move. A record read from text therefore has `swap_rule` on for square boards
//! (where Hex is normally played with it) and off for other shapes, where swapping is refused.
//!
//! ## Results
//!
//! [`GameInfo::result`] uses SGF's convention: `B+`, `W+`, with `R` for a resignation
//! (`W+R`) and `F` for a forfeit (`B+F`), or any other text a record carried.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::{Board, ByColor, CellSet, Color, Move, PlayError, PlayedMove, Point, Position};

pub mod hexboard;
pub mod hexworld;
pub mod hsgf;
pub mod littlegolem;
pub mod moves;
pub mod trmph;

/// Who played, where and when: the strings records carry besides the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// The name of the player of Black (the first player, who connects rows 1 and n).
    pub black: Option<String>,
    pub white: Option<String>,
    /// SGF style: `B+`, `W+R` (by resignation), `B+F` (by forfeit)...
    pub result: Option<String>,
    pub comment: Option<String>,
    pub event: Option<String>,
    pub date: Option<String>,
}

impl GameInfo {
    /// The winner named by [`GameInfo::result`], if it starts with `B+` or `W+`.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        let result = self.result.as_deref()?.trim();
        let mut chars = result.chars();
        let color = match chars.next()?.to_ascii_uppercase() {
            'B' => Color::Black,
            'W' => Color::White,
            _ => return None,
        };
        (chars.next() == Some('+')).then_some(color)
    }
}

/// A game record: the common model of every notation. Unvalidated: see [`Record::to_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub board: Board,
    pub swap_rule: bool,
    /// Stones on the board before the first move (HSGF `AB`/`AW`).
    pub setup: ByColor<CellSet>,
    /// The side to move at the start, when the record says (HSGF `PL`). `None` means: Black
    /// on an empty board, otherwise the side with fewer stones (Black on a tie).
    pub to_move: Option<Color>,
    /// The main line, with swaps, passes and a final resignation as moves.
    pub moves: Vec<PlayedMove>,
    pub info: GameInfo,
    /// The move count at which a viewer stands (HexWorld's cursor comma); `None` is the end.
    pub cursor: Option<usize>,
}

impl Record {
    /// An empty record on `board`, swap rule off.
    #[must_use]
    pub fn new(board: Board) -> Record {
        Record {
            board,
            swap_rule: false,
            setup: ByColor::default(),
            to_move: None,
            moves: Vec::new(),
            info: GameInfo::default(),
            cursor: None,
        }
    }

    /// Whether the record has set-up stones or names the side to move.
    #[must_use]
    pub fn has_setup(&self) -> bool {
        !self.setup.black.is_empty() || !self.setup.white.is_empty() || self.to_move.is_some()
    }

    /// The side to move before the first move.
    #[must_use]
    pub fn first_to_move(&self) -> Color {
        self.to_move
            .unwrap_or(if self.setup.black.len() > self.setup.white.len() {
                Color::White
            } else {
                Color::Black
            })
    }

    /// The position at the end of the main line.
    pub fn to_position(&self) -> Result<Position, RecordError> {
        self.to_position_at(self.moves.len())
    }

    /// The position after the first `count` moves of the main line (all of them if `count` is
    /// larger), with those moves as its history.
    pub fn to_position_at(&self, count: usize) -> Result<Position, RecordError> {
        let mut position = self.start_position()?;
        for (index, &played) in self.moves.iter().take(count).enumerate() {
            position
                .try_play_as(played.color, played.mv)
                .map_err(|reason| RecordError::IllegalMove {
                    number: index + 1,
                    played,
                    reason,
                })?;
        }
        Ok(position)
    }

    /// The set-up position before the first move.
    fn start_position(&self) -> Result<Position, RecordError> {
        let mut position = Position::new(self.board).with_swap_rule(self.swap_rule);
        for color in Color::ALL {
            if let Some(point) = (self.setup[color] - self.board.cells()).first() {
                return Err(RecordError::SetupOffBoard(point));
            }
        }
        if let Some(point) = (self.setup.black & self.setup.white).first() {
            return Err(RecordError::SetupConflict(point));
        }
        if self.has_setup() {
            position.reset_to(self.setup, self.first_to_move());
        }
        Ok(position)
    }

    /// The record of `position`'s history, with the stones it started from as set-up.
    ///
    /// A position keeps the moves played since its last set-up edit; undoing all of them gives
    /// back the starting stones and side to move, which become the record's set-up (`to_move`
    /// is `None` for the plain empty-board start).
    #[must_use]
    pub fn from_position(position: &Position) -> Record {
        let mut start = position.clone();
        while start.undo() {}
        let setup = ByColor::new(start.stones(Color::Black), start.stones(Color::White));
        let empty_start = setup.black.is_empty() && setup.white.is_empty();
        let to_move = if empty_start && start.to_move() == Color::Black {
            None
        } else {
            Some(start.to_move())
        };
        Record {
            board: *position.board(),
            swap_rule: position.swap_rule(),
            setup,
            to_move,
            moves: position.history().collect(),
            info: GameInfo::default(),
            cursor: None,
        }
    }

    /// The colours the moves would have if they simply alternated from the first player:
    /// notations without colours (move lists, trmph) can hold a record only if they match.
    pub(crate) fn alternation_breaks_at(&self) -> Option<usize> {
        let mut color = self.first_to_move();
        for (index, played) in self.moves.iter().enumerate() {
            if played.color != color {
                return Some(index + 1);
            }
            color = !color;
        }
        None
    }
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A set-up stone lies outside the board (or on an edge).
    SetupOffBoard(Point),
    /// A cell is set up with stones of both colours.
    SetupConflict(Point),
    /// Move `number` (1-based) of the main line is illegal.
    IllegalMove {
        number: usize,
        played: PlayedMove,
        reason: PlayError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::SetupOffBoard(p) => write!(f, "set-up stone {p} is not on the board"),
            RecordError::SetupConflict(p) => write!(f, "set-up cell {p} holds both colours"),
            RecordError::IllegalMove {
                number,
                played,
                reason,
            } => write!(
                f,
                "move {number} ({} {}) is illegal: {reason}",
                played.color, played.mv
            ),
        }
    }
}

impl core::error::Error for RecordError {}

/// The notations Ohm reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Hsgf,
    LittleGolem,
    HexWorld,
    Trmph,
    Moves,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Hsgf,
        Format::LittleGolem,
        Format::HexWorld,
        Format::Trmph,
        Format::Moves,
    ];

    /// `hsgf`/`sgf`, `lg`/`littlegolem`, `hexworld`, `trmph`, `moves` (case-insensitive).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Format> {
        let name = name.trim();
        let is = |s: &str| name.eq_ignore_ascii_case(s);
        if is("hsgf") || is("sgf") {
            Some(Format::Hsgf)
        } else if is("lg") || is("littlegolem") || is("little-golem") {
            Some(Format::LittleGolem)
        } else if is("hexworld") {
            Some(Format::HexWorld)
        } else if is("trmph") {
            Some(Format::Trmph)
        } else if is("moves") {
            Some(Format::Moves)
        } else {
            None
        }
    }

    /// The short name [`Format::from_name`] reads.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Hsgf => "hsgf",
            Format::LittleGolem => "lg",
            Format::HexWorld => "hexworld",
            Format::Trmph => "trmph",
            Format::Moves => "moves",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Hsgf => "HSGF",
            Format::LittleGolem => "Little Golem",
            Format::HexWorld => "HexWorld",
            Format::Trmph => "trmph",
            Format::Moves => "move list",
        })
    }
}

/// Why a text could not be read as a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but white space.
    Empty,
    /// A bare move list needs the caller to say the board size.
    NeedsBoardSize,
    Hsgf(hsgf::HsgfError),
    LittleGolem(littlegolem::LittleGolemError),
    HexWorld(hexworld::HexWorldError),
    Trmph(trmph::TrmphError),
    /// The text is none of the other notations, and not a move list either.
    Moves(moves::MovesError),
}

impl ParseError {
    /// The byte of the text where reading failed, when known.
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        match self {
            ParseError::Empty | ParseError::NeedsBoardSize => None,
            ParseError::Hsgf(e)
            | ParseError::LittleGolem(littlegolem::LittleGolemError::Sgf(e)) => e.offset(),
            ParseError::LittleGolem(littlegolem::LittleGolemError::BadMove { offset, .. }) => {
                *offset
            }
            ParseError::LittleGolem(littlegolem::LittleGolemError::TwoMoves { .. }) => None,
            ParseError::HexWorld(e) => Some(e.offset),
            ParseError::Trmph(e) => Some(e.offset),
            ParseError::Moves(e) => Some(e.offset),
        }
    }

    /// The notation the text was read as, if one was recognised.
    #[must_use]
    pub fn format(&self) -> Option<Format> {
        match self {
            ParseError::Empty | ParseError::NeedsBoardSize => None,
            ParseError::Hsgf(_) => Some(Format::Hsgf),
            ParseError::LittleGolem(_) => Some(Format::LittleGolem),
            ParseError::HexWorld(_) => Some(Format::HexWorld),
            ParseError::Trmph(_) => Some(Format::Trmph),
            ParseError::Moves(_) => Some(Format::Moves),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => f.write_str("the record is empty"),
            ParseError::NeedsBoardSize => f.write_str(
                "not HSGF, Little Golem, HexWorld or trmph; \
                 reading it as a move list needs a board size",
            ),
            ParseError::Hsgf(e) => write!(f, "HSGF: {e}"),
            ParseError::LittleGolem(e) => write!(f, "Little Golem: {e}"),
            ParseError::HexWorld(e) => write!(f, "HexWorld: {e}"),
            ParseError::Trmph(e) => write!(f, "trmph: {e}"),
            ParseError::Moves(e) => write!(
                f,
                "not HSGF, Little Golem, HexWorld or trmph, nor a move list: {e}"
            ),
        }
    }
}

impl core::error::Error for ParseError {}

/// ` at byte N` when the offset is known, else nothing: the place an error message names.
#[must_use]
pub fn at_byte(offset: Option<usize>) -> String {
    offset.map_or_else(String::new, |o| alloc::format!(" at byte {o}"))
}

/// Where byte `offset` of `text` is, for people: its line (1-based) and that line, cut to a
/// window around the place on long lines (URLs, one-line SGF), with a caret under it on the
/// next line.
#[must_use]
pub fn excerpt(text: &str, offset: usize) -> (usize, String) {
    let offset = offset.min(text.len());
    let offset = (0..=offset)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line_number = text[..offset].matches('\n').count() + 1;
    let line = text[line_start..line_end].trim_end_matches('\r');
    let column = text[line_start..offset].chars().count();
    let chars: Vec<char> = line.chars().collect();
    let from = column.saturating_sub(30);
    let to = (column + 30).min(chars.len());
    let shown: String = chars[from.min(to)..to].iter().collect();
    let prefix = if from > 0 { "…" } else { "" };
    let caret = " ".repeat(column - from + prefix.chars().count());
    (line_number, alloc::format!("{prefix}{shown}\n{caret}^"))
}

/// Why a record cannot be written in a notation without losing something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The notation has no set-up stones or explicit side to move.
    Setup { format: Format },
    /// The notation has square boards only.
    NotSquare {
        format: Format,
        width: u8,
        height: u8,
    },
    /// Move `number` (1-based) cannot be written: `why`.
    Move {
        format: Format,
        number: usize,
        played: PlayedMove,
        why: &'static str,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Setup { format } => {
                write!(f, "{format} cannot hold set-up stones or a side to move")
            }
            FormatError::NotSquare {
                format,
                width,
                height,
            } => {
                write!(
                    f,
                    "{format} cannot hold a {width}x{height} board (square boards only)"
                )
            }
            FormatError::Move {
                format,
                number,
                played,
                why,
            } => write!(
                f,
                "{format} cannot hold move {number} ({} {}): {why}",
                played.color, played.mv
            ),
        }
    }
}

impl core::error::Error for FormatError {}

/// Reads `text` in whichever notation it is written, and says which.
///
/// Recognition, in order: a text starting with `(` is SGF: Little Golem's when a move is
/// written with two letters (`W[mf]`) or the source is littlegolem.net, HSGF otherwise. A text
/// naming hexworld.org or trmph.com is that site's. A text of the shape `[#]13,...` (a board
/// size, a comma, moves) is a HexWorld string, unless it uses trmph's repeated-cell swap
/// (`13,a1a1`); both sites read the plain form alike. Anything else is a move list, which
/// needs `default_size`.
pub fn parse_any(text: &str, default_size: Option<Board>) -> Result<(Format, Record), ParseError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(ParseError::Empty);
    }
    if trimmed.starts_with('(') {
        return if littlegolem::looks_like_little_golem(text) {
            littlegolem::parse(text)
                .map(|r| (Format::LittleGolem, r))
                .map_err(ParseError::LittleGolem)
        } else {
            hsgf::parse(text)
                .map(|r| (Format::Hsgf, r))
                .map_err(ParseError::Hsgf)
        };
    }
    let lower_has = |needle: &str| {
        trimmed
            .as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
    };
    if lower_has("hexworld") {
        return hexworld::parse(text)
            .map(|r| (Format::HexWorld, r))
            .map_err(ParseError::HexWorld);
    }
    if lower_has("trmph") {
        return trmph::parse(text)
            .map(|r| (Format::Trmph, r))
            .map_err(ParseError::Trmph);
    }
    if starts_with_board_size(trimmed) {
        if trmph::uses_repeated_cell_swap(trimmed) {
            return trmph::parse(text)
                .map(|r| (Format::Trmph, r))
                .map_err(ParseError::Trmph);
        }
        return hexworld::parse(text)
            .map(|r| (Format::HexWorld, r))
            .map_err(ParseError::HexWorld);
    }
    let Some(board) = default_size else {
        return Err(ParseError::NeedsBoardSize);
    };
    moves::parse(text, board)
        .map(|r| (Format::Moves, r))
        .map_err(ParseError::Moves)
}

/// Whether `text` starts like `13,`, `#9x11,` or `11r9c1,`: a board size, HexWorld's display
/// options, then a comma.
fn starts_with_board_size(text: &str) -> bool {
    let bytes = text.strip_prefix('#').unwrap_or(text).as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return false;
    }
    let rest = &bytes[digits..];
    let options = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    rest.get(options) == Some(&b',')
}

/// Writes `record` in `format`, or says what that notation cannot hold.
pub fn format(record: &Record, format: Format) -> Result<String, FormatError> {
    match format {
        Format::Hsgf => Ok(hsgf::format(record)),
        Format::LittleGolem => littlegolem::format(record),
        Format::HexWorld => hexworld::format(record),
        Format::Trmph => trmph::format(record),
        Format::Moves => moves::format(record),
    }
}

/// Checks that a record has no set-up, for notations without one.
pub(crate) fn require_no_setup(record: &Record, format: Format) -> Result<(), FormatError> {
    if record.has_setup() {
        Err(FormatError::Setup { format })
    } else {
        Ok(())
    }
}

/// Checks that a record's board is square, for notations with one size number.
pub(crate) fn require_square(record: &Record, format: Format) -> Result<(), FormatError> {
    if record.board.is_square() {
        Ok(())
    } else {
        Err(FormatError::NotSquare {
            format,
            width: record.board.width(),
            height: record.board.height(),
        })
    }
}

/// Checks that the moves alternate from the first player, for notations without colours.
pub(crate) fn require_alternation(record: &Record, format: Format) -> Result<(), FormatError> {
    match record.alternation_breaks_at() {
        None => Ok(()),
        Some(number) => Err(FormatError::Move {
            format,
            number,
            played: record.moves[number - 1],
            why: "the colours do not alternate",
        }),
    }
}

/// Checks that every cell move lies on the board, so that the text reads back.
pub(crate) fn require_cells_on_board(record: &Record, format: Format) -> Result<(), FormatError> {
    for (index, played) in record.moves.iter().enumerate() {
        if let Move::Cell(point) = played.mv {
            if point.is_edge() || !record.board.contains(point) {
                return Err(FormatError::Move {
                    format,
                    number: index + 1,
                    played: *played,
                    why: "not a cell of the board",
                });
            }
        }
    }
    Ok(())
}

/// The default swap rule of a record read from a notation that does not state it.
pub(crate) fn default_swap_rule(board: &Board) -> bool {
    board.is_square()
}

/// The cell at 0-based `col`, `row` if it lies on `board`.
pub(crate) fn cell_on(board: &Board, col: u32, row: u32) -> Option<Point> {
    let col = u8::try_from(col).ok()?;
    let row = u8::try_from(row).ok()?;
    board.cell(col, row)
}

/// Colours alternating from Black, for notations whose moves carry no colour.
pub(crate) fn alternate(moves: impl IntoIterator<Item = Move>) -> Vec<PlayedMove> {
    let mut color = Color::Black;
    moves
        .into_iter()
        .map(|mv| {
            let played = PlayedMove { color, mv };
            color = !color;
            played
        })
        .collect()
}
