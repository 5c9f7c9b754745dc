//! Puzzle mode: is a move winning, losing, or not known to be either?
//!
//! A puzzle is a position and the side to move (the *mover*). [`judge_move`] decides one move,
//! [`solve`] every empty cell. Only proofs count, so a learner is never told that a good move
//! is wrong or a bad one right:
//! - **wins** when the move joins the mover's edges, when H-search finds an edge-to-edge full
//!   connection for the mover after it (the opponent moves next, and a full connection holds
//!   against a first move), or when the search proves every answer loses;
//! - **loses** when H-search finds the opponent an edge-to-edge full connection after the move
//!   or a semi-connection (the opponent moves next: its key completes it), or when the search
//!   proves a winning answer; the answer is reported as the *refutation*, with the opponent's
//!   winning carrier after it when H-search has one;
//! - otherwise the move is **unproven**: the budget ran out or nothing was proven. So is
//!   every first move under the swap rule, which the opponent may take over (the proofs know
//!   no swap).
//!
//! [`solve`] tries the cheap proofs first: in the position itself, an opponent's full
//! connection loses every move, an opponent's semi-connection loses every move outside its
//! carrier, and the mover's own full connection wins every move outside its carrier (its
//! semi-connection's key wins too). Then every open move gets the H-search test, then
//! searches with growing node limits, the moves that inferior-cell analysis considers first;
//! and when every considered move loses, every move loses (the considered moves hold a
//! winning move whenever one exists).
//!
//! The engine reads no clock: time and the stop flag come from the caller's
//! [`Control`], as for [`search`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::circuit::CircuitParams;
use crate::connections::{Connections, HSearchLimits};
use crate::point::{Edge, Point};
use crate::search::{search, Control, SearchParams};
use crate::{CellSet, Color, Move, Position};

/// How much a judgement may spend: time on the caller's clock and search nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Milliseconds of the caller's clock (`None`: no time limit; with a control that has no
    /// clock, time never runs out).
    pub time_ms: Option<f64>,
    /// Search nodes in all.
    pub max_nodes: u64,
}

impl Budget {
    /// No limit: judging ends with proofs only (small boards).
    pub const UNLIMITED: Budget = Budget {
        time_ms: None,
        max_nodes: u64::MAX,
    };

    /// At most `ms` milliseconds of the caller's clock.
    #[must_use]
    pub fn time(ms: f64) -> Budget {
        Budget {
            time_ms: Some(ms),
            max_nodes: u64::MAX,
        }
    }

    /// At most `nodes` search nodes (for callers without a clock).
    #[must_use]
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            time_ms: None,
            max_nodes: nodes,
        }
    }
}

/// What a move does for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Proven to win against every defence.
    Wins,
    /// Proven to lose: the opponent has a winning answer.
    Loses,
    /// Neither proven.
    Unproven,
}

/// How a verdict was proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The move joins the mover's two edges.
    Connects,
    /// H-search: after the move the mover holds an edge-to-edge full connection.
    MoverConnection,
    /// H-search: after the move (and the refutation, when one is named) the opponent holds an
    /// edge-to-edge full connection.
    OpponentConnection,
    /// The search proved it.
    Search,
    /// Every move the inferior-cell analysis considers was proven to lose, so every move loses.
    NoMoveWins,
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The judged cell.
    pub cell: Point,
    /// The side that plays it.
    pub mover: Color,
    pub outcome: Outcome,
    /// How the outcome was proven (`None` when unproven).
    pub proof: Option<Proof>,
    /// Wins: the mover's winning carrier after the move, when H-search has one.
    pub winning_carrier: Option<CellSet>,
    /// Loses: the opponent's winning answer, when known.
    pub refutation: Option<Point>,
    /// Loses: the opponent's winning carrier after the refutation (or after the move when no
    /// refutation is named), when H-search has one.
    pub opponent_carrier: Option<CellSet>,
    /// Search proofs: the search's principal variation after the move (the opponent's move
    /// first).
    pub line: Vec<Point>,
}

