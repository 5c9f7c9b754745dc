//! HSGF: SGF (FF\[4\]) for Hex, `GM[11]`, as HexGui reads and writes it.
//!
//! ```text
//! (;FF[4]AP[HexGui:0.9]GM[11]SZ[11]PB[ann]PW[bob];B[f6];W[swap-pieces];B[e8];W[resign])
//! ```
//!
//! Two layers:
//!
//! - **The SGF tree** ([`GameTree`], [`Node`], [`Property`]): any SGF game tree, with properties
//!   in their order, several values per property, and variations. Values are stored decoded:
//!   `\]` and `\\` are unescaped, and a soft line break (`\` before a line break) is removed.
//!   [`write_tree`] writes a tree back so that [`parse_tree`] gives the same tree: a UI can
//!   keep variations and annotations it does not understand.
//! - **The record** ([`record_from_tree`], [`tree_from_record`]): the main line (the first
//!   variation at every branch) as a [`Record`]. Root properties: `SZ[n]` or `SZ[w:h]`
//!   (columns:rows; 11 if absent), `GM` (must be 11 if present), `PB`, `PW`, `RE`, `C`, `EV`,
//!   `DT`. Set-up before the first move: `AB`, `AW`, `AE` (single cells or `a1:c3`
//!   rectangles) and `PL[B|W]`. Moves: `B[..]`/`W[..]` holding a cell name (`a1`),
//!   `swap-pieces` (or `swap`), `pass` or `resign`. HexGui's `swap-sides` and `forfeit` have no
//!   counterpart in Ohm's rules and are refused with the move number.
//!
//! Ohm writes `(;FF[4]GM[11]AP[Ohm:0.1.0]SZ[11]...;B[a1];W[swap-pieces];...)`. The swap rule
//! and a viewer's cursor are not part of HSGF and are not written.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::Record;
use crate::{Board, BoardSizeError, CellSet, Color, Move, PlayedMove, Point};

/// A property: an identifier (`B`, `SZ`, `AB`) and one or more decoded values.
///
/// Equality compares the identifier and the values only, not where they were read.
#[derive(Clone, Debug, Eq)]
pub struct Property {
    pub id: String,
    pub values: Vec<String>,
    /// The byte offset of the first value's text (after its `[`) in the text the property was
    /// read from; `None` for a property made in code. Errors about the value point there.
    pub offset: Option<usize>,
}

impl PartialEq for Property {
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Property {
    /// A property made in code (not read from text).
    #[must_use]
    pub fn new(id: &str, values: Vec<String>) -> Property {
        Property {
            id: id.to_string(),
            values,
            offset: None,
        }
    }
}

/// A node: its properties in the order they were read or added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub properties: Vec<Property>,
}

impl Node {
    /// The property `id`, if the node has it.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }

    /// The first value of property `id`.
    #[must_use]
    pub fn value(&self, id: &str) -> Option<&str> {
        self.get(id)?.values.first().map(String::as_str)
    }

    /// Where the first value of property `id` was read, if it was.
    #[must_use]
    pub fn offset(&self, id: &str) -> Option<usize> {
        self.get(id)?.offset
    }

    /// Sets property `id` to the single `value`, replacing any earlier values.
    pub fn set(&mut self, id: &str, value: impl Into<String>) {
        let values = alloc::vec![value.into()];
        match self.properties.iter_mut().find(|p| p.id == id) {
            Some(property) => property.values = values,
            None => self.properties.push(Property::new(id, values)),
        }
    }

    /// Appends `value` to property `id` (creating it at the end if needed).
    pub fn add(&mut self, id: &str, value: impl Into<String>) {
        match self.properties.iter_mut().find(|p| p.id == id) {
            Some(property) => property.values.push(value.into()),
            None => self
                .properties
                .push(Property::new(id, alloc::vec![value.into()])),
        }
    }

    /// Removes property `id`; whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.properties.len();
        self.properties.retain(|p| p.id != id);
        self.properties.len() != before
    }
}

