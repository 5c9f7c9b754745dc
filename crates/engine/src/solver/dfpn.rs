//! Depth-first proof-number search (Nagai 2002), read top to bottom:
//!
//! - [`Dfpn::mid`] ("multiple iterative deepening") searches the current position until its
//!   (phi, delta) pair reaches the thresholds it was given, or it is solved;
//! - a position met for the first time is **created** from the engine's knowledge
//!   ([`super::node::Knowledge`]): terminal, or its children best first; by a glance only
//!   (its moves counted, not ordered) until the search goes below it;
//! - the node's pair is the least child delta and the sum of the children's phi
//!   ([`combine`]), over a **widening** window: only the first live children (a quarter of
//!   them, at least one, best first) may be chosen, as Benzene's solver does, so the search
//!   stays on the moves the evaluation likes until their numbers grow;
//! - the **most proving child** is the one with the least delta; it is searched with the
//!   thresholds that make it give way when it stops being the best, the second best's delta
//!   grown by the **1 + ε trick** (Pawlewicz and Lew 2007), so the search does not bounce
//!   between two children of equal numbers;
//! - **proof-set pruning**: after a child is searched, every sibling outside the cells the
//!   opponent's win there can need (its proof if solved, its bound otherwise) is dropped: if
//!   that move loses, they lose to the same strategy; if it wins, they are not needed;
//! - a solved node records its proof ([`super::proof`]) and its best move, and its result is
//!   also stored under the hash of its filled position, so positions the fill-in makes equal
//!   share it.
//!
//! **Transpositions.** Hex positions never repeat along a path (stones are only added), so
//! there is no graph-history problem; but a position reached by several paths is counted in
//! every parent's sum of phi, which overstates the work a loss needs. The sum can be replaced
//! by the largest child phi plus one for each other live child (Ueda, Hashimoto, Hashimoto and
//! Iida's weak proof numbers), [`super::SolverParams::weak_delta`].

use alloc::vec::Vec;

use super::bounds::{add, Bounds, INFINITY, MAX_FINITE};
use super::node::{Depth, Facts, Knowledge};
use super::table::{NodeData, Table};
use super::{Control, Progress, RootMove, SolverParams, Stats};
use crate::cellset::CellSet;
use crate::connections::Connections;
use crate::inferior::InferiorCells;
use crate::point::Point;
use crate::zobrist;
use crate::{ByColor, Color, Move, Position};

/// A child of the node being searched, as far as its parent knows it.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Point,
    bounds: Bounds,
    /// The child's proof or proof bound, once it has been created.
    proof: Option<CellSet>,
    work: u64,
}

/// The state of one solve.
pub(super) struct Dfpn<'a> {
    pub position: Position,
    pub table: &'a mut Table,
    pub knowledge: &'a Knowledge,
    pub params: &'a SolverParams,
    pub control: &'a mut dyn Control,
    pub stats: Stats,
    pub stopped: bool,
    pub start_ms: f64,
    /// Clock reading at the last progress report.
    pub last_report_ms: f64,
    /// The root's moves as the root last saw them.
    pub root_moves: Vec<RootMove>,
    /// MID calls until the next poll of the clock and the stop flag.
    pub poll_countdown: u32,
    /// When the last poll came.
    pub last_poll_ms: f64,
    /// Whether the calls between the last two polls took more than [`SLOW_CALL_MS`] each.
    pub slow_calls: bool,
    /// The moves from the root to the current position.
    pub path: Vec<Point>,
    /// Both colours' connections of `synced_position`, built at the first node the solve
    /// creates and then brought along the path by incremental updates, only as far as a
    /// position to create needs them.
    pub connections: Option<ByColor<Connections>>,
    /// The position after the first `synced` moves of the path.
    pub synced_position: Position,
    pub synced: usize,
    /// The connections of the last position built from scratch: rebuilt in place for the
    /// next one (allocation was a fifth of a node's cost).
    pub scratch: Option<ByColor<Connections>>,
    /// The stones of the filled position each colour's scratch connections describe.
    pub scratch_stones: ByColor<Option<ByColor<CellSet>>>,
    /// With [`SolverParams::scratch_stack`], for each move of the path: each colour's
    /// scratch layers and the stones they described before it was played.
    pub scratch_marks: Vec<ScratchMark>,
    /// With [`SolverParams::killers`], for each ply: the move that last won a position
    /// there, tried first in the other positions of that ply that have it.
    pub killers: Vec<Option<Point>>,
    /// With [`SolverParams::countermoves`], for each point: the move that last won a
    /// position reached by a move there, tried early after that move again.
    pub countermoves: Vec<Option<Point>>,
    /// The fill-in analyses of the positions glanced at last, by hash ([`BEGUN_SLOTS`]
    /// slots, one position each): a glanced position's full analysis, when the search first
    /// goes below it, takes its glance's instead of running the analysis again.
    pub begun: Vec<Option<Begun>>,
    /// For each ply choosing by work ([`SolverParams::root_work_weight`]): the work at which
    /// the visit below it returns to it (`u64::MAX` when none is under way).
    pub pause_at: Vec<u64>,
}

