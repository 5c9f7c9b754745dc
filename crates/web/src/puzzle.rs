//! Puzzle mode, shared by the app and `<ohm-board mode="puzzle">`: the reader is asked for a
//! winning move of the side to move, and only the solver's proofs decide (in the worker:
//! [`Request::JudgeMove`], [`Request::SolvePuzzle`]).
//!
//! - a move proven **winning** is accepted. When the win was proven by search (no single
//!   connection shows it yet), the opponent answers with the solver's defence and the reader is
//!   asked for the next winning move, until a move joins the edges or leaves a connection that
//!   holds against anything (drawn): then the puzzle is solved;
//! - a move proven **losing** is refused: the opponent's refutation is played and its winning
//!   connection drawn, and the reader tries again from where they stood;
//! - a move neither proven within the budget is said to be unproven, never right or wrong.
//!
//! **Hint** shades where a winning move lies, **Reveal** names every proven winning move (the
//! complete set when the solver finished). Verdicts and solutions are remembered by position for
//! the session, so trying again, going back and asking again are answered at once (and the
//! worker keeps its solver table besides).
//!
//! Like [`crate::study::Study`], this is a plain state machine: actions in, `jobs()` out for the
//! caller to send (all with the id of `pending()`), replies back in as actions; it knows nothing
//! of the browser, so it is tested natively against the real worker session.

use std::collections::HashMap;

use ohm_engine::{CellSet, Color, Move, Point, Position};

use crate::components::board::{BoardOverlay, OverlayLabel};
use crate::protocol::{Job, Outcome, Reply, Request, RequestId, Response, Solutions, Verdict};
use crate::study::STUDY_IDS;

/// The first id of the app's puzzle jobs (below them: the game's; from [`STUDY_IDS`]: the
/// analysis').
pub const PUZZLE_IDS: u32 = 0x4000_0000;

/// Whether `reply` answers a puzzle job of the app.
#[must_use]
pub fn is_puzzle_reply(reply: &Reply) -> bool {
    reply
        .id
        .is_some_and(|id| (PUZZLE_IDS..STUDY_IDS).contains(&id.0))
}

/// How long one move's judgement may take, unless the caller says otherwise.
pub const DEFAULT_BUDGET_MS: u32 = 3_000;

/// Where a puzzle stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// The reader's turn to find a winning move.
    Waiting,
    /// The worker judges this move.
    Judging(String),
    /// Won: the last move joins the edges or leaves a connection that holds (`carrier`).
    Solved {
        mv: String,
        carrier: CellSet,
        explanation: String,
    },
    /// The move loses: the refutation is on the board, `carrier` the opponent's connection.
    Failed {
        mv: String,
        carrier: CellSet,
        explanation: String,
    },
    /// Neither proven within the budget.
    Unproven { mv: String, explanation: String },
}

/// What the hint and reveal buttons asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Nothing,
    Hint,
    Reveal,
}

/// Who played a move on the puzzle's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    Reader,
    Ohm,
}

/// What happened, for callers that report it (the embed's DOM events).
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleEvent {
    Moved {
        mv: Move,
        color: Color,
        by: By,
    },
    /// A verdict on the reader's move; `finished` when it solved the puzzle.
    Judged {
        verdict: Verdict,
        finished: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// The reader plays this cell.
    Play(Point),
    Replied(Reply),
    Hint,
    Reveal,
    /// Back to where the reader stood before the move judged.
    TryAgain,
    /// Back to the puzzle's first position.
    Restart,
}

/// One correct move found, with the opponent's answer (none when it solved the puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub mv: String,
    pub answer: Option<String>,
}

/// See the module documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRun {
    /// The worker's `SetPosition` for the puzzle's first position.
    start_request: Request,
    start: Position,
    /// The correct moves and answers played since the start: where the reader now stands.
    stage_moves: Vec<Move>,
    stage: Position,
    /// On the board: the stage, or the stage and the move judged (and its refutation).
    position: Position,
    phase: Phase,
    asked: Asked,
    found: Vec<Found>,
    budget_ms: u32,
    first_id: u32,
    last_id: u32,
    pending: Option<RequestId>,
    jobs: Vec<Job>,
    /// Remembered for the session, by the stage's moves (and the move judged).
    solutions: HashMap<Vec<String>, Solutions>,
    verdicts: HashMap<(Vec<String>, String), Verdict>,
    error: Option<String>,
    events: Vec<PuzzleEvent>,
}

