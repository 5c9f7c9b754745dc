//! A game in progress: stones, side to move, history, groups, winner and hash.

use alloc::vec::Vec;
use core::fmt;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::groups::Groups;
use crate::point::{Edge, Point};
use crate::zobrist;
use crate::{ByColor, Color};

/// A move as a player chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on a cell.
    Cell(Point),
    /// The pie rule, `swap-pieces`: only as the second move of a game that allows it. The first
    /// stone is replaced by one of the swapper's colour mirrored across the long diagonal, and
    /// the first player moves again.
    Swap,
    /// Passing (HexWorld records allow it; in Hex it never helps).
    Pass,
    Resign,
}

impl Move {
    /// The name records and GTP use: a cell name, `swap-pieces`, `pass`, `resign`.
    pub fn parse(text: &str) -> Result<Move, crate::point::CellNameError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("swap-pieces") || t.eq_ignore_ascii_case("swap") {
            Ok(Move::Swap)
        } else if t.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else if t.eq_ignore_ascii_case("resign") {
            Ok(Move::Resign)
        } else {
            Point::parse(t).map(Move::Cell)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Cell(p) => write!(f, "{p}"),
            Move::Swap => f.write_str("swap-pieces"),
            Move::Pass => f.write_str("pass"),
            Move::Resign => f.write_str("resign"),
        }
    }
}

/// A move together with who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    pub color: Color,
    pub mv: Move,
}

/// Why a move was refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is an edge or lies outside this board.
    NotOnBoard(Point),
    Occupied(Point),
    /// Someone has already connected or resigned.
    GameOver,
    /// Swap is only the second move, by the second player, of a game played with the swap rule.
    SwapNotAllowed(SwapRefusal),
}

/// The particular reason a swap was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRefusal {
    RuleOff,
    NotSecondMove,
    SamePlayer,
    /// The board is not square, so the mirrored cell may not exist.
    NotSquare,
    /// The game started from set-up stones: a set-up position is not the start of a game
    /// (the first stone is not an opening to take), so there is no swap.
    AfterSetup,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotOnBoard(p) => write!(f, "{p} is not a cell of this board"),
            PlayError::Occupied(p) => write!(f, "{p} is occupied"),
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::SwapNotAllowed(why) => f.write_str(match why {
                SwapRefusal::RuleOff => "swap is off in this game",
                SwapRefusal::NotSecondMove => "swap is only allowed as the second move",
                SwapRefusal::SamePlayer => "only the second player may swap",
                SwapRefusal::NotSquare => "swap needs a square board",
                SwapRefusal::AfterSetup => "there is no swap after set-up stones",
            }),
        }
    }
}

impl core::error::Error for PlayError {}

#[derive(Clone, Debug)]
struct Frame {
    played: PlayedMove,
    to_move_before: Color,
    groups_checkpoint: usize,
}

/// A Hex position with its history. Cloning is cheap enough for search (a few KiB, one `Vec`).
#[derive(Clone)]
pub struct Position {
    board: Board,
    stones: ByColor<CellSet>,
    to_move: Color,
    swap_rule: bool,
    history: Vec<Frame>,
    groups: Groups,
    hash: u64,
}

impl Position {
    /// The empty board, Black to move, swap rule off.
    pub fn new(board: Board) -> Position {
        Position {
            board,
            stones: ByColor::default(),
            to_move: Color::Black,
            swap_rule: false,
            history: Vec::new(),
            groups: Groups::new(),
            hash: zobrist::board_key(board.width(), board.height()),
        }
    }

    /// Same position with the swap rule switched on or off.
    #[must_use]
    pub fn with_swap_rule(mut self, on: bool) -> Position {
        self.swap_rule = on;
        self
    }

    pub fn set_swap_rule(&mut self, on: bool) {
        self.swap_rule = on;
    }

    #[must_use]
    pub fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The stones of `color`.
    pub fn stones(&self, color: Color) -> CellSet {
        self.stones[color]
    }

    /// Empty cells of the board.
    pub fn empty_cells(&self) -> CellSet {
        self.board.cells() - self.stones.black - self.stones.white
    }