/// A position's fill-in analysis, kept from its glance for its full analysis.
pub(super) struct Begun {
    key: u64,
    cells: Option<InferiorCells>,
    facts: Facts,
}

/// Slots of [`Dfpn::begun`].
pub(super) const BEGUN_SLOTS: usize = 1 << 12;

/// Where a colour's scratch connections stood before a move of the path.
pub(super) type ScratchMark = (ByColor<usize>, ByColor<Option<ByColor<CellSet>>>);

/// MID calls between two polls of the caller's clock and stop flag.
const POLL_EVERY: u32 = 16;

/// A MID call this slow (ms, on average between two polls) makes a timed solve read the clock
/// at every call until the calls are quick again.
const SLOW_CALL_MS: f64 = 0.25;
/// Milliseconds between two progress reports.
const REPORT_EVERY_MS: f64 = 250.0;

/// The hash of `position` after the mover plays `p`.
#[must_use]
pub(super) fn child_key(position: &Position, p: Point) -> u64 {
    position.hash() ^ zobrist::stone_key(position.to_move(), p.index()) ^ zobrist::WHITE_TO_MOVE
}

impl Dfpn<'_> {
    fn poll(&mut self) {
        if self.poll_countdown > 0 {
            self.poll_countdown -= 1;
            // When the calls are slow, a timed solve reads the clock at every one: on 11x11
            // a call can take milliseconds, and 16 of them ran the player's check past a 2 s
            // move by 59 ms. Quick calls keep to the polls (a clock read in a browser's
            // worker costs microseconds), and a work limit is checked at the polls alone,
            // so that a solve by work stays the same from run to run.
            if self.slow_calls && self.params.time_ms.is_some() {
                let now = self.control.now_ms();
                self.stopped |= self.out_of_time(now);
            }
            return;
        }
        self.poll_countdown = POLL_EVERY;
        let now = self.control.now_ms();
        self.slow_calls = now - self.last_poll_ms > SLOW_CALL_MS * f64::from(POLL_EVERY + 1);
        self.last_poll_ms = now;
        let elapsed = now - self.start_ms;
        if self.control.stop_requested()
            || self.out_of_time(now)
            || self
                .params
                .max_nodes
                .is_some_and(|limit| self.stats.work() >= limit)
        {
            self.stopped = true;
        }
        if now - self.last_report_ms >= REPORT_EVERY_MS {
            self.last_report_ms = now;
            self.report(elapsed);
        }
    }

    /// Whether a timed solve's limit has passed at `now`.
    fn out_of_time(&self, now: f64) -> bool {
        self.params
            .time_ms
            .is_some_and(|limit| now - self.start_ms >= limit)
    }

    pub fn report(&mut self, elapsed_ms: f64) {
        let progress = Progress {
            work: self.stats.work(),
            created: self.stats.created,
            elapsed_ms,
            root_moves: self.root_moves.clone(),
        };
        self.control.progress(&progress);
    }

    /// The node's data: from the table, or created by the knowledge (one unit of work), with
    /// a glance only when [`SolverParams::glance`] says so.
    fn data(&mut self) -> (NodeData, u64) {
        let key = self.position.hash();
        if let Some(d) = self.table.get(key) {
            return (d.clone(), 0);
        }
        if let Some(d) = self.solved_half_turn(key) {
            self.stats.half_turns += 1;
            return (d, 1);
        }
        self.stats.created += 1;
        let depth = if self.params.glance {
            Depth::Glance
        } else {
            Depth::Full
        };
        (self.analyse(depth), 1)
    }

    /// The current position's result when its half-turn is solved in the table, turned back:
    /// the board's symmetry keeps every edge with its player, so the value is the same and
    /// the winning move, the proof and the loss's support turn with the board (the first-move
    /// map meets each opening's half-turn as a later opening).
    fn solved_half_turn(&mut self, key: u64) -> Option<NodeData> {
        let turned = self.position.half_turn_hash();
        if turned == key {
            return None;
        }
        let d = self.table.get(turned).filter(|d| d.is_solved())?;
        let board = self.position.board();
        Some(NodeData {
            bounds: d.bounds,
            best: d.best.map(|b| board.half_turn(b)),
            work: 1,
            proof: board.half_turn_set(d.proof),
            loss_support: board.half_turn_set(d.loss_support),
            children: d.children.iter().map(|&c| board.half_turn(c)).collect(),
            filled_hash: key,
            complete: true,
        })
    }

    /// What the knowledge says of the current position, looked at to `depth`.
    fn analyse(&mut self, depth: Depth) -> NodeData {
        let key = self.position.hash();
        let (cells, mut facts) = self.begin(key, depth);
        let mut complete = true;
        if let Some(cells) = cells {
            let filled = (facts.own_fill | facts.their_fill).len();
            self.stats.fill_stones += u64::from(filled);
            // Incremental updates along the path pay when few stones are missing; a fresh
            // build when the fill-in is large (see `SolverParams::incremental_fill`).
            let pending = (self.path.len() - self.synced) as u32;
            if self.connections.is_some()
                && depth == Depth::Full
                && filled + pending <= self.params.incremental_fill
            {
                self.sync();
                self.stats.hsearch_updates += 2 * u64::from(filled);
                let conns = self.connections.as_mut().expect("synced");
                self.knowledge.finish_incremental(
                    &mut self.synced_position,
                    conns,
                    &cells,
                    &mut facts,
                );
            } else {
                let board = cells.filled_position(&self.position);
                let stones = ByColor::from_fn(|c| board.stones(c));
                let mover = board.to_move();
                // The full analysis of the position glanced at last finds the opponent's
                // connections where the glance left them (on 7x7 half the full analyses).
                let mut ready = ByColor::from_fn(|c| {
                    self.scratch.is_some() && self.scratch_stones[c] == Some(stones)
                });
                // Connections a few stones short of this filled board (its parent's, as a
                // rule) are brought to it stone by stone, so that the parent's connections
                // serve all its children: with the stack, whatever a position adds goes when
                // its move is taken back (`unplay`); without, a glance takes its stones back
                // at once.
                let wanted = ByColor::from_fn(|c| depth == Depth::Full || c != mover);
                let mut taken_back = ByColor::new(0u32, 0u32);
                let mut updated = ByColor::new(false, false);
                let stack = self.params.scratch_stack && self.scratch.is_some();
                for c in Color::ALL {
                    if wanted[c] && !ready[c] {
                        if let Some(placed) = self.update_scratch(c, &board, stones) {
                            ready[c] = true;
                            updated[c] = true;
                            self.stats.hsearch_updates += u64::from(placed);
                            if depth == Depth::Glance && !stack {
                                taken_back[c] = placed;
                            } else {
                                self.scratch_stones[c] = Some(stones);
                            }
                        } else if stack {
                            // A layer built from scratch, over the ancestors' layers.
                            let scratch = self.scratch.as_mut().expect("stack");
                            scratch[c].renew(&board);
                            self.scratch_stones[c] = Some(stones);
                            ready[c] = true;
                            updated[c] = true;
                            self.stats.hsearch_builds += 1;
                        }
                    }
                }
                for c in Color::ALL {
                    if wanted[c] && !updated[c] {
                        if ready[c] {
                            self.stats.hsearch_reused += 1;
                        } else {
                            self.stats.hsearch_builds += 1;
                            self.scratch_stones[c] = Some(stones);
                        }
                    }
                }
                if self.scratch.is_none() {
                    self.scratch_stones = ByColor::new(Some(stones), Some(stones));
                }
                self.knowledge.finish_built(
                    &board,
                    &cells,
                    &mut facts,
                    &mut self.scratch,
                    depth,
                    ready,
                );
                if let Some(scratch) = self.scratch.as_mut() {
                    for c in Color::ALL {
                        for _ in 0..taken_back[c] {
                            scratch[c].undo();
                        }
                    }
                }
                complete = depth == Depth::Full;
                if self.connections.is_none() && self.params.incremental_fill > 0 {
                    self.sync();
                }
            }
        }
        if facts.filled_hash != key {
            if let Some(d) = self.table.get(facts.filled_hash).filter(|d| d.is_solved()) {
                // The fill-in makes this position equal to one already solved. Its proof was
                // stated where the fill-in's cells were stones; here the winner needs its own
                // fill-in's cells too (to fill them again), the loser's may go to the loser.
                self.stats.fill_transpositions += 1;
                let winners_fill = facts.winners_fill(d.bounds.is_win());
                let data = NodeData {
                    bounds: d.bounds,
                    best: d.best.filter(|&b| self.position.empty_cells().contains(b)),
                    work: 1,
                    proof: (d.proof | winners_fill) & self.position.empty_cells(),
                    loss_support: facts.loss_support,
                    children: Vec::new(),
                    filled_hash: facts.filled_hash,
                    complete: true,
                };
                return data;
            }
        }
        match facts.terminal {
            Some(t) => {
                self.stats.terminal += 1;
                NodeData {
                    bounds: if t.mover_wins {
                        Bounds::WIN
                    } else {
                        Bounds::LOSS
                    },
                    best: t.best,
                    work: 1,
                    proof: t.proof,
                    loss_support: facts.loss_support,
                    children: Vec::new(),
                    filled_hash: facts.filled_hash,
                    complete: true,
                }
            }
            None => {
                let bounds = initial_bounds(facts.children.len());
                // A glance's moves only count the children: they are listed, best first, by
                // the full analysis once the search goes below the position.
                let mut children = if complete { facts.children } else { Vec::new() };
                // The killer ends up first, the countermove second.
                if let Some(&previous) = self.path.last() {
                    to_front(
                        &mut children,
                        remembered(&self.countermoves, previous.index()),
                    );
                }
                to_front(&mut children, remembered(&self.killers, self.path.len()));
                if complete {
                    self.stats.expanded += 1;
                    self.stats.expanded_children += children.len() as u64;
                }
                NodeData {
                    bounds,
                    best: children.first().copied(),
                    work: 1,
                    proof: facts.max_proof,
                    loss_support: facts.loss_support,
                    children,
                    filled_hash: facts.filled_hash,
                    complete,
                }
            }
        }
    }

    /// The fill-in analysis of the current position (`key` its hash): a glance's is kept,
    /// a full analysis takes the glance's when it is kept.
    fn begin(&mut self, key: u64, depth: Depth) -> (Option<InferiorCells>, Facts) {
        let slot = (key as usize) & (BEGUN_SLOTS - 1);
        if depth == Depth::Full {
            if let Some(begun) = self.begun.get_mut(slot).and_then(Option::take) {
                if begun.key == key {
                    self.stats.begun_reused += 1;
                    return (begun.cells, begun.facts);
                }
            }
        }
        let (mut cells, facts) = self.knowledge.begin(&self.position);
        if depth == Depth::Glance && facts.terminal.is_none() {
            if let Some(c) = cells.as_mut() {
                // Nothing the solver reads: no need to copy them.
                c.reasons.clear();
                c.dominated.clear();
                c.reversible.clear();
            }
            if self.begun.is_empty() {
                self.begun.resize_with(BEGUN_SLOTS, || None);
            }
            self.begun[slot] = Some(Begun {
                key,
                cells: cells.clone(),
                facts: facts.clone(),
            });
        }
        (cells, facts)
    }

    /// Brings `colour`'s scratch connections to the filled position `board` (with `stones`)
    /// by incremental updates, when they describe a position with a subset of its stones
    /// and at most [`SolverParams::scratch_updates`] fewer: the updates made (one per stone,
    /// or one for all with [`SolverParams::update_at_once`]), or `None` (nothing changed)
    /// when a build from scratch is due.
    fn update_scratch(
        &mut self,
        colour: Color,
        board: &Position,
        stones: ByColor<CellSet>,
    ) -> Option<u32> {
        let limit = self.params.scratch_updates;
        let base = self.scratch_stones[colour]?;
        let scratch = self.scratch.as_mut()?;
        if limit == 0 || !Color::ALL.iter().all(|&c| base[c].is_subset(&stones[c])) {
            return None;
        }
        let added: u32 = Color::ALL
            .iter()
            .map(|&c| (stones[c] - base[c]).len())
            .sum();
        if added == 0 || added > limit {
            return None;
        }
        if self.params.update_at_once {
            // The stones go in at once: `board` is the position after them.
            let mut placed = Vec::with_capacity(added as usize);
            for c in Color::ALL {
                placed.extend(stones[c] - base[c]);
            }
            scratch[colour].update_stones(board, &placed);
            return Some(1);
        }
        let mut position = Position::new(*board.board());
        position.reset_to(base, board.to_move());
        for c in Color::ALL {
            for p in stones[c] - base[c] {
                position.place_unchecked(c, p);
                scratch[colour].update(&position, p);
            }
        }
        Some(added)
    }

    /// Brings the connections up to the current position.
    fn sync(&mut self) {
        let limits = self.knowledge.hsearch;
        let synced_position = &self.synced_position;
        let conns = self.connections.get_or_insert_with(|| {
            ByColor::from_fn(|c| Connections::build(synced_position, c, limits))
        });
        while self.synced < self.path.len() {
            let mv = self.path[self.synced];
            let mover = self.synced_position.to_move();
            self.synced_position.play_unchecked(mover, Move::Cell(mv));
            for c in Color::ALL {
                conns[c].update(&self.synced_position, mv);
            }
            self.stats.hsearch_updates += 2;
            self.synced += 1;
        }
    }

    /// Plays `mv` on the path.
    fn play(&mut self, mv: Point) {
        if self.params.scratch_stack {
            let depths =
                ByColor::from_fn(|c| self.scratch.as_ref().map_or(0, |s| s[c].undo_depth()));
            self.scratch_marks.push((depths, self.scratch_stones));
        }
        let mover = self.position.to_move();
        self.position.play_unchecked(mover, Move::Cell(mv));
        self.path.push(mv);
    }

    /// Takes back the path's last move (and the connections' update for it, if made).
    fn unplay(&mut self) {
        if let Some((depths, stones)) = self.scratch_marks.pop() {
            if let Some(scratch) = self.scratch.as_mut() {
                for c in Color::ALL {
                    while scratch[c].undo_depth() > depths[c] {
                        scratch[c].undo();
                    }
                }
                self.scratch_stones = stones;
            }
        }
        self.position.undo();
        self.path.pop();
        if self.synced > self.path.len() {
            self.synced_position.undo();
            if let Some(conns) = self.connections.as_mut() {
                for c in Color::ALL {
                    conns[c].undo();
                }
            }
            self.synced -= 1;
        }
    }

    /// Whether the search at `ply` returns now: stopped, or below a ply whose visit has
    /// spent its work.
    fn paused(&self, ply: u32) -> bool {
        if self.stopped {
            return true;
        }
        let work = self.stats.work();
        self.pause_at.iter().take(ply as usize).any(|&p| work >= p)
    }

    /// The choice of child at `ply` with [`SolverParams::root_work_weight`]: each child's
    /// delta weighed by its share of the node's work so far, the child with the least weighed
    /// delta searched until its weighed delta passes the next best one's grown by 1 + ε, or
    /// until its visit has spent [`SolverParams::root_visit_share`] of the node's work (at
    /// least [`SolverParams::min_weighed_visit`]: the visit's end goes to [`Dfpn::pause_at`]).
    fn weighed_select(
        &mut self,
        ply: u32,
        kids: &[Child],
        window: usize,
        node: Bounds,
        limit: Bounds,
    ) -> (usize, Bounds) {
        let eps = self.params.epsilon;
        let total: u64 = kids.iter().map(|c| c.work).sum::<u64>().max(1);
        let alpha = f64::from(self.params.root_work_weight);
        let weight = |c: &Child| 1.0 + alpha * c.work as f64 / total as f64;
        let key = |c: &Child| {
            if c.bounds.delta == INFINITY {
                f64::INFINITY
            } else {
                f64::from(c.bounds.delta) * weight(c)
            }
        };
        let mut best = 0;
        let mut k1 = f64::INFINITY;
        let mut k2 = f64::INFINITY;
        for (i, c) in kids.iter().enumerate().take(window) {
            // Only a child the node's limit lets grow (the least delta always can).
            if c.bounds.delta >= limit.phi {
                continue;
            }
            let k = key(c);
            if k < k1 {
                k2 = k1;
                k1 = k;
                best = i;
            } else if k < k2 {
                k2 = k;
            }
        }
        let child = kids[best].bounds;
        let delta_limit = if k2 == f64::INFINITY {
            limit.phi
        } else {
            let allowed = ceil_finite(k2 * (1.0 + f64::from(eps)) / weight(&kids[best]));
            limit.phi.min(allowed.max(add(child.delta, 1)))
        };
        let phi_limit = child_phi_limit(limit, node, child);
        let visit = (f64::from(self.params.root_visit_share) * total as f64) as u64;
        let ply = ply as usize;
        if self.pause_at.len() <= ply {
            self.pause_at.resize(ply + 1, u64::MAX);
        }
        self.pause_at[ply] = self.stats.work() + visit.max(self.params.min_weighed_visit);
        (best, Bounds::new(phi_limit, delta_limit))
    }

    /// Stores `node` for the current position, and a solved result also under its filled
    /// position's hash (with the same proof: a superset of what the filled position needs).
    fn store(&mut self, key: u64, node: &NodeData) {
        self.table.store(key, node.clone());
        if node.is_solved() && node.filled_hash != key {
            let mut alias = node.clone();
            alias.children = Vec::new();
            self.table.store(node.filled_hash, alias);
        }
    }

    /// Searches the current position until its pair reaches `limit` or it is solved; returns
    /// its data (also stored) and the work spent.
    pub fn mid(&mut self, limit: Bounds, ply: u32) -> (NodeData, u64) {
        let (mut node, mut work) = self.data();
        let key = self.position.hash();
        let searched = |node: &NodeData, stopped: bool| {
            !node.is_solved() && limit.exceeds(node.bounds) && !stopped
        };
        if !node.complete && searched(&node, self.paused(ply)) {
            // Known by a glance only: the full analysis, now that the search goes below it.
            self.stats.completed += 1;
            let known = node.work;
            node = self.analyse(Depth::Full);
            node.work = known;
            work = work.max(1);
        }
        if !searched(&node, self.paused(ply)) {
            if work > 0 {
                self.store(key, &node);
            }
            return (node, work);
        }
        self.stats.mid_calls += 1;
        work += 1;
        let unvisited = unvisited_bounds(node.children.len(), self.params);
        let mut kids: Vec<Child> = node
            .children
            .iter()
            .map(|&mv| {
                let k = child_key(&self.position, mv);
                match self.table.get(k) {
                    Some(d) => Child {
                        mv,
                        bounds: d.bounds,
                        proof: Some(d.proof),
                        work: d.work,
                    },
                    None => Child {
                        mv,
                        bounds: unvisited,
                        proof: None,
                        work: 0,
                    },
                }
            })
            .collect();
        let mut best = node
            .best
            .and_then(|b| kids.iter().position(|c| c.mv == b))
            .unwrap_or(0);
        let factor = if ply == 0 {
            self.params.root_widening_factor
        } else {
            self.params.widening_factor
        };
        loop {
            let mut window = widening_window(&kids, self.params.widening_base, factor);
            node.bounds = combine(&kids, window, self.params.weak_delta);
            if ply == 0 && looks_lost(node.bounds, self.params.root_behind_ratio) {
                // Every move must be disproved: the cheapest first, their proof sets pruning.
                let wide = self.params.widening_factor;
                window = widening_window(&kids, self.params.widening_base, wide);
                node.bounds = combine(&kids, window, self.params.weak_delta);
            }
            if ply == 0 {
                self.root_moves = kids
                    .iter()
                    .map(|c| RootMove {
                        mv: c.mv,
                        bounds: c.bounds,
                    })
                    .collect();
            }
            if node.bounds.is_solved() || !limit.exceeds(node.bounds) || self.paused(ply) {
                break;
            }
            let weighed = ply < self.params.weighed_plies && self.params.root_work_weight > 0.0;
            let (chosen, child_limit) = if weighed {
                self.weighed_select(ply, &kids, window, node.bounds, limit)
            } else {
                select(&kids, window, best, node.bounds, limit, self.params)
            };
            best = chosen;
            let mv = kids[best].mv;
            node.best = Some(mv);
            self.play(mv);
            let (child, child_work) = self.mid(child_limit, ply + 1);
            if weighed {
                if !child.is_solved() && self.stats.work() >= self.pause_at[ply as usize] {
                    self.stats.paused_visits += 1;
                }
                self.pause_at[ply as usize] = u64::MAX;
            }
            self.unplay();
            work += child_work;
            if child.bounds.is_loss() {
                // `mv` wins here: remembered for this ply and after the previous move.
                if self.params.killers {
                    remember(&mut self.killers, self.path.len(), mv);
                }
                if let (true, Some(&previous)) = (self.params.countermoves, self.path.last()) {
                    remember(&mut self.countermoves, previous.index(), mv);
                }
            }
            kids[best] = Child {
                mv,
                bounds: child.bounds,
                proof: Some(child.proof),
                work: child.work,
            };
            if self.params.proof_set_pruning && !child.bounds.is_loss() {
                // If this move loses, the opponent's win needs only `bound`'s cells: a
                // sibling outside it loses to the same strategy.
                let bound = child.proof;
                let before = kids.len();
                kids.retain(|c| c.mv == mv || bound.contains(c.mv));
                if kids.len() < before {
                    self.stats.pruned_siblings += (before - kids.len()) as u64;
                    best = kids.iter().position(|c| c.mv == mv).unwrap_or(0);
                }
            }
            self.poll();
        }
        node.work += work;
        node.children = kids.iter().map(|c| c.mv).collect();
        if node.bounds.is_win() {
            // The winning move that cost least: its proof is likely the smallest.
            let (rank, c) = kids
                .iter()
                .enumerate()
                .filter(|(_, c)| c.bounds.is_loss())
                .min_by_key(|(_, c)| c.work)
                .expect("a win has a losing child");
            self.stats.won_by_search += 1;
            self.stats.winning_rank_sum += rank as u64;
            self.stats.wasted_work += node.work.saturating_sub(c.work);
            node.best = Some(c.mv);
            node.proof = c.proof.unwrap_or(CellSet::EMPTY).with(c.mv) & self.position.empty_cells();
        } else if node.bounds.is_loss() {
            self.stats.lost_by_search += 1;
            self.stats.lost_children_sum += kids.len() as u64;
            // Every child loses: the opponent's proof is all of theirs together with what the
            // pruning of the other moves rested on.
            let mut proof = node.loss_support;
            for c in &kids {
                proof |= c.proof.unwrap_or(CellSet::EMPTY);
            }
            node.proof = proof & self.position.empty_cells();
            node.best = kids.iter().max_by_key(|c| c.work).map(|c| c.mv);
        }
        if node.is_solved() {
            self.stats.solved += 1;
            if self.params.shrink_proofs {
                let mover = self.position.to_move();
                let winner = if node.bounds.is_win() { mover } else { !mover };
                node.proof = self
                    .knowledge
                    .shrink_proof(&self.position, node.proof, winner);
            }
        }
        self.store(key, &node);
        (node, work)
    }
}

