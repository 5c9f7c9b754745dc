//! The `<ohm-board>` attributes, read into what the element shows.
//!
//! Every attribute is optional text from another site's page, so everything here is parsing
//! with readable errors: nothing is ever put into the page as markup (cells, colours and
//! labels are checked, then drawn as SVG attributes and text nodes by Yew).
//!
//! - The game: `moves` (a HexWorld string: `11,e6f7` or just the moves `e6f7` on the board of
//!   `size`), `sgf` (inline HSGF, comments and variations kept), or the text of the record at
//!   `src` (any notation Ohm reads; the element's script fetches it and passes it as
//!   `record`). At most one of the three.
//! - `contents`: a HexWiki `<hexboard>` diagram (`R a1 b2 B c3 E 1:d4 S e5`): stones (the
//!   start position when there is no game), shading and labels.
//! - `size`: `N` or `COLUMNSxROWS` as HexWorld writes it (HexWiki writes rows first; the
//!   element follows HexWorld, whose strings it also reads).
//! - `arrows` (`c3-e4 d5-d7`), `highlight` (`name colour: cells; …`).
//! - `mode` (`view`, `play`, `analyze`, `puzzle`), `level`, `player`, `at`, `to-move`,
//!   `budget`, `overlays`, `orientation`, `coords`, `theme`.

use std::collections::BTreeMap;

use ohm_engine::notation::{self, hexboard, hexworld, hsgf, Record};
use ohm_engine::{Board, CellSet, Color, Move, Point, Position};
use serde::Deserialize;

use crate::geometry::Orientation;
use crate::protocol::{Request, Setup, Side};
use crate::study::Toggle;

/// The element's attributes as the page gave them. Unknown keys are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Attributes {
    pub size: Option<String>,
    pub moves: Option<String>,
    pub sgf: Option<String>,
    /// The address of a record: only named in messages (the script fetches it).
    pub src: Option<String>,
    /// The text fetched from `src`.
    pub record: Option<String>,
    pub contents: Option<String>,
    pub arrows: Option<String>,
    pub highlight: Option<String>,
    pub mode: Option<String>,
    pub level: Option<String>,
    pub player: Option<String>,
    pub at: Option<String>,
    pub to_move: Option<String>,
    pub budget: Option<String>,
    pub overlays: Option<String>,
    pub orientation: Option<String>,
    pub coords: Option<String>,
    pub theme: Option<String>,
}

impl Attributes {
    /// These attributes with the position ones (`size`, `moves`, `sgf`, `src`, `record`,
    /// `contents`, `at`, `to-move`) taken from `position` instead.
    #[must_use]
    pub fn with_position_of(&self, position: &Attributes) -> Attributes {
        Attributes {
            size: position.size.clone(),
            moves: position.moves.clone(),
            sgf: position.sgf.clone(),
            src: position.src.clone(),
            record: position.record.clone(),
            contents: position.contents.clone(),
            at: position.at.clone(),
            to_move: position.to_move.clone(),
            ..self.clone()
        }
    }
}

/// What the element does with clicks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// A diagram; with a game, buttons step through it and show its comments.
    #[default]
    View,
    /// The reader plays against Ohm from the position.
    Play,
    /// The app's analysis overlays; clicks play moves for either side.
    Analyze,
    /// Find the winning move: every move is judged by the engine's proofs.
    Puzzle,
}

impl Mode {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::View => "view",
            Mode::Play => "play",
            Mode::Analyze => "analyze",
            Mode::Puzzle => "puzzle",
        }
    }
}

/// Light, dark, or as the reader's system says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

/// An arrow from one cell to another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub from: Point,
    pub to: Point,
    /// A checked colour ([`check_colour`]); `None`: the text colour.
    pub colour: Option<String>,
}

/// A named set of cells drawn in a colour (a carrier, a template's area).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub name: String,
    pub colour: String,
    pub cells: CellSet,
}

/// A short text drawn on a cell (HexWiki labels, or `addShape`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub cell: Point,
    pub text: String,
}

/// Drawings over the board: from the attributes, then from `addShape`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    pub labels: Vec<Label>,
    pub shaded: CellSet,
    pub arrows: Vec<Arrow>,
    pub highlights: Vec<Highlight>,
}

