//! The messages between the page and the engine worker.
//!
//! The page sends [`Job`]s (a [`Request`] with the id the page chose) and the worker answers
//! with [`Reply`]s carrying the same id. One request may be answered by several replies:
//! `Genmove` sends a [`Response::Progress`] after every finished search iteration, then its
//! final `EngineMove`, so the page matches replies by id and drops those of jobs it no longer
//! waits for (after an undo or a new game).
//!
//! The worker keeps a position between jobs: `SetPosition` replaces it, `Play` and `Undo`
//! change it, `Genmove` chooses a move for the side to move and plays it (as GTP's `genmove`
//! does), so both sides agree on the game without resending it.
//!
//! Moves and cells travel as text in the notation of records and GTP (`"f6"`,
//! `"swap-pieces"`, `"pass"`, `"resign"`): the worker parses and checks everything it receives,
//! so a message from a page of another build, or from a script, is answered with
//! [`Response::Error`] instead of breaking the worker.
//!
//! The wire form is plain JavaScript objects with a `type` tag and camelCase fields, e.g.
//! `{id: 3, request: {type: "play", mv: "f6"}}`, so embedding pages can speak it too.

use ohm_engine::{Color, Position};
use serde::{Deserialize, Serialize};

/// The number the page gives a job; replies carry it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RequestId(pub u32);

/// A request together with the id its replies will carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    pub id: RequestId,
    pub request: Request,
}

/// What the page asks of the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Request {
    /// Start from the empty `width` x `height` board and play `moves` in order (Black first).
    /// Answered by [`Response::Position`].
    SetPosition {
        width: u8,
        height: u8,
        moves: Vec<String>,
        #[serde(default)]
        swap_rule: bool,
        /// Stones set up before the first move, when the game did not start on an empty
        /// board.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        setup: Option<Setup>,
    },
    /// Play `mv` for the side to move. Answered by [`Response::Position`].
    Play { mv: String },
    /// Take back the last move. Answered by [`Response::Position`].
    Undo,
    /// Choose a move for the side to move at `level` (1..=6, see
    /// `ohm_engine::player::LEVELS`) and play it. `seed` varies the beginner levels' choice and
    /// the opening. Answered by [`Response::Progress`] after every finished search iteration,
    /// then [`Response::EngineMove`].
    Genmove {
        #[serde(default = "default_level")]
        level: u8,
        #[serde(default)]
        seed: u32,
    },
    /// Finish the running search now with the best move found so far. Answered by
    /// [`Response::Stopped`]; the stopped search still sends its own reply.
    Stop,
    /// Analyse the worker's position: what `overlays` asks for, and the connections between
    /// two ends when `between` names them. Answered by [`Response::Analysis`].
    Analyze {
        overlays: Overlays,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        between: Option<EndPair>,
    },
    /// Puzzle mode: does playing `mv` win for the side to move in the worker's position?
    /// Decided within `budget_ms` of the worker's clock, and only proofs count: a move is
    /// judged to win or lose when the engine proved it, and is otherwise unproven. The
    /// worker's position does not change. Answered by [`Response::Verdict`].
    JudgeMove { mv: String, budget_ms: u32 },
    /// Puzzle mode: every legal move of the side to move judged as by `JudgeMove`, within
    /// `budget_ms` in all (for the hint and the reveal). Answered by [`Response::Solutions`].
    SolvePuzzle { budget_ms: u32 },
    /// Analysis mode's Solve: the solver judges every empty cell of the worker's position for
    /// the side to move (proven winning, proven losing, or undecided when `budget_ms` runs
    /// out), with the worker's solver table, kept for the session. Answered by
    /// [`Response::SolveProgress`] about four times a second, then [`Response::Solved`]. The
    /// worker's position does not change. Without a budget it runs until it is done (the page
    /// stops it by replacing the worker, as for a search).
    Solve {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        budget_ms: Option<u32>,
    },
}

/// The level of a `Genmove` that names none.
#[must_use]
pub fn default_level() -> u8 {
    ohm_engine::player::DEFAULT_LEVEL
}

impl Request {
    /// `Genmove` at the default level with seed 0.
    #[must_use]
    pub fn genmove() -> Request {
        Request::Genmove {
            level: default_level(),
            seed: 0,
        }
    }
}