/// Moves `mv`, if it is among `moves`, to the front (the others keep their order).
fn to_front(moves: &mut [Point], mv: Option<Point>) {
    if let Some(i) = mv.and_then(|mv| moves.iter().position(|&c| c == mv)) {
        moves[..=i].rotate_right(1);
    }
}

/// The move `table` remembers at `index` (a ply or a point), if any.
fn remembered(table: &[Option<Point>], index: usize) -> Option<Point> {
    table.get(index).copied().flatten()
}

/// Remembers `mv` at `index` of `table`, growing it as needed.
fn remember(table: &mut Vec<Option<Point>>, index: usize, mv: Point) {
    if table.len() <= index {
        table.resize(index + 1, None);
    }
    table[index] = Some(mv);
}

/// The starting pair of a node with `children` moves to try: proving a win takes one good
/// move, disproving it all of them.
fn initial_bounds(children: usize) -> Bounds {
    Bounds::new(1, (children as u32).clamp(1, MAX_FINITE))
}

/// The first numbers of a child not visited yet, among `siblings` children
/// ([`SolverParams::child_estimate`]).
fn unvisited_bounds(siblings: usize, params: &SolverParams) -> Bounds {
    if params.child_estimate <= 0.0 {
        return Bounds::UNKNOWN;
    }
    let estimate = libm::ceil(siblings as f64 * f64::from(params.child_estimate));
    Bounds::new(1, (estimate as u32).clamp(1, MAX_FINITE))
}

