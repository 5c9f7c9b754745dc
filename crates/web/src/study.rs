//! Analysis mode's state: which overlays are shown, the two ends chosen for "connections
//! between", and the worker's last analysis of the position on the board.
//!
//! Like [`crate::state::Game`] this is a pure reducer. Whenever the position, the overlays or
//! the ends change it opens a job with a fresh id (in a range of its own, above
//! [`STUDY_IDS`], so that the game never mistakes an analysis reply for its own); the app
//! sends [`Study::jobs`] to the worker and dispatches the replies back. A reply whose id is
//! not the open job's is stale (the position changed meanwhile) and is dropped, so overlays
//! always describe the position on the board.
//!
//! Solve (the [`Toggle::Solver`] part) has a job of its own beside the analysis: the solver
//! judges every empty cell of the position it was started on, sends what it has proven so far,
//! and its result is kept with that position for the session ([`SOLVED_KEPT`] positions), so
//! that coming back to a solved position shows its verdicts at once. Stop ends the job; the app
//! replaces the worker (the solver reads no message while it runs) and what was proven so far
//! is kept as a partial result.

use std::rc::Rc;

use ohm_engine::{CellSet, Color, Edge, Point};
use yew::Reducible;

use crate::protocol::{
    Analysis, EndPair, Job, Overlays, Reply, Request, RequestId, Response, Side, SolveProgress,
    Solved,
};

/// Solved positions kept for the session.
pub const SOLVED_KEPT: usize = 64;

/// Analysis job ids start here; the game's ids count up from 1.
pub const STUDY_IDS: u32 = 0x8000_0000;

/// Whether a reply belongs to an analysis job.
#[must_use]
pub fn is_study_reply(reply: &Reply) -> bool {
    reply.id.is_some_and(|id| id.0 >= STUDY_IDS)
}

/// One overlay the person can switch on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Toggle {
    /// A proven edge-to-edge connection of either player, with its carrier.
    Winning,
    /// Where the side to move must play against the opponent's threats.
    MustPlay,
    /// Dead, captured, dominated, vulnerable and reversible cells.
    Inferior,
    /// Energy of the circuit around each cell.
    Heat,
    /// Black's chance from the circuit.
    EvalBar,
    /// Black's chance after every move of the game so far.
    EvalGraph,
    /// Connections between two chosen ends; board clicks pick ends while it is on.
    Between,
    /// The engine's best moves with their scores and the principal variation.
    BestMoves,
    /// The solver's verdict on every move (Solve): proven winning and losing cells.
    Solver,
}

impl Toggle {
    pub const ALL: [Toggle; 9] = [
        Toggle::Winning,
        Toggle::MustPlay,
        Toggle::Inferior,
        Toggle::Heat,
        Toggle::EvalBar,
        Toggle::EvalGraph,
        Toggle::Between,
        Toggle::BestMoves,
        Toggle::Solver,
    ];

    /// The id of its checkbox and the name used in styles.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Toggle::Winning => "winning",
            Toggle::MustPlay => "must-play",
            Toggle::Inferior => "inferior",
            Toggle::Heat => "heat",
            Toggle::EvalBar => "eval-bar",
            Toggle::EvalGraph => "eval-graph",
            Toggle::Between => "between",
            Toggle::BestMoves => "best-moves",
            Toggle::Solver => "solver",
        }
    }
}

/// Whose circuit the heat map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeatSide {
    Black,
    White,
    #[default]
    Both,
}

/// See the module documentation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Study {
    shown: Vec<Toggle>,
    heat_side: HeatSide,
    /// The chosen ends (at most two) with the colour each one belongs to, if any.
    ends: Vec<(Point, Option<Color>)>,
    /// Whose connections between the ends are asked for.
    end_color: Option<Color>,
    /// The `SetPosition` request of the position on the board.
    position: Option<Request>,
    pending: Option<RequestId>,
    last_id: u32,
    result: Option<Rc<Analysis>>,
    error: Option<String>,
    /// Which of the connections between the ends is shown (fulls first, then semis).
    selected: usize,
    /// A line of moves from the position on the board, previewed over it (hover, focus or
    /// tap on a best move or the principal variation).
    preview: Vec<Point>,
    /// The step of the shown connection's proof being looked at (its cells lit on the board).
    step: Option<usize>,
    /// Whether the proof is also shown in HexGui's notation.
    notation: bool,
    /// The solve running in the worker, if any.
    solving: Option<Solving>,
    /// Solved positions (their `SetPosition` requests) with the solver's verdicts, kept for the
    /// session, the most recent last.
    solved: Rc<Vec<(Request, Rc<Solved>)>>,
    solve_error: Option<String>,
    /// How many times a running solve was stopped (the app replaces the worker at each).
    solve_stops: u32,
    /// The worker's time for each solve (`None`: no limit).
    solve_budget_ms: Option<u32>,
}