    /// The colour of the stone on `point`; edges count as their owner's stone.
    #[must_use]
    pub fn color_at(&self, point: Point) -> Option<Color> {
        if let Some(edge) = point.edge() {
            Some(edge.owner())
        } else if self.stones.black.contains(point) {
            Some(Color::Black)
        } else if self.stones.white.contains(point) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Zobrist hash of the board's size, the stones and the side to move (not of the history).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash [`Position::hash`] gives after the side to move plays the empty cell `p`,
    /// without playing it (the search scores a move from its table this way).
    #[must_use]
    pub fn hash_after(&self, p: Point) -> u64 {
        self.hash ^ zobrist::stone_key(self.to_move, p.index()) ^ zobrist::WHITE_TO_MOVE
    }

    /// The hash of this position turned half a turn ([`crate::Board::half_turn`]), the same
    /// player to move: what [`Position::hash`] gives for the turned position.
    #[must_use]
    pub fn half_turn_hash(&self) -> u64 {
        let board = self.board();
        let mut hash = self.hash;
        for color in Color::ALL {
            for p in self.stones(color) {
                hash ^= zobrist::stone_key(color, p.index())
                    ^ zobrist::stone_key(color, board.half_turn(p).index());
            }
        }
        hash
    }

    /// Moves played since the start (or since the last set-up edit).
    pub fn history(&self) -> impl DoubleEndedIterator<Item = PlayedMove> + ExactSizeIterator + '_ {
        self.history.iter().map(|f| f.played)
    }

    #[must_use]
    pub fn move_count(&self) -> usize {
        self.history.len()
    }

    #[must_use]
    pub fn last_move(&self) -> Option<PlayedMove> {
        self.history.last().map(|f| f.played)
    }