/// How many children, best first, may be chosen: the first `base + ⌈factor · live⌉` live
/// ones (Benzene's widening), all of them when fewer than two live.
fn widening_window(kids: &[Child], base: u32, factor: f32) -> usize {
    let live = kids.iter().filter(|c| !c.bounds.is_win()).count();
    if live < 2 || factor >= 1.0 {
        return kids.len();
    }
    let wanted = base as usize + libm::ceil(live as f64 * f64::from(factor)) as usize;
    let mut seen = 0;
    for (i, c) in kids.iter().enumerate() {
        if !c.bounds.is_win() {
            seen += 1;
            if seen >= wanted.max(1) {
                return i + 1;
            }
        }
    }
    kids.len()
}

/// Whether a node's pair says it is more likely lost than won by `ratio`
/// ([`SolverParams::root_behind_ratio`]; 0: never).
fn looks_lost(bounds: Bounds, ratio: f32) -> bool {
    ratio > 0.0 && !bounds.is_solved() && bounds.phi as f32 > ratio * bounds.delta as f32
}

/// The node's pair from its children's: a child lost by its mover wins at once; otherwise
/// phi is the least delta among the first `window` children and delta the sum of phi (or,
/// with `weak`, the largest phi plus one per other unsolved child).
fn combine(kids: &[Child], window: usize, weak: bool) -> Bounds {
    let mut phi = INFINITY;
    let mut delta = 0u32;
    let mut largest = 0u32;
    let mut others = 0u32;
    for (i, c) in kids.iter().enumerate() {
        if c.bounds.is_loss() {
            return Bounds::WIN;
        }
        if i < window {
            phi = phi.min(c.bounds.delta);
        }
        if weak {
            if c.bounds.phi > 0 {
                if largest > 0 {
                    others += 1;
                }
                largest = largest.max(c.bounds.phi);
            }
        } else {
            delta = add(delta, c.bounds.phi);
        }
    }
    if weak {
        delta = add(largest, others);
    }
    if phi == INFINITY {
        return Bounds::LOSS;
    }
    Bounds::new(phi, delta)
}