/// A solve running in the worker.
#[derive(Clone, Debug, PartialEq)]
pub struct Solving {
    pub id: RequestId,
    /// The `SetPosition` request of the position being solved.
    pub position: Request,
    pub to_move: Color,
    /// Its empty cells: the moves being judged.
    pub empty: CellSet,
    /// What the solver has proven so far.
    pub progress: Option<SolveProgress>,
}

impl Solving {
    /// What is proven so far, as a result (the rest undecided).
    fn partial(&self) -> Solved {
        let progress = self.progress.clone().unwrap_or_default();
        let cells = |names: &[String]| -> CellSet {
            names.iter().filter_map(|c| Point::parse(c).ok()).collect()
        };
        let (winning, losing) = (cells(&progress.winning), cells(&progress.losing));
        let names = |set: CellSet| set.iter().map(|p| p.to_string()).collect::<Vec<_>>();
        // One proven winning move proves the position won; every move proven losing, lost.
        let winner = if !winning.is_empty() {
            Some(self.to_move)
        } else if !self.empty.is_empty() && losing == self.empty {
            Some(!self.to_move)
        } else {
            None
        };
        Solved {
            to_move: self.to_move.into(),
            winner: winner.map(Side::from),
            winning: names(winning),
            losing: names(losing),
            undecided: names(self.empty - winning - losing),
            lines: Vec::new(),
            nodes: progress.nodes,
            positions: progress.positions,
            elapsed_ms: progress.elapsed_ms,
        }
    }
}

/// Everything that changes a [`Study`].
#[derive(Clone, Debug, PartialEq)]
pub enum StudyAction {
    Show(Toggle, bool),
    SetHeatSide(HeatSide),
    /// The game moved to another position: its `SetPosition` request.
    PositionChanged(Request),
    /// A board click while picking ends: the cell and the colour of its stone, if any.
    PickCell(Point, Option<Color>),
    PickEdge(Edge),
    /// For two empty cells: whose connections to show.
    SetEndColor(Color),
    ClearEnds,
    /// Show the next (`1`) or previous (`-1`) connection between the ends.
    Cycle(i32),
    /// Preview a line of moves from the position on the board (empty: clear the preview).
    Preview(Vec<Point>),
    /// Look at a step of the shown connection's proof (`None`: none).
    Step(Option<usize>),
    /// Show the proof in HexGui's notation too.
    ShowNotation(bool),
    Replied(Reply),
    /// Solve the position on the board: its side to move and empty cells.
    Solve {
        to_move: Color,
        empty: CellSet,
    },
    /// Stop the running solve, keeping what it has proven.
    StopSolve,
}

impl Study {
    #[must_use]
    pub fn shows(&self, toggle: Toggle) -> bool {
        self.shown.contains(&toggle)
    }

    #[must_use]
    pub fn heat_side(&self) -> HeatSide {
        self.heat_side
    }

    /// The chosen ends' points, in the order they were picked.
    #[must_use]
    pub fn ends(&self) -> Vec<Point> {
        self.ends.iter().map(|&(p, _)| p).collect()
    }

    /// Whose connections the ends are for (the owner of a chosen stone or edge, else the
    /// colour chosen, else Black).
    #[must_use]
    pub fn end_color(&self) -> Color {
        self.end_color.unwrap_or(Color::Black)
    }

    /// Whether board clicks pick ends instead of playing.
    #[must_use]
    pub fn picking(&self) -> bool {
        self.shows(Toggle::Between)
    }

    #[must_use]
    pub fn pending(&self) -> Option<RequestId> {
        self.pending
    }

    /// The last analysis of the position on the board.
    #[must_use]
    pub fn result(&self) -> Option<&Analysis> {
        self.result.as_deref()
    }

    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    #[must_use]
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The proof step being looked at.
    #[must_use]
    pub fn step(&self) -> Option<usize> {
        self.step
    }

