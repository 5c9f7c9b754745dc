//! Proofs: what a solved position's proof set means, and winning strategies a checker can
//! replay without the solver's table.
//!
//! ## Proof sets
//!
//! The proof of a position won by `W` is a set `S` of its empty cells such that `W` wins
//! every position obtained by giving the loser each empty cell outside `S` (keeping `W`'s
//! stones). Since a stone never hurts its owner, `W` then wins every position that agrees
//! with this one on `S`, has `W`'s stones, and anything at all elsewhere. So, after a move
//! `m` whose opponent wins with proof `S`, every other move outside `S` loses to the same
//! strategy: the solver drops those siblings.
//!
//! How the solver builds them ([`super::dfpn`], [`super::node`]):
//! - a position decided by an edge-to-edge connection: its carrier (with the key, for a
//!   semi), plus the winner's fill-in, whose captured sets the connection stands on;
//! - a win by move `w`: the child's proof plus `w`;
//! - a loss: the union of the children's proofs, plus what the cut moves rested on: the
//!   winner's fill-in, the carriers of its semi-connections that confine the loser to the
//!   must-play region, and the answers that kill the loser's vulnerable cells (dominated
//!   cells need nothing more: their dominators are children, or cut moves, or dead);
//! - before a position is solved, its bound: every empty cell but the opponent's fill-in
//!   (fill-in preserves the value, so the mover's win never needs those).
//!
//! ## Strategies
//!
//! A [`Strategy`] records, for every position of the winner's turn it can reach, the move
//! to play; at the loser's turns **every** empty cell is a defence to answer. Its leaves are
//! positions where the winner is connected, or holds an edge-to-edge full connection by
//! plain H-search (no fill-in, no patterns). [`check`] replays it from the start with its
//! own H-search and nothing of the solver's, so a claimed win that the checker confirms
//! rests only on H-search's soundness (itself checked against brute force in the tests).

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::vec::Vec;
use core::fmt;

use super::{Control, Solver};
use crate::connections::{Connections, HSearchLimits};
use crate::point::Point;
use crate::{Color, Move, Position};

/// A winning strategy: the winner's move in every position of its turn that the strategy
/// can reach (positions by their Zobrist hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The position the strategy starts from.
    pub start: Position,
    pub winner: Color,
    /// The winner's move in each position of its turn, by the position's hash.
    pub moves: BTreeMap<u64, Point>,
}

/// Why a strategy failed the check: what went wrong, and the line of moves that leads there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyError {
    pub kind: StrategyErrorKind,
    pub line: Vec<Point>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyErrorKind {
    /// The winner has no move recorded in a position of its turn.
    MissingMove,
    /// The recorded move is not an empty cell.
    IllegalMove(Point),
    /// The loser connected.
    LoserConnected,
    /// The check was stopped (stop flag) before it finished.
    Stopped,
}

impl fmt::Display for StrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            StrategyErrorKind::MissingMove => f.write_str("no move for the winner")?,
            StrategyErrorKind::IllegalMove(p) => write!(f, "the winner's move {p} is not empty")?,
            StrategyErrorKind::LoserConnected => f.write_str("the loser connects")?,
            StrategyErrorKind::Stopped => f.write_str("the check was stopped")?,
        }
        f.write_str(" after")?;
        if self.line.is_empty() {
            f.write_str(" no move")?;
        }
        for p in &self.line {
            write!(f, " {p}")?;
        }
        Ok(())
    }
}

impl core::error::Error for StrategyError {}

/// What a successful check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Distinct positions visited.
    pub positions: u64,
    /// Of which leaves: connected, or an edge-to-edge full connection.
    pub leaves: u64,
}

/// The limits the checker's own H-search uses.
pub const CHECK_LIMITS: HSearchLimits = HSearchLimits::DEFAULT;

/// Whether `winner` has won already in `position`: connected, or an edge-to-edge full
/// connection by plain H-search.
fn is_leaf(position: &Position, winner: Color, limits: HSearchLimits) -> bool {
    position.connected_winner() == Some(winner)
        || Connections::build(position, winner, limits)
            .winning_carrier()
            .is_some()
}

/// Replays `strategy` from its start: at the winner's turns its move, at the loser's every
/// empty cell, down to leaves (see the module documentation). Polls `control`'s stop flag.
pub fn check(strategy: &Strategy, control: &mut dyn Control) -> Result<CheckReport, StrategyError> {
    check_with(strategy, CHECK_LIMITS, control)
}

/// [`check`] with the leaves judged by H-search at `limits`: the edge templates' own proofs
/// check their strategies without the templates.
pub fn check_with(
    strategy: &Strategy,
    limits: HSearchLimits,
    control: &mut dyn Control,
) -> Result<CheckReport, StrategyError> {
    let mut checker = Checker {
        strategy,
        limits,
        proven: BTreeSet::new(),
        line: Vec::new(),
        report: CheckReport::default(),
        control,
    };
    let mut position = strategy.start.clone();
    position.set_swap_rule(false);
    checker.visit(&mut position)?;
    Ok(checker.report)
}

struct Checker<'a> {
    strategy: &'a Strategy,
    limits: HSearchLimits,
    /// Positions already shown won (by hash): the strategy's graph is a DAG.
    proven: BTreeSet<u64>,
    line: Vec<Point>,
    report: CheckReport,
    control: &'a mut dyn Control,
}