    /// The winner, by connection or by the opponent's resignation.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if let Some(PlayedMove {
            color,
            mv: Move::Resign,
        }) = self.last_move()
        {
            return Some(!color);
        }
        self.connected_winner()
    }

    /// The player whose stones join their two edges, if any.
    #[must_use]
    pub fn connected_winner(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| {
            let (a, b) = Edge::of(c);
            self.groups.same(a.point(), b.point())
        })
    }

    #[must_use]
    pub fn is_over(&self) -> bool {
        self.winner().is_some()
    }

    /// Whether `a` and `b` (stones or edges) belong to the same group.
    #[must_use]
    pub fn same_group(&self, a: Point, b: Point) -> bool {
        self.groups.same(a, b)
    }

    /// The representative of `point`'s group (the point itself for an empty cell).
    #[must_use]
    pub fn group_root(&self, point: Point) -> Point {
        self.groups.find(point)
    }

    /// The group of `point` as a set: its stones, plus the owner's edges the group touches
    /// (and, for an edge, the stones joined to it). An empty cell is its own group.
    pub fn group(&self, point: Point) -> CellSet {
        let Some(color) = self.color_at(point) else {
            return CellSet::single(point);
        };
        let (e1, e2) = Edge::of(color);
        let own = self.stones[color].with(e1.point()).with(e2.point());
        self.board.flood(own, point)
    }

    /// Whether the side to move may play `mv`.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        self.check_as(self.to_move, mv)
    }

    /// Whether `color` may play `mv` now (GTP lets either colour move at any time).
    pub fn check_as(&self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Cell(p) => {
                if !p.is_cell() || !self.board.contains(p) {
                    Err(PlayError::NotOnBoard(p))
                } else if self.color_at(p).is_some() {
                    Err(PlayError::Occupied(p))
                } else {
                    Ok(())
                }
            }
            Move::Swap => {
                let refuse = |why| Err(PlayError::SwapNotAllowed(why));
                if !self.swap_rule {
                    return refuse(SwapRefusal::RuleOff);
                }
                match self.history.as_slice() {
                    [first] if matches!(first.played.mv, Move::Cell(_)) => {
                        if first.played.color == color {
                            refuse(SwapRefusal::SamePlayer)
                        } else if !self.board.is_square() {
                            refuse(SwapRefusal::NotSquare)
                        } else if self.stones.black.len() + self.stones.white.len() > 1 {
                            // More stones than the one move played: the game started from
                            // set-up stones.
                            refuse(SwapRefusal::AfterSetup)
                        } else {
                            Ok(())
                        }
                    }
                    _ => refuse(SwapRefusal::NotSecondMove),
                }
            }
            Move::Pass | Move::Resign => Ok(()),
        }
    }

    /// Plays `mv` for the side to move, or explains why not (position unchanged).
    pub fn try_play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.try_play_as(self.to_move, mv)
    }

    /// Plays `mv` for `color`, whoever is to move; the other colour moves next.
    pub fn try_play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        self.check_as(color, mv)?;
        self.play_unchecked(color, mv);
        Ok(())
    }

    /// Plays a move already known to be legal (search's hot path).
    pub fn play_unchecked(&mut self, color: Color, mv: Move) {
        debug_assert_eq!(self.check_as(color, mv), Ok(()));
        let mut groups_checkpoint = self.groups.checkpoint();
        match mv {
            Move::Cell(p) => self.place_stone(color, p),
            Move::Swap => {
                let first = &self.history[0];
                let (Move::Cell(p), owner) = (first.played.mv, first.played.color) else {
                    unreachable!("checked: the first move is a cell")
                };
                // The first stone's unions go; undoing the swap replays that stone.
                groups_checkpoint = first.groups_checkpoint;
                self.groups.rollback(groups_checkpoint);
                self.remove_stone(owner, p);
                self.place_stone(color, p.mirrored());
            }
            Move::Pass | Move::Resign => {}
        }
        let played = PlayedMove { color, mv };
        self.history.push(Frame {
            played,
            to_move_before: self.to_move,
            groups_checkpoint,
        });
        self.set_to_move(!color);
    }

    /// Adds a `color` stone on the empty cell `p` without passing the turn (the solver's
    /// fill-in along its path; [`Position::undo`] takes it back like a move). No legality
    /// check beyond a debug assertion that the cell is empty: a fill-in may connect a player.
    pub fn place_unchecked(&mut self, color: Color, p: Point) {
        debug_assert!(p.is_cell() && self.board.contains(p) && self.color_at(p).is_none());
        let groups_checkpoint = self.groups.checkpoint();
        self.place_stone(color, p);
        self.history.push(Frame {
            played: PlayedMove {
                color,
                mv: Move::Cell(p),
            },
            to_move_before: self.to_move,
            groups_checkpoint,
        });
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(frame) = self.history.pop() else {
            return false;
        };
        self.groups.rollback(frame.groups_checkpoint);
        match frame.played.mv {
            Move::Cell(p) => self.remove_stone(frame.played.color, p),
            Move::Swap => {
                let first = self.history[0].played;
                let Move::Cell(p) = first.mv else {
                    unreachable!("swap follows a cell move")
                };
                self.remove_stone(frame.played.color, p.mirrored());
                self.place_stone(first.color, p);
            }
            Move::Pass | Move::Resign => {}
        }
        self.set_to_move(frame.to_move_before);
        true
    }

    /// Sets the side to move (set-up positions; keeps the history).
    pub fn set_to_move(&mut self, color: Color) {
        if self.to_move != color {
            self.hash ^= zobrist::WHITE_TO_MOVE;
        }
        self.to_move = color;
    }

    /// Edits the position: puts a `color` stone on `point`, or empties it with `None`. This is
    /// set-up, not play: the history is cleared (the edited position is the new start).
    pub fn set_stone(&mut self, point: Point, color: Option<Color>) -> Result<(), PlayError> {
        if !point.is_cell() || !self.board.contains(point) {
            return Err(PlayError::NotOnBoard(point));
        }
        let mut stones = self.stones;
        stones.black.remove(point);
        stones.white.remove(point);
        if let Some(c) = color {
            stones[c].insert(point);
        }
        self.reset_to(stones, self.to_move);
        Ok(())
    }

    /// Replaces the whole position by `stones` with `to_move` to play and no history.
    pub fn reset_to(&mut self, stones: ByColor<CellSet>, to_move: Color) {
        let swap_rule = self.swap_rule;
        *self = Position::new(self.board).with_swap_rule(swap_rule);
        for color in Color::ALL {
            for p in stones[color] & self.board.cells() {
                if self.color_at(p).is_none() {
                    self.place_stone(color, p);
                }
            }
        }
        self.set_to_move(to_move);
    }

    fn place_stone(&mut self, color: Color, p: Point) {
        self.stones[color].insert(p);
        self.hash ^= zobrist::stone_key(color, p.index());
        let (e1, e2) = Edge::of(color);
        let friends = self.stones[color].with(e1.point()).with(e2.point());
        for q in self.board.neighbours(p) & friends {
            self.groups.union(p, q);
        }
    }

    fn remove_stone(&mut self, color: Color, p: Point) {
        self.stones[color].remove(p);
        self.hash ^= zobrist::stone_key(color, p.index());
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Position({}, {} to move)", self.board, self.to_move)?;
        f.write_str(&crate::diagram::to_diagram(self))
    }
}

/// Positions are equal when their boards, stones, side to move and swap rule are.
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
            && self.stones == other.stones
            && self.to_move == other.to_move
            && self.swap_rule == other.swap_rule
    }
}

impl Eq for Position {}