impl Judgement {
    fn unproven(cell: Point, mover: Color) -> Judgement {
        Judgement {
            cell,
            mover,
            outcome: Outcome::Unproven,
            proof: None,
            winning_carrier: None,
            refutation: None,
            opponent_carrier: None,
            line: Vec::new(),
        }
    }

    fn wins(cell: Point, mover: Color, proof: Proof, carrier: Option<CellSet>) -> Judgement {
        Judgement {
            outcome: Outcome::Wins,
            proof: Some(proof),
            winning_carrier: carrier,
            ..Judgement::unproven(cell, mover)
        }
    }

    fn loses(
        cell: Point,
        mover: Color,
        proof: Proof,
        refutation: Option<Point>,
        carrier: Option<CellSet>,
    ) -> Judgement {
        Judgement {
            outcome: Outcome::Loses,
            proof: Some(proof),
            refutation,
            opponent_carrier: carrier,
            ..Judgement::unproven(cell, mover)
        }
    }

    /// The verdict in one or two sentences for a learner, naming the cells and the
    /// connection. `budget` is the one the judgement was given (an unproven move says so).
    #[must_use]
    pub fn explanation(&self, budget: &Budget) -> String {
        let me = self.mover.title();
        let them = (!self.mover).title();
        let cell = self.cell;
        let (a, b) = edge_names(self.mover);
        let (c, d) = edge_names(!self.mover);
        match (self.outcome, self.proof) {
            (Outcome::Wins, Some(Proof::Connects)) => {
                format!("{cell} joins {me}'s {a} and {b} edges: {me} has won.")
            }
            (Outcome::Wins, Some(Proof::MoverConnection)) => format!(
                "After {cell}, {me} connects {a} to {b} whatever {them} does: {} {me}'s \
                 winning connection.",
                shaded(self.winning_carrier.unwrap_or_default())
            ),
            (Outcome::Wins, _) => {
                let example = match self.line.as_slice() {
                    [defence, answer, ..] => {
                        format!(" (for example, {them}'s {defence} is met by {answer})")
                    }
                    _ => String::new(),
                };
                format!("{cell} wins: Ohm's search proves that every {them} answer loses{example}.")
            }
            (Outcome::Loses, Some(Proof::NoMoveWins)) => format!(
                "{me} has no winning move here, {cell} included: Ohm proved that every move \
                 that could matter loses."
            ),
            (Outcome::Loses, proof) => {
                let connection = self.opponent_carrier.map(shaded);
                match (self.refutation, connection) {
                    (Some(reply), Some(connection)) if proof == Some(Proof::OpponentConnection) => {
                        format!(
                            "After {cell}, {them}'s {reply} joins the {c} and {d} edges: \
                             {connection} {them}'s winning connection."
                        )
                    }
                    (Some(reply), Some(connection)) => format!(
                        "{them} answers {cell} with {reply} and wins: {connection} {them}'s \
                         winning connection."
                    ),
                    (Some(reply), None) => format!(
                        "{them} answers {cell} with {reply} and wins: Ohm's search proves that \
                         every {me} defence fails."
                    ),
                    (None, Some(connection)) => format!(
                        "After {cell}, {them} connects {c} to {d} whatever {me} does: \
                         {connection} {them}'s winning connection."
                    ),
                    (None, None) => format!("{cell} loses: {them} has a winning answer."),
                }
            }
            (Outcome::Unproven, _) => {
                let within = match budget.time_ms {
                    Some(ms) if ms >= 1000.0 => format!(" within {:.1} s", ms / 1000.0),
                    Some(ms) => format!(" within {ms:.0} ms"),
                    None => String::new(),
                };
                format!("Ohm could not prove that {cell} wins or loses{within}.")
            }
        }
    }
}