impl Checker<'_> {
    fn fail(&self, kind: StrategyErrorKind) -> StrategyError {
        StrategyError {
            kind,
            line: self.line.clone(),
        }
    }

    fn visit(&mut self, position: &mut Position) -> Result<(), StrategyError> {
        let key = position.hash();
        if self.proven.contains(&key) {
            return Ok(());
        }
        if self.report.positions % 256 == 0 && self.control.stop_requested() {
            return Err(self.fail(StrategyErrorKind::Stopped));
        }
        self.report.positions += 1;
        let winner = self.strategy.winner;
        match position.connected_winner() {
            Some(w) if w == winner => {
                self.report.leaves += 1;
                self.proven.insert(key);
                return Ok(());
            }
            Some(_) => return Err(self.fail(StrategyErrorKind::LoserConnected)),
            None => {}
        }
        if is_leaf(position, winner, self.limits) {
            self.report.leaves += 1;
            self.proven.insert(key);
            return Ok(());
        }
        let mover = position.to_move();
        if mover == winner {
            let Some(&mv) = self.strategy.moves.get(&key) else {
                return Err(self.fail(StrategyErrorKind::MissingMove));
            };
            if !position.empty_cells().contains(mv) {
                return Err(self.fail(StrategyErrorKind::IllegalMove(mv)));
            }
            self.step(position, mv)?;
        } else {
            let empty = position.empty_cells();
            if empty.is_empty() {
                // A full board with no winner cannot happen; a full board is connected.
                return Err(self.fail(StrategyErrorKind::LoserConnected));
            }
            for defence in empty {
                self.step(position, defence)?;
            }
        }
        self.proven.insert(key);
        Ok(())
    }

    fn step(&mut self, position: &mut Position, mv: Point) -> Result<(), StrategyError> {
        position.play_unchecked(position.to_move(), Move::Cell(mv));
        self.line.push(mv);
        let result = self.visit(position);
        self.line.pop();
        position.undo();
        result
    }
}

/// The strategy of a position the solver proves won (see [`Solver::strategy`]).
pub(super) fn extract(
    solver: &mut Solver,
    position: &Position,
    control: &mut dyn Control,
) -> Option<Strategy> {
    let mut start = position.clone();
    start.set_swap_rule(false);
    let winner = solver.solve(&start, control).winner?;
    // The leaves lean on the edge templates only when the solver does: a solver without
    // them (the templates' own proofs) gives a strategy checked without them.
    let limits = HSearchLimits {
        edge_templates: solver.params().hsearch.edge_templates,
        ..CHECK_LIMITS
    };
    let mut extractor = Extractor {
        solver,
        winner,
        moves: BTreeMap::new(),
        done: BTreeSet::new(),
        limits,
        control,
    };
    let mut walk = start.clone();
    extractor.visit(&mut walk)?;
    Some(Strategy {
        start,
        winner,
        moves: extractor.moves,
    })
}

struct Extractor<'a> {
    solver: &'a mut Solver,
    winner: Color,
    moves: BTreeMap<u64, Point>,
    done: BTreeSet<u64>,
    limits: HSearchLimits,
    control: &'a mut dyn Control,
}

impl Extractor<'_> {
    fn visit(&mut self, position: &mut Position) -> Option<()> {
        let key = position.hash();
        if self.done.contains(&key) {
            return Some(());
        }
        if position.connected_winner().is_some() {
            // The winner's (a loser's connection would mean the solver was wrong).
            return (position.connected_winner() == Some(self.winner)).then_some(());
        }
        if is_leaf(position, self.winner, self.limits) {
            self.done.insert(key);
            return Some(());
        }
        if position.to_move() == self.winner {
            let mv = self.winning_move(position)?;
            self.moves.insert(key, mv);
            position.play_unchecked(self.winner, Move::Cell(mv));
            let result = self.visit(position);
            position.undo();
            result?;
        } else {
            for defence in position.empty_cells() {
                position.play_unchecked(!self.winner, Move::Cell(defence));
                let result = self.visit(position);
                position.undo();
                result?;
            }
        }
        self.done.insert(key);
        Some(())
    }

    /// The solver's winning move here (solving again if the table lost it).
    fn winning_move(&mut self, position: &Position) -> Option<Point> {
        let empty = position.empty_cells();
        let known = self
            .solver
            .table
            .get(position.hash())
            .filter(|d| d.bounds.is_win())
            .and_then(|d| d.best)
            .filter(|&b| empty.contains(b));
        if let Some(mv) = known {
            if self.wins_after(position, mv) {
                return Some(mv);
            }
        }
        let solution = self.solver.solve(position, self.control);
        if solution.winner != Some(self.winner) {
            return None;
        }
        let mv = solution.best.filter(|&b| empty.contains(b))?;
        self.wins_after(position, mv).then_some(mv)
    }

    /// Whether the winner still wins after playing `mv` (the solver's table, or a solve).
    fn wins_after(&mut self, position: &Position, mv: Point) -> bool {
        let mut after = position.clone();
        after.play_unchecked(self.winner, Move::Cell(mv));
        if after.connected_winner() == Some(self.winner) {
            return true;
        }
        if let Some(d) = self.solver.table.get(after.hash()) {
            if d.bounds.is_solved() {
                return d.bounds.is_loss();
            }
        }
        self.solver.solve(&after, self.control).winner == Some(self.winner)
    }
}