/// An SGF game tree: a sequence of nodes, then the variations that follow it. Every tree read
/// from text has at least one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    pub nodes: Vec<Node>,
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The main line: the nodes of this sequence, then of the first variation, recursively.
    pub fn main_line(&self) -> impl Iterator<Item = &Node> + '_ {
        let mut sequence = Some(self);
        let mut index = 0;
        core::iter::from_fn(move || loop {
            let tree = sequence?;
            if let Some(node) = tree.nodes.get(index) {
                index += 1;
                return Some(node);
            }
            sequence = tree.variations.first();
            index = 0;
        })
    }

    /// The first node, where SGF keeps the game's properties.
    #[must_use]
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }
}

/// Why an HSGF text did not parse or does not make a Hex record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HsgfError {
    /// The SGF syntax breaks at byte `offset`.
    Syntax {
        offset: usize,
        problem: SyntaxProblem,
    },
    /// `GM` names another game.
    NotHex { game: String },
    /// `SZ` is not `n` or `w:h` with sides 1..=19.
    BadSize { value: String },
    /// Move `number` (1-based, in the main line) holds `value`, which is not a move here;
    /// `offset` is the byte where the value starts in the text, when it was read from one.
    BadMove {
        number: usize,
        value: String,
        problem: MoveProblem,
        offset: Option<usize>,
    },
    /// A set-up property (`id`) of main-line node `node` (1-based) cannot be used.
    BadSetup {
        node: usize,
        id: String,
        value: String,
        problem: SetupProblem,
        offset: Option<usize>,
    },
}

/// What is wrong with SGF syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// Nothing but white space.
    Empty,
    /// Expected `(` to open a game tree.
    ExpectedTree(Option<char>),
    /// Expected `;` to start a node (a tree needs at least one).
    ExpectedNode(Option<char>),
    /// Expected a property identifier, a node, a variation or `)`.
    Unexpected(Option<char>),
    /// A property identifier without a `[value]`.
    MissingValue,
    /// A `[` without its `]`.
    UnclosedValue,
    /// A `(` without its `)`.
    UnclosedTree,
    /// Variations nested deeper than [`MAX_DEPTH`].
    TooDeep,
}

/// Why a move value was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveProblem {
    /// Not a cell name or a known special move.
    Unknown,
    /// A cell off this board (or an edge).
    OffBoard,
    /// `swap-sides` or `forfeit`: HexGui moves Ohm's rules do not have.
    Unsupported,
    /// A node with both `B` and `W`.
    TwoMoves,
}

/// Why a set-up property was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// Not a cell, a rectangle `a1:c3`, or (for `PL`) `B`/`W`.
    BadValue,
    /// Outside the board.
    OffBoard,
    /// Set-up after the first move: a record keeps set-up only at the start.
    AfterMoves,
}

/// How deeply variations may nest before the parser refuses (it recurses per level).
pub const MAX_DEPTH: usize = 256;

fn describe(found: Option<char>) -> String {
    match found {
        Some(c) => alloc::format!("'{}'", c.escape_debug()),
        None => "the end".to_string(),
    }
}

impl HsgfError {
    /// The byte of the text where the error is, when known.
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        match self {
            HsgfError::Syntax { offset, .. } => Some(*offset),
            HsgfError::BadMove { offset, .. } | HsgfError::BadSetup { offset, .. } => *offset,
            HsgfError::NotHex { .. } | HsgfError::BadSize { .. } => None,
        }
    }
}