/// Every empty cell of a puzzle judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub mover: Color,
    /// One judgement per empty cell, in cell order.
    pub judgements: Vec<Judgement>,
    /// Where a winning move lies, for a hint: the winning moves and the empty cells next to
    /// them, within the opponent's must-play region when there is one; without a known winning
    /// move, that region alone (empty when there is none).
    pub hint: CellSet,
    /// Every move was judged before the budget ran out (some may still be unproven: no proof
    /// was found).
    pub complete: bool,
    /// Search nodes spent.
    pub nodes: u64,
}

impl Solution {
    /// The cells whose judgement is `outcome`.
    pub fn cells(&self, outcome: Outcome) -> CellSet {
        self.judgements
            .iter()
            .filter(|j| j.outcome == outcome)
            .map(|j| j.cell)
            .collect()
    }

    /// The judgement of `cell`, if it is one of the puzzle's moves.
    #[must_use]
    pub fn judgement(&self, cell: Point) -> Option<&Judgement> {
        self.judgements.iter().find(|j| j.cell == cell)
    }
}

/// Why a puzzle could not be judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The game is over: there is nothing to solve.
    GameOver,
    /// The move is not an empty cell of the board.
    NotAnEmptyCell(Point),
}

impl core::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PuzzleError::GameOver => f.write_str("the game is over"),
            PuzzleError::NotAnEmptyCell(p) => write!(f, "{p} is not an empty cell of the board"),
        }
    }
}

impl core::error::Error for PuzzleError {}

/// H-search limits of the puzzle's connection tests (the player's, for the same reasons).
pub const PUZZLE_HSEARCH: HSearchLimits = HSearchLimits::DEFAULT;

/// Search nodes of the first search round of [`solve`]; each further round has four times as
/// many, so cheap proofs come first and no move starves the others.
pub const FIRST_ROUND_NODES: u64 = 64;

/// The caller's clock and stop flag against a budget.
struct Meter<'c> {
    control: &'c mut dyn Control,
    budget: Budget,
    start_ms: f64,
    nodes: u64,
}

