//! The app's state: one game against (or without) the engine, changed only by [`Action`]s.
//!
//! The reducer is pure. When it becomes the engine's turn it opens a job (a fresh
//! [`RequestId`]); the app sees the new id and sends [`Game::engine_jobs`] to the worker. Replies
//! are actions too: a reply whose id is not the open job's (the game was undone or restarted
//! meanwhile) is dropped. Rules come from the engine crate: legality, turn order and the winner
//! are the [`Position`]'s.

use std::rc::Rc;

use ohm_engine::{Board, Color, Edge, Move, Point, Position};
use yew::Reducible;

use crate::protocol::{Job, Reply, Request, RequestId, Response};

/// Board size of a new app.
pub const DEFAULT_SIZE: u8 = 11;

#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    /// The colour Ohm plays, if any.
    engine_side: Option<Color>,
    /// The engine job whose reply the game waits for.
    pending: Option<RequestId>,
    last_id: u32,
    /// The last thing that went wrong with the engine, shown until the next game action.
    notice: Option<String>,
}

/// Everything that changes a [`Game`].
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start again on an empty `width` x `height` board.
    NewGame { width: u8, height: u8 },
    /// Let Ohm play this colour (or neither) from now on.
    SetEngineSide(Option<Color>),
    /// The person at the board clicked a cell.
    Play(Point),
    /// Take back the last move, and the engine's reply to it.
    Undo,
    /// A message from the engine worker.
    EngineReplied(Reply),
}

/// What the status line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    ToMove(Color),
    Thinking(Color),
    Won(Color),
    EngineTrouble(String),
}

impl Default for Game {
    fn default() -> Game {
        let board = Board::square(DEFAULT_SIZE).expect("the default size is valid");
        Game::new(board, Some(Color::White))
    }
}

impl Game {
    /// An empty game on `board` with Ohm playing `engine_side`.
    #[must_use]
    pub fn new(board: Board, engine_side: Option<Color>) -> Game {
        let mut game = Game {
            position: Position::new(board),
            engine_side,
            pending: None,
            last_id: 0,
            notice: None,
        };
        game.ask_engine_if_its_turn();
        game
    }

    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    #[must_use]
    pub fn engine_side(&self) -> Option<Color> {
        self.engine_side
    }

    /// The engine job the game waits for, if any.
    #[must_use]
    pub fn pending(&self) -> Option<RequestId> {
        self.pending
    }