impl fmt::Display for HsgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HsgfError::Syntax { offset, problem } => {
                write!(f, "at byte {offset}: ")?;
                match problem {
                    SyntaxProblem::Empty => f.write_str("no game tree"),
                    SyntaxProblem::ExpectedTree(c) => {
                        write!(
                            f,
                            "expected '(' to open a game tree, found {}",
                            describe(*c)
                        )
                    }
                    SyntaxProblem::ExpectedNode(c) => {
                        write!(f, "expected ';' to start a node, found {}", describe(*c))
                    }
                    SyntaxProblem::Unexpected(c) => write!(
                        f,
                        "expected a property, ';', '(' or ')', found {}",
                        describe(*c)
                    ),
                    SyntaxProblem::MissingValue => f.write_str("property without a [value]"),
                    SyntaxProblem::UnclosedValue => f.write_str("'[' is never closed by ']'"),
                    SyntaxProblem::UnclosedTree => f.write_str("'(' is never closed by ')'"),
                    SyntaxProblem::TooDeep => {
                        write!(f, "variations nest deeper than {MAX_DEPTH}")
                    }
                }
            }
            HsgfError::NotHex { game } => write!(f, "GM[{game}] is not Hex (GM[11])"),
            HsgfError::BadSize { value } => write!(
                f,
                "SZ[{value}] is not a board size (n or w:h, sides 1 to 19)"
            ),
            HsgfError::BadMove {
                number,
                value,
                problem,
                offset,
            } => {
                write!(f, "move {number}, [{value}]{}: ", super::at_byte(*offset))?;
                f.write_str(match problem {
                    MoveProblem::Unknown => "not a cell, swap-pieces, swap, pass or resign",
                    MoveProblem::OffBoard => "not a cell of this board",
                    MoveProblem::Unsupported => "swap-sides and forfeit are not supported",
                    MoveProblem::TwoMoves => "a node with both B and W",
                })
            }
            HsgfError::BadSetup {
                node,
                id,
                value,
                problem,
                offset,
            } => {
                write!(f, "node {node}, {id}[{value}]{}: ", super::at_byte(*offset))?;
                f.write_str(match problem {
                    SetupProblem::BadValue => "not a cell or a rectangle like a1:c3",
                    SetupProblem::OffBoard => "not on this board",
                    SetupProblem::AfterMoves => "set-up after the first move is not supported",
                })
            }
        }
    }
}

impl core::error::Error for HsgfError {}

/// A recursive-descent reader over the bytes of an SGF text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    /// Little Golem does not escape `]` in names: when set, a `]` ends a value only if what
    /// follows can follow a value.
    lenient_brackets: bool,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn error(&self, problem: SyntaxProblem) -> HsgfError {
        HsgfError::Syntax {
            offset: self.at,
            problem,
        }
    }

    /// `(` nodes variations `)`, at `depth` (the outermost tree is depth 1).
    fn tree(&mut self, depth: usize) -> Result<GameTree, HsgfError> {
        self.skip_space();
        if self.peek() != Some('(') {
            return Err(self.error(SyntaxProblem::ExpectedTree(self.peek())));
        }
        if depth > MAX_DEPTH {
            return Err(self.error(SyntaxProblem::TooDeep));
        }
        let open = self.at;
        self.at += 1;
        let mut tree = GameTree::default();
        self.skip_space();
        if self.peek() != Some(';') {
            return Err(self.error(SyntaxProblem::ExpectedNode(self.peek())));
        }
        loop {
            self.skip_space();
            match self.peek() {
                Some(';') => {
                    if !tree.variations.is_empty() {
                        return Err(self.error(SyntaxProblem::Unexpected(Some(';'))));
                    }
                    self.at += 1;
                    tree.nodes.push(self.node()?);
                }
                Some('(') => tree.variations.push(self.tree(depth + 1)?),
                Some(')') => {
                    self.at += 1;
                    return Ok(tree);
                }
                None => {
                    return Err(HsgfError::Syntax {
                        offset: open,
                        problem: SyntaxProblem::UnclosedTree,
                    })
                }
                Some(c) => return Err(self.error(SyntaxProblem::Unexpected(Some(c)))),
            }
        }
    }

    /// The properties after a `;`.
    fn node(&mut self) -> Result<Node, HsgfError> {
        let mut node = Node::default();
        loop {
            self.skip_space();
            let rest = &self.text.as_bytes()[self.at..];
            let id_len = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
            if id_len == 0 {
                return Ok(node);
            }
            let id = self.text[self.at..self.at + id_len].to_string();
            self.at += id_len;
            self.skip_space();
            if self.peek() != Some('[') {
                return Err(self.error(SyntaxProblem::MissingValue));
            }
            let mut values = Vec::new();
            let offset = Some(self.at + 1);
            while self.peek() == Some('[') {
                values.push(self.value()?);
                self.skip_space();
            }
            node.properties.push(Property { id, values, offset });
        }
    }

    /// A `[value]`, decoded.
    fn value(&mut self) -> Result<String, HsgfError> {
        let open = self.at;
        self.at += 1;
        let mut value = String::new();
        let mut chars = self.text[self.at..].char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    // A soft line break: `\` and the line break (`\n`, `\r\n`, `\n\r`, `\r`)
                    // vanish.
                    Some((_, first @ ('\n' | '\r'))) => {
                        let pair = if first == '\n' { '\r' } else { '\n' };
                        if chars.peek().map(|&(_, c)| c) == Some(pair) {
                            chars.next();
                        }
                    }
                    Some((_, escaped)) => value.push(escaped),
                    None => break,
                },
                ']' if !self.lenient_brackets || self.value_may_end(self.at + i + 1) => {
                    self.at += i + 1;
                    return Ok(value);
                }
                c => value.push(c),
            }
        }
        Err(HsgfError::Syntax {
            offset: open,
            problem: SyntaxProblem::UnclosedValue,
        })
    }

    /// Whether the text from `at` can follow a property value: another value, a property, a
    /// node, a variation, the end of a tree, or the end of the text.
    fn value_may_end(&self, at: usize) -> bool {
        let rest = self.text[at..].trim_start();
        let bytes = rest.as_bytes();
        match bytes.first() {
            None | Some(b'[' | b';' | b'(' | b')') => true,
            Some(b) if b.is_ascii_uppercase() => {
                let id = bytes.iter().take_while(|b| b.is_ascii_uppercase()).count();
                rest[id..].trim_start().starts_with('[')
            }
            _ => false,
        }
    }
}