fn cells(names: &[String]) -> CellSet {
    names.iter().filter_map(|n| Point::parse(n).ok()).collect()
}

impl PuzzleRun {
    /// A puzzle of `start` (the side to move is the solver) whose position the worker gets by
    /// `start_request` (a [`Request::SetPosition`]); its job ids count from `first_id`. A
    /// puzzle is played without the swap rule (under it no first move can be proven: the
    /// opponent may take it over).
    ///
    /// # Errors
    /// A finished game, or a request that is not a position, is no puzzle: the error says why.
    pub fn new(
        start: Position,
        start_request: Request,
        budget_ms: u32,
        first_id: u32,
    ) -> Result<PuzzleRun, String> {
        if let Some(winner) = start.winner() {
            return Err(format!(
                "the game is over ({} has won): a puzzle needs a position still to play",
                winner.title()
            ));
        }
        if start.empty_cells().is_empty() {
            return Err("the board is full: a puzzle needs an empty cell".into());
        }
        let mut start_request = start_request;
        let Request::SetPosition { swap_rule, .. } = &mut start_request else {
            return Err("a puzzle starts from a position".into());
        };
        *swap_rule = false;
        let start = start.with_swap_rule(false);
        Ok(PuzzleRun {
            start_request,
            stage: start.clone(),
            position: start.clone(),
            start,
            stage_moves: Vec::new(),
            phase: Phase::Waiting,
            asked: Asked::Nothing,
            found: Vec::new(),
            budget_ms,
            first_id,
            last_id: first_id,
            pending: None,
            jobs: Vec::new(),
            solutions: HashMap::new(),
            verdicts: HashMap::new(),
            error: None,
            events: Vec::new(),
        })
    }

    /// The position on the board.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The puzzle's first position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The side the reader plays.
    #[must_use]
    pub fn solver(&self) -> Color {
        self.start.to_move()
    }

    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    #[must_use]
    pub fn asked(&self) -> Asked {
        self.asked
    }

    /// The correct moves found so far.
    #[must_use]
    pub fn found(&self) -> &[Found] {
        &self.found
    }

    /// The solutions of the position the reader stands in, once known.
    #[must_use]
    pub fn solutions(&self) -> Option<&Solutions> {
        self.solutions.get(&self.stage_key())
    }

    /// What the worker could not answer last.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The job waiting for its answer.
    #[must_use]
    pub fn pending(&self) -> Option<RequestId> {
        self.pending
    }

    /// The messages of the pending job (none when nothing is asked).
    #[must_use]
    pub fn jobs(&self) -> Vec<Job> {
        if self.pending.is_some() {
            self.jobs.clone()
        } else {
            Vec::new()
        }
    }

