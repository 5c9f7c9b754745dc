//! The app's state: one game tree, the node being looked at, who plays each colour, changed
//! only by [`Action`]s.
//!
//! The reducer is pure. When it becomes Ohm's turn at the end of a line it opens a job (a fresh
//! [`RequestId`]); the app sees the new id and sends [`Game::engine_jobs`] to the worker.
//! Replies are actions too: a reply whose id is not the open job's (the person undid, moved
//! through the record or started again meanwhile) is dropped. Rules come from the engine crate:
//! legality, turn order and the winner are the [`Position`]'s.
//!
//! Moving through the record never loses moves: "undo" and "previous" step back along the
//! line, "redo" and "next" forward again, and a different move played while reviewing starts a
//! variation ([`MoveTree`]). Ohm only moves at the end of a line, so reviewing an old position
//! does not make it play there (unless asked with [`Action::EnginePlayHere`]).
//!
//! Nor does a game ever vanish: a new game, an import or a followed link sets the game it
//! replaces aside ([`SetAside`]), and Undo at the start of the new game brings it back
//! ([`Action::RestorePrevious`]), with its players; the two trade places, so nothing is lost
//! either way.

use std::rc::Rc;

use ohm_engine::notation::Record;
use ohm_engine::{Board, ByColor, CellSet, Color, Edge, Move, PlayedMove, Point, Position};
use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::protocol::{Job, Reply, Request, RequestId, Response, SearchReport, Setup, Side};
use crate::tree::{MoveTree, NodeId};

/// Board size of a new app.
pub const DEFAULT_SIZE: u8 = 11;

/// Ohm's level unless chosen otherwise.
pub const DEFAULT_LEVEL: u8 = ohm_engine::player::DEFAULT_LEVEL;

/// Ohm's levels, weakest first: number and name.
pub fn levels() -> impl Iterator<Item = (u8, &'static str)> {
    ohm_engine::player::LEVELS
        .iter()
        .map(|l| (l.number, l.name))
}

/// A game replaced by a new game, an import or a link, kept so that it can come back.
#[derive(Clone, Debug, PartialEq)]
pub struct SetAside {
    pub tree: MoveTree,
    pub current: NodeId,
    pub players: ByColor<Player>,
    pub levels: ByColor<u8>,
}

impl SetAside {
    /// How many moves its longest line has, for people ("the previous game, 12 moves").
    #[must_use]
    pub fn moves(&self) -> usize {
        self.tree.depth(self.tree.line_end(self.current))
    }
}

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Player {
    Human,
    Ohm,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    tree: MoveTree,
    current: NodeId,
    /// The position at `current`, kept to avoid replaying the path on every render.
    position: Position,
    players: ByColor<Player>,
    /// The engine job whose reply the game waits for.
    pending: Option<RequestId>,
    last_id: u32,
    /// The last thing that went wrong with the engine, shown until the next game action.
    notice: Option<String>,
    /// Set-up mode: clicks place and remove stones instead of playing.
    editing: bool,
    /// Counts the games started or loaded, so that views can reset what belongs to one game.
    serial: u32,
    /// Whether new square games use the swap rule (kept through games on other shapes).
    prefer_swap: bool,
    /// Ohm's level (1..=6) when it plays each colour.
    levels: ByColor<u8>,
    /// The level the open job asks for (the player's, or 1 after "Move now" with no move).
    job_level: u8,
    /// The open job's last search report.
    thinking: Option<SearchReport>,
    /// Counts "Move now"s: each one asks the host to terminate the busy worker.
    interrupts: u32,
    /// The game the last new game, import or link replaced, for Undo to bring back.
    previous: Option<Rc<SetAside>>,
}

/// Everything that changes a [`Game`].
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start again on an empty `width` x `height` board (keeping the players and swap rule).
    NewGame {
        width: u8,
        height: u8,
    },
    /// Who plays `Color` from now on.
    SetPlayer(Color, Player),
    /// Ohm's level (1..=6) when it plays `Color`.
    SetLevel(Color, u8),
    /// Ohm plays the best move of its search so far at once (or, before its first report,
    /// asks again at level 1); the worker is interrupted.
    MoveNow,
    /// Allow the swap (pie) rule: only while no swap has been played in this game.
    SetSwapRule(bool),
    /// The person at the board chose a cell.
    Play(Point),
    /// The person to move swaps (pie rule).
    Swap,
    /// The person to move resigns.
    Resign,
    /// Take back the last move, and Ohm's reply to it (kept in the record for redo).
    Undo,
    /// Replay the move undone last (and Ohm's reply to it).
    Redo,
    /// Move through the record without the pairing of undo and redo.
    First,
    Previous,
    Next,
    Last,
    /// Go to a node of the record.
    GoTo(NodeId),
    /// Ask Ohm to move here even though the line goes on.
    EnginePlayHere,
    /// Bring back the game set aside by the last new game, import or link (this one is set
    /// aside in its place).
    RestorePrevious,
    /// The comment on a move of the record (at the root, the game's comment); empty removes it.
    SetComment(NodeId, String),
    /// Replace the game by an imported, restored or linked one, standing at `at`.
    Load {
        tree: Box<MoveTree>,
        at: NodeId,
    },
    /// Enter or leave set-up mode.
    SetEditing(bool),
    /// Set-up: put a stone on a cell or empty it. The position becomes the new start.
    SetStone(Point, Option<Color>),
    /// Set-up: who moves first from the set-up position.
    SetSideToMove(Color),
    /// Set-up: empty the board.
    ClearBoard,
    /// A message from the engine worker.
    EngineReplied(Reply),
}

/// What the status line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    ToMove(Color),
    Thinking(Color),
    /// `resigned`: the loser resigned rather than being cut off.
    Won {
        winner: Color,
        resigned: bool,
    },
    /// Ohm is to move, but the record goes on from here: it waits.
    Reviewing(Color),
    Editing(Color),
    EngineTrouble(String),
}