/// Reads the first game tree of an SGF text (white space and a byte-order mark before it are
/// skipped; anything after its closing `)` is ignored, as in a collection of several games).
pub fn parse_tree(text: &str) -> Result<GameTree, HsgfError> {
    parse_first_tree(text, false)
}

pub(crate) fn parse_first_tree(text: &str, lenient_brackets: bool) -> Result<GameTree, HsgfError> {
    let mut reader = Reader {
        text,
        at: 0,
        lenient_brackets,
    };
    if text.starts_with('\u{feff}') {
        reader.at = '\u{feff}'.len_utf8();
    }
    reader.skip_space();
    if reader.peek().is_none() {
        return Err(reader.error(SyntaxProblem::Empty));
    }
    reader.tree(1)
}

/// Reads every game tree of an SGF collection (at least one; only white space between and
/// after them).
pub fn parse_collection(text: &str) -> Result<Vec<GameTree>, HsgfError> {
    let mut reader = Reader {
        text,
        at: 0,
        lenient_brackets: false,
    };
    if text.starts_with('\u{feff}') {
        reader.at = '\u{feff}'.len_utf8();
    }
    reader.skip_space();
    if reader.peek().is_none() {
        return Err(reader.error(SyntaxProblem::Empty));
    }
    let mut trees = Vec::new();
    loop {
        trees.push(reader.tree(1)?);
        reader.skip_space();
        if reader.peek().is_none() {
            return Ok(trees);
        }
    }
}

/// Writes a value with `\` and `]` escaped.
fn write_value(out: &mut String, value: &str) {
    out.push('[');
    for c in value.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(']');
}

fn write_tree_into(out: &mut String, tree: &GameTree) {
    out.push('(');
    for node in &tree.nodes {
        out.push(';');
        for property in &node.properties {
            out.push_str(&property.id);
            for value in &property.values {
                write_value(out, value);
            }
        }
    }
    for variation in &tree.variations {
        out.push('\n');
        write_tree_into(out, variation);
    }
    out.push(')');
}

/// Writes a game tree as SGF text. For a tree [`parse_tree`] can return (at least one node per
/// sequence, alphabetic identifiers, a value per property), reading the text back gives the
/// same tree.
#[must_use]
pub fn write_tree(tree: &GameTree) -> String {
    let mut out = String::new();
    write_tree_into(&mut out, tree);
    out
}

/// Writes several game trees, one after the other.
#[must_use]
pub fn write_collection(trees: &[GameTree]) -> String {
    let mut out = String::new();
    for tree in trees {
        write_tree_into(&mut out, tree);
        out.push('\n');
    }
    out
}

/// Parses `SZ`: `n` or `w:h`.
pub(crate) fn parse_size(value: &str) -> Result<Board, HsgfError> {
    let bad = || HsgfError::BadSize {
        value: value.to_string(),
    };
    let number = |s: &str| s.trim().parse::<u8>().map_err(|_| bad());
    let board: Result<Board, BoardSizeError> = match value.split_once(':') {
        None => Board::square(number(value)?),
        Some((w, h)) => Board::new(number(w)?, number(h)?),
    };
    board.map_err(|_| bad())
}