/// The most proving child and the thresholds to search it with. The child with the least
/// delta in the window is searched until its delta passes the next best one's grown by
/// the 1 + ε trick; the child searched last stays the choice while its delta is within that
/// margin of the best other child's (so the search does not switch back and forth between
/// two children of about equal numbers).
fn select(
    kids: &[Child],
    window: usize,
    previous: usize,
    node: Bounds,
    limit: Bounds,
    params: &SolverParams,
) -> (usize, Bounds) {
    let mut delta1 = INFINITY;
    let mut delta2 = INFINITY;
    let mut candidate = 0;
    for (i, c) in kids.iter().enumerate().take(window) {
        if c.bounds.delta < delta1 {
            delta2 = delta1;
            delta1 = c.bounds.delta;
            candidate = i;
        } else if c.bounds.delta < delta2 {
            delta2 = c.bounds.delta;
        }
    }
    let grow = |delta: u32| {
        if delta == INFINITY {
            return INFINITY;
        }
        ceil_finite(f64::from(delta) * (1.0 + f64::from(params.epsilon))).max(add(delta, 1))
    };
    // The best rival of the previous child: the least delta, unless that is its own.
    let (best, rival) = if previous != candidate
        && previous < window
        && kids[previous].bounds.delta < limit.phi.min(grow(delta1))
    {
        (previous, delta1)
    } else {
        (candidate, delta2)
    };
    let delta_limit = limit.phi.min(grow(rival));
    let child = kids[best].bounds;
    (
        best,
        Bounds::new(child_phi_limit(limit, node, child), delta_limit),
    )
}