    /// Whether the proof is shown in HexGui's notation too.
    #[must_use]
    pub fn notation(&self) -> bool {
        self.notation
    }

    /// The line previewed over the board, first move first (empty: none).
    #[must_use]
    pub fn preview(&self) -> &[Point] {
        &self.preview
    }

    /// The running solve, whichever position it is for.
    #[must_use]
    pub fn solving(&self) -> Option<&Solving> {
        self.solving.as_ref()
    }

    /// The running solve when it is for the position on the board.
    #[must_use]
    pub fn solving_here(&self) -> Option<&Solving> {
        self.solving
            .as_ref()
            .filter(|s| self.position.as_ref() == Some(&s.position))
    }

    /// The solver's verdicts on the position on the board, if it was solved this session.
    #[must_use]
    pub fn solved_here(&self) -> Option<&Solved> {
        let position = self.position.as_ref()?;
        self.solved
            .iter()
            .rev()
            .find(|(p, _)| p == position)
            .map(|(_, s)| s.as_ref())
    }

    /// How many positions are remembered as solved.
    #[must_use]
    pub fn solved_count(&self) -> usize {
        self.solved.len()
    }

    #[must_use]
    pub fn solve_error(&self) -> Option<&str> {
        self.solve_error.as_deref()
    }

    /// The running solve's job id.
    #[must_use]
    pub fn solve_pending(&self) -> Option<RequestId> {
        self.solving.as_ref().map(|s| s.id)
    }

    /// Limits every solve to `budget_ms` of the worker's clock (`None`: until proven or
    /// stopped). The embed sets one: its worker is shared by the page's boards, so a solve
    /// must end on its own (Stop only stops listening).
    pub fn set_solve_budget(&mut self, budget_ms: Option<u32>) {
        self.solve_budget_ms = budget_ms;
    }

    /// How many solves were stopped: each time, the app replaces the worker.
    #[must_use]
    pub fn solve_stops(&self) -> u32 {
        self.solve_stops
    }

    /// The messages of the running solve: its position, then the solve.
    #[must_use]
    pub fn solve_jobs(&self) -> Vec<Job> {
        let Some(solving) = &self.solving else {
            return Vec::new();
        };
        vec![
            Job {
                id: solving.id,
                request: solving.position.clone(),
            },
            Job {
                id: solving.id,
                request: Request::Solve {
                    budget_ms: self.solve_budget_ms,
                },
            },
        ]
    }

    /// Keeps `solved` as the verdicts on `position` (replacing older ones).
    fn remember(&mut self, position: Request, solved: Solved) {
        let kept = Rc::make_mut(&mut self.solved);
        kept.retain(|(p, _)| *p != position);
        kept.push((position, Rc::new(solved)));
        if kept.len() > SOLVED_KEPT {
            kept.remove(0);
        }
    }

    /// Whether a line may be previewed over the board (best moves or the solver shown).
    fn previews(&self) -> bool {
        self.shows(Toggle::BestMoves) || self.shows(Toggle::Solver)
    }

    /// What the worker must compute for the overlays shown.
    #[must_use]
    pub fn overlays(&self) -> Overlays {
        Overlays {
            connections: self.shows(Toggle::Winning) || self.shows(Toggle::MustPlay),
            inferior: self.shows(Toggle::Inferior),
            circuit: self.shows(Toggle::Heat) || self.shows(Toggle::EvalBar),
            graph: self.shows(Toggle::EvalGraph),
            best_moves: self.shows(Toggle::BestMoves),
        }
    }

    /// The ends to send, once two are chosen.
    #[must_use]
    pub fn between(&self) -> Option<EndPair> {
        match (self.picking(), self.ends.as_slice()) {
            (true, [(a, _), (b, _)]) => Some(EndPair {
                color: self.end_color().into(),
                ends: [a.to_string(), b.to_string()],
            }),
            _ => None,
        }
    }

    /// The messages of the open job: the position, then the analysis.
    #[must_use]
    pub fn jobs(&self) -> Vec<Job> {
        let (Some(id), Some(position)) = (self.pending, &self.position) else {
            return Vec::new();
        };
        vec![
            Job {
                id,
                request: position.clone(),
            },
            Job {
                id,
                request: Request::Analyze {
                    overlays: self.overlays(),
                    between: self.between(),
                },
            },
        ]
    }