/// Everything the element shows, read from its attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedConfig {
    pub mode: Mode,
    /// The game: set-up, side to move first, and the main line.
    pub record: Record,
    /// A comment per position of the main line (index 0: before the first move).
    pub comments: Vec<Option<String>>,
    /// The position shown first: after this many moves of the main line.
    pub cursor: usize,
    /// Puzzle mode: the author's moves from the puzzle position, with their comments.
    pub author_moves: BTreeMap<String, Option<String>>,
    pub shapes: Shapes,
    pub level: u8,
    /// Play mode: the reader's colour (default: the side to move).
    pub player: Option<Color>,
    pub budget_ms: u32,
    pub overlays: Vec<Toggle>,
    pub orientation: Orientation,
    pub coords: bool,
    pub theme: Theme,
}

/// Why the attributes do not make a board; the text is for the reader of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedError {
    pub attribute: &'static str,
    pub message: String,
}

impl std::fmt::Display for EmbedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.attribute, self.message)
    }
}

impl std::error::Error for EmbedError {}

fn fail<T>(attribute: &'static str, message: impl Into<String>) -> Result<T, EmbedError> {
    Err(EmbedError {
        attribute,
        message: message.into(),
    })
}

/// The default time the engine gets to judge a puzzle move, in milliseconds.
pub const DEFAULT_BUDGET_MS: u32 = 3000;
/// The longest a page may let the engine think for one judgement.
pub const MAX_BUDGET_MS: u32 = 60_000;
/// The level of play mode when the page names none (quick replies).
pub const DEFAULT_PLAY_LEVEL: u8 = 2;
/// The longest attribute read (a long game record fits; a megabyte of junk does not).
pub const MAX_ATTRIBUTE_BYTES: usize = 200_000;

