//! HexWiki's `<hexboard>` diagrams: `size="5x4" contents="R 1:d1 b4 B 2:c3 E *:a2 S c4"`.
//!
//! A diagram is not a game: it shows stones, shaded cells and labels. `size` is `ROWSxCOLUMNS`
//! as HexWiki writes it (its example `size="3x4"` has cells up to `d3`), or one number for a
//! square board. `contents` is a list of words:
//!
//! - `R`, `B`, `E`, `S` set what the following cells get: a red (Black) stone, a blue (White)
//!   stone, nothing, or shading;
//! - a cell name (`c3`) gets the current content; `LABEL:cell` also puts a label on it, where
//!   the label is a number, one letter, `*`, `+`, `-`, `arrow(N)` with N an hour 1..12, or one
//!   of the arrows `↗ → ↘ ↓ ↙ ← ↖ ↑` (2, 3, 4, 6, 8, 9, 10 and 12 o'clock).
//!
//! A cell may be named more than once; the last content wins, and a label stays unless a
//! later mention brings another. Ohm's boards are at most 19x19, so larger HexWiki sizes are
//! refused rather than cut.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write as _};

use crate::point::column_letter;
use crate::{Board, BoardSizeError, ByColor, CellSet, Color, Point, Position};

/// What a cell of a diagram holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Content {
    Stone(Color),
    Empty,
    Shaded,
}

/// A mark drawn on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    Number(u32),
    Letter(char),
    Star,
    Plus,
    Minus,
    /// An arrow pointing at this hour of a clock face (1..=12).
    Arrow(u8),
}

/// One cell named by the diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramCell {
    pub cell: Point,
    pub content: Content,
    pub label: Option<Label>,
}

/// A parsed `<hexboard>`: the board and every cell the contents named, in board order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub board: Board,
    pub cells: Vec<DiagramCell>,
}

impl Diagram {
    /// The stones of each colour.
    pub fn stones(&self) -> ByColor<CellSet> {
        let mut stones = ByColor::<CellSet>::default();
        for c in &self.cells {
            if let Content::Stone(color) = c.content {
                stones[color].insert(c.cell);
            }
        }
        stones
    }

    /// The shaded cells.
    pub fn shaded(&self) -> CellSet {
        self.cells
            .iter()
            .filter(|c| c.content == Content::Shaded)
            .map(|c| c.cell)
            .collect()
    }

    /// The diagram's stones as a position (Black to move when the counts are equal, White
    /// when Black has one more, as in [`crate::diagram::parse`]).
    pub fn to_position(&self) -> Position {
        let stones = self.stones();
        let to_move = if stones.black.len() == stones.white.len() + 1 {
            Color::White
        } else {
            Color::Black
        };
        let mut position = Position::new(self.board);
        position.reset_to(stones, to_move);
        position
    }
}

/// Why a diagram did not parse: `word` (the offending word, or the size) and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexboardError {
    /// Byte offset of the word in `contents` (0 for a size problem).
    pub offset: usize,
    pub word: String,
    pub problem: HexboardProblem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexboardProblem {
    /// `size` is not `N` or `ROWSxCOLUMNS`.
    BadSizeSyntax,
    BadSize(BoardSizeError),
    /// Not a content letter, a cell or `label:cell`.
    UnknownWord,
    BadLabel,
    /// A cell outside the board.
    OffBoard,
}

impl fmt::Display for HexboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            HexboardProblem::BadSizeSyntax => {
                write!(f, "size '{}' is not a number or ROWSxCOLUMNS like 5x7", self.word)
            }
            HexboardProblem::BadSize(e) => write!(f, "size '{}': {e}", self.word),
            HexboardProblem::UnknownWord => write!(
                f,
                "contents at {}: '{}' is not R, B, E, S, a cell or label:cell",
                self.offset, self.word
            ),
            HexboardProblem::BadLabel => write!(
                f,
                "contents at {}: '{}' has a label that is not a number, a letter, *, +, -, an arrow or arrow(1..12)",
                self.offset, self.word
            ),
            HexboardProblem::OffBoard => {
                write!(f, "contents at {}: '{}' is not a cell of this board", self.offset, self.word)
            }
        }
    }
}