    /// Applies `action`; `false` if it changed nothing.
    pub fn apply(&mut self, action: StudyAction) -> bool {
        match action {
            StudyAction::Show(toggle, on) => {
                if self.shows(toggle) == on {
                    return false;
                }
                if on {
                    self.shown.push(toggle);
                } else {
                    self.shown.retain(|&t| t != toggle);
                }
                if !self.previews() {
                    self.preview.clear();
                }
                if toggle == Toggle::Solver {
                    // Solve has its own job: the analysis is unchanged.
                    return true;
                }
            }
            StudyAction::SetHeatSide(side) => {
                if side == self.heat_side {
                    return false;
                }
                // Both circuits come in every analysis: nothing to ask the worker.
                self.heat_side = side;
                return true;
            }
            StudyAction::PositionChanged(request) => {
                if self.position.as_ref() == Some(&request) {
                    return false;
                }
                self.position = Some(request);
                // The old overlays describe another position: never draw them on this one.
                self.result = None;
                self.preview.clear();
            }
            StudyAction::PickCell(point, owner) => {
                if !self.picking() || point.is_edge() {
                    return false;
                }
                self.pick(point, owner);
            }
            StudyAction::PickEdge(edge) => {
                if !self.picking() {
                    return false;
                }
                self.pick(edge.point(), Some(edge.owner()));
            }
            StudyAction::SetEndColor(color) => {
                if self.end_color == Some(color) {
                    return false;
                }
                self.end_color = Some(color);
                self.ends
                    .retain(|&(_, owner)| owner.is_none_or(|c| c == color));
                self.selected = 0;
            }
            StudyAction::ClearEnds => {
                if self.ends.is_empty() {
                    return false;
                }
                self.ends.clear();
                self.selected = 0;
            }
            StudyAction::Cycle(step) => {
                let Some(between) = self.result().and_then(|r| r.between.as_ref()) else {
                    return false;
                };
                let count = between.full.len() + between.semi.len();
                if count < 2 {
                    return false;
                }
                let count = i64::try_from(count).unwrap_or(i64::MAX);
                let at = i64::try_from(self.selected).unwrap_or(0);
                self.selected =
                    usize::try_from((at + i64::from(step)).rem_euclid(count)).unwrap_or_default();
                self.step = None;
                return true;
            }
            StudyAction::Preview(line) => {
                let line = if self.previews() { line } else { Vec::new() };
                if line == self.preview {
                    return false;
                }
                // Drawn from the analysis already here: nothing to ask the worker.
                self.preview = line;
                return true;
            }
            StudyAction::Step(step) => {
                if step == self.step {
                    return false;
                }
                self.step = step;
                return true;
            }
            StudyAction::ShowNotation(on) => {
                if on == self.notation {
                    return false;
                }
                self.notation = on;
                return true;
            }
            StudyAction::Solve { to_move, empty } => {
                let Some(position) = self.position.clone() else {
                    return false;
                };
                if self.solving.is_some() || empty.is_empty() {
                    return false;
                }
                self.last_id += 1;
                self.solving = Some(Solving {
                    id: RequestId(STUDY_IDS.saturating_add(self.last_id)),
                    position,
                    to_move,
                    empty,
                    progress: None,
                });
                self.solve_error = None;
                return true;
            }
            StudyAction::StopSolve => {
                let Some(solving) = self.solving.take() else {
                    return false;
                };
                let partial = solving.partial();
                // A result already kept for that position says at least as much.
                let known = self.solved.iter().any(|(p, s)| {
                    *p == solving.position && s.undecided.len() <= partial.undecided.len()
                });
                if !known {
                    self.remember(solving.position, partial);
                }
                self.solve_stops += 1;
                return true;
            }
            StudyAction::Replied(reply) => {
                if reply.id.is_some() && reply.id == self.solve_pending() {
                    return self.take_solve_reply(reply.response);
                }
                let changed = self.take_reply(reply);
                if changed {
                    self.step = None;
                }
                return changed;
            }
        }
        // Another connection or position: its proof starts unread.
        self.step = None;
        self.request();
        true
    }