/// Which analyses [`Request::Analyze`] computes (each costs time, so the page asks only for
/// the overlays it shows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Overlays {
    /// H-search for both players: winning connections (proven) and must-play regions.
    pub connections: bool,
    /// Dead, captured, dominated, vulnerable and reversible cells for the side to move.
    pub inferior: bool,
    /// The circuit evaluation and the energy of every cell (heat map, evaluation bar).
    pub circuit: bool,
    /// Black's chance by the circuit after every move of the game so far (the graph).
    pub graph: bool,
    /// A search of the position at the default level with exact scores for every root move
    /// (the slowest overlay: it runs for about [`BEST_MOVES_TIME_MS`]).
    pub best_moves: bool,
}

/// The time limit of the best-moves search, by the worker's clock.
pub const BEST_MOVES_TIME_MS: f64 = 1500.0;

/// Root moves listed by the best-moves analysis.
pub const BEST_MOVES_SHOWN: usize = 5;

/// Two ends of `color`'s graph: cells (empty or `color`'s stones, standing for their group)
/// or `color`'s edges (`"north"`, `"south"` for Black, `"west"`, `"east"` for White).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndPair {
    pub color: Side,
    pub ends: [String; 2],
}

/// A set-up start position: stones by cell name and the side to move first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Setup {
    pub black: Vec<String>,
    pub white: Vec<String>,
    pub to_move: Side,
}

/// What the engine answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Response {
    /// The worker's position after `SetPosition`, `Play` or `Undo`.
    Position(PositionState),
    /// The move the engine chose, already played in the worker's position.
    EngineMove {
        color: Side,
        mv: String,
        /// Time spent choosing, as measured by the worker's clock.
        elapsed_ms: f64,
        position: PositionState,
        /// Why this move (`None` from workers that do not say).
        #[serde(default)]
        reason: Option<MoveReason>,
        /// The last finished iteration of the search behind the move, when one ran.
        #[serde(default)]
        search: Option<SearchReport>,
    },
    /// A finished iteration of the search for the running `Genmove`: sent while it thinks.
    Progress(SearchReport),
    /// Reply to `Stop`: whether a search was running.
    Stopped { was_searching: bool },
    /// The answer to [`Request::Analyze`].
    Analysis(Box<Analysis>),
    /// The answer to [`Request::JudgeMove`].
    Verdict(Box<Verdict>),
    /// The answer to [`Request::SolvePuzzle`].
    Solutions(Box<Solutions>),
    /// What the running `Solve` has proven so far.
    SolveProgress(SolveProgress),
    /// The answer to [`Request::Solve`].
    Solved(Box<Solved>),
    /// The request was not carried out; the worker's position is unchanged.
    Error { kind: ErrorKind, message: String },
}

/// Why Ohm chose its move (the engine's `player::Reason`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MoveReason {
    /// The swap rule: the first stone is taken over.
    Swap,
    /// A balanced first move under the swap rule.
    Opening,
    /// Keeping a proven winning connection.
    Converting,
    /// A winning move the solver proved.
    Solved,
    /// The opponent holds a winning connection: the most resistant intrusion.
    Resisting,
    /// The level's search.
    Search,
    /// The opening book's reply to a lone first stone.
    Book,
}

impl From<ohm_engine::player::Reason> for MoveReason {
    fn from(reason: ohm_engine::player::Reason) -> MoveReason {
        use ohm_engine::player::Reason;
        match reason {
            Reason::Swap => MoveReason::Swap,
            Reason::Opening => MoveReason::Opening,
            Reason::Converting => MoveReason::Converting,
            Reason::Solved => MoveReason::Solved,
            Reason::Resisting => MoveReason::Resisting,
            Reason::Search => MoveReason::Search,
            Reason::Book => MoveReason::Book,
        }
    }
}

/// One finished iteration of a search, from the side to move at its root.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchReport {
    pub depth: u32,
    /// The evaluation `E` from the mover's side (positive: the mover is ahead); with
    /// [`SearchReport::monte_carlo`] `2p - 1` for the mover's win rate `p` over the playouts
    /// instead; proven results are ±[`PROVEN_SCORE`].
    pub score: f64,
    /// The best move so far (the first of `pv`).
    pub best: Option<String>,
    /// The principal variation, best move first.
    pub pv: Vec<String>,
    pub nodes: u64,
    /// The winner, when the search proved one.
    pub proven: Option<Side>,
    /// Time since the search began, by the worker's clock.
    pub elapsed_ms: f64,
    /// From the Monte Carlo search (levels 5 and 6 on boards larger than 9x9): `score` is a
    /// win rate, `nodes` counts playouts and `depth` is the length of the line of most
    /// visited moves. Absent (false) in the alpha-beta search's reports.
    #[serde(default)]
    pub monte_carlo: bool,
}