/// `x` rounded up to a proof number, at most [`MAX_FINITE`].
fn ceil_finite(x: f64) -> u32 {
    let x = libm::ceil(x);
    if x >= f64::from(MAX_FINITE) {
        MAX_FINITE
    } else {
        x as u32
    }
}

/// The phi limit of a child with numbers `child` of a node with numbers `node` searched to
/// `limit`: what the node's delta may still grow by, all of it given to this child.
fn child_phi_limit(limit: Bounds, node: Bounds, child: Bounds) -> u32 {
    if limit.delta == INFINITY {
        INFINITY
    } else {
        limit.delta - (node.delta - child.phi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kid(phi: u32, delta: u32) -> Child {
        Child {
            mv: Point::cell_unchecked(0, 0),
            bounds: Bounds::new(phi, delta),
            proof: None,
            work: 0,
        }
    }

    #[test]
    fn an_unvisited_child_starts_at_one_or_at_its_share_of_the_siblings() {
        let mut params = SolverParams::DEFAULT;
        assert_eq!(unvisited_bounds(9, &params), Bounds::UNKNOWN);
        params.child_estimate = 0.5;
        assert_eq!(unvisited_bounds(9, &params), Bounds::new(1, 5));
        assert_eq!(unvisited_bounds(0, &params), Bounds::new(1, 1));
    }

    #[test]
    fn a_lost_child_is_a_won_node() {
        let kids = [kid(3, 4), kid(INFINITY, 0)];
        assert_eq!(combine(&kids, 2, false), Bounds::WIN);
    }

    #[test]
    fn all_children_won_by_their_mover_is_a_lost_node() {
        let kids = [kid(0, INFINITY), kid(0, INFINITY)];
        assert_eq!(combine(&kids, 2, false), Bounds::LOSS);
        assert_eq!(combine(&kids, 2, true), Bounds::LOSS);
    }

    #[test]
    fn phi_is_the_least_delta_and_delta_the_sum_of_phi() {
        let kids = [kid(2, 5), kid(3, 1), kid(4, 9)];
        assert_eq!(combine(&kids, 3, false), Bounds::new(1, 9));
        assert_eq!(combine(&kids, 3, true), Bounds::new(1, 6));
        // Outside the window a child still counts for delta, not for phi.
        assert_eq!(combine(&kids, 1, false), Bounds::new(5, 9));
    }

    #[test]
    fn the_child_limit_makes_room_for_the_second_best() {
        let params = SolverParams::DEFAULT;
        let kids = [kid(2, 5), kid(3, 1), kid(4, 9)];
        let node = combine(&kids, 3, false);
        // The least delta is searched until it passes the second best's, grown by 1 + ε.
        let (best, limit) = select(&kids, 3, 1, node, Bounds::UNLIMITED, &params);
        assert_eq!(best, 1);
        assert_eq!((limit.phi, limit.delta), (INFINITY, 7));
        // A previous choice far behind the best gives way to it.
        let (best, _) = select(&kids, 3, 0, node, Bounds::UNLIMITED, &params);
        assert_eq!(best, 1);
        // One within the margin of the best stays, with the best as its rival.
        let close = [kid(2, 2), kid(3, 2), kid(4, 9)];
        let node = combine(&close, 3, false);
        let (best, limit) = select(&close, 3, 1, node, Bounds::UNLIMITED, &params);
        assert_eq!((best, limit.delta), (1, 3));
        // The node's own thresholds cap the child's.
        let (_, tight) = select(
            &kids,
            3,
            1,
            combine(&kids, 3, false),
            Bounds::new(4, 20),
            &params,
        );
        assert_eq!(tight.delta, 4);
        assert_eq!(tight.phi, 20 - (9 - 3));
    }
}