impl EmbedConfig {
    /// Reads the attributes.
    pub fn parse(attributes: &Attributes) -> Result<EmbedConfig, EmbedError> {
        for (name, value) in [
            ("moves", &attributes.moves),
            ("sgf", &attributes.sgf),
            ("src", &attributes.record),
            ("contents", &attributes.contents),
            ("arrows", &attributes.arrows),
            ("highlight", &attributes.highlight),
        ] {
            if value
                .as_ref()
                .is_some_and(|v| v.len() > MAX_ATTRIBUTE_BYTES)
            {
                return fail(name, format!("longer than {MAX_ATTRIBUTE_BYTES} bytes"));
            }
        }
        let mode = match trimmed(&attributes.mode) {
            None | Some("view") => Mode::View,
            Some("play") => Mode::Play,
            Some("analyze" | "analyse") => Mode::Analyze,
            Some("puzzle") => Mode::Puzzle,
            Some(other) => {
                return fail(
                    "mode",
                    format!("\"{}\" is not view, play, analyze or puzzle", short(other)),
                )
            }
        };
        let size = trimmed(&attributes.size).map(parse_size).transpose()?;
        let (mut record, tree) = read_game(attributes, size)?;
        let diagram = match trimmed(&attributes.contents) {
            Some(contents) => {
                let board = record
                    .as_ref()
                    .map_or(size.unwrap_or(default_board()), |r| r.board);
                // HexWiki's size is rows first.
                let size = format!("{}x{}", board.height(), board.width());
                Some(hexboard::parse(&size, contents).map_err(|e| EmbedError {
                    attribute: "contents",
                    message: e.to_string(),
                })?)
            }
            None => None,
        };
        let mut shapes = Shapes::default();
        if let Some(diagram) = &diagram {
            let stones = diagram.stones();
            match &mut record {
                Some(_) if !(stones.black.is_empty() && stones.white.is_empty()) => {
                    return fail(
                        "contents",
                        "stones in contents cannot be combined with moves, sgf or src (use labels and S shading there)",
                    )
                }
                Some(_) => {}
                None => {
                    let mut start = Record::new(diagram.board);
                    start.setup = stones;
                    record = Some(start);
                }
            }
            shapes.shaded = diagram.shaded();
            shapes.labels = diagram
                .cells
                .iter()
                .filter_map(|c| {
                    c.label.as_ref().map(|label| Label {
                        cell: c.cell,
                        text: label_text(label),
                    })
                })
                .collect();
        }
        let mut record = record.unwrap_or_else(|| Record::new(size.unwrap_or(default_board())));
        if let Some(side) = trimmed(&attributes.to_move) {
            let color = parse_color(side).ok_or_else(|| EmbedError {
                attribute: "to-move",
                message: format!("\"{}\" is not red (black) or blue (white)", short(side)),
            })?;
            if !record.moves.is_empty() && trimmed(&attributes.at) != Some("0") {
                return fail(
                    "to-move",
                    "only for a position without moves (or with at=\"0\")",
                );
            }
            record.to_move = Some(color);
        }
        let board = record.board;
        record.to_position().map_err(|e| EmbedError {
            attribute: "moves",
            message: e.to_string(),
        })?;
        let length = record.moves.len();
        let from_hsgf = tree.is_some();
        let cursor = match trimmed(&attributes.at) {
            None if mode == Mode::Puzzle && from_hsgf => 0,
            None => record.cursor.unwrap_or(length).min(length),
            Some("start") => 0,
            Some("end") => length,
            Some(n) => match n.parse::<usize>() {
                Ok(n) if n <= length => n,
                _ => {
                    return fail(
                        "at",
                        format!(
                            "\"{}\" is not start, end or a move number 0..={length}",
                            short(n)
                        ),
                    )
                }
            },
        };
        let comments = match &tree {
            Some(tree) => main_line_comments(tree, length),
            None => {
                let mut comments = vec![None; length + 1];
                comments[0] = record.info.comment.clone();
                comments
            }
        };
        let author_moves = tree
            .as_ref()
            .map(|tree| next_moves(tree, cursor).into_iter().collect())
            .unwrap_or_default();
        if mode == Mode::Puzzle {
            // A puzzle is a position, not a game's start: the swap rule (on by default for
            // square HSGF records) would let the opponent take over the solver's move.
            record.swap_rule = false;
            let position = record.to_position_at(cursor).map_err(|e| EmbedError {
                attribute: "moves",
                message: e.to_string(),
            })?;
            if position.is_over() {
                return fail(
                    "mode",
                    "the puzzle position is already decided: nothing to find",
                );
            }
        }
        shapes.arrows = match trimmed(&attributes.arrows) {
            Some(text) => parse_arrows(text, &board)?,
            None => Vec::new(),
        };
        shapes.highlights = match trimmed(&attributes.highlight) {
            Some(text) => parse_highlights(text, &board)?,
            None => Vec::new(),
        };
        let levels = ohm_engine::player::LEVELS.len();
        let level = match trimmed(&attributes.level) {
            None => DEFAULT_PLAY_LEVEL,
            Some(text) => match text.parse::<u8>() {
                Ok(n) if (1..=levels).contains(&usize::from(n)) => n,
                _ => {
                    return fail(
                        "level",
                        format!("\"{}\" is not a level 1 to {levels}", short(text)),
                    )
                }
            },
        };
        let player = match trimmed(&attributes.player) {
            None => None,
            Some(text) => Some(parse_color(text).ok_or_else(|| EmbedError {
                attribute: "player",
                message: format!("\"{}\" is not red (black) or blue (white)", short(text)),
            })?),
        };
        let budget_ms = match trimmed(&attributes.budget) {
            None => DEFAULT_BUDGET_MS,
            Some(text) => match text.parse::<u32>() {
                Ok(n) if (100..=MAX_BUDGET_MS).contains(&n) => n,
                _ => {
                    return fail(
                        "budget",
                        format!(
                            "\"{}\" is not a time of 100 to {MAX_BUDGET_MS} ms",
                            short(text)
                        ),
                    )
                }
            },
        };
        let overlays = match trimmed(&attributes.overlays) {
            None => vec![Toggle::Winning, Toggle::MustPlay],
            Some(text) => text
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .map(|word| {
                    Toggle::ALL
                        .into_iter()
                        .find(|t| t.name() == word)
                        .ok_or_else(|| EmbedError {
                            attribute: "overlays",
                            message: format!(
                                "\"{}\" is not one of {}",
                                short(word),
                                Toggle::ALL
                                    .into_iter()
                                    .map(Toggle::name)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        })
                })
                .collect::<Result<_, _>>()?,
        };
        let orientation = match trimmed(&attributes.orientation) {
            None => Orientation::Flat,
            Some(text) => Orientation::from_name(text).ok_or_else(|| EmbedError {
                attribute: "orientation",
                message: format!(
                    "\"{}\" is not one of {}",
                    short(text),
                    Orientation::ALL.map(Orientation::name).join(", ")
                ),
            })?,
        };
        let coords = match trimmed(&attributes.coords) {
            None | Some("" | "1" | "true" | "yes" | "on" | "coords") => true,
            Some("0" | "false" | "no" | "off" | "none") => false,
            Some(other) => return fail("coords", format!("\"{}\" is not on or off", short(other))),
        };
        let theme = match trimmed(&attributes.theme) {
            None | Some("auto") => Theme::Auto,
            Some("light") => Theme::Light,
            Some("dark") => Theme::Dark,
            Some(other) => {
                return fail(
                    "theme",
                    format!("\"{}\" is not auto, light or dark", short(other)),
                )
            }
        };
        Ok(EmbedConfig {
            mode,
            record,
            comments,
            cursor,
            author_moves,
            shapes,
            level,
            player,
            budget_ms,
            overlays,
            orientation,
            coords,
            theme,
        })
    }

    /// The position after `count` moves of the main line (checked when parsed).
    #[must_use]
    pub fn position_at(&self, count: usize) -> Position {
        self.record
            .to_position_at(count)
            .unwrap_or_else(|_| Position::new(self.record.board))
    }

    /// The number of moves in the main line.
    #[must_use]
    pub fn length(&self) -> usize {
        self.record.moves.len()
    }

    /// Analysis mode's Solve: the worker's time for one solve, four times a puzzle move's
    /// (12 s by default). The page's boards share one worker, so a solve ends on its own.
    #[must_use]
    pub fn solve_budget_ms(&self) -> u32 {
        self.budget_ms
            .saturating_mul(4)
            .min(MAX_BUDGET_MS.max(self.budget_ms))
    }

    /// The worker request that sets up `position` (this game's set-up, then its moves).
    #[must_use]
    pub fn position_request(&self, position: &Position) -> Request {
        let start = &self.record;
        let names = |cells: CellSet| cells.iter().map(|p| p.to_string()).collect();
        let setup = start.has_setup().then(|| Setup {
            black: names(start.setup.black),
            white: names(start.setup.white),
            to_move: Side::from(start.first_to_move()),
        });
        let board = position.board();
        Request::SetPosition {
            width: board.width(),
            height: board.height(),
            moves: position.history().map(|m| m.mv.to_string()).collect(),
            swap_rule: position.swap_rule(),
            setup,
        }
    }
}

/// A player by record name (`black`, `b`, `white`, `w`) or by the colour the board shows
/// (`red`, `blue`).
fn parse_color(text: &str) -> Option<Color> {
    match text.to_ascii_lowercase().as_str() {
        "red" => Some(Color::Black),
        "blue" => Some(Color::White),
        other => Color::parse(other),
    }
}

fn default_board() -> Board {
    Board::square(11).expect("11 is a board size")
}

/// The attribute without surrounding blanks; `None` when missing or blank.
fn trimmed(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// At most 40 characters of `text`, for messages.
fn short(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// `N` or `COLUMNSxROWS`, 1 to 19 each.
fn parse_size(text: &str) -> Result<Board, EmbedError> {
    let number = |t: &str| t.trim().parse::<u8>().ok().filter(|n| (1..=19).contains(n));
    let parsed = match text.split_once(['x', 'X', '×']) {
        Some((w, h)) => number(w).zip(number(h)),
        None => number(text).map(|n| (n, n)),
    };
    parsed
        .and_then(|(w, h)| Board::new(w, h).ok())
        .ok_or_else(|| EmbedError {
            attribute: "size",
            message: format!(
                "\"{}\" is not N or COLUMNSxROWS with 1 to 19 each",
                short(text)
            ),
        })
}

/// The game from `moves`, `sgf` or `record` (at most one), with the HSGF tree when there is
/// one (for comments and variations).
fn read_game(
    attributes: &Attributes,
    size: Option<Board>,
) -> Result<(Option<Record>, Option<hsgf::GameTree>), EmbedError> {
    let given: Vec<&str> = [
        ("moves", &attributes.moves),
        ("sgf", &attributes.sgf),
        ("src", &attributes.record),
    ]
    .into_iter()
    .filter(|(_, v)| trimmed(v).is_some())
    .map(|(name, _)| name)
    .collect();
    if given.len() > 1 {
        return fail(
            "moves",
            format!(
                "give only one of moves, sgf and src (got {})",
                given.join(", ")
            ),
        );
    }
    let check_size = |attribute: &'static str, record: &Record| match size {
        Some(board) if board != record.board => fail(
            attribute,
            format!(
                "the record is {}x{} but size says {}x{}",
                record.board.width(),
                record.board.height(),
                board.width(),
                board.height()
            ),
        ),
        _ => Ok(()),
    };
    if let Some(moves) = trimmed(&attributes.moves) {
        let text = moves.strip_prefix(hexworld::URL_PREFIX).unwrap_or(moves);
        let text = text.strip_prefix('#').unwrap_or(text);
        let record = if text.contains(',') {
            let record = hexworld::parse(text).map_err(|e| EmbedError {
                attribute: "moves",
                message: e.to_string(),
            })?;
            check_size("moves", &record)?;
            record
        } else {
            let board = size.unwrap_or(default_board());
            let options = if board.is_square() {
                board.width().to_string()
            } else {
                format!("{}x{}", board.width(), board.height())
            };
            hexworld::parse(&format!("{options},{text}")).map_err(|e| EmbedError {
                attribute: "moves",
                message: e.to_string(),
            })?
        };
        return Ok((Some(record), None));
    }
    if let Some(text) = trimmed(&attributes.sgf) {
        let tree = hsgf::parse_tree(text).map_err(|e| EmbedError {
            attribute: "sgf",
            message: e.to_string(),
        })?;
        let record = hsgf::record_from_tree(&tree).map_err(|e| EmbedError {
            attribute: "sgf",
            message: e.to_string(),
        })?;
        check_size("sgf", &record)?;
        return Ok((Some(record), Some(tree)));
    }
    if let Some(text) = trimmed(&attributes.record) {
        let (format, record) = notation::parse_any(text, size).map_err(|e| EmbedError {
            attribute: "src",
            message: format!(
                "{}: {e}",
                short(attributes.src.as_deref().unwrap_or("the record"))
            ),
        })?;
        check_size("src", &record)?;
        let tree = (format == notation::Format::Hsgf)
            .then(|| hsgf::parse_tree(text).ok())
            .flatten();
        return Ok((Some(record), tree));
    }
    Ok((None, None))
}

/// A HexWiki label as drawn: arrows as arrow characters.
fn label_text(label: &hexboard::Label) -> String {
    match label {
        hexboard::Label::Arrow(hour) => match hour {
            12 => "↑",
            1 | 2 => "↗",
            3 => "→",
            4 | 5 => "↘",
            6 => "↓",
            7 | 8 => "↙",
            9 => "←",
            _ => "↖",
        }
        .to_string(),
        other => other.to_string(),
    }
}

/// A cell of `board` named by `text`.
fn parse_cell(attribute: &'static str, text: &str, board: &Board) -> Result<Point, EmbedError> {
    Point::parse(text)
        .ok()
        .filter(|p| !p.is_edge() && board.contains(*p))
        .ok_or_else(|| EmbedError {
            attribute,
            message: format!(
                "\"{}\" is not a cell of the {}x{} board",
                short(text),
                board.width(),
                board.height()
            ),
        })
}

/// `c3-e4 d5-d7` (also `c3>e4`, `c3→e4`; separated by blanks or commas).
pub fn parse_arrows(text: &str, board: &Board) -> Result<Vec<Arrow>, EmbedError> {
    text.split([' ', ',', '\n', '\t'])
        .filter(|w| !w.is_empty())
        .map(|word| {
            let Some((from, to)) = word.split_once(['-', '>', '→']) else {
                return fail(
                    "arrows",
                    format!("\"{}\" is not FROM-TO, e.g. c3-e4", short(word)),
                );
            };
            let to = to.trim_start_matches(['>', '-']);
            Ok(Arrow {
                from: parse_cell("arrows", from, board)?,
                to: parse_cell("arrows", to, board)?,
                colour: None,
            })
        })
        .collect()
}

/// `[name] colour: cells; …`, e.g. `carrier #f3d77a: c3 d3 c4; key red: d4`.
pub fn parse_highlights(text: &str, board: &Board) -> Result<Vec<Highlight>, EmbedError> {
    text.split(';')
        .filter(|part| !part.trim().is_empty())
        .enumerate()
        .map(|(index, part)| {
            let Some((head, cells)) = part.split_once(':') else {
                return fail(
                    "highlight",
                    format!("\"{}\" is not NAME COLOUR: CELLS", short(part.trim())),
                );
            };
            let words: Vec<&str> = head.split_whitespace().collect();
            let (name, colour) = match words.as_slice() {
                [colour] => (format!("set {}", index + 1), *colour),
                [name, colour] => ((*name).to_string(), *colour),
                _ => {
                    return fail(
                        "highlight",
                        format!(
                            "\"{}\" is not NAME COLOUR before the colon",
                            short(head.trim())
                        ),
                    )
                }
            };
            let colour = check_colour(colour).ok_or_else(|| EmbedError {
                attribute: "highlight",
                message: format!(
                    "\"{}\" is not a colour (#rgb, #rrggbb or a name)",
                    short(colour)
                ),
            })?;
            let cells = cells
                .split([' ', ',', '\n', '\t'])
                .filter(|w| !w.is_empty())
                .map(|w| parse_cell("highlight", w, board))
                .collect::<Result<CellSet, _>>()?;
            Ok(Highlight {
                name: short(&name),
                colour,
                cells,
            })
        })
        .collect()
}

/// A colour safe to put in an SVG `fill` attribute: `#` and 3, 4, 6 or 8 hex digits, or a
/// name of letters only.
#[must_use]
pub fn check_colour(text: &str) -> Option<String> {
    let text = text.trim();
    let ok = match text.strip_prefix('#') {
        Some(hex) => {
            [3, 4, 6, 8].contains(&hex.len()) && hex.bytes().all(|b| b.is_ascii_hexdigit())
        }
        None => (1..=30).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphabetic()),
    };
    ok.then(|| text.to_ascii_lowercase())
}

/// The move a node plays, in record notation.
fn node_move(node: &hsgf::Node) -> Option<String> {
    let value = node.value("B").or_else(|| node.value("W"))?;
    Move::parse(value.trim()).ok().map(|m| m.to_string())
}

/// The comment per position of the main line: the root's (and of nodes before the first
/// move) at 0, the comment of the node of move k at k.
fn main_line_comments(tree: &hsgf::GameTree, length: usize) -> Vec<Option<String>> {
    let mut comments: Vec<Option<String>> = vec![None; length + 1];
    let mut seen = 0;
    for node in tree.main_line() {
        if node_move(node).is_some() {
            seen += 1;
        }
        if let (Some(text), Some(slot)) = (node.value("C"), comments.get_mut(seen)) {
            let text = text.trim();
            if !text.is_empty() {
                *slot = Some(match slot.take() {
                    Some(before) => format!("{before}\n{text}"),
                    None => text.to_string(),
                });
            }
        }
    }
    comments
}

/// The moves the tree offers after `at` moves of its main line (the next main-line move and
/// its alternatives), with their comments.
fn next_moves(tree: &hsgf::GameTree, at: usize) -> Vec<(String, Option<String>)> {
    let comment = |node: &hsgf::Node| node.value("C").map(|c| c.trim().to_string());
    let mut siblings: &[hsgf::GameTree] = std::slice::from_ref(tree);
    let mut seen = 0;
    loop {
        let Some(sequence) = siblings.first() else {
            return Vec::new();
        };
        for (index, node) in sequence.nodes.iter().enumerate() {
            if let Some(mv) = node_move(node) {
                if seen == at {
                    if index > 0 {
                        return vec![(mv, comment(node))];
                    }
                    return siblings
                        .iter()
                        .filter_map(|t| t.nodes.first())
                        .filter_map(|n| node_move(n).map(|m| (m, comment(n))))
                        .collect();
                }
                seen += 1;
            }
        }
        siblings = &sequence.variations;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(pairs: &[(&str, &str)]) -> Attributes {
        let map: serde_json::Map<String, serde_json::Value> = pairs
            .iter()
            .map(|(k, v)| {
                (
                    (*k).to_string(),
                    serde_json::Value::String((*v).to_string()),
                )
            })
            .collect();
        serde_json::from_value(serde_json::Value::Object(map)).unwrap()
    }

    fn error_of(pairs: &[(&str, &str)]) -> EmbedError {
        EmbedConfig::parse(&attrs(pairs)).unwrap_err()
    }

    #[test]
    fn no_attributes_make_an_empty_eleven_board_in_view_mode() {
        let config = EmbedConfig::parse(&Attributes::default()).unwrap();
        assert_eq!(config.mode, Mode::View);
        assert_eq!(config.record.board, Board::square(11).unwrap());
        assert_eq!(config.length(), 0);
        assert!(config.coords);
    }

    #[test]
    fn moves_are_read_on_the_board_of_size_or_as_a_whole_hexworld_string() {
        let config = EmbedConfig::parse(&attrs(&[("size", "5"), ("moves", "c3b4")])).unwrap();
        assert_eq!(config.record.board, Board::square(5).unwrap());
        assert_eq!(config.length(), 2);
        assert_eq!(config.cursor, 2);
        let config = EmbedConfig::parse(&attrs(&[("moves", "7,d4,c5")])).unwrap();
        assert_eq!(config.record.board, Board::square(7).unwrap());
        assert_eq!(config.cursor, 1, "HexWorld's cursor comma");
        let config = EmbedConfig::parse(&attrs(&[("moves", "9x7,a1")])).unwrap();
        assert_eq!(
            (config.record.board.width(), config.record.board.height()),
            (9, 7)
        );
    }

    #[test]
    fn contents_give_stones_shading_and_labels() {
        let config = EmbedConfig::parse(&attrs(&[
            ("size", "4x3"),
            ("contents", "R a1 B 1:b2 S c3 E *:d1"),
        ]))
        .unwrap();
        assert_eq!(config.record.board.width(), 4);
        assert_eq!(config.record.board.height(), 3);
        let position = config.position_at(0);
        assert_eq!(
            position.color_at(Point::parse("a1").unwrap()),
            Some(Color::Black)
        );
        assert_eq!(
            position.color_at(Point::parse("b2").unwrap()),
            Some(Color::White)
        );
        assert!(config.shapes.shaded.contains(Point::parse("c3").unwrap()));
        let labels: Vec<(String, String)> = config
            .shapes
            .labels
            .iter()
            .map(|l| (l.cell.to_string(), l.text.clone()))
            .collect();
        let mut labels = labels;
        labels.sort();
        assert_eq!(
            labels,
            vec![
                ("b2".to_string(), "1".to_string()),
                ("d1".to_string(), "*".to_string())
            ]
        );
    }

    #[test]
    fn the_side_to_move_can_be_set_for_a_diagram() {
        let config = EmbedConfig::parse(&attrs(&[
            ("size", "3"),
            ("contents", "R a1 B c3"),
            ("to-move", "white"),
        ]))
        .unwrap();
        assert_eq!(config.position_at(0).to_move(), Color::White);
    }

    #[test]
    fn hsgf_comments_follow_the_main_line_and_puzzles_list_the_author_moves() {
        let sgf = "(;FF[4]GM[11]SZ[4]AB[a1]AW[d4]PL[B]C[Find the win](;B[b2]C[Right!];W[c3])(;B[d1]C[Too slow]))";
        let config = EmbedConfig::parse(&attrs(&[("sgf", sgf)])).unwrap();
        assert_eq!(config.comments[0].as_deref(), Some("Find the win"));
        assert_eq!(config.comments[1].as_deref(), Some("Right!"));
        assert_eq!(config.comments[2], None);
        let puzzle = EmbedConfig::parse(&attrs(&[("sgf", sgf), ("mode", "puzzle")])).unwrap();
        assert_eq!(puzzle.cursor, 0);
        assert!(!puzzle.position_at(0).swap_rule(), "no swap in puzzles");
        assert_eq!(
            puzzle.author_moves.get("b2"),
            Some(&Some("Right!".to_string()))
        );
        assert_eq!(
            puzzle.author_moves.get("d1"),
            Some(&Some("Too slow".to_string()))
        );
        assert_eq!(puzzle.author_moves.len(), 2);
    }

    #[test]
    fn arrows_and_highlights_are_checked() {
        let board = Board::square(5).unwrap();
        let arrows = parse_arrows("a1-b2, c3>e5", &board).unwrap();
        assert_eq!(arrows.len(), 2);
        assert_eq!(arrows[1].to, Point::parse("e5").unwrap());
        assert!(parse_arrows("a1-f9", &board).is_err());
        assert!(parse_arrows("a1", &board).is_err());
        let sets = parse_highlights("carrier #f3d77a: a1 b1; red: c3", &board).unwrap();
        assert_eq!(sets[0].name, "carrier");
        assert_eq!(sets[0].cells.len(), 2);
        assert_eq!(sets[1].colour, "red");
        assert!(parse_highlights("x url(evil): a1", &board).is_err());
        assert!(parse_highlights("x #12345: a1", &board).is_err());
    }

    #[test]
    fn colours_that_could_carry_markup_or_css_are_refused() {
        for bad in ["red;x", "\"><script>", "#ggg", "rgb(1,2,3)", "", "#1234567"] {
            assert_eq!(check_colour(bad), None, "{bad}");
        }
        assert_eq!(check_colour("#ABC").as_deref(), Some("#abc"));
    }

    #[test]
    fn bad_attributes_name_themselves() {
        assert_eq!(error_of(&[("mode", "dance")]).attribute, "mode");
        assert_eq!(error_of(&[("size", "42")]).attribute, "size");
        assert_eq!(error_of(&[("moves", "zz99")]).attribute, "moves");
        assert_eq!(
            error_of(&[("moves", "a1"), ("sgf", "(;SZ[3])")]).attribute,
            "moves"
        );
        assert_eq!(error_of(&[("sgf", "(;GM[1]SZ[3]")]).attribute, "sgf");
        assert_eq!(error_of(&[("contents", "R zz")]).attribute, "contents");
        assert_eq!(error_of(&[("level", "9")]).attribute, "level");
        assert_eq!(
            error_of(&[("orientation", "sideways")]).attribute,
            "orientation"
        );
        assert_eq!(error_of(&[("theme", "neon")]).attribute, "theme");
        assert_eq!(error_of(&[("budget", "5")]).attribute, "budget");
        assert_eq!(
            error_of(&[("size", "3"), ("moves", "a1a1")]).attribute,
            "moves"
        );
        assert!(
            error_of(&[("mode", "<b>x</b>")]).message.contains("<b>"),
            "quoted, as text"
        );
    }

    #[test]
    fn a_decided_position_is_no_puzzle() {
        let e = error_of(&[
            ("size", "2"),
            ("contents", "R a1 a2 B b1"),
            ("mode", "puzzle"),
        ]);
        assert_eq!(e.attribute, "mode");
    }

    #[test]
    fn the_position_request_carries_setup_and_moves() {
        let config =
            EmbedConfig::parse(&attrs(&[("size", "4"), ("contents", "R a1 B d4")])).unwrap();
        let mut position = config.position_at(0);
        position
            .try_play(Move::Cell(Point::parse("b2").unwrap()))
            .unwrap();
        match config.position_request(&position) {
            Request::SetPosition {
                width,
                moves,
                setup,
                ..
            } => {
                assert_eq!(width, 4);
                assert_eq!(moves, vec!["b2".to_string()]);
                let setup = setup.unwrap();
                assert_eq!(setup.black, vec!["a1".to_string()]);
                assert_eq!(setup.to_move, Side::Black);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn analyze_mode_may_offer_solve_with_a_budget_of_its_own() {
        let config = EmbedConfig::parse(&attrs(&[
            ("mode", "analyze"),
            ("overlays", "winning solver"),
        ]))
        .unwrap();
        assert_eq!(config.overlays, [Toggle::Winning, Toggle::Solver]);
        assert_eq!(config.solve_budget_ms(), 12_000);
        let config = EmbedConfig::parse(&attrs(&[("budget", "100")])).unwrap();
        assert_eq!(config.solve_budget_ms(), 400);
        let config = EmbedConfig::parse(&attrs(&[("budget", "60000")])).unwrap();
        assert_eq!(config.solve_budget_ms(), 60_000);
        let error = error_of(&[("overlays", "solver nonsense")]);
        assert_eq!(error.attribute, "overlays");
        assert!(error.message.contains("solver"), "{}", error.message);
    }
}