impl core::error::Error for HexboardError {}

/// Parses HexWiki's `size` attribute (`5`, or `ROWSxCOLUMNS`).
pub fn parse_size(size: &str) -> Result<Board, HexboardError> {
    let err = |problem| HexboardError {
        offset: 0,
        word: size.to_string(),
        problem,
    };
    let number = |t: &str| -> Result<u8, HexboardError> {
        let t = t.trim();
        if t.is_empty() || t.len() > 3 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err(HexboardProblem::BadSizeSyntax));
        }
        Ok(t.parse::<u16>()
            .map_or(u8::MAX, |n| u8::try_from(n).unwrap_or(u8::MAX)))
    };
    let (rows, columns) = match size.split_once(['x', 'X']) {
        Some((r, c)) => (number(r)?, number(c)?),
        None => {
            let n = number(size)?;
            (n, n)
        }
    };
    Board::new(columns, rows).map_err(|e| err(HexboardProblem::BadSize(e)))
}

/// Parses a diagram from HexWiki's `size` and `contents` attributes.
pub fn parse(size: &str, contents: &str) -> Result<Diagram, HexboardError> {
    let board = parse_size(size)?;
    let mut cells: Vec<DiagramCell> = Vec::new();
    let mut current = Content::Stone(Color::Black);
    let mut offset = 0;
    for word in contents.split_whitespace() {
        let at = offset + contents[offset..].find(word).unwrap_or(0);
        offset = at + word.len();
        let err = |problem| HexboardError {
            offset: at,
            word: word.to_string(),
            problem,
        };
        match word {
            "R" => current = Content::Stone(Color::Black),
            "B" => current = Content::Stone(Color::White),
            "E" => current = Content::Empty,
            "S" => current = Content::Shaded,
            _ => {
                let (label, name) = match word.rsplit_once(':') {
                    Some((label, name)) => (
                        Some(parse_label(label).ok_or(err(HexboardProblem::BadLabel))?),
                        name,
                    ),
                    None => (None, word),
                };
                let cell = Point::parse(name)
                    .ok()
                    .filter(|p| p.is_cell())
                    .ok_or(err(HexboardProblem::UnknownWord))?;
                if !board.contains(cell) {
                    return Err(err(HexboardProblem::OffBoard));
                }
                match cells.iter_mut().find(|c| c.cell == cell) {
                    Some(existing) => {
                        existing.content = current;
                        if label.is_some() {
                            existing.label = label;
                        }
                    }
                    None => cells.push(DiagramCell {
                        cell,
                        content: current,
                        label,
                    }),
                }
            }
        }
    }
    cells.sort_by_key(|c| c.cell);
    Ok(Diagram { board, cells })
}

const ARROWS: [(char, u8); 8] = [
    ('↗', 2),
    ('→', 3),
    ('↘', 4),
    ('↓', 6),
    ('↙', 8),
    ('←', 9),
    ('↖', 10),
    ('↑', 12),
];

fn parse_label(text: &str) -> Option<Label> {
    let mut chars = text.chars();
    let first = chars.next()?;
    if chars.next().is_none() {
        return match first {
            '*' => Some(Label::Star),
            '+' => Some(Label::Plus),
            '-' => Some(Label::Minus),
            c if c.is_ascii_alphabetic() => Some(Label::Letter(c)),
            c if c.is_ascii_digit() => Some(Label::Number(c.to_digit(10)?)),
            c => ARROWS
                .iter()
                .find(|(a, _)| *a == c)
                .map(|&(_, hour)| Label::Arrow(hour)),
        };
    }
    if let Some(hour) = text
        .strip_prefix("arrow(")
        .and_then(|t| t.strip_suffix(')'))
    {
        let hour: u8 = hour.parse().ok()?;
        return (1..=12).contains(&hour).then_some(Label::Arrow(hour));
    }
    if text.len() <= 4 && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok().map(Label::Number);
    }
    None
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Number(n) => write!(f, "{n}"),
            Label::Letter(c) => write!(f, "{c}"),
            Label::Star => f.write_str("*"),
            Label::Plus => f.write_str("+"),
            Label::Minus => f.write_str("-"),
            Label::Arrow(hour) => write!(f, "arrow({hour})"),
        }
    }
}