/// The cells of a set-up value: `a1` or the rectangle `a1:c3`.
fn setup_cells(value: &str, board: &Board) -> Result<CellSet, SetupProblem> {
    let parse = |name: &str| -> Result<Point, SetupProblem> {
        let point = Point::parse(name.trim()).map_err(|_| SetupProblem::BadValue)?;
        if point.is_edge() {
            Err(SetupProblem::BadValue)
        } else if board.contains(point) {
            Ok(point)
        } else {
            Err(SetupProblem::OffBoard)
        }
    };
    let (from, to) = match value.split_once(':') {
        None => {
            let p = parse(value)?;
            (p, p)
        }
        Some((a, b)) => (parse(a)?, parse(b)?),
    };
    let (Some((c1, r1)), Some((c2, r2))) = (from.col_row(), to.col_row()) else {
        return Err(SetupProblem::BadValue);
    };
    let mut cells = CellSet::EMPTY;
    for row in r1.min(r2)..=r1.max(r2) {
        for col in c1.min(c2)..=c1.max(c2) {
            cells.insert(Point::cell_unchecked(col, row));
        }
    }
    Ok(cells)
}

/// Reads the move in a `B`/`W` value.
fn move_named(value: &str, board: &Board) -> Result<Move, MoveProblem> {
    let t = value.trim();
    let is = |s: &str| t.eq_ignore_ascii_case(s);
    if is("swap-pieces") || is("swap") {
        Ok(Move::Swap)
    } else if is("pass") {
        Ok(Move::Pass)
    } else if is("resign") {
        Ok(Move::Resign)
    } else if is("swap-sides") || is("forfeit") {
        Err(MoveProblem::Unsupported)
    } else {
        match Point::parse(t) {
            Ok(p) if p.is_cell() && board.contains(p) => Ok(Move::Cell(p)),
            Ok(_) => Err(MoveProblem::OffBoard),
            Err(_) => Err(MoveProblem::Unknown),
        }
    }
}

/// Copies the root's game information into `record`.
pub(crate) fn read_info(root: &Node, record: &mut Record) {
    let text = |id: &str| root.value(id).map(ToString::to_string);
    record.info.black = text("PB");
    record.info.white = text("PW");
    record.info.result = text("RE");
    record.info.comment = text("C");
    record.info.event = text("EV");
    record.info.date = text("DT");
}

/// The main line of an HSGF tree as a record. The swap rule is on for square boards.
pub fn record_from_tree(tree: &GameTree) -> Result<Record, HsgfError> {
    let Some(root) = tree.root() else {
        return Err(HsgfError::Syntax {
            offset: 0,
            problem: SyntaxProblem::ExpectedNode(None),
        });
    };
    if let Some(game) = root.value("GM") {
        if game.trim() != "11" {
            return Err(HsgfError::NotHex {
                game: game.to_string(),
            });
        }
    }
    let board = match root.value("SZ") {
        Some(size) => parse_size(size)?,
        None => Board::square(11).expect("11 is a board size"),
    };
    let mut record = Record::new(board);
    record.swap_rule = super::default_swap_rule(&board);
    read_info(root, &mut record);
    for (index, node) in tree.main_line().enumerate() {
        read_setup(node, index + 1, &mut record)?;
        let black = node.value("B");
        let white = node.value("W");
        let (color, value) = match (black, white) {
            (None, None) => continue,
            (Some(b), None) => (Color::Black, b),
            (None, Some(w)) => (Color::White, w),
            (Some(b), Some(_)) => {
                return Err(HsgfError::BadMove {
                    number: record.moves.len() + 1,
                    value: b.to_string(),
                    problem: MoveProblem::TwoMoves,
                    offset: node.offset("W"),
                })
            }
        };
        let offset = node.offset(if black.is_some() { "B" } else { "W" });
        let mv = move_named(value, &board).map_err(|problem| HsgfError::BadMove {
            number: record.moves.len() + 1,
            value: value.to_string(),
            problem,
            offset,
        })?;
        record.moves.push(PlayedMove { color, mv });
    }
    Ok(record)
}

