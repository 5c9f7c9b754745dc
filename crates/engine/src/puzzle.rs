//! Puzzle mode: is a move winning, losing, or not known to be either?
//!
//! A puzzle is a position and the side to move (the *mover*). [`judge_move`] decides one move,
//! [`solve`] every empty cell. Only proofs count, so a learner is never told that a good move
//! is wrong or a bad one right; the proofs are the solver's ([`crate::solver`]), with
//! H-search's connections first where they decide a move at once, because a connection can
//! be shown:
//! - a move **wins** when it joins the mover's edges, when H-search finds an edge-to-edge full
//!   connection for the mover after it (the opponent moves next, and a full connection holds
//!   against a first move), or when the solver proves the position after it won;
//! - a move **loses** when H-search finds the opponent an edge-to-edge full connection after
//!   it or a semi-connection (its key completes it), or when the solver proves the position
//!   after it lost; the opponent's winning answer is reported as the *refutation*, with the
//!   opponent's winning carrier after it when H-search has one, and the solver's line;
//! - otherwise the move is **unproven**: the budget ran out. So is every first move under the
//!   swap rule, which the opponent may take over (the solver knows no swap).
//!
//! [`solve`] is the solver's [`Solver::judge_moves`]: every empty cell decided on its own (the
//! complete set of winning moves), the hint region around the winning moves.
//!
//! The solver's table is the caller's: a position solved once is answered at once afterwards.
//! The engine reads no clock: time and the stop flag come from the caller's [`Control`].

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::connections::{Connections, HSearchLimits};
use crate::point::{Edge, Point};
use crate::solver::{Control, Solver};
use crate::{CellSet, Color, Move, Position};

/// How much a judgement may spend: time on the caller's clock and solver work.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Milliseconds of the caller's clock (`None`: no time limit; with a control that has no
    /// clock, time never runs out).
    pub time_ms: Option<f64>,
    /// Solver work (positions analysed and searched) in all.
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

    /// At most `nodes` units of solver work (for callers without a clock).
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
    /// The solver proved it.
    Solver,
    /// The solver proved that the mover loses whatever it plays.
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
    /// Solver proofs: the principal variation after the move (the opponent's move first), as
    /// far as the solver's table knows it.
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
                format!("{cell} wins: Ohm's solver proves that every {them} answer loses{example}.")
            }
            (Outcome::Loses, Some(Proof::NoMoveWins)) => format!(
                "{me} has no winning move here, {cell} included: Ohm's solver proves that \
                 {them} wins whatever {me} plays."
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
                        "{them} answers {cell} with {reply} and wins: Ohm's solver proves that \
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
    /// Solver work spent (positions analysed and searched).
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

/// The solver's parameters for the duration of one judgement: the budget's limits, the rest
/// as they were (so the table is kept). Restores them when dropped.
struct Budgeted<'s> {
    solver: &'s mut Solver,
    saved: crate::solver::SolverParams,
}

impl<'s> Budgeted<'s> {
    fn new(solver: &'s mut Solver, budget: Budget) -> Budgeted<'s> {
        let saved = solver.params().clone();
        solver.set_params(crate::solver::SolverParams {
            time_ms: budget.time_ms,
            max_nodes: (budget.max_nodes != u64::MAX).then_some(budget.max_nodes),
            ..saved.clone()
        });
        Budgeted { solver, saved }
    }
}

impl Drop for Budgeted<'_> {
    fn drop(&mut self) {
        self.solver.set_params(self.saved.clone());
    }
}