    /// A picked point: a second click on an end removes it; a third end starts a new pair; an
    /// end of the other colour than the ends so far starts again with that colour.
    fn pick(&mut self, point: Point, owner: Option<Color>) {
        self.selected = 0;
        if let Some(at) = self.ends.iter().position(|&(p, _)| p == point) {
            self.ends.remove(at);
            return;
        }
        if let Some(color) = owner {
            if self.end_color != Some(color) {
                self.end_color = Some(color);
                self.ends.retain(|&(_, o)| o.is_none_or(|c| c == color));
            }
        }
        if self.ends.len() >= 2 {
            self.ends.clear();
        }
        self.ends.push((point, owner));
    }

    /// Opens a job for the current position if there is anything to compute.
    fn request(&mut self) {
        let overlays = self.overlays();
        let wanted = overlays.connections
            || overlays.inferior
            || overlays.circuit
            || overlays.graph
            || overlays.best_moves
            || self.between().is_some();
        if !wanted || self.position.is_none() {
            self.pending = None;
            return;
        }
        self.last_id += 1;
        self.pending = Some(RequestId(STUDY_IDS.saturating_add(self.last_id)));
        self.error = None;
    }

    fn take_solve_reply(&mut self, response: Response) -> bool {
        let Some(solving) = self.solving.as_mut() else {
            return false;
        };
        match response {
            Response::SolveProgress(progress) => {
                solving.progress = Some(progress);
                true
            }
            Response::Solved(solved) => {
                if let Some(solving) = self.solving.take() {
                    self.remember(solving.position, *solved);
                }
                true
            }
            Response::Error { message, .. } => {
                self.solving = None;
                self.solve_error = Some(message);
                true
            }
            // The acknowledgement of the position sent first.
            _ => false,
        }
    }

    fn take_reply(&mut self, reply: Reply) -> bool {
        if self.pending.is_none() || reply.id != self.pending {
            return false;
        }
        match reply.response {
            Response::Analysis(analysis) => {
                self.pending = None;
                let count = analysis
                    .between
                    .as_ref()
                    .map_or(0, |b| b.full.len() + b.semi.len());
                if self.selected >= count {
                    self.selected = 0;
                }
                self.result = Some(Rc::from(analysis));
                true
            }
            Response::Error { message, .. } => {
                self.pending = None;
                self.error = Some(message);
                true
            }
            // The acknowledgement of the position sent first.
            Response::Position(_)
            | Response::EngineMove { .. }
            | Response::Progress(_)
            | Response::Stopped { .. }
            | Response::Verdict(_)
            | Response::Solutions(_)
            | Response::SolveProgress(_)
            | Response::Solved(_) => false,
        }
    }
}

impl Reducible for Study {
    type Action = StudyAction;