/// Applies `AB`, `AW`, `AE` and `PL` of main-line node `node` (1-based).
fn read_setup(node: &Node, index: usize, record: &mut Record) -> Result<(), HsgfError> {
    for property in &node.properties {
        let id = property.id.as_str();
        if !matches!(id, "AB" | "AW" | "AE" | "PL") {
            continue;
        }
        let refuse = |value: &str, problem| HsgfError::BadSetup {
            node: index,
            id: id.to_string(),
            value: value.to_string(),
            problem,
            offset: property.offset,
        };
        if !record.moves.is_empty() {
            let value = property.values.first().map_or("", String::as_str);
            return Err(refuse(value, SetupProblem::AfterMoves));
        }
        for value in &property.values {
            if id == "PL" {
                let color = match value.trim() {
                    "B" | "b" => Color::Black,
                    "W" | "w" => Color::White,
                    _ => return Err(refuse(value, SetupProblem::BadValue)),
                };
                record.to_move = Some(color);
                continue;
            }
            let cells = setup_cells(value, &record.board).map_err(|p| refuse(value, p))?;
            record.setup.black -= cells;
            record.setup.white -= cells;
            match id {
                "AB" => record.setup.black |= cells,
                "AW" => record.setup.white |= cells,
                _ => {}
            }
        }
    }
    Ok(())
}

/// The application name and version Ohm writes in `AP`.
pub const APPLICATION: &str = concat!("Ohm:", env!("CARGO_PKG_VERSION"));

/// The root node's game-information properties, in HexGui's order after `SZ`.
pub(crate) fn write_info(node: &mut Node, record: &Record) {
    let info = &record.info;
    for (id, value) in [
        ("PB", &info.black),
        ("PW", &info.white),
        ("EV", &info.event),
        ("DT", &info.date),
        ("RE", &info.result),
        ("C", &info.comment),
    ] {
        if let Some(value) = value {
            node.set(id, value.clone());
        }
    }
}

/// A record as an HSGF tree: a root with `FF GM AP SZ`, the game information and the set-up,
/// then one node per move.
#[must_use]
pub fn tree_from_record(record: &Record) -> GameTree {
    let mut root = Node::default();
    root.set("FF", "4");
    root.set("GM", "11");
    root.set("AP", APPLICATION);
    let board = record.board;
    root.set(
        "SZ",
        if board.is_square() {
            board.width().to_string()
        } else {
            alloc::format!("{}:{}", board.width(), board.height())
        },
    );
    write_info(&mut root, record);
    for (id, cells) in [("AB", record.setup.black), ("AW", record.setup.white)] {
        for cell in cells {
            root.add(id, cell.to_string());
        }
    }
    if let Some(color) = record.to_move {
        root.set("PL", color.letter().to_string());
    }
    let mut nodes = alloc::vec![root];
    for played in &record.moves {
        let mut node = Node::default();
        node.set(&played.color.letter().to_string(), played.mv.to_string());
        nodes.push(node);
    }
    GameTree {
        nodes,
        variations: Vec::new(),
    }
}

/// The byte offset of the value of main-line move `number` (1-based) in the text `tree` was
/// read from, to point at a move the rules refuse.
#[must_use]
pub fn main_line_move_offset(tree: &GameTree, number: usize) -> Option<usize> {
    let node = tree
        .main_line()
        .filter(|node| node.get("B").is_some() || node.get("W").is_some())
        .nth(number.checked_sub(1)?)?;
    node.offset("B").or_else(|| node.offset("W"))
}

/// A move of an HSGF tree that does not replay: `depth` moves from the start, written
/// `text`, at byte `offset` of the text the tree was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationError {
    pub depth: usize,
    pub text: String,
    pub offset: Option<usize>,
    /// Why: the value is not a move here, or the rules refuse it.
    pub why: String,
}

impl fmt::Display for VariationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}){}: {}",
            self.depth,
            self.text,
            super::at_byte(self.offset),
            self.why
        )
    }
}

impl core::error::Error for VariationError {}

/// Checks that every move of every variation of an HSGF tree replays from the record's start
/// (the main line is checked by [`record_from_tree`] and [`Record::to_position`]).
pub fn check_variations(tree: &GameTree) -> Result<(), VariationError> {
    let record = record_from_tree(tree).map_err(|e| VariationError {
        depth: 0,
        text: String::new(),
        offset: e.offset(),
        why: e.to_string(),
    })?;
    let start = record.to_position_at(0).map_err(|e| VariationError {
        depth: 0,
        text: String::new(),
        offset: None,
        why: e.to_string(),
    })?;
    replay(tree, start, 0, &record.board)
}