/// Writes a diagram back as HexWiki's (`size`, `contents`).
pub fn format(diagram: &Diagram) -> (String, String) {
    let size = alloc::format!("{}x{}", diagram.board.height(), diagram.board.width());
    let mut contents = String::new();
    for (letter, content) in [
        ('R', Content::Stone(Color::Black)),
        ('B', Content::Stone(Color::White)),
        ('E', Content::Empty),
        ('S', Content::Shaded),
    ] {
        let mut group = diagram
            .cells
            .iter()
            .filter(|c| c.content == content)
            .peekable();
        if group.peek().is_none() {
            continue;
        }
        if !contents.is_empty() {
            contents.push(' ');
        }
        contents.push(letter);
        for c in group {
            let (col, row) = c.cell.col_row().expect("a cell");
            contents.push(' ');
            if let Some(label) = &c.label {
                let _ = write!(contents, "{label}:");
            }
            let _ = write!(contents, "{}{}", column_letter(col), row + 1);
        }
    }
    (size, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    #[test]
    fn hexwikis_examples() {
        let d = parse("5x5", "R c1 b3 a5   B a1 e5").unwrap();
        assert_eq!(
            d.stones().black,
            [p("c1"), p("b3"), p("a5")].into_iter().collect()
        );
        assert_eq!(d.stones().white, [p("a1"), p("e5")].into_iter().collect());
        let d = parse("5x4", "R 1:d1 b4\n B 2:c3\n E +:a2 *:c4 a:a4 b:d5").unwrap();
        assert_eq!((d.board.width(), d.board.height()), (4, 5));
        let labels: Vec<_> = d
            .cells
            .iter()
            .map(|c| (c.cell.to_string(), c.label.clone()))
            .collect();
        assert!(labels.contains(&("d1".into(), Some(Label::Number(1)))));
        assert!(labels.contains(&("a2".into(), Some(Label::Plus))));
        assert!(labels.contains(&("d5".into(), Some(Label::Letter('b')))));
        let d = parse(
            "3x4",
            "R arrow(12):a1 b1 B a2 R 1:c1 B 2:b3 R 3:d2 E *:c2 *:d1 *:c3 *:d3 S b2",
        )
        .unwrap();
        assert_eq!(d.shaded(), CellSet::single(p("b2")));
        assert_eq!(d.cells[0].label, Some(Label::Arrow(12)));
        assert_eq!(parse("3", "").unwrap().cells, []);
    }

    #[test]
    fn round_trip_and_position() {
        let d = parse("4x6", "R 1:b2 ↘:c3 B 10:f4 E *:a1 S e1 d1").unwrap();
        let (size, contents) = format(&d);
        assert_eq!(size, "4x6");
        assert_eq!(parse(&size, &contents).unwrap(), d);
        let position = d.to_position();
        assert_eq!(position.to_move(), Color::White);
        assert_eq!(position.color_at(p("f4")), Some(Color::White));
    }

    #[test]
    fn errors_name_the_word_and_where() {
        assert_eq!(
            parse("5x", "").unwrap_err().problem,
            HexboardProblem::BadSizeSyntax
        );
        assert!(matches!(
            parse("26", "").unwrap_err().problem,
            HexboardProblem::BadSize(_)
        ));
        let e = parse("3x3", "R a1 Q b2").unwrap_err();
        assert_eq!(
            (e.offset, e.word.as_str(), e.problem),
            (5, "Q", HexboardProblem::UnknownWord)
        );
        let e = parse("3x3", "R a1 d1").unwrap_err();
        assert_eq!((e.offset, e.problem), (5, HexboardProblem::OffBoard));
        assert_eq!(
            parse("3x3", "R arrow(13):a1").unwrap_err().problem,
            HexboardProblem::BadLabel
        );
        assert_eq!(
            parse("3x3", "R ab:a1").unwrap_err().problem,
            HexboardProblem::BadLabel
        );
        assert!(parse("3x3", "R a1 ::").is_err());
        assert_eq!(
            parse("3x3", "R a1 zz").unwrap_err().to_string(),
            "contents at 5: 'zz' is not R, B, E, S, a cell or label:cell"
        );
    }
}