    /// Whether a click on an empty cell is a move now.
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        self.phase == Phase::Waiting && self.pending.is_none()
    }

    /// The events since the last call.
    pub fn take_events(&mut self) -> Vec<PuzzleEvent> {
        std::mem::take(&mut self.events)
    }

    fn stage_key(&self) -> Vec<String> {
        self.stage_moves.iter().map(ToString::to_string).collect()
    }

    /// The worker's `SetPosition` for the reader's current stage.
    fn stage_request(&self) -> Request {
        let mut request = self.start_request.clone();
        if let Request::SetPosition { moves, .. } = &mut request {
            moves.extend(self.stage_key());
        }
        request
    }

    fn ask(&mut self, request: Request) {
        // Ids stay in a range of their own above `first_id`.
        const SPAN: u32 = 0x3FFF_0000;
        self.last_id = self.first_id + 1 + (self.last_id - self.first_id) % SPAN;
        let id = RequestId(self.last_id);
        self.pending = Some(id);
        self.error = None;
        self.jobs = vec![
            Job {
                id,
                request: self.stage_request(),
            },
            Job { id, request },
        ];
    }

    /// Applies `action`; `false` when nothing changed.
    pub fn apply(&mut self, action: PuzzleAction) -> bool {
        match action {
            PuzzleAction::Play(cell) => self.play(cell),
            PuzzleAction::Replied(reply) => self.replied(reply),
            PuzzleAction::Hint => self.solve(Asked::Hint),
            PuzzleAction::Reveal => self.solve(Asked::Reveal),
            PuzzleAction::TryAgain => self.try_again(),
            PuzzleAction::Restart => {
                if matches!(self.phase, Phase::Judging(_)) {
                    self.pending = None;
                    self.phase = Phase::Waiting;
                }
                self.stage_moves.clear();
                self.stage = self.start.clone();
                self.found.clear();
                self.try_again();
                true
            }
        }
    }

    fn play(&mut self, cell: Point) -> bool {
        let mv = Move::Cell(cell);
        if !self.accepts_moves() || self.position.try_play(mv).is_err() {
            return false;
        }
        self.events.push(PuzzleEvent::Moved {
            mv,
            color: self.solver(),
            by: By::Reader,
        });
        self.asked = Asked::Nothing;
        let key = (self.stage_key(), mv.to_string());
        if let Some(verdict) = self.verdicts.get(&key).cloned() {
            self.judged(verdict);
        } else {
            self.phase = Phase::Judging(mv.to_string());
            self.ask(Request::JudgeMove {
                mv: mv.to_string(),
                budget_ms: self.budget_ms,
            });
        }
        true
    }

    fn solve(&mut self, asked: Asked) -> bool {
        if matches!(self.phase, Phase::Judging(_)) {
            return false;
        }
        if self.phase != Phase::Waiting {
            self.try_again();
        }
        self.asked = asked;
        if self.solutions().is_none() && self.pending.is_none() {
            self.ask(Request::SolvePuzzle {
                budget_ms: self.budget_ms.saturating_mul(2).min(60_000),
            });
        }
        true
    }

    fn try_again(&mut self) -> bool {
        if matches!(self.phase, Phase::Judging(_)) {
            return false;
        }
        self.phase = Phase::Waiting;
        self.asked = Asked::Nothing;
        self.position = self.stage.clone();
        true
    }

    fn replied(&mut self, reply: Reply) -> bool {
        if reply.id.is_none() || reply.id != self.pending {
            return false;
        }
        match reply.response {
            Response::Verdict(verdict) => {
                self.pending = None;
                let key = (self.stage_key(), verdict.mv.clone());
                self.verdicts.insert(key, (*verdict).clone());
                if matches!(&self.phase, Phase::Judging(mv) if *mv == verdict.mv) {
                    self.judged(*verdict);
                }
                true
            }
            Response::Solutions(solutions) => {
                self.pending = None;
                self.solutions.insert(self.stage_key(), *solutions);
                true
            }
            Response::Error { message, .. } => {
                self.pending = None;
                self.error = Some(message);
                if matches!(self.phase, Phase::Judging(_)) {
                    self.phase = Phase::Waiting;
                    self.position = self.stage.clone();
                }
                true
            }
            _ => false,
        }
    }

    /// The verdict on the move on the board (played by the reader at the stage).
    fn judged(&mut self, verdict: Verdict) {
        let mv = verdict.mv.clone();
        match verdict.outcome {
            Outcome::Wins => {
                let carrier = cells(&verdict.winning_carrier);
                // A win proven by search goes on: the opponent defends as the solver's line
                // says, and the reader must find the next winning move.
                let answer = if self.position.is_over() || !carrier.is_empty() {
                    None
                } else {
                    verdict
                        .line
                        .first()
                        .and_then(|a| Move::parse(a).ok())
                        .filter(|a| matches!(a, Move::Cell(_)))
                        .filter(|a| self.position.check_as(self.position.to_move(), *a).is_ok())
                };
                let finished = answer.is_none();
                self.events.push(PuzzleEvent::Judged {
                    verdict: verdict.clone(),
                    finished,
                });
                match answer {
                    Some(answer) => {
                        let color = self.position.to_move();
                        self.position.play_unchecked(color, answer);
                        self.events.push(PuzzleEvent::Moved {
                            mv: answer,
                            color,
                            by: By::Ohm,
                        });
                        self.found.push(Found {
                            mv: mv.clone(),
                            answer: Some(answer.to_string()),
                        });
                        self.stage_moves
                            .extend([Move::parse(&mv).ok(), Some(answer)].into_iter().flatten());
                        self.stage = self.position.clone();
                        self.phase = Phase::Waiting;
                    }
                    None => {
                        self.found.push(Found {
                            mv: mv.clone(),
                            answer: None,
                        });
                        self.phase = Phase::Solved {
                            mv,
                            carrier,
                            explanation: verdict.explanation,
                        };
                    }
                }
            }
            Outcome::Loses => {
                let refutation = verdict
                    .refutation
                    .as_deref()
                    .and_then(|r| Move::parse(r).ok())
                    .filter(|r| self.position.check_as(self.position.to_move(), *r).is_ok());
                self.events.push(PuzzleEvent::Judged {
                    verdict: verdict.clone(),
                    finished: false,
                });
                if let Some(reply) = refutation {
                    let color = self.position.to_move();
                    self.position.play_unchecked(color, reply);
                    self.events.push(PuzzleEvent::Moved {
                        mv: reply,
                        color,
                        by: By::Ohm,
                    });
                }
                self.phase = Phase::Failed {
                    mv,
                    carrier: cells(&verdict.opponent_carrier),
                    explanation: verdict.explanation,
                };
            }
            Outcome::Unproven => {
                self.events.push(PuzzleEvent::Judged {
                    verdict: verdict.clone(),
                    finished: false,
                });
                self.phase = Phase::Unproven {
                    mv,
                    explanation: verdict.explanation,
                };
            }
        }
    }

    /// The status line: a state name (`waiting`, `judging`, `solved`, `failed`, `unproven`)
    /// and the words, with players named by `name` and the engine's explanations passed through
    /// `say` (which may rename the colours).
    #[must_use]
    pub fn status(
        &self,
        name: &dyn Fn(Color) -> String,
        say: &dyn Fn(&str) -> String,
    ) -> (&'static str, String) {
        let solver = name(self.solver());
        match &self.phase {
            Phase::Waiting => {
                let text = match self.found.last() {
                    Some(Found {
                        mv,
                        answer: Some(answer),
                    }) => format!(
                        "✓ {mv} wins; {} answers {answer}. {solver} to play: find the next \
                         winning move.",
                        name(!self.solver())
                    ),
                    _ => format!("{solver} to play and win: find the winning move."),
                };
                ("waiting", text)
            }
            Phase::Judging(mv) => ("judging", format!("Ohm is checking {mv}…")),
            Phase::Solved {
                mv, explanation, ..
            } => ("solved", format!("✓ {mv} wins. {}", say(explanation))),
            Phase::Failed {
                mv, explanation, ..
            } => (
                "failed",
                format!("✗ {mv} does not win. {}", say(explanation)),
            ),
            // The engine's explanation says what was not proven and within what time.
            Phase::Unproven { explanation, .. } => (
                "unproven",
                format!(
                    "? {} Try another move, or ask for a hint.",
                    say(explanation)
                ),
            ),
        }
    }

    /// What the hint or the reveal found, once asked.
    #[must_use]
    pub fn findings(&self) -> Option<String> {
        if self.asked == Asked::Nothing || matches!(self.phase, Phase::Judging(_)) {
            return None;
        }
        let Some(s) = self.solutions() else {
            return Some(match &self.error {
                Some(error) => format!("Ohm could not solve the puzzle: {error}"),
                None => "Ohm is solving the puzzle…".to_string(),
            });
        };
        Some(match self.asked {
            Asked::Hint if s.hint.is_empty() => {
                "Ohm has no hint: it could not prove a winning move in time.".to_string()
            }
            Asked::Hint => "Hint: a winning move lies in the shaded region.".to_string(),
            _ if s.winning.is_empty() => format!(
                "Ohm proved no winning move{}.",
                if s.complete { "" } else { " in time" }
            ),
            _ => format!(
                "Winning move{}: {}{}",
                if s.winning.len() == 1 { "" } else { "s" },
                s.winning.join(", "),
                if s.complete {
                    "."
                } else {
                    " (and perhaps others Ohm had no time to prove)."
                }
            ),
        })
    }

    /// Draws the puzzle on `overlay`: the connection that won or refuted, the hint region or
    /// the revealed winning moves.
    pub fn shade(&self, overlay: &mut BoardOverlay) {
        let solver = self.solver();
        let carrier_class = |color: Color| match color {
            Color::Black => "carrier-black",
            Color::White => "carrier-white",
        };
        match &self.phase {
            Phase::Solved { carrier, .. } => {
                for cell in carrier.iter() {
                    overlay.at(cell).shades.push(carrier_class(solver));
                }
            }
            Phase::Failed { carrier, .. } => {
                for cell in carrier.iter() {
                    overlay.at(cell).shades.push(carrier_class(!solver));
                }
            }
            _ => {}
        }
        if let (Some(solutions), Phase::Waiting) = (self.solutions(), &self.phase) {
            match self.asked {
                Asked::Hint => {
                    for cell in cells(&solutions.hint).iter() {
                        overlay.at(cell).shades.push("must-play");
                    }
                }
                Asked::Reveal => {
                    for cell in cells(&solutions.winning).iter() {
                        overlay.at(cell).shades.push("key");
                        overlay.labels.push(OverlayLabel {
                            at: cell,
                            text: "wins".into(),
                            class: solver.name(),
                        });
                    }
                }
                Asked::Nothing => {}
            }
        }
    }
}