fn replay(
    tree: &GameTree,
    mut position: crate::Position,
    mut depth: usize,
    board: &Board,
) -> Result<(), VariationError> {
    for node in &tree.nodes {
        let (color, id) = match (node.value("B"), node.value("W")) {
            (Some(_), None) => (Color::Black, "B"),
            (None, Some(_)) => (Color::White, "W"),
            _ => continue,
        };
        depth += 1;
        let value = node.value(id).unwrap_or_default();
        let refuse = |why: String| VariationError {
            depth,
            text: alloc::format!("{id}[{value}]"),
            offset: node.offset(id),
            why,
        };
        let mv = move_named(value, board).map_err(|_| refuse("not a move of this board".into()))?;
        position
            .try_play_as(color, mv)
            .map_err(|e| refuse(e.to_string()))?;
    }
    for variation in &tree.variations {
        replay(variation, position.clone(), depth, board)?;
    }
    Ok(())
}

/// What an HSGF tree holds beyond its main line's moves and game information: the side
/// variations and the comments on nodes after the root. A record ([`record_from_tree`])
/// leaves them out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BeyondMainLine {
    /// Side variations (each branch but the first at every fork).
    pub variations: usize,
    /// Nodes after the root with a comment (`C`).
    pub comments: usize,
}

impl BeyondMainLine {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.variations == 0 && self.comments == 0
    }
}

impl fmt::Display for BeyondMainLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, word: &str| alloc::format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        match (self.variations, self.comments) {
            (0, c) => f.write_str(&plural(c, "comment")),
            (v, 0) => f.write_str(&plural(v, "variation")),
            (v, c) => write!(f, "{} and {}", plural(v, "variation"), plural(c, "comment")),
        }
    }
}

/// Counts what [`record_from_tree`] leaves out of `tree`.
#[must_use]
pub fn beyond_main_line(tree: &GameTree) -> BeyondMainLine {
    fn walk(tree: &GameTree, is_root_sequence: bool, out: &mut BeyondMainLine) {
        let skip = usize::from(is_root_sequence);
        out.comments += tree
            .nodes
            .iter()
            .skip(skip)
            .filter(|n| n.get("C").is_some())
            .count();
        out.variations += tree.variations.len().saturating_sub(1);
        for variation in &tree.variations {
            walk(variation, false, out);
        }
    }
    let mut out = BeyondMainLine::default();
    walk(tree, true, &mut out);
    out
}

/// Reads an HSGF text's main line.
pub fn parse(text: &str) -> Result<Record, HsgfError> {
    record_from_tree(&parse_tree(text)?)
}