impl Default for Game {
    fn default() -> Game {
        let board = Board::square(DEFAULT_SIZE).expect("the default size is valid");
        Game::new(board, ByColor::new(Player::Human, Player::Ohm), true)
    }
}

impl Game {
    /// An empty game on `board`.
    #[must_use]
    pub fn new(board: Board, players: ByColor<Player>, swap_rule: bool) -> Game {
        let mut start = Record::new(board);
        start.swap_rule = swap_rule && board.is_square();
        let tree = MoveTree::new(start);
        let position = tree.position_at(MoveTree::ROOT);
        let mut game = Game {
            tree,
            current: MoveTree::ROOT,
            position,
            players,
            pending: None,
            last_id: 0,
            notice: None,
            editing: false,
            serial: 0,
            prefer_swap: swap_rule,
            levels: ByColor::new(DEFAULT_LEVEL, DEFAULT_LEVEL),
            job_level: DEFAULT_LEVEL,
            thinking: None,
            interrupts: 0,
            previous: None,
        };
        game.ask_engine_if_its_turn();
        game
    }

    /// A game standing at `at` in `tree` (a restored or imported one).
    #[must_use]
    pub fn loaded(mut tree: MoveTree, at: NodeId, players: ByColor<Player>) -> Game {
        tree.select(at);
        let mut game = Game::new(tree.start().board, players, true);
        game.replace(tree, at);
        game.ask_engine_if_its_turn();
        game
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[must_use]
    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }

    #[must_use]
    pub fn current(&self) -> NodeId {
        self.current
    }

    #[must_use]
    pub fn players(&self) -> ByColor<Player> {
        self.players
    }

    #[must_use]
    pub fn swap_rule(&self) -> bool {
        self.tree.start().swap_rule
    }

    /// The game set aside by the last new game, import or link.
    #[must_use]
    pub fn previous(&self) -> Option<&SetAside> {
        self.previous.as_deref()
    }

    /// Keeps `previous` as the game set aside (restoring a saved game).
    pub fn set_previous(&mut self, previous: Option<SetAside>) {
        self.previous = previous.map(Rc::new);
    }

    /// Whether Undo would bring back the game set aside: this one stands at its start (its
    /// moves, if any, are set aside in turn).
    #[must_use]
    pub fn undo_restores_previous(&self) -> bool {
        !self.editing && self.previous.is_some() && self.current == MoveTree::ROOT
    }

    /// What a swap did, when the position is the one just after it: the first stone's cell,
    /// where it went (its mirror image), and who swapped.
    #[must_use]
    pub fn swap_just_played(&self) -> Option<(Point, Point, Color)> {
        let last = self.position.last_move()?;
        if last.mv != Move::Swap {
            return None;
        }
        match self.position.history().next()?.mv {
            Move::Cell(first) => Some((first, first.mirrored(), last.color)),
            _ => None,
        }
    }

    /// The first stone the person to move may swap now: its cell and its mirror image.
    #[must_use]
    pub fn swap_offer(&self) -> Option<(Point, Point)> {
        if !self.can_swap() {
            return None;
        }
        match self.position.history().next()?.mv {
            Move::Cell(first) => Some((first, first.mirrored())),
            _ => None,
        }
    }

    /// Whether new square games use the swap rule.
    #[must_use]
    pub fn prefers_swap(&self) -> bool {
        self.prefer_swap
    }

    /// Sets the swap preference without touching the game (restoring saved settings).
    pub fn set_swap_preference(&mut self, on: bool) {
        self.prefer_swap = on;
    }

    #[must_use]
    pub fn editing(&self) -> bool {
        self.editing
    }

    #[must_use]
    pub fn serial(&self) -> u32 {
        self.serial
    }

    /// The engine job the game waits for, if any.
    #[must_use]
    pub fn pending(&self) -> Option<RequestId> {
        self.pending
    }

    /// Ohm's level for each colour.
    #[must_use]
    pub fn levels(&self) -> ByColor<u8> {
        self.levels
    }

    /// The last search report of the open job: what Ohm thinks so far.
    #[must_use]
    pub fn thinking(&self) -> Option<&SearchReport> {
        self.pending.and(self.thinking.as_ref())
    }

    /// The best move so far of the open job, if it is a cell that can be played.
    #[must_use]
    pub fn thinking_best(&self) -> Option<Point> {
        let best = Point::parse(self.thinking()?.best.as_deref()?).ok()?;
        self.position
            .check(Move::Cell(best))
            .is_ok()
            .then_some(best)
    }

    /// Sets Ohm's levels without opening a job (restoring a saved game); levels outside
    /// 1..=6 are ignored.
    pub fn set_levels(&mut self, levels: ByColor<u8>) {
        for color in [Color::Black, Color::White] {
            if ohm_engine::player::level(levels[color]).is_some() {
                self.levels[color] = levels[color];
            }
        }
        self.job_level = self.levels[self.position.to_move()];
    }

    /// The level the open job asks for.
    #[must_use]
    pub fn job_level(&self) -> Option<u8> {
        self.pending.map(|_| self.job_level)
    }

    /// How many times "Move now" interrupted the worker.
    #[must_use]
    pub fn interrupts(&self) -> u32 {
        self.interrupts
    }

    fn is_human(&self, color: Color) -> bool {
        self.players[color] == Player::Human
    }

    /// Whether a click on an empty cell does something now.
    #[must_use]
    pub fn accepts_clicks(&self) -> bool {
        self.editing
            || (self.pending.is_none()
                && !self.position.is_over()
                && self.is_human(self.position.to_move()))
    }

    /// Whether the person to move may swap now.
    #[must_use]
    pub fn can_swap(&self) -> bool {
        !self.editing && self.accepts_clicks() && self.position.check(Move::Swap).is_ok()
    }