impl<'c> Meter<'c> {
    fn new(control: &'c mut dyn Control, budget: Budget) -> Meter<'c> {
        let start_ms = control.now_ms();
        Meter {
            control,
            budget,
            start_ms,
            nodes: 0,
        }
    }

    fn remaining_ms(&mut self) -> Option<f64> {
        let limit = self.budget.time_ms?;
        Some(limit - (self.control.now_ms() - self.start_ms))
    }

    fn exhausted(&mut self) -> bool {
        self.nodes >= self.budget.max_nodes
            || self.remaining_ms().is_some_and(|ms| ms <= 0.0)
            || self.control.stop_requested()
    }

    /// Searches `position` with at most `nodes` nodes (and what is left of the budget); the
    /// winner when the search proved one, with its best move and principal variation.
    fn search(&mut self, position: &Position, nodes: u64) -> Option<(Color, Point, Vec<Point>)> {
        let params = SearchParams {
            max_nodes: nodes.min(self.budget.max_nodes.saturating_sub(self.nodes)),
            time_ms: self.remaining_ms(),
            ..puzzle_search_params(position)
        };
        let result = search(position, &params, self.control);
        self.nodes = self.nodes.saturating_add(result.nodes.max(1));
        let winner = result.proven?;
        Some((winner, result.best?, result.pv))
    }
}

/// Full width to the end of the game, with H-search and inferior-cell pruning near the root
/// (both sound for proofs; see [`crate::search`]).
fn puzzle_search_params(position: &Position) -> SearchParams {
    let depth = position.empty_cells().len();
    SearchParams {
        hsearch: Some(crate::player::SEARCH_HSEARCH),
        hsearch_plies: 3,
        inferior_plies: 2,
        tt_bits: 16,
        circuit: CircuitParams::DEFAULT,
        ..SearchParams::full_width(depth)
    }
}

/// Judges `cell` for the side to move of `position` within `budget`; `control` gives the
/// clock and the stop flag (its progress reports are the search's iterations).
///
/// # Errors
/// [`PuzzleError::GameOver`] in a finished game, [`PuzzleError::NotAnEmptyCell`] for a cell
/// that is not empty or not on the board.
pub fn judge_move(
    position: &Position,
    cell: Point,
    budget: Budget,
    control: &mut dyn Control,
) -> Result<Judgement, PuzzleError> {
    if position.is_over() {
        return Err(PuzzleError::GameOver);
    }
    if !position.empty_cells().contains(cell) {
        return Err(PuzzleError::NotAnEmptyCell(cell));
    }
    let mut meter = Meter::new(control, budget);
    let mover = position.to_move();
    let mut after = position.clone();
    after.play_unchecked(mover, Move::Cell(cell));
    if after.connected_winner() == Some(mover) {
        return Ok(Judgement::wins(cell, mover, Proof::Connects, None));
    }
    if meter.exhausted() || swap_follows(position) {
        return Ok(Judgement::unproven(cell, mover));
    }
    if let Some(judgement) = judge_by_connections(&mut after, cell, mover) {
        return Ok(judgement);
    }
    Ok(judge_by_search(
        &mut meter,
        &mut after,
        cell,
        mover,
        u64::MAX,
    ))
}

/// The H-search tests of `cell`, already played by `mover` in `after`.
fn judge_by_connections(after: &mut Position, cell: Point, mover: Color) -> Option<Judgement> {
    let own = Connections::build(after, mover, PUZZLE_HSEARCH);
    if let Some(carrier) = own.winning_carrier() {
        return Some(Judgement::wins(
            cell,
            mover,
            Proof::MoverConnection,
            Some(carrier),
        ));
    }
    let theirs = Connections::build(after, !mover, PUZZLE_HSEARCH);
    if let Some(id) = theirs.edge_semis().next() {
        let semi = theirs.get(id);
        if let Some(key) = semi.key {
            return Some(Judgement::loses(
                cell,
                mover,
                Proof::OpponentConnection,
                Some(key),
                Some(semi.carrier.without(key)),
            ));
        }
    }
    let carrier = theirs.winning_carrier()?;
    // The opponent is connected whatever the mover does; name an answer that keeps it.
    let (reply, kept) = match keeping_reply(after, &theirs, carrier) {
        Some((reply, kept)) => (Some(reply), kept),
        None => (None, carrier),
    };
    Some(Judgement::loses(
        cell,
        mover,
        Proof::OpponentConnection,
        reply,
        Some(kept),
    ))
}

/// A move of the side to move of `position` (which holds the winning connection `carrier`)
/// after which it still holds one, with that connection's carrier.
fn keeping_reply(
    position: &mut Position,
    own: &Connections,
    carrier: CellSet,
) -> Option<(Point, CellSet)> {
    let me = position.to_move();
    for p in carrier & position.empty_cells() {
        position.play_unchecked(me, Move::Cell(p));
        let kept = if position.connected_winner() == Some(me) {
            Some(CellSet::EMPTY)
        } else {
            Connections::build(position, me, own.limits()).winning_carrier()
        };
        position.undo();
        if let Some(kept) = kept {
            return Some((p, kept));
        }
    }
    None
}

/// The search test of `cell`, already played by `mover` in `after`, with at most `nodes`.
fn judge_by_search(
    meter: &mut Meter<'_>,
    after: &mut Position,
    cell: Point,
    mover: Color,
    nodes: u64,
) -> Judgement {
    match meter.search(after, nodes) {
        Some((winner, _, line)) if winner == mover => Judgement {
            line,
            ..Judgement::wins(cell, mover, Proof::Search, None)
        },
        Some((_, reply, line)) => {
            after.play_unchecked(!mover, Move::Cell(reply));
            let carrier = if after.connected_winner() == Some(!mover) {
                Some(CellSet::EMPTY)
            } else {
                Connections::build(after, !mover, PUZZLE_HSEARCH).winning_carrier()
            };
            after.undo();
            Judgement {
                line,
                ..Judgement::loses(cell, mover, Proof::Search, Some(reply), carrier)
            }
        }
        None => Judgement::unproven(cell, mover),
    }
}

/// Judges every empty cell for the side to move of `position` within `budget` (see the
/// module documentation for the order); `control` gives the clock and the stop flag.
///
/// # Errors
/// [`PuzzleError::GameOver`] in a finished game.
pub fn solve(
    position: &Position,
    budget: Budget,
    control: &mut dyn Control,
) -> Result<Solution, PuzzleError> {
    if position.is_over() {
        return Err(PuzzleError::GameOver);
    }
    let mut meter = Meter::new(control, budget);
    let mover = position.to_move();
    let mut scratch = position.clone();
    let mut judgements: Vec<Judgement> = position
        .empty_cells()
        .iter()
        .map(|cell| {
            scratch.play_unchecked(mover, Move::Cell(cell));
            let connects = scratch.connected_winner() == Some(mover);
            scratch.undo();
            if connects {
                Judgement::wins(cell, mover, Proof::Connects, None)
            } else {
                Judgement::unproven(cell, mover)
            }
        })
        .collect();
    let mut must_play = None;
    let mut complete = false;
    'judging: {
        if swap_follows(position) {
            // Nothing is proven, but nothing is left to try either.
            complete = true;
            break 'judging;
        }
        if meter.exhausted() {
            break 'judging;
        }
        must_play = apply_connections_of_the_position(position, &mut judgements);
        if meter.exhausted() {
            break 'judging;
        }
        let consider = crate::inferior::analyze(position, mover).consider;
        // Considered moves first: a winning move is among them, and their losses prove the
        // others' losses.
        judgements.sort_by_key(|j| (!consider.contains(j.cell), j.cell));
        // Round 0: the H-search test of each open move (and a refutation for proven losses
        // that have none yet).
        for j in &mut judgements {
            let open = j.outcome == Outcome::Unproven
                || (j.outcome == Outcome::Loses && j.refutation.is_none());
            if !open {
                continue;
            }
            if meter.exhausted() {
                break 'judging;
            }
            scratch.play_unchecked(mover, Move::Cell(j.cell));
            if let Some(found) = judge_by_connections(&mut scratch, j.cell, mover) {
                if j.outcome == Outcome::Unproven || found.outcome == Outcome::Loses {
                    *j = found;
                }
            }
            scratch.undo();
        }
        let mut nodes = FIRST_ROUND_NODES;
        loop {
            if no_move_wins(&mut judgements, consider) {
                break;
            }
            let open: Vec<usize> = (0..judgements.len())
                .filter(|&i| judgements[i].outcome == Outcome::Unproven)
                .collect();
            if open.is_empty() {
                break;
            }
            for i in open {
                if meter.exhausted() {
                    break 'judging;
                }
                let cell = judgements[i].cell;
                scratch.play_unchecked(mover, Move::Cell(cell));
                judgements[i] = judge_by_search(&mut meter, &mut scratch, cell, mover, nodes);
                scratch.undo();
            }
            nodes = nodes.saturating_mul(4);
        }
        complete = true;
    }
    judgements.sort_by_key(|j| j.cell);
    let winning: CellSet = judgements
        .iter()
        .filter(|j| j.outcome == Outcome::Wins)
        .map(|j| j.cell)
        .collect();
    let hint = hint_region(position, winning, must_play);
    Ok(Solution {
        mover,
        judgements,
        hint,
        complete,
        nodes: meter.nodes,
    })
}