/// Writes a record as HSGF text. Everything a record holds fits, except the cursor.
#[must_use]
pub fn format(record: &Record) -> String {
    write_tree(&tree_from_record(record))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_hexgui_file() {
        let text = "(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[11]PB[ann]PW[bob]\n;B[f6];W[swap-pieces]\n;B[e8]C[good];W[resign])\n";
        let record = parse(text).unwrap();
        assert_eq!(record.board, Board::square(11).unwrap());
        assert_eq!(record.info.black.as_deref(), Some("ann"));
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.moves[1].mv, Move::Swap);
        assert_eq!(record.moves[3].color, Color::White);
        let position = record.to_position().unwrap();
        assert_eq!(position.winner(), Some(Color::Black));
    }

    #[test]
    fn escapes_soft_breaks_and_multiple_values() {
        let tree = parse_tree("(;C[a\\]b\\\\c\\\nd]AB[a1][b2:c3])").unwrap();
        let root = tree.root().unwrap();
        assert_eq!(root.value("C"), Some("a]b\\cd"));
        assert_eq!(root.get("AB").unwrap().values, ["a1", "b2:c3"]);
        assert_eq!(parse_tree(&write_tree(&tree)).unwrap(), tree);
    }

    #[test]
    fn variations_survive_a_round_trip_and_the_main_line_is_the_first() {
        let text = "(;SZ[5];B[a1](;W[b2];B[c3])(;W[c2]))";
        let tree = parse_tree(text).unwrap();
        assert_eq!(tree.nodes.len(), 2);
        assert_eq!(tree.variations.len(), 2);
        assert_eq!(parse_tree(&write_tree(&tree)).unwrap(), tree);
        let record = record_from_tree(&tree).unwrap();
        let names: Vec<_> = record.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(names, ["a1", "b2", "c3"]);
    }

    #[test]
    fn setup_and_player_to_move() {
        let record = parse("(;GM[11]SZ[4:3]AB[a1:b2]AW[d3]AE[b1]PL[W];W[c1])").unwrap();
        assert_eq!(record.board, Board::new(4, 3).unwrap());
        let names: Vec<_> = record.setup.black.iter().map(|p| p.to_string()).collect();
        assert_eq!(names, ["a1", "a2", "b2"]);
        assert_eq!(record.to_move, Some(Color::White));
        assert_eq!(parse(&format(&record)).unwrap(), record);
    }

    #[test]
    fn errors_say_where() {
        let e = parse("(;SZ[11];B[a1];W[l1])").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 2, [l1] at byte 17: not a cell of this board"
        );
        let tree = parse_tree("(;SZ[11];B[a1];W[l1])").unwrap();
        assert_eq!(main_line_move_offset(&tree, 2), Some(17));
        assert_eq!(main_line_move_offset(&tree, 3), None);
        let e = parse("(;SZ[11];B[a1]").unwrap_err();
        assert_eq!(
            e,
            HsgfError::Syntax {
                offset: 0,
                problem: SyntaxProblem::UnclosedTree
            }
        );
        let e = parse("(;SZ[11];B[a1) ").unwrap_err();
        assert_eq!(
            e,
            HsgfError::Syntax {
                offset: 10,
                problem: SyntaxProblem::UnclosedValue
            }
        );
        let e = parse("(;SZ[11]B;)").unwrap_err();
        assert_eq!(
            e,
            HsgfError::Syntax {
                offset: 9,
                problem: SyntaxProblem::MissingValue
            }
        );
        assert!(matches!(parse("(;GM[1])"), Err(HsgfError::NotHex { .. })));
        assert!(matches!(parse("(;SZ[20])"), Err(HsgfError::BadSize { .. })));
        let e = parse("(;SZ[3];B[a1];W[b2]AB[c3])").unwrap_err();
        assert!(matches!(
            e,
            HsgfError::BadSetup {
                node: 3,
                problem: SetupProblem::AfterMoves,
                ..
            }
        ));
        let deep = "(;".to_string() + &"(;".repeat(MAX_DEPTH + 5);
        assert!(matches!(
            parse_tree(&deep),
            Err(HsgfError::Syntax {
                problem: SyntaxProblem::TooDeep,
                ..
            })
        ));
    }

    #[test]
    fn variations_are_checked_and_what_a_record_leaves_out_is_counted() {
        let text = "(;SZ[5]C[game];B[c3]C[centre](;W[b4];B[d2]C[good])(;W[d3])(;W[e5]))";
        let tree = parse_tree(text).unwrap();
        assert_eq!(check_variations(&tree), Ok(()));
        let left = beyond_main_line(&tree);
        assert_eq!((left.variations, left.comments), (2, 2));
        assert_eq!(left.to_string(), "2 variations and 2 comments");
        let bad = "(;SZ[5];B[c3](;W[b4])(;W[c3]))";
        let e = check_variations(&parse_tree(bad).unwrap()).unwrap_err();
        assert_eq!((e.depth, e.offset), (2, Some(bad.rfind("c3").unwrap())));
        assert!(
            e.to_string().starts_with("move 2 (W[c3]) at byte 25:"),
            "{e}"
        );
        assert!(beyond_main_line(&parse_tree("(;C[x];B[a1])").unwrap()).is_empty());
    }

    #[test]
    fn format_writes_the_header_and_moves() {
        let record = parse("(;SZ[5];B[c3];W[swap];B[resign])").unwrap();
        let text = format(&record);
        assert!(text.starts_with("(;FF[4]GM[11]AP[Ohm:"));
        assert!(text.ends_with("SZ[5];B[c3];W[swap-pieces];B[resign])"));
    }
}