    #[must_use]
    pub fn can_resign(&self) -> bool {
        !self.editing && self.accepts_clicks()
    }

    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.editing && (self.current != MoveTree::ROOT || self.undo_restores_previous())
    }

    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.editing && self.tree.next(self.current).is_some()
    }

    /// Whether the swap rule may be changed: not once a swap is in the record.
    #[must_use]
    pub fn can_change_swap_rule(&self) -> bool {
        self.tree.start().board.is_square() && !self.tree.has_move(Move::Swap)
    }

    #[must_use]
    pub fn status(&self) -> Status {
        let to_move = self.position.to_move();
        if self.editing {
            Status::Editing(to_move)
        } else if let Some(winner) = self.position.winner() {
            let resigned = self
                .position
                .last_move()
                .is_some_and(|m| m.mv == Move::Resign);
            Status::Won { winner, resigned }
        } else if let Some(notice) = &self.notice {
            Status::EngineTrouble(notice.clone())
        } else if self.pending.is_some() {
            Status::Thinking(to_move)
        } else if !self.is_human(to_move) {
            Status::Reviewing(to_move)
        } else {
            Status::ToMove(to_move)
        }
    }

    /// The winner's stones that join their two edges (with any stones attached to them).
    pub fn winning_group(&self) -> CellSet {
        match self.position.winner() {
            Some(winner) if self.position.connected_winner() == Some(winner) => {
                let (edge, _) = Edge::of(winner);
                self.position.group(edge.point()) & self.position.board().cells()
            }
            _ => CellSet::EMPTY,
        }
    }

    /// The cell of the last move, where its stone now stands (after a swap, the mirror of the
    /// first stone).
    #[must_use]
    pub fn last_move_cell(&self) -> Option<Point> {
        match self.position.last_move()?.mv {
            Move::Cell(point) => Some(point),
            Move::Swap => match self.position.history().next()?.mv {
                Move::Cell(point) => Some(point.mirrored()),
                _ => None,
            },
            Move::Pass | Move::Resign => None,
        }
    }

    /// The move number shown on each stone of the current position: the move that put it
    /// there (a swapped stone shows 2); set-up stones have none.
    #[must_use]
    pub fn move_numbers(&self) -> Vec<(Point, usize)> {
        let mut numbers: Vec<(Point, usize)> = Vec::new();
        let mut first = None;
        for (index, played) in self.position.history().enumerate() {
            match played.mv {
                Move::Cell(p) => {
                    if index == 0 {
                        first = Some(p);
                    }
                    numbers.push((p, index + 1));
                }
                Move::Swap => {
                    if let Some(p) = first {
                        numbers.retain(|&(q, _)| q != p);
                        numbers.push((p.mirrored(), index + 1));
                    }
                }
                Move::Pass | Move::Resign => {}
            }
        }
        numbers
    }

    /// The messages that hand the open job to the worker: the whole position (so the worker
    /// needs no memory of earlier jobs, and a restarted worker can take over), then the
    /// request for a move.
    #[must_use]
    pub fn engine_jobs(&self) -> Vec<Job> {
        let Some(id) = self.pending else {
            return Vec::new();
        };
        vec![
            Job {
                id,
                request: self.position_request(),
            },
            Job {
                id,
                request: Request::Genmove {
                    level: self.job_level,
                    seed: id.0.wrapping_mul(0x9E37_79B9) ^ self.serial,
                },
            },
        ]
    }

    /// The request that sets the worker to the position on the board (set-up and moves).
    #[must_use]
    pub fn position_request(&self) -> Request {
        let start = self.tree.start();
        let names = |cells: CellSet| cells.iter().map(|p| p.to_string()).collect();
        let setup = start.has_setup().then(|| Setup {
            black: names(start.setup.black),
            white: names(start.setup.white),
            to_move: Side::from(start.first_to_move()),
        });
        let board = self.position.board();
        Request::SetPosition {
            width: board.width(),
            height: board.height(),
            moves: self.move_names(),
            swap_rule: self.position.swap_rule(),
            setup,
        }
    }

    fn move_names(&self) -> Vec<String> {
        self.position
            .history()
            .map(|played| played.mv.to_string())
            .collect()
    }

    /// Applies `action`; `false` if it changed nothing (so the view need not update).
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::NewGame { width, height } => {
                let Ok(board) = Board::new(width, height) else {
                    return false;
                };
                let mut start = Record::new(board);
                start.swap_rule = self.prefer_swap && board.is_square();
                self.set_aside();
                self.replace(MoveTree::new(start), MoveTree::ROOT);
                self.editing = false;
            }
            Action::SetPlayer(color, player) => {
                if self.players[color] == player {
                    return false;
                }
                self.players[color] = player;
                self.pending = None;
                self.notice = None;
            }
            Action::SetLevel(color, level) => {
                if self.levels[color] == level || ohm_engine::player::level(level).is_none() {
                    return false;
                }
                self.levels[color] = level;
                // A search at the old level for this colour starts again at the new one.
                if self.pending.is_some() && self.position.to_move() == color {
                    self.pending = None;
                }
            }
            Action::MoveNow => {
                if self.pending.is_none() {
                    return false;
                }
                self.interrupts += 1;
                let color = self.position.to_move();
                if let Some(best) = self.thinking_best() {
                    self.pending = None;
                    return self.play_engine_move(color, &best.to_string());
                }
                self.notice = None;
                self.open_job();
                self.job_level = 1;
                return true;
            }
            Action::SetSwapRule(on) => {
                if on == self.swap_rule() || !self.can_change_swap_rule() {
                    return false;
                }
                self.tree.set_swap_rule(on);
                self.position.set_swap_rule(on);
                self.prefer_swap = on;
                self.pending = None;
            }
            Action::Play(point) => {
                if self.editing {
                    let next = match self.position.color_at(point) {
                        None => Some(Color::Black),
                        Some(Color::Black) => Some(Color::White),
                        Some(Color::White) => None,
                    };
                    return self.apply(Action::SetStone(point, next));
                }
                return self.play_human(Move::Cell(point));
            }
            Action::Swap => return self.play_human(Move::Swap),
            Action::Resign => return self.play_human(Move::Resign),
            Action::Undo => {
                if self.undo_restores_previous() {
                    return self.apply(Action::RestorePrevious);
                }
                let Some(parent) = self.tree.parent(self.current).filter(|_| !self.editing) else {
                    return false;
                };
                let mut to = parent;
                // Against Ohm, take back its reply and the move it answered, so that it is the
                // person's turn again (unless Ohm opened the game).
                let position = self.tree.position_at(parent);
                if !self.is_human(position.to_move()) && !position.is_over() {
                    if let Some(grandparent) = self.tree.parent(parent) {
                        if self.players[!position.to_move()] == Player::Human {
                            to = grandparent;
                        }
                    }
                }
                self.go_to(to);
            }
            Action::Redo => {
                let Some(next) = self.tree.next(self.current).filter(|_| !self.editing) else {
                    return false;
                };
                self.go_to(next);
                if !self.is_human(self.position.to_move()) {
                    if let Some(reply) = self.tree.next(self.current) {
                        self.go_to(reply);
                    }
                }
            }
            Action::First => return self.navigate(Some(MoveTree::ROOT)),
            Action::Previous => return self.navigate(self.tree.parent(self.current)),
            Action::Next => return self.navigate(self.tree.next(self.current)),
            Action::Last => return self.navigate(Some(self.tree.line_end(self.current))),
            Action::GoTo(node) => {
                if self.editing || (node != MoveTree::ROOT && self.tree.played(node).is_none()) {
                    return false;
                }
                self.tree.select(node);
                self.go_to(node);
            }
            Action::EnginePlayHere => {
                if self.editing
                    || self.pending.is_some()
                    || self.position.is_over()
                    || self.is_human(self.position.to_move())
                {
                    return false;
                }
                self.notice = None;
                self.open_job();
                return true;
            }
            Action::Load { mut tree, at } => {
                tree.select(at);
                self.set_aside();
                self.replace(*tree, at);
                self.editing = false;
            }
            Action::RestorePrevious => {
                let Some(previous) = self.previous.take().filter(|_| !self.editing) else {
                    return false;
                };
                self.set_aside();
                let SetAside {
                    mut tree,
                    current,
                    players,
                    levels,
                } = (*previous).clone();
                tree.select(current);
                self.players = players;
                self.levels = levels;
                self.replace(tree, current);
            }
            Action::SetComment(node, text) => {
                if !self.tree.set_comment(node, &text) {
                    return false;
                }
                return true;
            }
            Action::SetEditing(on) => {
                if on == self.editing {
                    return false;
                }
                self.editing = on;
                self.pending = None;
                self.notice = None;
            }
            Action::SetStone(point, color) => {
                if !self.editing || self.position.color_at(point) == color {
                    return false;
                }
                let mut stones = ByColor::new(
                    self.position.stones(Color::Black),
                    self.position.stones(Color::White),
                );
                if !self.position.board().contains(point) || point.is_edge() {
                    return false;
                }
                stones.black.remove(point);
                stones.white.remove(point);
                if let Some(c) = color {
                    stones[c].insert(point);
                }
                self.restart_from(stones, self.position.to_move());
            }
            Action::SetSideToMove(color) => {
                if !self.editing || self.position.to_move() == color {
                    return false;
                }
                let stones = ByColor::new(
                    self.position.stones(Color::Black),
                    self.position.stones(Color::White),
                );
                self.restart_from(stones, color);
            }
            Action::ClearBoard => {
                if !self.editing {
                    return false;
                }
                self.restart_from(ByColor::default(), Color::Black);
            }
            Action::EngineReplied(reply) => return self.take_reply(reply),
        }
        self.ask_engine_if_its_turn();
        true
    }

    /// Plays `mv` for the person to move.
    fn play_human(&mut self, mv: Move) -> bool {
        if self.editing || !self.accepts_clicks() {
            return false;
        }
        let color = self.position.to_move();
        if self.position.try_play(mv).is_err() {
            return false;
        }
        self.current = self.tree.add(self.current, PlayedMove { color, mv });
        self.notice = None;
        self.ask_engine_if_its_turn();
        true
    }

    /// Moves the view to `node`, if it is another node.
    fn navigate(&mut self, node: Option<NodeId>) -> bool {
        match node {
            Some(node) if node != self.current && !self.editing => {
                self.go_to(node);
                self.ask_engine_if_its_turn();
                true
            }
            _ => false,
        }
    }

    fn go_to(&mut self, node: NodeId) {
        self.current = node;
        self.position = self.tree.position_at(node);
        self.pending = None;
        self.notice = None;
    }

    /// Keeps the game being replaced for Undo, if it holds anything (moves, set-up stones or a
    /// comment); an empty game never displaces a kept one.
    fn set_aside(&mut self) {
        let start = self.tree.start();
        let worth_keeping = !self.tree.children(MoveTree::ROOT).is_empty()
            || start.has_setup()
            || start.info.comment.is_some();
        if worth_keeping {
            self.previous = Some(Rc::new(SetAside {
                tree: self.tree.clone(),
                current: self.current,
                players: self.players,
                levels: self.levels,
            }));
        }
    }

    fn replace(&mut self, tree: MoveTree, at: NodeId) {
        self.tree = tree;
        self.serial += 1;
        self.go_to(at);
    }

    /// Set-up: `stones` with `to_move` become the new start, with no moves.
    fn restart_from(&mut self, stones: ByColor<CellSet>, to_move: Color) {
        // The first edit of a game with moves replaces its moves: keep that game.
        if !self.tree.children(MoveTree::ROOT).is_empty() {
            self.set_aside();
        }
        let mut start = self.tree.start().clone();
        let empty = stones.black.is_empty() && stones.white.is_empty();
        start.setup = stones;
        start.to_move = (!empty || to_move != Color::Black).then_some(to_move);
        start.info = Default::default();
        self.replace(MoveTree::new(start), MoveTree::ROOT);
    }

    fn take_reply(&mut self, reply: Reply) -> bool {
        if self.pending.is_none() || (reply.id.is_some() && reply.id != self.pending) {
            return false; // an answer to a job the game no longer waits for
        }
        match reply.response {
            Response::EngineMove { color, mv, .. } => {
                self.pending = None;
                self.play_engine_move(Color::from(color), &mv)
            }
            Response::Progress(report) => {
                self.thinking = Some(report);
                true
            }
            Response::Position(state) => {
                // The acknowledgement of the position sent with the job: it must be ours.
                if state.moves == self.move_names() {
                    return false;
                }
                self.pending = None;
                self.notice = Some("Ohm's worker disagrees about the position".into());
                true
            }
            Response::Error { message, .. } => {
                self.pending = None;
                self.notice = Some(format!("Ohm could not move: {message}"));
                true
            }
            Response::Stopped { .. }
            | Response::Analysis(_)
            | Response::Verdict(_)
            | Response::Solutions(_)
            | Response::SolveProgress(_)
            | Response::Solved(_) => false,
        }
    }

    /// Plays Ohm's move `mv` (record notation) for `color`, or shows why it cannot.
    fn play_engine_move(&mut self, color: Color, mv: &str) -> bool {
        let played = Move::parse(mv).map_err(|e| e.to_string()).and_then(|m| {
            if color == self.position.to_move() {
                self.position
                    .try_play(m)
                    .map(|()| m)
                    .map_err(|e| e.to_string())
            } else {
                Err(format!("it is not {color}'s turn"))
            }
        });
        match played {
            Ok(m) => {
                self.current = self.tree.add(self.current, PlayedMove { color, mv: m });
                self.ask_engine_if_its_turn();
            }
            Err(why) => self.notice = Some(format!("Ohm's move {mv} was refused: {why}")),
        }
        true
    }

    /// Opens a job when Ohm is to move at the end of a line in a game still going.
    fn ask_engine_if_its_turn(&mut self) {
        if self.pending.is_none()
            && self.notice.is_none()
            && !self.editing
            && !self.position.is_over()
            && !self.is_human(self.position.to_move())
            && self.tree.children(self.current).is_empty()
        {
            self.open_job();
        }
    }

    fn open_job(&mut self) {
        self.last_id += 1;
        self.pending = Some(RequestId(self.last_id));
        self.job_level = self.levels[self.position.to_move()];
        self.thinking = None;
    }
}