/// The score of a proven win in [`SearchReport::score`] (beyond any evaluation, which the
/// engine clamps to ±100).
pub const PROVEN_SCORE: f64 = 1000.0;

impl SearchReport {
    /// The report of one iteration (`score` in the search's units: 1000 per unit of `E`).
    #[must_use]
    pub fn new(
        depth: u32,
        score: i32,
        pv: &[ohm_engine::Point],
        nodes: u64,
        proven: Option<Color>,
        elapsed_ms: f64,
    ) -> SearchReport {
        let score = score_from_search(score);
        SearchReport {
            depth,
            score,
            best: pv.first().map(ToString::to_string),
            pv: pv.iter().map(ToString::to_string).collect(),
            nodes,
            proven: proven.map(Side::from),
            elapsed_ms,
            monte_carlo: false,
        }
    }

    /// The report marked as the Monte Carlo search's ([`SearchReport::monte_carlo`]).
    #[must_use]
    pub fn with_monte_carlo(self, monte_carlo: bool) -> SearchReport {
        SearchReport {
            monte_carlo,
            ..self
        }
    }

    /// The mover's win rate by the playouts (0 to 1), for a Monte Carlo search's heuristic
    /// score; `None` for an alpha-beta search's or a proven result.
    #[must_use]
    pub fn win_rate(&self) -> Option<f64> {
        (self.monte_carlo && self.proven.is_none())
            .then(|| ((self.score + 1.0) / 2.0).clamp(0.0, 1.0))
    }
}

/// A search score (1000 per unit of `E`, proven results beyond
/// `ohm_engine::search::PROVEN`) as the protocol gives it: `E`, or ±[`PROVEN_SCORE`].
#[must_use]
pub fn score_from_search(score: i32) -> f64 {
    if ohm_engine::search::is_proven(score) {
        PROVEN_SCORE.copysign(f64::from(score))
    } else {
        f64::from(score) / 1000.0
    }
}

/// Why a request failed, for the page to decide what to do; the message is for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// The message was not a request of this protocol (e.g. a page of another version).
    Undecodable,
    /// The request needs a position and none was set.
    NoPosition,
    /// A board size outside 1..=19.
    BadBoardSize,
    /// A move that is not a move name.
    BadMove,
    /// A well-formed move the rules do not allow here.
    IllegalMove,
    /// `Undo` with no move to take back.
    NothingToUndo,
    /// `Genmove` in a finished game or on a full board.
    NoMoveAvailable,
    /// A `Genmove` level outside 1..=6.
    BadLevel,
    /// An end of `Analyze`'s `between` that is not a cell or an edge of the board, or that
    /// belongs to the other player.
    BadEnd,
}

/// A player, as the protocol names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    Black,
    White,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

/// A summary of a position: enough for the page to check that it agrees with the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionState {
    pub width: u8,
    pub height: u8,
    pub swap_rule: bool,
    pub moves: Vec<String>,
    pub to_move: Side,
    pub winner: Option<Side>,
}

impl From<&Position> for PositionState {
    fn from(position: &Position) -> PositionState {
        let board = position.board();
        PositionState {
            width: board.width(),
            height: board.height(),
            swap_rule: position.swap_rule(),
            moves: position.history().map(|m| m.mv.to_string()).collect(),
            to_move: position.to_move().into(),
            winner: position.winner().map(Side::from),
        }
    }
}

/// What the worker found in a position; every part is `None` when not asked for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Analysis {
    /// Time the analysis took, by the worker's clock.
    pub elapsed_ms: f64,
    pub to_move: Option<Side>,
    /// H-search of each player (`Overlays::connections`).
    pub black: Option<SideConnections>,
    pub white: Option<SideConnections>,
    /// Inferior cells for the side to move (`Overlays::inferior`).
    pub inferior: Option<Vec<InferiorCell>>,
    /// The circuit evaluation (`Overlays::circuit`).
    pub circuit: Option<CircuitView>,
    /// The connections between the two requested ends.
    pub between: Option<Between>,
    /// Black's chance by the circuit (without virtual connections, so that a long game stays
    /// quick) in the start position and after each move (`Overlays::graph`).
    pub graph: Option<Vec<f64>>,
    /// The engine's best moves and principal variation (`Overlays::best_moves`).
    #[serde(default)]
    pub best_moves: Option<BestMoves>,
}