    fn reduce(self: Rc<Self>, action: StudyAction) -> Rc<Self> {
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
    use crate::protocol::{Between, ErrorKind};

    fn set(moves: &[&str]) -> Request {
        Request::SetPosition {
            width: 5,
            height: 5,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            swap_rule: false,
            setup: None,
        }
    }

    fn cell(name: &str) -> Point {
        Point::parse(name).unwrap()
    }

    fn answer(study: &Study, analysis: Analysis) -> Reply {
        Reply {
            id: study.pending(),
            response: Response::Analysis(Box::new(analysis)),
        }
    }

    #[test]
    fn nothing_is_asked_until_an_overlay_is_on() {
        let mut study = Study::default();
        assert!(study.apply(StudyAction::PositionChanged(set(&["c3"]))));
        assert_eq!(study.pending(), None);
        assert!(study.jobs().is_empty());
        assert!(study.apply(StudyAction::Show(Toggle::Inferior, true)));
        let id = study.pending().expect("a job");
        assert!(id.0 > STUDY_IDS);
        let jobs = study.jobs();
        assert_eq!(jobs.len(), 2);
        assert_eq!(jobs[0].request, set(&["c3"]));
        assert_eq!(
            jobs[1].request,
            Request::Analyze {
                overlays: Overlays {
                    inferior: true,
                    ..Overlays::default()
                },
                between: None
            }
        );
        assert!(!study.apply(StudyAction::Show(Toggle::Inferior, true)));
        assert!(study.apply(StudyAction::Show(Toggle::Inferior, false)));
        assert_eq!(study.pending(), None);
    }

    #[test]
    fn replies_for_an_old_position_are_dropped() {
        let mut study = Study::default();
        study.apply(StudyAction::Show(Toggle::Winning, true));
        study.apply(StudyAction::PositionChanged(set(&["c3"])));
        let old = answer(&study, Analysis::default());
        study.apply(StudyAction::PositionChanged(set(&["c3", "b2"])));
        assert_ne!(study.pending(), old.id);
        assert!(!study.apply(StudyAction::Replied(old)));
        assert!(study.result().is_none());
        // The acknowledgement of the position changes nothing; the analysis lands.
        let ack = Reply {
            id: study.pending(),
            response: Response::Position(crate::protocol::PositionState {
                width: 5,
                height: 5,
                swap_rule: false,
                moves: vec!["c3".into(), "b2".into()],
                to_move: Side::Black,
                winner: None,
            }),
        };
        assert!(!study.apply(StudyAction::Replied(ack)));
        let fresh = answer(
            &study,
            Analysis {
                elapsed_ms: 2.0,
                ..Analysis::default()
            },
        );
        assert!(study.apply(StudyAction::Replied(fresh)));
        assert_eq!(study.pending(), None);
        assert_eq!(study.result().unwrap().elapsed_ms, 2.0);
        // A new position clears the overlays at once.
        study.apply(StudyAction::PositionChanged(set(&[])));
        assert!(study.result().is_none() && study.pending().is_some());
    }

    #[test]
    fn errors_are_kept_until_the_next_job() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&["c3"])));
        study.apply(StudyAction::Show(Toggle::Heat, true));
        let error = Reply {
            id: study.pending(),
            response: Response::Error {
                kind: ErrorKind::BadEnd,
                message: "no".into(),
            },
        };
        assert!(study.apply(StudyAction::Replied(error)));
        assert_eq!(study.error(), Some("no"));
        assert!(study.overlays().circuit);
        study.apply(StudyAction::Show(Toggle::EvalBar, true));
        assert_eq!(study.error(), None);
    }

    #[test]
    fn ends_are_picked_only_while_picking_and_follow_their_owner() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&["c3", "b2"])));
        assert!(!study.apply(StudyAction::PickCell(cell("c3"), Some(Color::Black))));
        study.apply(StudyAction::Show(Toggle::Between, true));
        assert_eq!(study.pending(), None, "one end is not enough");
        study.apply(StudyAction::PickCell(cell("c3"), Some(Color::Black)));
        study.apply(StudyAction::PickEdge(Edge::South));
        assert_eq!(study.ends(), [cell("c3"), Point::SOUTH]);
        let between = study.between().unwrap();
        assert_eq!(between.color, Side::Black);
        assert_eq!(between.ends, ["c3", "south"]);
        assert!(study.pending().is_some());
        // A White stone switches to White's connections and drops Black's ends.
        study.apply(StudyAction::PickCell(cell("b2"), Some(Color::White)));
        assert_eq!(study.end_color(), Color::White);
        assert_eq!(study.ends(), [cell("b2")]);
        // Empty cells fit either colour; a third end starts a new pair; a second click on
        // an end removes it.
        study.apply(StudyAction::PickCell(cell("a1"), None));
        study.apply(StudyAction::PickCell(cell("e5"), None));
        assert_eq!(study.ends(), [cell("e5")]);
        study.apply(StudyAction::PickCell(cell("e5"), None));
        assert!(study.ends().is_empty());
        study.apply(StudyAction::PickCell(cell("a1"), None));
        study.apply(StudyAction::PickCell(cell("a2"), None));
        assert!(study.apply(StudyAction::SetEndColor(Color::Black)));
        assert_eq!(study.between().unwrap().color, Side::Black);
        assert!(study.apply(StudyAction::ClearEnds));
        assert_eq!(study.between(), None);
    }

    #[test]
    fn cycling_wraps_around_the_connections() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&["c3", "a5", "d4"])));
        study.apply(StudyAction::Show(Toggle::Between, true));
        study.apply(StudyAction::PickCell(cell("c3"), Some(Color::Black)));
        study.apply(StudyAction::PickCell(cell("d4"), Some(Color::Black)));
        assert!(!study.apply(StudyAction::Cycle(1)), "nothing to cycle yet");
        let view = |full: bool| crate::protocol::ConnectionView {
            full,
            carrier: vec![],
            key: None,
            rule: String::new(),
            steps: vec![],
        };
        let reply = answer(
            &study,
            Analysis {
                between: Some(Between {
                    color: Side::Black,
                    ends: ["c3".into(), "d4".into()],
                    same_group: false,
                    full: vec![view(true)],
                    semi: vec![view(false), view(false)],
                }),
                ..Analysis::default()
            },
        );
        study.apply(StudyAction::Replied(reply));
        assert_eq!(study.selected(), 0);
        assert!(study.apply(StudyAction::Cycle(1)));
        assert!(study.apply(StudyAction::Cycle(1)));
        assert_eq!(study.selected(), 2);
        study.apply(StudyAction::Cycle(1));
        assert_eq!(study.selected(), 0);
        study.apply(StudyAction::Cycle(-1));
        assert_eq!(study.selected(), 2);
    }

    #[test]
    fn best_moves_are_asked_for_and_previews_last_until_the_position_changes() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&["c3"])));
        let line = vec![cell("b4"), cell("d2")];
        assert!(
            !study.apply(StudyAction::Preview(line.clone())),
            "no preview while best moves are off"
        );
        assert!(study.apply(StudyAction::Show(Toggle::BestMoves, true)));
        assert!(study.overlays().best_moves);
        assert!(study.pending().is_some());
        let analysis = Analysis {
            best_moves: Some(crate::protocol::BestMoves::default()),
            ..Analysis::default()
        };
        assert!(study.apply(StudyAction::Replied(answer(&study, analysis))));
        assert!(study.apply(StudyAction::Preview(line.clone())));
        assert_eq!(study.preview(), line.as_slice());
        assert_eq!(study.pending(), None, "a preview asks the worker nothing");
        assert!(!study.apply(StudyAction::Preview(line.clone())));
        assert!(study.apply(StudyAction::Preview(Vec::new())));
        assert!(study.preview().is_empty());
        study.apply(StudyAction::Preview(line.clone()));
        study.apply(StudyAction::PositionChanged(set(&["c3", "b4"])));
        assert!(
            study.preview().is_empty(),
            "a new position clears the preview"
        );
        study.apply(StudyAction::Preview(line));
        study.apply(StudyAction::Show(Toggle::BestMoves, false));
        assert!(
            study.preview().is_empty(),
            "switching the overlay off clears it"
        );
        assert!(!study.overlays().best_moves);
    }

    fn solve_reply(study: &Study, response: Response) -> Reply {
        Reply {
            id: study.solve_pending(),
            response,
        }
    }

    fn names(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    fn empty_cells(cells: &[&str]) -> CellSet {
        cells.iter().map(|c| cell(c)).collect()
    }

    #[test]
    fn a_solve_is_its_own_job_and_its_result_is_kept_with_its_position() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&["c3"])));
        assert!(study.apply(StudyAction::Show(Toggle::Solver, true)));
        assert_eq!(study.pending(), None, "the solver asks no analysis");
        let empty = empty_cells(&["a1", "b2", "e5"]);
        assert!(study.apply(StudyAction::Solve {
            to_move: Color::White,
            empty,
        }));
        let id = study.solve_pending().expect("a solve job");
        assert!(is_study_reply(&solve_reply(
            &study,
            Response::Stopped {
                was_searching: false
            }
        )));
        let jobs = study.solve_jobs();
        assert_eq!(jobs.len(), 2);
        assert!(jobs.iter().all(|j| j.id == id));
        assert_eq!(jobs[0].request, set(&["c3"]));
        assert_eq!(jobs[1].request, Request::Solve { budget_ms: None });
        // The embed's solves end on their own (its worker is the page's).
        let mut limited = study.clone();
        limited.set_solve_budget(Some(12_000));
        assert_eq!(
            limited.solve_jobs()[1].request,
            Request::Solve {
                budget_ms: Some(12_000)
            }
        );
        assert!(
            !study.apply(StudyAction::Solve {
                to_move: Color::White,
                empty
            }),
            "one solve at a time"
        );
        // Progress is shown while it runs; the result is kept with the position.
        let progress = SolveProgress {
            nodes: 10,
            winning: names(&["b2"]),
            ..SolveProgress::default()
        };
        assert!(study.apply(StudyAction::Replied(solve_reply(
            &study,
            Response::SolveProgress(progress.clone())
        ))));
        assert_eq!(study.solving_here().unwrap().progress, Some(progress));
        let solved = Solved {
            to_move: Side::White,
            winner: Some(Side::White),
            winning: names(&["b2"]),
            losing: names(&["a1", "e5"]),
            undecided: Vec::new(),
            lines: Vec::new(),
            nodes: 20,
            positions: 5,
            elapsed_ms: 3.0,
        };
        assert!(study.apply(StudyAction::Replied(solve_reply(
            &study,
            Response::Solved(Box::new(solved.clone()))
        ))));
        assert_eq!(study.solve_pending(), None);
        assert_eq!(study.solved_here(), Some(&solved));
        // Elsewhere nothing is known; coming back shows it at once.
        study.apply(StudyAction::PositionChanged(set(&["c3", "b2"])));
        assert_eq!(study.solved_here(), None);
        study.apply(StudyAction::PositionChanged(set(&["c3"])));
        assert_eq!(study.solved_here(), Some(&solved));
        assert_eq!(study.solve_pending(), None, "nothing is asked again");
    }

    #[test]
    fn a_stopped_solve_keeps_what_it_proved_and_errors_are_said() {
        let mut study = Study::default();
        study.apply(StudyAction::PositionChanged(set(&[])));
        study.apply(StudyAction::Show(Toggle::Solver, true));
        assert!(!study.apply(StudyAction::StopSolve), "nothing runs");
        let empty = empty_cells(&["a1", "b2", "c3"]);
        study.apply(StudyAction::Solve {
            to_move: Color::Black,
            empty,
        });
        let progress = SolveProgress {
            losing: names(&["a1"]),
            ..SolveProgress::default()
        };
        study.apply(StudyAction::Replied(solve_reply(
            &study,
            Response::SolveProgress(progress),
        )));
        // The position changes meanwhile: the solve goes on for its own position.
        study.apply(StudyAction::PositionChanged(set(&["a1"])));
        assert!(study.solving().is_some() && study.solving_here().is_none());
        assert!(study.apply(StudyAction::StopSolve));
        assert_eq!(study.solve_stops(), 1);
        assert_eq!(study.solve_pending(), None);
        study.apply(StudyAction::PositionChanged(set(&[])));
        let partial = study.solved_here().expect("the partial result");
        assert_eq!(partial.winner, None, "one losing move proves nothing");
        assert_eq!(partial.losing, names(&["a1"]));
        assert_eq!(partial.undecided, names(&["b2", "c3"]));
        assert!(!partial.complete());
        // A late reply of the stopped job changes nothing.
        let late = Reply {
            id: Some(RequestId(STUDY_IDS + study.last_id)),
            response: Response::Error {
                kind: ErrorKind::NoMoveAvailable,
                message: "late".into(),
            },
        };
        assert!(!study.apply(StudyAction::Replied(late)));
        // An error of a running solve is said.
        study.apply(StudyAction::Solve {
            to_move: Color::Black,
            empty,
        });
        study.apply(StudyAction::Replied(solve_reply(
            &study,
            Response::Error {
                kind: ErrorKind::NoMoveAvailable,
                message: "the game is over".into(),
            },
        )));
        assert_eq!(study.solve_error(), Some("the game is over"));
        assert_eq!(study.solve_pending(), None);
    }

    #[test]
    fn a_proven_winning_move_proves_a_stopped_solve_won() {
        let solving = Solving {
            id: RequestId(STUDY_IDS + 1),
            position: set(&[]),
            to_move: Color::White,
            empty: empty_cells(&["a1", "b2"]),
            progress: Some(SolveProgress {
                winning: names(&["b2"]),
                ..SolveProgress::default()
            }),
        };
        assert_eq!(solving.partial().winner, Some(Side::White));
        let all_lose = Solving {
            progress: Some(SolveProgress {
                losing: names(&["a1", "b2"]),
                ..SolveProgress::default()
            }),
            ..solving
        };
        assert_eq!(all_lose.partial().winner, Some(Side::Black));
    }

    #[test]
    fn only_study_ids_are_study_replies() {
        let reply = |id| Reply {
            id: Some(RequestId(id)),
            response: Response::Stopped {
                was_searching: false,
            },
        };
        assert!(is_study_reply(&reply(STUDY_IDS + 1)));
        assert!(!is_study_reply(&reply(3)));
    }
}