impl Reducible for Game {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        if next.apply(action) {
            Rc::new(next)
        } else {
            self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::PositionState;

    fn cell(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    fn engine_move(game: &Game, mv: &str) -> Reply {
        let mut position = game.position.clone();
        let color = position.to_move();
        position.try_play(Move::parse(mv).unwrap()).unwrap();
        Reply {
            id: game.pending,
            response: Response::EngineMove {
                color: color.into(),
                mv: mv.into(),
                elapsed_ms: 1.0,
                position: PositionState::from(&position),
                reason: None,
                search: None,
            },
        }
    }

    fn vs_ohm(size: u8, ohm: Color) -> Game {
        let mut players = ByColor::new(Player::Human, Player::Human);
        players[ohm] = Player::Ohm;
        Game::new(Board::square(size).unwrap(), players, false)
    }

    fn two_humans(size: u8) -> Game {
        Game::new(
            Board::square(size).unwrap(),
            ByColor::new(Player::Human, Player::Human),
            false,
        )
    }

    fn moves(game: &Game) -> Vec<String> {
        game.move_names()
    }

    #[test]
    fn a_click_plays_and_hands_the_turn_to_the_engine() {
        let mut g = vs_ohm(5, Color::White);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        assert!(g.engine_jobs().is_empty());
        assert!(g.apply(Action::Play(cell("c3"))));
        assert_eq!(g.position().color_at(cell("c3")), Some(Color::Black));
        assert_eq!(g.status(), Status::Thinking(Color::White));
        assert!(!g.accepts_clicks());
        let jobs = g.engine_jobs();
        assert_eq!(jobs.len(), 2);
        assert!(jobs.iter().all(|j| Some(j.id) == g.pending()));
        assert_eq!(
            jobs[0].request,
            Request::SetPosition {
                width: 5,
                height: 5,
                moves: vec!["c3".into()],
                swap_rule: false,
                setup: None,
            }
        );
        assert!(matches!(
            jobs[1].request,
            Request::Genmove {
                level: DEFAULT_LEVEL,
                ..
            }
        ));
    }

    #[test]
    fn clicks_are_ignored_while_the_engine_thinks_and_on_stones() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        assert!(!g.apply(Action::Play(cell("d3"))));
        let reply = engine_move(&g, "b2");
        assert!(g.apply(Action::EngineReplied(reply)));
        assert!(!g.apply(Action::Play(cell("b2"))), "occupied");
        assert!(!g.apply(Action::Play(cell("f1"))), "off the board");
        assert_eq!(g.position().move_count(), 2);
    }

    #[test]
    fn replies_to_old_jobs_are_dropped() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        let stale = engine_move(&g, "b4");
        g.apply(Action::Undo);
        assert_eq!(g.position().move_count(), 0);
        g.apply(Action::Play(cell("a1")));
        assert_ne!(g.pending(), stale.id);
        assert!(!g.apply(Action::EngineReplied(stale)));
        assert_eq!(g.position().color_at(cell("b4")), None);
        assert_eq!(g.status(), Status::Thinking(Color::White));
    }