/// The best moves of the side to move by a search with exact root scores.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BestMoves {
    /// At most [`BEST_MOVES_SHOWN`] moves, best first.
    pub moves: Vec<ScoredMove>,
    /// The principal variation, the best move first.
    pub pv: Vec<String>,
    /// Depth of the last finished iteration, in plies.
    pub depth: u32,
    pub nodes: u64,
    /// The winner, when the search proved one.
    pub proven: Option<Side>,
}

/// One root move with its score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoredMove {
    pub cell: String,
    /// `E` from the mover's side (positive: good for the mover); ±[`PROVEN_SCORE`] when proven.
    pub score: f64,
    /// The score is a proof: a win (positive) or a loss (negative) for the mover.
    pub proven: bool,
}

impl ScoredMove {
    /// A root move with its score in the search's units.
    #[must_use]
    pub fn new(cell: ohm_engine::Point, score: i32) -> ScoredMove {
        ScoredMove {
            cell: cell.to_string(),
            score: score_from_search(score),
            proven: ohm_engine::search::is_proven(score),
        }
    }
}

impl Analysis {
    /// One player's H-search result.
    #[must_use]
    pub fn side(&self, side: Side) -> Option<&SideConnections> {
        match side {
            Side::Black => self.black.as_ref(),
            Side::White => self.white.as_ref(),
        }
    }
}

/// One player's connections as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SideConnections {
    /// The carrier of a proven edge-to-edge connection (empty when the stones already join
    /// the edges); `None` when H-search found none.
    pub winning: Option<Vec<String>>,
    /// Where the opponent must play to stop this player's edge-to-edge threats; `None` when
    /// there is no threat, empty when nothing stops them.
    pub must_play: Option<Vec<String>>,
    /// Sizes of the store, for the curious.
    pub full_count: u32,
    pub semi_count: u32,
}

/// What an inferior cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum InferiorKind {
    /// Its colour can never matter.
    Dead,
    /// One player owns it whoever moves first.
    Captured,
    /// Some other move is at least as good for the side to move.
    Dominated,
    /// The opponent can kill a stone played there with one answer.
    Vulnerable,
    /// The opponent can answer a stone played there so that it is worth no more than the
    /// opponent's own.
    Reversible,
}

/// One inferior cell with the reason it was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InferiorCell {
    pub cell: String,
    pub kind: InferiorKind,
    /// The colour that fills the cell in (dead and captured cells).
    pub fill: Option<Side>,
    /// The dominating moves, or the killing answers.
    pub by: Vec<String>,
    /// Why, in words.
    pub reason: String,
}

/// The circuit evaluation: resistances become a score and a win probability, and the energy
/// dissipated around each cell a heat map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CircuitView {
    /// Black's displayed chance of winning, in `[0, 1]` (not calibrated).
    pub black_win: f64,
    /// `E = ln(R_B / R_W)` (positive: White ahead); `None` when infinite (one side is
    /// connected or cut off).
    pub e: Option<f64>,
    /// The empty cells with their energy share in Black's and White's circuits.
    pub heat: Vec<CellHeat>,
}

/// One cell of the heat map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CellHeat {
    pub cell: String,
    pub black: f64,
    pub white: f64,
}

/// The connections between two ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Between {
    pub color: Side,
    /// The naming points of the two ends (a group is named by its smallest point).
    pub ends: [String; 2],
    /// The two ends are one group already: nothing to connect.
    pub same_group: bool,
    /// Full connections, smallest carrier first, then semi-connections.
    pub full: Vec<ConnectionView>,
    pub semi: Vec<ConnectionView>,
}

/// One connection with its proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionView {
    pub full: bool,
    pub carrier: Vec<String>,
    /// The move that completes a semi-connection.
    pub key: Option<String>,
    /// The last rule applied, in words ("AND over c3", "OR of 2 semi-connections").
    pub rule: String,
    /// The deductions of the proof, one a step, in order.
    pub steps: Vec<String>,
}