/// Judges `cell` for the side to move of `position` within `budget`, with `solver` (whose
/// table is kept between judgements); `control` gives the clock and the stop flag.
///
/// # Errors
/// [`PuzzleError::GameOver`] in a finished game, [`PuzzleError::NotAnEmptyCell`] for a cell
/// that is not empty or not on the board.
pub fn judge_move(
    solver: &mut Solver,
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
    let mover = position.to_move();
    let mut after = position.clone();
    after.play_unchecked(mover, Move::Cell(cell));
    if after.connected_winner() == Some(mover) {
        return Ok(Judgement::wins(cell, mover, Proof::Connects, None));
    }
    if swap_follows(position) {
        return Ok(Judgement::unproven(cell, mover));
    }
    if let Some(judgement) = judge_by_connections(&mut after, cell, mover) {
        return Ok(judgement);
    }
    let budgeted = Budgeted::new(solver, budget);
    let solution = budgeted.solver.solve(&after, control);
    Ok(match solution.winner {
        Some(winner) => judged_by_solver(&mut after, cell, mover, winner, solution.pv),
        None => Judgement::unproven(cell, mover),
    })
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

/// The solver's verdict on `cell`, already played by `mover` in `after`, where `winner` wins
/// with the principal variation `line`: for a loss the refutation is the line's first move,
/// with the opponent's winning carrier after it when H-search has one.
fn judged_by_solver(
    after: &mut Position,
    cell: Point,
    mover: Color,
    winner: Color,
    line: Vec<Point>,
) -> Judgement {
    if winner == mover {
        return Judgement {
            line,
            ..Judgement::wins(cell, mover, Proof::Solver, None)
        };
    }
    let reply = line.first().copied();
    let carrier = reply.and_then(|reply| {
        after.play_unchecked(!mover, Move::Cell(reply));
        let carrier = if after.connected_winner() == Some(!mover) {
            Some(CellSet::EMPTY)
        } else {
            Connections::build(after, !mover, PUZZLE_HSEARCH).winning_carrier()
        };
        after.undo();
        carrier
    });
    Judgement {
        line,
        ..Judgement::loses(cell, mover, Proof::Solver, reply, carrier)
    }
}

/// Judges every empty cell for the side to move of `position` within `budget` with `solver`
/// (see the module documentation); `control` gives the clock and the stop flag, and hears the
/// solver's progress (the moves decided so far, as root moves).
///
/// # Errors
/// [`PuzzleError::GameOver`] in a finished game.
pub fn solve(
    solver: &mut Solver,
    position: &Position,
    budget: Budget,
    control: &mut dyn Control,
) -> Result<Solution, PuzzleError> {
    if position.is_over() {
        return Err(PuzzleError::GameOver);
    }
    let mover = position.to_move();
    let empty = position.empty_cells();
    let mut scratch = position.clone();
    let connects = |cell: Point, scratch: &mut Position| {
        scratch.play_unchecked(mover, Move::Cell(cell));
        let connects = scratch.connected_winner() == Some(mover);
        scratch.undo();
        connects
    };
    if swap_follows(position) {
        // Nothing is proven, but nothing is left to try either.
        let judgements = empty
            .iter()
            .map(|cell| {
                if connects(cell, &mut scratch) {
                    Judgement::wins(cell, mover, Proof::Connects, None)
                } else {
                    Judgement::unproven(cell, mover)
                }
            })
            .collect();
        return Ok(Solution {
            mover,
            judgements,
            hint: CellSet::EMPTY,
            complete: true,
            nodes: 0,
        });
    }
    let budgeted = Budgeted::new(solver, budget);
    let judged = budgeted.solver.judge_moves(position, control);
    let lost = judged.root.winner == Some(!mover);
    let mut judgements = Vec::new();
    for cell in empty {
        let judgement = if connects(cell, &mut scratch) {
            Judgement::wins(cell, mover, Proof::Connects, None)
        } else if judged.unknown.contains(cell) {
            Judgement::unproven(cell, mover)
        } else {
            scratch.play_unchecked(mover, Move::Cell(cell));
            let line = budgeted.solver.principal_variation(&scratch);
            let winner = if judged.winning.contains(cell) {
                mover
            } else {
                !mover
            };
            let mut judgement = judged_by_solver(&mut scratch, cell, mover, winner, line);
            scratch.undo();
            if lost && judgement.refutation.is_none() {
                judgement.proof = Some(Proof::NoMoveWins);
            }
            judgement
        };
        judgements.push(judgement);
    }
    drop(budgeted);
    let theirs = Connections::build(position, !mover, PUZZLE_HSEARCH);
    let must_play = if theirs.winning_carrier().is_some() {
        Some(CellSet::EMPTY)
    } else {
        theirs.must_play()
    };
    Ok(Solution {
        mover,
        judgements,
        hint: hint_region(position, judged.winning, must_play),
        complete: judged.unknown.is_empty(),
        nodes: judged.stats.work(),
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