/// Whether the opponent may answer the mover's first move with the swap: neither H-search
/// nor the search knows that move, so no proof is claimed there.
fn swap_follows(position: &Position) -> bool {
    let mut after = position.clone();
    match after.empty_cells().first() {
        Some(cell) => {
            after.play_unchecked(after.to_move(), Move::Cell(cell));
            after.check(Move::Swap).is_ok()
        }
        None => false,
    }
}

/// The proofs H-search gives in `position` itself, before any move; returns the opponent's
/// must-play region (where every winning move lies), if the opponent has threats.
fn apply_connections_of_the_position(
    position: &Position,
    judgements: &mut [Judgement],
) -> Option<CellSet> {
    let mover = position.to_move();
    let theirs = Connections::build(position, !mover, PUZZLE_HSEARCH);
    let open = |j: &Judgement| j.outcome == Outcome::Unproven;
    if let Some(carrier) = theirs.winning_carrier() {
        // Every move loses (the refutations are looked for in round 0).
        for j in judgements.iter_mut().filter(|j| open(j)) {
            *j = Judgement::loses(
                j.cell,
                mover,
                Proof::OpponentConnection,
                None,
                (!carrier.contains(j.cell)).then_some(carrier),
            );
        }
        return Some(CellSet::EMPTY);
    }
    let must_play = theirs.must_play();
    if must_play.is_some() {
        // A move outside a threat's carrier leaves it, and its key then wins.
        for j in judgements.iter_mut().filter(|j| open(j)) {
            let threat = theirs
                .edge_semis()
                .map(|id| theirs.get(id))
                .find(|semi| !semi.carrier.contains(j.cell));
            if let Some(semi) = threat {
                if let Some(key) = semi.key {
                    *j = Judgement::loses(
                        j.cell,
                        mover,
                        Proof::OpponentConnection,
                        Some(key),
                        Some(semi.carrier.without(key)),
                    );
                }
            }
        }
    }
    let own = Connections::build(position, mover, PUZZLE_HSEARCH);
    if let Some(carrier) = own.winning_carrier() {
        // A move outside the carrier keeps the whole connection.
        for j in judgements.iter_mut().filter(|j| open(j)) {
            if !carrier.contains(j.cell) {
                *j = Judgement::wins(j.cell, mover, Proof::MoverConnection, Some(carrier));
            }
        }
    }
    for id in own.edge_semis() {
        let semi = own.get(id);
        if let Some(key) = semi.key {
            if let Some(j) = judgements.iter_mut().find(|j| j.cell == key && open(j)) {
                *j = Judgement::wins(
                    key,
                    mover,
                    Proof::MoverConnection,
                    Some(semi.carrier.without(key)),
                );
            }
        }
    }
    must_play
}