    #[test]
    fn undo_takes_back_the_pair_and_redo_replays_it() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        g.apply(Action::EngineReplied(engine_move(&g, "b4")));
        assert!(g.apply(Action::Undo));
        assert_eq!(g.position().move_count(), 0);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        assert!(!g.apply(Action::Undo));
        assert!(g.can_redo());
        assert!(g.apply(Action::Redo));
        assert_eq!(moves(&g), ["c3", "b4"]);
        assert_eq!(g.pending(), None, "Ohm's reply is already in the record");
        assert!(!g.apply(Action::Redo));
    }

    #[test]
    fn undo_and_redo_between_two_people_take_one_move() {
        let mut g = two_humans(3);
        g.apply(Action::Play(cell("a1")));
        g.apply(Action::Play(cell("b2")));
        g.apply(Action::Undo);
        assert_eq!(moves(&g), ["a1"]);
        assert_eq!(g.pending(), None);
        g.apply(Action::Redo);
        assert_eq!(moves(&g), ["a1", "b2"]);
    }

    #[test]
    fn a_different_move_while_reviewing_makes_a_variation() {
        let mut g = two_humans(4);
        for name in ["a1", "b2", "c3"] {
            g.apply(Action::Play(cell(name)));
        }
        assert!(g.apply(Action::First));
        assert!(!g.apply(Action::Previous));
        g.apply(Action::Next);
        assert_eq!(moves(&g), ["a1"]);
        g.apply(Action::Play(cell("d1")));
        assert_eq!(moves(&g), ["a1", "d1"]);
        let a1 = g.tree().path(g.current())[0];
        assert_eq!(g.tree().children(a1).len(), 2);
        // The old line is one click away, with its moves intact.
        let b2 = g.tree().children(a1)[0];
        g.apply(Action::GoTo(b2));
        g.apply(Action::Last);
        assert_eq!(moves(&g), ["a1", "b2", "c3"]);
    }

    #[test]
    fn ohm_waits_while_the_person_reviews() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        g.apply(Action::EngineReplied(engine_move(&g, "b4")));
        g.apply(Action::Play(cell("d2")));
        g.apply(Action::EngineReplied(engine_move(&g, "a5")));
        g.apply(Action::Previous);
        assert_eq!(g.status(), Status::Reviewing(Color::White));
        assert_eq!(g.pending(), None);
        assert!(g.apply(Action::EnginePlayHere));
        assert!(g.pending().is_some());
        g.apply(Action::Last);
        assert_eq!(g.pending(), None);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
    }

    #[test]
    fn the_engine_opens_when_it_plays_black() {
        let g = vs_ohm(4, Color::Black);
        assert_eq!(g.status(), Status::Thinking(Color::Black));
        assert!(matches!(
            &g.engine_jobs()[0].request,
            Request::SetPosition { moves, .. } if moves.is_empty()
        ));
    }

    #[test]
    fn switching_players_mid_game_starts_the_engine_or_cancels_it() {
        let mut g = two_humans(5);
        g.apply(Action::Play(cell("c3")));
        assert_eq!(g.pending(), None);
        g.apply(Action::SetPlayer(Color::White, Player::Ohm));
        let first = g.pending().expect("White is to move");
        g.apply(Action::SetPlayer(Color::White, Player::Human));
        assert_eq!(g.pending(), None);
        assert!(g.accepts_clicks());
        g.apply(Action::SetPlayer(Color::White, Player::Ohm));
        assert!(g.pending().unwrap() > first, "ids are never reused");
    }

    #[test]
    fn a_new_game_keeps_the_players_and_takes_any_size() {
        let mut g = vs_ohm(5, Color::Black);
        let first = g.pending().unwrap();
        assert!(g.apply(Action::NewGame {
            width: 7,
            height: 3
        }));
        assert_eq!(g.players().black, Player::Ohm);
        assert_eq!(g.position().board().width(), 7);
        assert_eq!(g.position().board().height(), 3);
        assert!(g.pending().unwrap() > first);
        assert!(!g.apply(Action::NewGame {
            width: 0,
            height: 3
        }));
    }

    #[test]
    fn engine_errors_stop_the_engine_and_are_shown() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        g.apply(Action::EngineReplied(Reply {
            id: g.pending(),
            response: Response::Error {
                kind: crate::protocol::ErrorKind::NoMoveAvailable,
                message: "the board is full".into(),
            },
        }));
        assert_eq!(g.pending(), None);
        assert!(matches!(g.status(), Status::EngineTrouble(m) if m.contains("board is full")));
        // An illegal engine move is refused, not played.
        g.apply(Action::Undo);
        g.apply(Action::Play(cell("c3")));
        let id = g.pending();
        g.apply(Action::EngineReplied(Reply {
            id,
            response: Response::EngineMove {
                color: Side::White,
                mv: "c3".into(),
                elapsed_ms: 0.0,
                position: PositionState::from(g.position()),
                reason: None,
                search: None,
            },
        }));
        assert_eq!(g.position().move_count(), 1);
        assert!(matches!(g.status(), Status::EngineTrouble(m) if m.contains("refused")));
    }

    fn progress(game: &Game, depth: u32, best: &str) -> Reply {
        let pv = [Point::parse(best).unwrap()];
        Reply {
            id: game.pending(),
            response: Response::Progress(SearchReport::new(depth, 150, &pv, 99, None, 5.0)),
        }
    }

    #[test]
    fn each_colour_has_a_level_that_its_jobs_ask_for() {
        let mut g = vs_ohm(5, Color::White);
        assert_eq!(g.levels(), ByColor::new(DEFAULT_LEVEL, DEFAULT_LEVEL));
        assert!(g.apply(Action::SetLevel(Color::White, 2)));
        assert!(!g.apply(Action::SetLevel(Color::White, 2)));
        assert!(!g.apply(Action::SetLevel(Color::White, 0)));
        assert!(!g.apply(Action::SetLevel(Color::White, 7)));
        g.apply(Action::Play(cell("c3")));
        let first = g.pending();
        assert!(matches!(
            g.engine_jobs()[1].request,
            Request::Genmove { level: 2, .. }
        ));
        // Changing the level of the colour that is thinking asks again at the new level.
        assert!(g.apply(Action::SetLevel(Color::White, 5)));
        assert_ne!(g.pending(), first);
        assert!(matches!(
            g.engine_jobs()[1].request,
            Request::Genmove { level: 5, .. }
        ));
        assert_eq!(levels().count(), 6);
        assert_eq!(levels().next(), Some((1, "beginner")));
    }

    #[test]
    fn progress_shows_while_thinking_and_is_dropped_for_old_jobs() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        assert_eq!(g.thinking(), None);
        assert!(g.apply(Action::EngineReplied(progress(&g, 1, "b3"))));
        assert!(g.apply(Action::EngineReplied(progress(&g, 2, "d2"))));
        assert_eq!(g.thinking().map(|r| r.depth), Some(2));
        assert_eq!(g.thinking_best(), Some(cell("d2")));
        assert_eq!(g.status(), Status::Thinking(Color::White));
        let old = progress(&g, 3, "a1");
        g.apply(Action::Undo);
        assert!(!g.apply(Action::EngineReplied(old)));
        assert_eq!(g.thinking(), None);
        // A new job starts with no report.
        g.apply(Action::Play(cell("b2")));
        assert_eq!(g.thinking(), None);
    }

    #[test]
    fn move_now_plays_the_best_move_so_far_and_interrupts_the_worker() {
        let mut g = vs_ohm(5, Color::White);
        assert!(!g.apply(Action::MoveNow), "nothing to hurry");
        g.apply(Action::Play(cell("c3")));
        g.apply(Action::EngineReplied(progress(&g, 2, "d2")));
        let late = engine_move(&g, "a1");
        assert!(g.apply(Action::MoveNow));
        assert_eq!(g.interrupts(), 1);
        assert_eq!(moves(&g), ["c3", "d2"]);
        assert_eq!(g.pending(), None);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        // The interrupted search's own answer, should it arrive, is ignored.
        assert!(!g.apply(Action::EngineReplied(late)));
        assert_eq!(moves(&g), ["c3", "d2"]);
    }

    #[test]
    fn move_now_before_any_report_asks_again_at_level_one() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        let first = g.pending();
        // A best move that is no longer legal does not count either.
        g.apply(Action::EngineReplied(progress(&g, 1, "c3")));
        assert_eq!(g.thinking_best(), None);
        assert!(g.apply(Action::MoveNow));
        assert_eq!(g.interrupts(), 1);
        assert!(g.pending().is_some() && g.pending() != first);
        assert_eq!(g.thinking(), None);
        assert!(matches!(
            g.engine_jobs()[1].request,
            Request::Genmove { level: 1, .. }
        ));
        let reply = engine_move(&g, "b2");
        assert!(g.apply(Action::EngineReplied(reply)));
        assert_eq!(moves(&g), ["c3", "b2"]);
        // The next job is at the colour's own level again.
        g.apply(Action::Play(cell("a1")));
        assert!(matches!(
            g.engine_jobs()[1].request,
            Request::Genmove {
                level: DEFAULT_LEVEL,
                ..
            }
        ));
    }

    #[test]
    fn a_win_ends_the_game_and_marks_the_winning_group() {
        let mut g = two_humans(2);
        for name in ["a1", "b1", "a2"] {
            g.apply(Action::Play(cell(name)));
        }
        assert_eq!(
            g.status(),
            Status::Won {
                winner: Color::Black,
                resigned: false
            }
        );
        assert!(!g.accepts_clicks());
        let group: Vec<String> = g.winning_group().iter().map(|p| p.to_string()).collect();
        assert_eq!(group, ["a1", "a2"]);
    }

    #[test]
    fn swap_is_offered_to_the_second_player_only_at_move_two() {
        let mut g = Game::new(
            Board::square(5).unwrap(),
            ByColor::new(Player::Human, Player::Human),
            true,
        );
        assert!(!g.can_swap());
        g.apply(Action::Play(cell("b2")));
        assert!(g.can_swap());
        assert!(g.apply(Action::Swap));
        assert_eq!(g.position().color_at(cell("b2")), Some(Color::White));
        assert_eq!(g.last_move_cell(), Some(cell("b2")));
        assert_eq!(g.move_numbers(), [(cell("b2"), 2)]);
        assert!(!g.can_swap());
        assert!(!g.can_change_swap_rule(), "a swap is in the record");
        // The preference outlives a game on a board where swap is impossible.
        g.apply(Action::NewGame {
            width: 5,
            height: 4,
        });
        assert!(!g.swap_rule() && g.prefers_swap());
        g.apply(Action::NewGame {
            width: 5,
            height: 5,
        });
        assert!(g.swap_rule());
        // A game without the rule never offers it.
        let mut g = two_humans(5);
        g.apply(Action::Play(cell("b2")));
        assert!(!g.can_swap());
        assert!(!g.apply(Action::Swap));
    }

    #[test]
    fn resigning_ends_the_game_for_the_other_side() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        assert!(!g.apply(Action::Resign), "not while Ohm thinks");
        g.apply(Action::EngineReplied(engine_move(&g, "b4")));
        assert!(g.apply(Action::Resign));
        assert_eq!(
            g.status(),
            Status::Won {
                winner: Color::White,
                resigned: true
            }
        );
        assert_eq!(g.pending(), None);
    }

    #[test]
    fn ohm_against_ohm_plays_on_its_own() {
        let mut g = Game::new(
            Board::square(3).unwrap(),
            ByColor::new(Player::Ohm, Player::Ohm),
            false,
        );
        let first = g.pending().unwrap();
        g.apply(Action::EngineReplied(engine_move(&g, "b2")));
        assert!(g.pending().unwrap() > first);
        assert!(!g.accepts_clicks());
    }

    #[test]
    fn set_up_places_stones_and_becomes_the_start() {
        let mut g = vs_ohm(4, Color::White);
        g.apply(Action::Play(cell("a1")));
        g.apply(Action::EngineReplied(engine_move(&g, "d4")));
        assert!(!g.apply(Action::SetStone(cell("b2"), Some(Color::Black))));
        g.apply(Action::SetEditing(true));
        assert_eq!(g.status(), Status::Editing(Color::Black));
        assert!(g.apply(Action::SetStone(cell("b2"), Some(Color::Black))));
        assert!(
            g.apply(Action::Play(cell("c2"))),
            "a click cycles empty → Black"
        );
        assert!(g.apply(Action::Play(cell("c2"))), "→ White");
        assert_eq!(g.position().color_at(cell("c2")), Some(Color::White));
        assert_eq!(g.position().move_count(), 0, "set-up is not moves");
        assert_eq!(g.position().stones(Color::Black).len(), 2);
        assert!(g.apply(Action::SetSideToMove(Color::White)));
        assert_eq!(g.pending(), None, "Ohm waits until set-up is done");
        assert!(g.apply(Action::SetEditing(false)));
        assert_eq!(g.status(), Status::Thinking(Color::White));
        let jobs = g.engine_jobs();
        let Request::SetPosition {
            setup: Some(setup),
            moves,
            ..
        } = &jobs[0].request
        else {
            panic!("no set-up sent: {jobs:?}")
        };
        assert!(moves.is_empty());
        assert_eq!(setup.to_move, Side::White);
        assert_eq!(setup.black, ["a1", "b2"]);
        assert_eq!(setup.white, ["c2", "d4"]);
        g.apply(Action::SetEditing(true));
        g.apply(Action::ClearBoard);
        assert!(g.position().empty_cells().len() == 16);
        assert!(!g.tree().start().has_setup());
    }

    #[test]
    fn a_new_game_sets_the_old_one_aside_and_undo_brings_it_back() {
        let mut g = vs_ohm(5, Color::White);
        g.apply(Action::Play(cell("c3")));
        g.apply(Action::EngineReplied(engine_move(&g, "b4")));
        g.apply(Action::SetLevel(Color::White, 2));
        let before = (g.tree().clone(), g.current());
        assert!(g.apply(Action::NewGame {
            width: 7,
            height: 7
        }));
        assert_eq!(g.position().move_count(), 0);
        assert_eq!(g.previous().map(SetAside::moves), Some(2));
        assert!(g.can_undo(), "Undo brings the game back");
        // An empty new game never displaces the kept one.
        g.apply(Action::SetPlayer(Color::White, Player::Human));
        g.apply(Action::NewGame {
            width: 9,
            height: 9,
        });
        assert!(g.apply(Action::Undo));
        assert_eq!((g.tree().clone(), g.current()), before);
        assert_eq!(g.players().white, Player::Ohm, "the players come back too");
        assert_eq!(g.levels().white, 2);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        // Once the new game has moves, Undo takes them back as usual.
        g.apply(Action::NewGame {
            width: 5,
            height: 5,
        });
        g.apply(Action::Play(cell("a1")));
        g.apply(Action::EngineReplied(engine_move(&g, "e5")));
        g.apply(Action::Undo);
        assert_eq!(g.position().move_count(), 0);
        assert!(g.apply(Action::Undo), "then the game before it");
        assert_eq!(g.position().move_count(), 2);
        assert_eq!(moves(&g), ["c3", "b4"]);
        // And the one it replaced is kept in its place: nothing is lost.
        assert_eq!(g.previous().map(SetAside::moves), Some(2));
    }

    #[test]
    fn a_swap_is_described_and_offered_with_its_cells() {
        let mut g = vs_ohm(11, Color::White);
        g.apply(Action::SetSwapRule(true));
        g.apply(Action::Play(cell("c2")));
        assert_eq!(g.swap_offer(), None, "Ohm is to move");
        let swap = Reply {
            id: g.pending(),
            response: engine_move(&g, "swap-pieces").response,
        };
        g.apply(Action::EngineReplied(swap));
        assert_eq!(
            g.swap_just_played(),
            Some((cell("c2"), cell("b3"), Color::White))
        );
        let mut two = two_humans(5);
        two.apply(Action::SetSwapRule(true));
        two.apply(Action::Play(cell("a2")));
        assert_eq!(two.swap_offer(), Some((cell("a2"), cell("b1"))));
    }

    #[test]
    fn comments_are_set_on_moves_and_the_game() {
        let mut g = two_humans(5);
        g.apply(Action::Play(cell("c3")));
        let c3 = g.current();
        assert!(g.apply(Action::SetComment(c3, "The centre.".into())));
        assert!(!g.apply(Action::SetComment(c3, "The centre.".into())));
        assert!(g.apply(Action::SetComment(MoveTree::ROOT, "A game.".into())));
        assert_eq!(g.tree().comment(c3), Some("The centre."));
        assert_eq!(g.tree().start().info.comment.as_deref(), Some("A game."));
    }

    #[test]
    fn a_loaded_game_replaces_the_old_one() {
        let mut g = two_humans(5);
        g.apply(Action::Play(cell("c3")));
        let (tree, at) = crate::records::from_fragment("9c1,e5d4").expect("a HexWorld string");
        let serial = g.serial();
        assert!(g.apply(Action::Load {
            tree: Box::new(tree),
            at
        }));
        assert_eq!(g.position().board().width(), 9);
        assert_eq!(moves(&g), ["e5", "d4"]);
        assert!(g.serial() > serial);
        assert_eq!(
            g.previous().map(SetAside::moves),
            Some(1),
            "the old game is kept"
        );
    }
}