    /// Whether a click on an empty cell plays there now.
    #[must_use]
    pub fn accepts_clicks(&self) -> bool {
        self.pending.is_none()
            && !self.position.is_over()
            && self.engine_side != Some(self.position.to_move())
    }

    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.position.move_count() > 0
    }

    #[must_use]
    pub fn status(&self) -> Status {
        if let Some(winner) = self.position.winner() {
            Status::Won(winner)
        } else if let Some(notice) = &self.notice {
            Status::EngineTrouble(notice.clone())
        } else if self.pending.is_some() {
            Status::Thinking(self.position.to_move())
        } else {
            Status::ToMove(self.position.to_move())
        }
    }

    /// The winner's stones that join their two edges (with any stones attached to them).
    pub fn winning_group(&self) -> ohm_engine::CellSet {
        match self.position.winner() {
            Some(winner) if self.position.connected_winner() == Some(winner) => {
                let (edge, _) = Edge::of(winner);
                self.position.group(edge.point()) & self.position.board().cells()
            }
            _ => ohm_engine::CellSet::EMPTY,
        }
    }

    /// The messages that hand the open job to the worker: the whole position (so the worker
    /// needs no memory of earlier jobs), then the request for a move.
    #[must_use]
    pub fn engine_jobs(&self) -> Vec<Job> {
        let Some(id) = self.pending else {
            return Vec::new();
        };
        let board = self.position.board();
        let set_position = Request::SetPosition {
            width: board.width(),
            height: board.height(),
            moves: self.move_names(),
            swap_rule: self.position.swap_rule(),
        };
        vec![
            Job {
                id,
                request: set_position,
            },
            Job {
                id,
                request: Request::Genmove,
            },
        ]
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
                self.position = Position::new(board);
                self.pending = None;
                self.notice = None;
            }
            Action::SetEngineSide(side) => {
                if side == self.engine_side {
                    return false;
                }
                self.engine_side = side;
                self.pending = None;
                self.notice = None;
            }
            Action::Play(point) => {
                if !self.accepts_clicks() || self.position.try_play(Move::Cell(point)).is_err() {
                    return false;
                }
                self.notice = None;
            }
            Action::Undo => {
                if !self.position.undo() {
                    return false;
                }
                // Take back the engine's move and the move it answered, so that it is the
                // person's turn again (unless the engine opened the game).
                if self.engine_side == Some(self.position.to_move())
                    && self.position.move_count() > 0
                {
                    self.position.undo();
                }
                self.pending = None;
                self.notice = None;
            }
            Action::EngineReplied(reply) => return self.take_reply(reply),
        }
        self.ask_engine_if_its_turn();
        true
    }

    fn take_reply(&mut self, reply: Reply) -> bool {
        if self.pending.is_none() || (reply.id.is_some() && reply.id != self.pending) {
            return false; // an answer to a job the game no longer waits for
        }
        match reply.response {
            Response::EngineMove { color, mv, .. } => {
                self.pending = None;
                let color = Color::from(color);
                let played = Move::parse(&mv).map_err(|e| e.to_string()).and_then(|m| {
                    if color == self.position.to_move() {
                        self.position.try_play(m).map_err(|e| e.to_string())
                    } else {
                        Err(format!("it is not {color}'s turn"))
                    }
                });
                if let Err(why) = played {
                    self.notice = Some(format!("Ohm's move {mv} was refused: {why}"));
                }
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
            Response::Stopped { .. } => false,
        }
    }

    /// Opens a job when the engine is to move in a game still going.
    fn ask_engine_if_its_turn(&mut self) {
        if self.pending.is_none()
            && self.notice.is_none()
            && !self.position.is_over()
            && self.engine_side == Some(self.position.to_move())
        {
            self.last_id += 1;
            self.pending = Some(RequestId(self.last_id));
        }
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
    use crate::protocol::{PositionState, Side};

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
            },
        }
    }

    fn game(size: u8, engine: Option<Color>) -> Game {
        Game::new(Board::square(size).unwrap(), engine)
    }

    #[test]
    fn a_click_plays_and_hands_the_turn_to_the_engine() {
        let mut g = game(5, Some(Color::White));
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
                swap_rule: false
            }
        );
        assert_eq!(jobs[1].request, Request::Genmove);
    }

    #[test]
    fn clicks_are_ignored_while_the_engine_thinks_and_on_stones() {
        let mut g = game(5, Some(Color::White));
        g.apply(Action::Play(cell("c3")));
        assert!(!g.apply(Action::Play(cell("d3"))));
        let reply = engine_move(&g, "b2");
        assert!(g.apply(Action::EngineReplied(reply)));
        assert!(!g.apply(Action::Play(cell("b2"))), "occupied");
        assert!(!g.apply(Action::Play(cell("f1"))), "off the board");
        assert_eq!(g.position().move_count(), 2);
    }

    #[test]
    fn the_engine_reply_is_played_and_it_is_the_person_s_turn() {
        let mut g = game(5, Some(Color::White));
        g.apply(Action::Play(cell("c3")));
        let reply = engine_move(&g, "b4");
        g.apply(Action::EngineReplied(reply));
        assert_eq!(g.position().color_at(cell("b4")), Some(Color::White));
        assert_eq!(g.pending(), None);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        assert!(g.accepts_clicks());
    }

    #[test]
    fn replies_to_old_jobs_are_dropped() {
        let mut g = game(5, Some(Color::White));
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
    fn undo_takes_back_the_engine_reply_and_the_move_it_answered() {
        let mut g = game(5, Some(Color::White));
        g.apply(Action::Play(cell("c3")));
        let reply = engine_move(&g, "b4");
        g.apply(Action::EngineReplied(reply));
        assert!(g.apply(Action::Undo));
        assert_eq!(g.position().move_count(), 0);
        assert_eq!(g.status(), Status::ToMove(Color::Black));
        assert!(!g.apply(Action::Undo));
    }

    #[test]
    fn undo_without_an_engine_takes_back_one_move() {
        let mut g = game(3, None);
        g.apply(Action::Play(cell("a1")));
        g.apply(Action::Play(cell("b2")));
        g.apply(Action::Undo);
        assert_eq!(g.position().move_count(), 1);
        assert_eq!(g.pending(), None);
    }

    #[test]
    fn the_engine_opens_when_it_plays_black() {
        let g = game(4, Some(Color::Black));
        assert_eq!(g.status(), Status::Thinking(Color::Black));
        assert_eq!(
            g.engine_jobs()[0].request,
            Request::SetPosition {
                width: 4,
                height: 4,
                moves: vec![],
                swap_rule: false
            }
        );
    }

    #[test]
    fn switching_sides_mid_game_starts_the_engine_or_cancels_it() {
        let mut g = game(5, None);
        g.apply(Action::Play(cell("c3")));
        assert_eq!(g.pending(), None);
        g.apply(Action::SetEngineSide(Some(Color::White)));
        let first = g.pending().expect("White is to move");
        g.apply(Action::SetEngineSide(Some(Color::Black)));
        assert_eq!(g.pending(), None);
        assert!(g.accepts_clicks());
        g.apply(Action::SetEngineSide(Some(Color::White)));
        assert!(g.pending().unwrap() > first, "ids are never reused");
    }

    #[test]
    fn a_new_game_keeps_the_engine_side_and_takes_any_size() {
        let mut g = game(5, Some(Color::Black));
        let first = g.pending().unwrap();
        assert!(g.apply(Action::NewGame {
            width: 7,
            height: 3
        }));
        assert_eq!(g.engine_side(), Some(Color::Black));
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
        let mut g = game(5, Some(Color::White));
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
            },
        }));
        assert_eq!(g.position().move_count(), 1);
        assert!(matches!(g.status(), Status::EngineTrouble(m) if m.contains("refused")));
    }

    #[test]
    fn the_position_acknowledgement_is_checked() {
        let mut g = game(5, Some(Color::White));
        g.apply(Action::Play(cell("c3")));
        let mut agreeing = PositionState::from(g.position());
        let id = g.pending();
        assert!(!g.apply(Action::EngineReplied(Reply {
            id,
            response: Response::Position(agreeing.clone()),
        })));
        agreeing.moves.push("a1".into());
        assert!(g.apply(Action::EngineReplied(Reply {
            id,
            response: Response::Position(agreeing),
        })));
        assert_eq!(g.pending(), None);
    }

    #[test]
    fn a_win_ends_the_game_and_marks_the_winning_group() {
        let mut g = game(2, None);
        for name in ["a1", "b1", "a2"] {
            g.apply(Action::Play(cell(name)));
        }
        assert_eq!(g.status(), Status::Won(Color::Black));
        assert!(!g.accepts_clicks());
        let group: Vec<String> = g.winning_group().iter().map(|p| p.to_string()).collect();
        assert_eq!(group, ["a1", "a2"]);
    }
}