/// When every considered move is proven to lose, every move loses: marks the open ones.
/// Returns whether that happened.
fn no_move_wins(judgements: &mut [Judgement], consider: CellSet) -> bool {
    let considered = || judgements.iter().filter(|j| consider.contains(j.cell));
    if consider.is_empty() || !considered().all(|j| j.outcome == Outcome::Loses) {
        return false;
    }
    for j in judgements.iter_mut() {
        if j.outcome == Outcome::Unproven {
            *j = Judgement::loses(j.cell, j.mover, Proof::NoMoveWins, None, None);
        }
    }
    true
}

/// See [`Solution::hint`].
fn hint_region(position: &Position, winning: CellSet, must_play: Option<CellSet>) -> CellSet {
    let empty = position.empty_cells();
    let region = must_play.filter(|r| !r.is_empty()).map(|r| r & empty);
    if winning.is_empty() {
        return region.unwrap_or_default();
    }
    let board = position.board();
    let around = winning
        .iter()
        .fold(winning, |acc, p| acc | (board.neighbours(p) & empty));
    match region {
        Some(region) => (around & region) | winning,
        None => around,
    }
}

fn edge_names(color: Color) -> (&'static str, &'static str) {
    let (a, b) = Edge::of(color);
    (a.name(), b.name())
}

/// "the shaded cells (c3 d2) are" or, for many cells, "the 12 shaded cells are".
fn shaded(carrier: CellSet) -> String {
    match carrier.len() {
        0 => String::from("its stones already form"),
        1 => format!("the shaded cell ({carrier}) completes"),
        2..=6 => format!("the shaded cells ({carrier}) are"),
        n => format!("the {n} shaded cells are"),
    }
}