/// What a puzzle move does for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    /// Proven to win against every defence.
    Wins,
    /// Proven to lose: the opponent has a winning answer.
    Loses,
    /// Neither proven within the budget (the engine never guesses).
    Unproven,
}

/// The judgement of one puzzle move ([`Request::JudgeMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Verdict {
    /// The judged move, in record notation.
    pub mv: String,
    pub outcome: Outcome,
    /// Wins: the mover's winning connection after the move (cell names, e.g. `"c3"`), when
    /// H-search has one; may be empty when the proof was by search rather than one
    /// connection.
    pub winning_carrier: Vec<String>,
    /// Loses: the opponent's refuting reply (a cell name), when known.
    pub refutation: Option<String>,
    /// Loses: after the refutation, the opponent's winning connection carrier (cell names),
    /// when H-search has one, so the page can draw the connection that now wins.
    pub opponent_carrier: Vec<String>,
    /// One or two sentences for a learner, naming the cells and the connection.
    pub explanation: String,
    /// Solver proofs: the principal variation after the move (the opponent's move first), as
    /// far as the solver's table knows it; puzzles answer a correct move with its first move.
    #[serde(default)]
    pub line: Vec<String>,
    /// Time the judgement took, by the worker's clock.
    pub elapsed_ms: u32,
}

/// Every legal move of a puzzle judged ([`Request::SolvePuzzle`]); moves by cell name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Solutions {
    /// The proven winning moves.
    pub winning: Vec<String>,
    /// The proven losing moves.
    pub losing: Vec<String>,
    /// The rest: the budget ran out first, or no proof was found.
    pub unproven: Vec<String>,
    /// Where a winning move lies, for a hint: the must-play region or the cells around the
    /// winning moves (cell names).
    pub hint: Vec<String>,
    /// False when the budget ran out before every move was judged.
    pub complete: bool,
    /// Time the judging took, by the worker's clock.
    pub elapsed_ms: u32,
}

/// What a running [`Request::Solve`] has proven so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SolveProgress {
    /// The solver's work so far (positions created and searched below), over every move.
    pub nodes: u64,
    /// Positions analysed so far.
    pub positions: u64,
    /// Time since the solve began, by the worker's clock.
    pub elapsed_ms: f64,
    /// The moves to judge: the empty cells.
    pub moves: u32,
    /// The moves proven winning so far, for the side to move (cell names).
    pub winning: Vec<String>,
    /// The moves proven losing so far.
    pub losing: Vec<String>,
}

/// Every empty cell judged by the solver ([`Request::Solve`]); moves by cell name, in cell
/// order. Only proofs are here: a move in neither list is undecided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Solved {
    pub to_move: Side,
    /// The winner with perfect play, when proven (the side to move has a winning move, or
    /// every move loses).
    pub winner: Option<Side>,
    pub winning: Vec<String>,
    pub losing: Vec<String>,
    /// Left undecided: the budget ran out, or the page stopped the solve.
    pub undecided: Vec<String>,
    /// For each decided move, the line from it the solver's table holds (the move first): a
    /// winning move's winning line, a losing move's refutation.
    pub lines: Vec<SolvedLine>,
    pub nodes: u64,
    pub positions: u64,
    pub elapsed_ms: f64,
}

/// A decided move and its line ([`Solved::lines`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SolvedLine {
    pub cell: String,
    pub line: Vec<String>,
}

impl Solved {
    /// The line from `cell`, when it is decided.
    #[must_use]
    pub fn line(&self, cell: &str) -> Option<&[String]> {
        self.lines
            .iter()
            .find(|l| l.cell == cell)
            .map(|l| l.line.as_slice())
    }

    /// Whether every empty cell is decided.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.undecided.is_empty()
    }
}