/// The app's puzzle, when one is open: a reducer for Yew.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpenPuzzle(pub Option<PuzzleRun>);

/// What the app does with its puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenPuzzleAction {
    Begin(Box<PuzzleRun>),
    Act(PuzzleAction),
    Leave,
}

impl yew::Reducible for OpenPuzzle {
    type Action = OpenPuzzleAction;

    fn reduce(self: std::rc::Rc<Self>, action: OpenPuzzleAction) -> std::rc::Rc<Self> {
        let next = match action {
            OpenPuzzleAction::Begin(run) => Some(*run),
            OpenPuzzleAction::Leave => None,
            OpenPuzzleAction::Act(action) => {
                let Some(mut run) = self.0.clone() else {
                    return self;
                };
                if !run.apply(action) {
                    return self;
                }
                run.take_events();
                Some(run)
            }
        };
        std::rc::Rc::new(OpenPuzzle(next))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;
    use ohm_engine::Board;

    /// The worker's position request for `moves` on an empty `size` board.
    fn request(size: u8, moves: &[&str]) -> Request {
        Request::SetPosition {
            width: size,
            height: size,
            moves: moves.iter().map(|m| (*m).to_string()).collect(),
            swap_rule: false,
            setup: None,
        }
    }

    fn puzzle(size: u8, moves: &[&str]) -> PuzzleRun {
        let mut start = Position::new(Board::square(size).unwrap());
        for mv in moves {
            start.try_play(Move::parse(mv).unwrap()).unwrap();
        }
        PuzzleRun::new(start, request(size, moves), 10_000, PUZZLE_IDS).unwrap()
    }

    /// Sends the puzzle's jobs to the real worker session until nothing is pending; returns how
    /// many jobs were sent.
    fn answer(session: &mut Session, run: &mut PuzzleRun) -> usize {
        let mut sent = 0;
        while run.pending().is_some() {
            let jobs = run.jobs();
            sent += 1;
            let mut replies = Vec::new();
            let tick = std::cell::Cell::new(0.0_f64);
            let now = || {
                tick.set(tick.get() + 0.01);
                tick.get()
            };
            for job in jobs {
                session.handle(job, &now, &mut |r| replies.push(r));
            }
            for reply in replies {
                run.apply(PuzzleAction::Replied(reply));
            }
        }
        sent
    }

    fn name(color: Color) -> String {
        color.title().to_string()
    }

    fn say(text: &str) -> String {
        text.to_string()
    }

    fn cell(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    /// The empty 5x5 board: 13 first moves win (the native `ohm solve --moves` agrees).
    const WINNING_5X5: [&str; 13] = [
        "e1", "b2", "c2", "d2", "e2", "b3", "c3", "d3", "a4", "b4", "c4", "d4", "a5",
    ];

    #[test]
    fn a_losing_move_is_refuted_and_a_winning_one_answered_until_the_puzzle_is_won() {
        let mut session = Session::new();
        let mut run = puzzle(5, &[]);
        assert_eq!(run.status(&name, &say).0, "waiting");
        // a1 loses: refused, the refutation played, the opponent's connection drawn.
        assert!(run.apply(PuzzleAction::Play(cell("a1"))));
        assert!(matches!(run.phase(), Phase::Judging(mv) if mv == "a1"));
        assert!(!run.accepts_moves() && !run.apply(PuzzleAction::Play(cell("b2"))));
        assert_eq!(answer(&mut session, &mut run), 1);
        let Phase::Failed {
            mv, explanation, ..
        } = run.phase().clone()
        else {
            panic!("a1 loses: {:?}", run.phase())
        };
        assert_eq!(mv, "a1");
        assert!(explanation.contains("a1"), "{explanation}");
        assert_eq!(
            run.position().move_count(),
            2,
            "the refutation is on the board"
        );
        let events = run.take_events();
        assert!(
            matches!(
                &events[..],
                [
                    PuzzleEvent::Moved { by: By::Reader, .. },
                    PuzzleEvent::Judged {
                        finished: false,
                        ..
                    },
                    PuzzleEvent::Moved {
                        by: By::Ohm,
                        color: Color::White,
                        ..
                    },
                ]
            ),
            "{events:?}"
        );
        assert!(run.status(&name, &say).1.starts_with("✗ a1 does not win."));
        // Trying again restores the puzzle; the same move is judged again at once.
        assert!(run.apply(PuzzleAction::TryAgain));
        assert_eq!(run.position().move_count(), 0);
        run.apply(PuzzleAction::Play(cell("a1")));
        assert!(run.pending().is_none(), "the verdict is remembered");
        assert!(matches!(run.phase(), Phase::Failed { .. }));
        run.apply(PuzzleAction::TryAgain);
        // Each correct move is answered by the solver's defence until a connection is won.
        let mut stages = 0;
        while !matches!(run.phase(), Phase::Solved { .. }) {
            stages += 1;
            assert!(stages <= 13, "the puzzle ends: {:?}", run.found());
            run.apply(PuzzleAction::Reveal);
            answer(&mut session, &mut run);
            let solutions = run.solutions().expect("solutions").clone();
            assert!(
                solutions.complete && !solutions.winning.is_empty(),
                "{solutions:?}"
            );
            if stages == 1 {
                assert_eq!(solutions.winning, WINNING_5X5);
            }
            let found = run.found().len();
            assert!(run.apply(PuzzleAction::Play(cell(&solutions.winning[0]))));
            answer(&mut session, &mut run);
            assert_eq!(run.found().len(), found + 1);
            if run.phase() == &Phase::Waiting {
                let last = run.found().last().unwrap();
                assert!(last.answer.is_some());
                assert_eq!(run.position().to_move(), Color::Black);
                assert!(run
                    .status(&name, &say)
                    .1
                    .contains("find the next winning move"));
            }
        }
        let (state, text) = run.status(&name, &say);
        assert_eq!(state, "solved", "{text}");
        assert!(run.position().move_count() >= 1);
        // Restart: back to the first position; its solutions are remembered.
        run.apply(PuzzleAction::Restart);
        assert_eq!(run.position().move_count(), 0);
        assert!(run.found().is_empty());
        run.apply(PuzzleAction::Reveal);
        assert!(run.pending().is_none());
        assert_eq!(run.solutions().unwrap().winning, WINNING_5X5);
        let findings = run.findings().unwrap();
        assert!(findings.starts_with("Winning moves: e1, b2"), "{findings}");
        let mut overlay = BoardOverlay::default();
        run.shade(&mut overlay);
        assert_eq!(overlay.labels.len(), 13);
    }

    #[test]
    fn the_hint_shades_a_region_holding_the_winning_moves() {
        let mut session = Session::new();
        let mut run = puzzle(5, &["c3", "b4"]);
        assert!(run.apply(PuzzleAction::Hint));
        assert_eq!(
            run.findings().as_deref(),
            Some("Ohm is solving the puzzle…")
        );
        answer(&mut session, &mut run);
        let solutions = run.solutions().unwrap().clone();
        let hint = cells(&solutions.hint);
        assert!(!hint.is_empty());
        assert!(cells(&solutions.winning).iter().all(|p| hint.contains(p)));
        let mut overlay = BoardOverlay::default();
        run.shade(&mut overlay);
        assert_eq!(overlay.cells.len(), hint.len() as usize);
        assert!(run.findings().unwrap().starts_with("Hint:"));
    }

    #[test]
    fn the_tutorial_puzzle_is_solved_by_its_first_move() {
        // web/examples/tutorial.html's first puzzle (the embed's end-to-end test): b4 leaves
        // Red a connection that holds, so the puzzle is solved at once, the connection drawn.
        let setup = crate::protocol::Setup {
            black: vec!["b3".into()],
            white: vec!["c3".into(), "d2".into()],
            to_move: crate::protocol::Side::Black,
        };
        let mut start = Position::new(Board::square(5).unwrap());
        let stones = ohm_engine::ByColor::new(cells(&setup.black), cells(&setup.white));
        start.reset_to(stones, Color::Black);
        let request = Request::SetPosition {
            width: 5,
            height: 5,
            moves: Vec::new(),
            swap_rule: false,
            setup: Some(setup),
        };
        let mut run = PuzzleRun::new(start, request, 10_000, PUZZLE_IDS).unwrap();
        run.apply(PuzzleAction::Play(cell("b4")));
        answer(&mut Session::new(), &mut run);
        let Phase::Solved { carrier, .. } = run.phase() else {
            panic!("b4 solves: {:?}", run.phase())
        };
        assert!(!carrier.is_empty());
        assert!(run
            .take_events()
            .iter()
            .any(|e| matches!(e, PuzzleEvent::Judged { finished: true, .. })));
    }

    #[test]
    fn a_puzzle_is_played_without_the_swap_rule() {
        // Under the swap rule no first move could be proven; the puzzle drops it.
        let start = Position::new(Board::square(4).unwrap()).with_swap_rule(true);
        let mut request = request(4, &[]);
        if let Request::SetPosition { swap_rule, .. } = &mut request {
            *swap_rule = true;
        }
        let mut run = PuzzleRun::new(start, request, 10_000, PUZZLE_IDS).unwrap();
        run.apply(PuzzleAction::Play(cell("a1")));
        answer(&mut Session::new(), &mut run);
        assert!(
            matches!(run.phase(), Phase::Failed { .. }),
            "{:?}",
            run.phase()
        );
    }

    #[test]
    fn bad_starts_and_stray_replies_are_refused() {
        let mut over = Position::new(Board::square(2).unwrap());
        for mv in ["a1", "b1", "a2"] {
            over.try_play(Move::parse(mv).unwrap()).unwrap();
        }
        let error = PuzzleRun::new(over, request(2, &["a1", "b1", "a2"]), 100, PUZZLE_IDS);
        assert!(error.unwrap_err().contains("the game is over"));
        let empty = Position::new(Board::square(3).unwrap());
        assert!(PuzzleRun::new(empty, Request::Stop, 100, PUZZLE_IDS).is_err());
        let mut run = puzzle(3, &[]);
        run.apply(PuzzleAction::Play(cell("a1")));
        let id = run.pending().unwrap();
        assert!(is_puzzle_reply(&Reply {
            id: Some(id),
            response: Response::Stopped {
                was_searching: false
            }
        }));
        assert!(!is_puzzle_reply(&Reply {
            id: Some(RequestId(3)),
            response: Response::Stopped {
                was_searching: false
            }
        }));
        // A reply to another job changes nothing; an error returns the reader to their turn.
        let error = |id| Reply {
            id: Some(id),
            response: Response::Error {
                kind: crate::protocol::ErrorKind::IllegalMove,
                message: "no".into(),
            },
        };
        assert!(!run.apply(PuzzleAction::Replied(error(RequestId(id.0 + 1)))));
        assert!(run.apply(PuzzleAction::Replied(error(id))));
        assert_eq!(run.phase(), &Phase::Waiting);
        assert_eq!(run.position().move_count(), 0);
        assert_eq!(run.error(), Some("no"));
        // Occupied cells are no moves.
        run.apply(PuzzleAction::Play(cell("b2")));
        answer(&mut Session::new(), &mut run);
        assert!(!run.apply(PuzzleAction::Play(cell("b2"))));
    }
}