/// A reply and the id of the job it answers; `None` when the job could not even be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: Option<RequestId>,
    pub response: Response,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn requests_have_a_type_tag_and_camel_case_fields() {
        let job = Job {
            id: RequestId(7),
            request: Request::SetPosition {
                width: 11,
                height: 9,
                moves: vec!["f6".into(), "swap-pieces".into()],
                swap_rule: true,
                setup: None,
            },
        };
        let wire = serde_json::to_value(&job).unwrap();
        assert_eq!(
            wire,
            json!({"id": 7, "request": {"type": "setPosition", "width": 11, "height": 9,
                   "moves": ["f6", "swap-pieces"], "swapRule": true}})
        );
        assert_eq!(serde_json::from_value::<Job>(wire).unwrap(), job);
    }

    #[test]
    fn unit_requests_are_just_a_tag() {
        for (request, tag) in [(Request::Undo, "undo"), (Request::Stop, "stop")] {
            let wire = serde_json::to_value(&request).unwrap();
            assert_eq!(wire, json!({ "type": tag }));
            assert_eq!(serde_json::from_value::<Request>(wire).unwrap(), request);
        }
    }

    #[test]
    fn genmove_carries_a_level_and_a_seed_which_default() {
        let request = Request::Genmove { level: 2, seed: 9 };
        let wire = serde_json::to_value(&request).unwrap();
        assert_eq!(wire, json!({"type": "genmove", "level": 2, "seed": 9}));
        assert_eq!(serde_json::from_value::<Request>(wire).unwrap(), request);
        let bare: Request = serde_json::from_value(json!({"type": "genmove"})).unwrap();
        assert_eq!(bare, Request::Genmove { level: 4, seed: 0 });
        assert_eq!(bare, Request::genmove());
        assert!(
            serde_json::from_value::<Request>(json!({"type": "genmove", "level": -1})).is_err()
        );
    }

    #[test]
    fn search_reports_give_e_from_the_mover_and_mark_proofs() {
        let pv = [
            ohm_engine::Point::parse("f6").unwrap(),
            ohm_engine::Point::parse("e7").unwrap(),
        ];
        let report = SearchReport::new(3, -420, &pv, 1234, None, 8.5);
        assert_eq!(report.score, -0.42);
        assert_eq!(report.best.as_deref(), Some("f6"));
        assert_eq!(report.pv, ["f6", "e7"]);
        let won = SearchReport::new(
            2,
            ohm_engine::search::WIN - 3,
            &pv,
            5,
            Some(Color::White),
            1.0,
        );
        assert_eq!(won.score, PROVEN_SCORE);
        assert_eq!(won.proven, Some(Side::White));
        let lost = SearchReport::new(
            2,
            -ohm_engine::search::PROVEN,
            &[],
            5,
            Some(Color::Black),
            1.0,
        );
        assert_eq!(lost.score, -PROVEN_SCORE);
        assert_eq!(lost.best, None);
        let wire = serde_json::to_value(Reply {
            id: Some(RequestId(4)),
            response: Response::Progress(report.clone()),
        })
        .unwrap();
        assert_eq!(
            wire["response"],
            json!({"type": "progress", "depth": 3, "score": -0.42, "best": "f6",
                   "pv": ["f6", "e7"], "nodes": 1234, "proven": null, "elapsedMs": 8.5,
                   "monteCarlo": false})
        );
        assert_eq!(
            serde_json::from_value::<Reply>(wire).unwrap().response,
            Response::Progress(report.clone())
        );
        // A report without the mark is the alpha-beta search's; the Monte Carlo search's
        // score reads as a win rate.
        let unmarked: SearchReport = serde_json::from_value(json!({"depth": 3, "score": -0.42,
            "best": "f6", "pv": ["f6", "e7"], "nodes": 1234, "proven": null, "elapsedMs": 8.5}))
        .unwrap();
        assert_eq!(unmarked, report);
        assert_eq!(report.win_rate(), None);
        let playouts = SearchReport::new(4, 500, &pv, 20_000, None, 9.0).with_monte_carlo(true);
        assert_eq!(playouts.win_rate(), Some(0.75));
        assert_eq!(won.clone().with_monte_carlo(true).win_rate(), None);
    }

    #[test]
    fn swap_rule_defaults_to_off() {
        let request: Request = serde_json::from_value(
            json!({"type": "setPosition", "width": 3, "height": 3, "moves": []}),
        )
        .unwrap();
        assert!(matches!(
            request,
            Request::SetPosition {
                swap_rule: false,
                setup: None,
                ..
            }
        ));
    }

    #[test]
    fn unknown_request_types_do_not_decode() {
        assert!(serde_json::from_value::<Request>(json!({"type": "analyse"})).is_err());
        assert!(serde_json::from_value::<Request>(json!({"type": "play"})).is_err());
    }

    #[test]
    fn analyze_requests_name_their_overlays_and_ends() {
        let request = Request::Analyze {
            overlays: Overlays {
                connections: true,
                inferior: false,
                circuit: true,
                graph: false,
                best_moves: true,
            },
            between: Some(EndPair {
                color: Side::Black,
                ends: ["c3".into(), "north".into()],
            }),
        };
        let wire = serde_json::to_value(&request).unwrap();
        assert_eq!(
            wire,
            json!({"type": "analyze",
                   "overlays": {"connections": true, "inferior": false, "circuit": true,
                                "graph": false, "bestMoves": true},
                   "between": {"color": "black", "ends": ["c3", "north"]}})
        );
        assert_eq!(serde_json::from_value::<Request>(wire).unwrap(), request);
        // Missing overlay flags are off; `between` is optional; ends come in pairs.
        let bare: Request =
            serde_json::from_value(json!({"type": "analyze", "overlays": {"inferior": true}}))
                .unwrap();
        assert_eq!(
            bare,
            Request::Analyze {
                overlays: Overlays {
                    inferior: true,
                    ..Overlays::default()
                },
                between: None
            }
        );
        for bad in [
            json!({"type": "analyze"}),
            json!({"type": "analyze", "overlays": {}, "between": {"color": "black", "ends": ["a1"]}}),
            json!({"type": "analyze", "overlays": {}, "between": {"color": "red", "ends": ["a1", "b2"]}}),
        ] {
            assert!(
                serde_json::from_value::<Request>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn analyses_round_trip_with_camel_case_fields() {
        let analysis = Analysis {
            elapsed_ms: 3.5,
            to_move: Some(Side::White),
            black: Some(SideConnections {
                winning: Some(vec!["b2".into()]),
                must_play: Some(vec![]),
                full_count: 4,
                semi_count: 7,
            }),
            white: None,
            inferior: Some(vec![InferiorCell {
                cell: "a1".into(),
                kind: InferiorKind::Captured,
                fill: Some(Side::Black),
                by: vec![],
                reason: "why".into(),
            }]),
            circuit: Some(CircuitView {
                black_win: 0.75,
                e: None,
                heat: vec![CellHeat {
                    cell: "c3".into(),
                    black: 0.5,
                    white: 0.25,
                }],
            }),
            between: Some(Between {
                color: Side::Black,
                ends: ["c3".into(), "d4".into()],
                same_group: false,
                full: vec![ConnectionView {
                    full: true,
                    carrier: vec!["c4".into(), "d3".into()],
                    key: None,
                    rule: "OR of 2 semi-connections".into(),
                    steps: vec!["…".into()],
                }],
                semi: vec![],
            }),
            graph: Some(vec![0.5, 0.75]),
            best_moves: Some(BestMoves {
                moves: vec![
                    ScoredMove::new(
                        ohm_engine::Point::parse("b2").unwrap(),
                        ohm_engine::search::WIN - 3,
                    ),
                    ScoredMove::new(ohm_engine::Point::parse("a1").unwrap(), -250),
                ],
                pv: vec!["b2".into(), "a3".into(), "c1".into()],
                depth: 3,
                nodes: 42,
                proven: Some(Side::Black),
            }),
        };
        let reply = Reply {
            id: Some(RequestId(9)),
            response: Response::Analysis(Box::new(analysis)),
        };
        let wire = serde_json::to_value(&reply).unwrap();
        let response = &wire["response"];
        assert_eq!(response["type"], "analysis");
        assert_eq!(response["elapsedMs"], 3.5);
        assert_eq!(response["black"]["mustPlay"], json!([]));
        assert_eq!(response["inferior"][0]["kind"], "captured");
        assert_eq!(response["circuit"]["blackWin"], 0.75);
        assert_eq!(response["between"]["sameGroup"], false);
        assert_eq!(response["graph"], json!([0.5, 0.75]));
        assert_eq!(
            response["bestMoves"]["moves"],
            json!([{"cell": "b2", "score": PROVEN_SCORE, "proven": true},
                   {"cell": "a1", "score": -0.25, "proven": false}])
        );
        assert_eq!(response["bestMoves"]["proven"], "black");
        assert_eq!(serde_json::from_value::<Reply>(wire).unwrap(), reply);
    }

    #[test]
    fn puzzle_requests_and_answers_round_trip_with_camel_case_fields() {
        let request = Request::JudgeMove {
            mv: "d4".into(),
            budget_ms: 3000,
        };
        let wire = serde_json::to_value(&request).unwrap();
        assert_eq!(
            wire,
            json!({"type": "judgeMove", "mv": "d4", "budgetMs": 3000})
        );
        assert_eq!(serde_json::from_value::<Request>(wire).unwrap(), request);
        let wire = serde_json::to_value(Request::SolvePuzzle { budget_ms: 500 }).unwrap();
        assert_eq!(wire, json!({"type": "solvePuzzle", "budgetMs": 500}));
        assert!(
            serde_json::from_value::<Request>(json!({"type": "judgeMove", "mv": "d4"})).is_err()
        );
        let verdict = Verdict {
            mv: "d4".into(),
            outcome: Outcome::Loses,
            winning_carrier: vec![],
            refutation: Some("e3".into()),
            opponent_carrier: vec!["e4".into(), "f3".into()],
            explanation: "After d4, White's e3 joins the west and east edges.".into(),
            line: Vec::new(),
            elapsed_ms: 12,
        };
        let reply = Reply {
            id: Some(RequestId(5)),
            response: Response::Verdict(Box::new(verdict)),
        };
        let wire = serde_json::to_value(&reply).unwrap();
        assert_eq!(
            wire["response"],
            json!({"type": "verdict", "mv": "d4", "outcome": "loses", "winningCarrier": [],
                   "refutation": "e3", "opponentCarrier": ["e4", "f3"],
                   "explanation": "After d4, White's e3 joins the west and east edges.",
                   "line": [], "elapsedMs": 12})
        );
        assert_eq!(
            serde_json::from_value::<Reply>(wire.clone()).unwrap(),
            reply
        );
        // A verdict without its line (an older worker) still reads.
        let mut older = wire;
        older["response"].as_object_mut().unwrap().remove("line");
        assert_eq!(serde_json::from_value::<Reply>(older).unwrap(), reply);
        let solutions = Solutions {
            winning: vec!["c3".into()],
            losing: vec!["a1".into()],
            unproven: vec!["b2".into()],
            hint: vec!["c3".into(), "c4".into()],
            complete: false,
            elapsed_ms: 40,
        };
        let reply = Reply {
            id: Some(RequestId(6)),
            response: Response::Solutions(Box::new(solutions)),
        };
        let wire = serde_json::to_value(&reply).unwrap();
        assert_eq!(
            wire["response"],
            json!({"type": "solutions", "winning": ["c3"], "losing": ["a1"],
                   "unproven": ["b2"], "hint": ["c3", "c4"], "complete": false,
                   "elapsedMs": 40})
        );
        assert_eq!(serde_json::from_value::<Reply>(wire).unwrap(), reply);
        assert_eq!(serde_json::to_value(Outcome::Unproven).unwrap(), "unproven");
    }

    #[test]
    fn engine_move_round_trips() {
        let position = Position::new(ohm_engine::Board::new(2, 3).unwrap());
        let reply = Reply {
            id: Some(RequestId(2)),
            response: Response::EngineMove {
                color: Side::White,
                mv: "b2".into(),
                elapsed_ms: 1.5,
                position: PositionState::from(&position),
                reason: Some(MoveReason::Search),
                search: Some(SearchReport::new(1, 250, &[], 7, None, 1.0)),
            },
        };
        let wire = serde_json::to_value(&reply).unwrap();
        assert_eq!(wire["response"]["type"], "engineMove");
        assert_eq!(wire["response"]["elapsedMs"], 1.5);
        assert_eq!(wire["response"]["reason"], "search");
        assert_eq!(wire["response"]["search"]["score"], 0.25);
        assert_eq!(wire["response"]["position"]["toMove"], "black");
        assert_eq!(serde_json::from_value::<Reply>(wire).unwrap(), reply);
    }

    #[test]
    fn position_state_lists_the_moves_in_record_notation() {
        let mut position =
            Position::new(ohm_engine::Board::square(3).unwrap()).with_swap_rule(true);
        for mv in ["a1", "swap-pieces", "b2"] {
            position
                .try_play(ohm_engine::Move::parse(mv).unwrap())
                .unwrap();
        }
        let state = PositionState::from(&position);
        assert_eq!(state.moves, ["a1", "swap-pieces", "b2"]);
        assert_eq!(state.to_move, Side::White);
        assert_eq!(state.winner, None);
        assert!(state.swap_rule);
    }
}
