//! What the solver learns about a position the first time it meets it: the knowledge of the
//! rest of the engine, applied in the order that makes each piece cheapest.
//!
//! 1. **Fill-in** ([`crate::inferior`]): dead cells and captured sets are filled, so that the
//!    connections below see the position as it really stands.
//! 2. **H-search** ([`crate::connections`]) for both colours on the filled position: the mover
//!    holding an edge-to-edge full or semi-connection has won; the opponent holding a full one
//!    has won; otherwise the opponent's edge-to-edge semi-connections confine the mover to
//!    the intersection of their carriers (the must-play region), and an empty intersection is
//!    a loss.
//! 3. **Children**: the must-play region less the cells the inferior-cell analysis proves no
//!    better than another (dominated, vulnerable), best first by the energy the circuit
//!    evaluation ([`crate::circuit`]) puts through each cell.
//!
//! With the outcome come the sets that make proofs small (see [`super::proof`]): the cells a
//! win of the mover can need at most (everything but the opponent's fill-in), and the cells
//! a win of the opponent relies on besides its answers to the children (its fill-in, the
//! carriers behind the must-play region, the killers of the mover's vulnerable cells).
//!
//! A position met as a child mostly serves for its first numbers: most are never searched
//! below (on 8x8, seven of eight). So the first visit is a [`Depth::Glance`]: the fill-in and
//! the opponent's H-search only, which decide the losses and count the must-play region;
//! the mover's H-search, its wins and the ordering wait until the search enters the position.

use alloc::vec::Vec;

use crate::cellset::CellSet;
use crate::circuit::{evaluate, CircuitParams};
use crate::connections::{Connections, HSearchLimits};
use crate::inferior::{self, AnalysisOptions, InferiorCells, PatternSet};
use crate::point::{Edge, Point};
use crate::{ByColor, Color, Position};

/// A position solved by its own analysis, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terminal {
    pub mover_wins: bool,
    /// The empty cells the winner's strategy needs (its stones count implicitly).
    pub proof: CellSet,
    /// For a win, a move that keeps it (`None` when the mover is already connected or every
    /// move wins alike).
    pub best: Option<Point>,
}

/// How far the analysis of a position goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Everything: H-search for both colours, the children ordered by the circuit.
    Full,
    /// Enough for the position's first numbers, for a child that may never be searched
    /// below: H-search for the opponent only (its full connection is the mover's loss, its
    /// semi-connections the must-play region that counts the children), children unordered.
    /// A glance misses the mover's own wins and settled parts, so it may count more
    /// children than the full analysis, never fewer, and what it decides is decided.
    Glance,
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    pub terminal: Option<Terminal>,
    /// The moves worth trying, best first (after a [`Depth::Glance`]: a superset of them, in
    /// point order).
    pub children: Vec<Point>,
    /// The empty cells a win of the mover can need at most.
    pub max_proof: CellSet,
    /// The empty cells a win of the opponent relies on besides its answers to the children.
    pub loss_support: CellSet,
    /// Hash of the position with its fill-in (equal for positions the fill-in makes equal).
    pub filled_hash: u64,
    /// The fill-in's cells given to the mover (its captured sets, and the dead cells when
    /// the analysis gives them to the mover's colour).
    pub own_fill: CellSet,
    /// The fill-in's cells given to the opponent (its captured sets, and the dead cells when
    /// they go to the opponent's colour).
    pub their_fill: CellSet,
    /// The dead cells: no proof needs them (their colour changes no completion's winner).
    pub dead: CellSet,
    /// The circuit's judgement of the filled position for the mover (its `E`,
    /// [`crate::circuit::Evaluation::score_for`], in thousandths), when the full analysis
    /// ordered the children by it: the Monte Carlo search's value prior
    /// ([`crate::mcts::MctsParams::value_prior`]).
    pub mover_score: Option<i32>,
}

impl Facts {
    /// The fill-in a win of the mover (`true`) or of the opponent stands on: that player's
    /// captured sets, not the dead cells.
    pub fn winners_fill(&self, mover_wins: bool) -> CellSet {
        if mover_wins {
            self.own_fill - self.dead
        } else {
            self.their_fill - self.dead
        }
    }
}

/// The engine's knowledge, configured for the solver.
#[derive(Clone, Debug)]
pub struct Knowledge {
    pub hsearch: HSearchLimits,
    pub inferior: AnalysisOptions,
    pub patterns: PatternSet,
    pub circuit: CircuitParams,
    /// Whether a full analysis orders the children by the circuit (the solver's move
    /// order); without it they come in point order, for a caller with its own order (the
    /// Monte Carlo search), and the analysis costs less.
    pub order_children: bool,
}

impl Knowledge {
    /// Everything the solver needs to know of `position` before searching below it, with
    /// H-search built from scratch on the filled position.
    pub fn analyze(&self, position: &Position) -> Facts {
        self.analyze_to(position, Depth::Full)
    }

    /// The analysis of `position` to `depth`, H-search built from scratch.
    pub fn analyze_to(&self, position: &Position, depth: Depth) -> Facts {
        let (cells, mut facts) = self.begin(position);
        if let Some(cells) = cells {
            let board = cells.filled_position(position);
            let mut store = None;
            let mut ready = ByColor::default();
            if depth == Depth::Glance {
                // A glance never reads the mover's connections: a build without work stands
                // in for them.
                let mover = board.to_move();
                let idle = HSearchLimits {
                    budget: 0,
                    ..self.hsearch
                };
                store = Some(ByColor::from_fn(|c| {
                    Connections::build(&board, c, if c == mover { idle } else { self.hsearch })
                }));
                ready = ByColor::from_fn(|_| true);
            }
            self.finish_built(&board, &cells, &mut facts, &mut store, depth, ready);
        }
        facts
    }

    /// The first half of the analysis: the fill-in (`None` when a player is connected
    /// already, and the facts say so).
    pub fn begin(&self, position: &Position) -> (Option<InferiorCells>, Facts) {
        let mover = position.to_move();
        let empty = position.empty_cells();
        let mut facts = Facts {
            terminal: None,
            children: Vec::new(),
            max_proof: empty,
            loss_support: CellSet::EMPTY,
            filled_hash: position.hash(),
            own_fill: CellSet::EMPTY,
            their_fill: CellSet::EMPTY,
            dead: CellSet::EMPTY,
            mover_score: None,
        };
        if let Some(winner) = position.connected_winner() {
            facts.terminal = Some(Terminal {
                mover_wins: winner == mover,
                proof: CellSet::EMPTY,
                best: None,
            });
            return (None, facts);
        }
        let cells = inferior::analyze_with(position, mover, &self.inferior, &self.patterns);
        facts.own_fill = cells.fill[mover] & empty;
        facts.their_fill = cells.fill[!mover] & empty;
        facts.dead = (cells.dead | cells.dead_after_fill) & empty;
        facts.max_proof = empty - facts.their_fill - facts.dead;
        (Some(cells), facts)
    }

    /// The second half with H-search built from scratch on `board`, the position with its
    /// fill-in ([`InferiorCells::filled_position`]), in `store` (both colours' connections of whatever position came
    /// before, rebuilt in place to reuse their memory; made here when `None`). A
    /// [`Depth::Glance`] rebuilds only the opponent's; a colour `ready` says are `board`'s
    /// already is not rebuilt.
    pub fn finish_built(
        &self,
        board: &Position,
        cells: &InferiorCells,
        facts: &mut Facts,
        store: &mut Option<ByColor<Connections>>,
        depth: Depth,
        ready: ByColor<bool>,
    ) {
        facts.filled_hash = board.hash();
        let mover = board.to_move();
        let conns = match store {
            Some(conns) => {
                for c in Color::ALL {
                    if (depth == Depth::Full || c != mover) && !ready[c] {
                        conns[c].rebuild(board);
                    }
                }
                conns
            }
            None => store.insert(ByColor::from_fn(|c| {
                Connections::build(board, c, self.hsearch)
            })),
        };
        self.decide(board, conns, cells, facts, depth);
    }

    /// The second half with `conns`, both colours' connections of `position` (kept up to
    /// date along the solver's path): the fill-in's stones are added to `position` and to
    /// `conns` as incremental updates, and taken back before returning.
    pub fn finish_incremental(
        &self,
        position: &mut Position,
        conns: &mut ByColor<Connections>,
        cells: &InferiorCells,
        facts: &mut Facts,
    ) {
        let mover = position.to_move();
        let mut placed = 0;
        for (colour, fill) in [(mover, facts.own_fill), (!mover, facts.their_fill)] {
            for p in fill {
                position.place_unchecked(colour, p);
                for c in Color::ALL {
                    conns[c].update(position, p);
                }
                placed += 1;
            }
        }
        facts.filled_hash = position.hash();
        self.decide(position, conns, cells, facts, Depth::Full);
        for _ in 0..placed {
            position.undo();
            for c in Color::ALL {
                conns[c].undo();
            }
        }
    }

    /// The outcome, or the children, of the filled position `board` (with a
    /// [`Depth::Glance`], `conns[mover]` is not looked at: it may be another position's).
    fn decide(
        &self,
        board: &Position,
        conns: &ByColor<Connections>,
        cells: &InferiorCells,
        facts: &mut Facts,
        depth: Depth,
    ) {
        let mover = board.to_move();
        let (own_fill, their_fill) = (facts.own_fill, facts.their_fill);
        // The position's empty cells: the filled board's and the fill-in's.
        let empty = board.empty_cells() | own_fill | their_fill;
        if let Some(winner) = board.connected_winner() {
            let (proof, best) = if winner == mover {
                // Any move keeps the win; filling an own captured set at least makes progress.
                let best = own_fill
                    .first()
                    .or((empty - their_fill).first())
                    .or(empty.first());
                (own_fill, best)
            } else {
                (their_fill, None)
            };
            facts.terminal = Some(Terminal {
                mover_wins: winner == mover,
                proof,
                best,
            });
            return;
        }
        let (own_support, their_support) = (facts.winners_fill(true), facts.winners_fill(false));
        let own = (depth == Depth::Full).then_some(&conns[mover]);
        if let Some(terminal) =
            decided_by_connections(own, &conns[!mover], own_support, their_support)
        {
            facts.terminal = Some(terminal);
            return;
        }
        let open = board.empty_cells();
        let mut moves = cells.consider & open;
        let mut support = their_support;
        for (_, killers) in &cells.vulnerable {
            support |= *killers;
        }
        if let Some(region) = conns[!mover].must_play() {
            moves &= region;
            support |= must_play_support(&conns[!mover], region);
        }
        let splitters = match depth {
            Depth::Full => &[mover, !mover][..],
            Depth::Glance => &[!mover][..],
        };
        for &splitter in splitters {
            for (part, carrier) in settled_parts(board, &conns[splitter], splitter) {
                // Whoever plays in a part the splitter holds by a full connection wastes the
                // move: the splitter answers inside it, and the part touches nothing else.
                moves -= part;
                if splitter != mover {
                    support |= carrier;
                }
            }
        }
        facts.loss_support = support & empty;
        if moves.is_empty() {
            // Every move misses one of the opponent's threats or is no better than one that
            // does: a loss, on the strength of the support set.
            facts.terminal = Some(Terminal {
                mover_wins: false,
                proof: facts.loss_support,
                best: None,
            });
            return;
        }
        facts.children = match depth {
            Depth::Full if self.order_children => {
                let (children, score) = self.ordered(board, conns, moves);
                facts.mover_score = score;
                children
            }
            Depth::Full | Depth::Glance => moves.iter().collect(),
        };
    }

    /// `proof`, the empty cells `winner`'s strategy needs in `position`, less the cells that
    /// are dead or captured by the loser once the loser holds every empty cell outside it
    /// (a proof is a set the winner wins within even then: on that board the loser's
    /// fill-in changes no value, so the winner wins within what is left). Smaller proofs
    /// prune more siblings ([`super::SolverParams::proof_set_pruning`]). One round of the
    /// analysis, unfilled, so that every claim holds on that board as it stands; a board the
    /// round decides (its claims then lean on the winner's captured sets) keeps the proof.
    pub fn shrink_proof(&self, position: &Position, proof: CellSet, winner: Color) -> CellSet {
        let loser = !winner;
        let outside = position.empty_cells() - proof;
        if proof.is_empty() || outside.is_empty() {
            return proof;
        }
        let mut board = Position::new(*position.board());
        board.reset_to(
            ByColor::from_fn(|c| {
                if c == loser {
                    position.stones(c) | outside
                } else {
                    position.stones(c)
                }
            }),
            winner,
        );
        if board.connected_winner().is_some() {
            return proof;
        }
        let options = AnalysisOptions {
            fill_in: false,
            prune_dominated: false,
            prune_vulnerable: false,
            ..self.inferior
        };
        let cells = inferior::analyze_with(&board, winner, &options, &self.patterns);
        if cells
            .reasons
            .iter()
            .any(|(_, r)| matches!(r, inferior::InferiorReason::Decided))
        {
            return proof;
        }
        proof - cells.dead - cells.captured[loser]
    }

    /// `moves`, the hottest cells of the circuit evaluation first (ties in point order), and
    /// the evaluation's score for the mover in thousandths (none for a lone move, which
    /// needs no evaluation; clamped, as a connected side's score is infinite).
    fn ordered(
        &self,
        board: &Position,
        conns: &ByColor<Connections>,
        moves: CellSet,
    ) -> (Vec<Point>, Option<i32>) {
        if moves.len() == 1 {
            return (moves.iter().collect(), None);
        }
        let evaluation = evaluate(
            board,
            &self.circuit,
            ByColor::new(Some(&conns.black), Some(&conns.white)),
            true,
        );
        let mut scored: Vec<(Point, f64)> = moves.iter().map(|p| (p, evaluation.heat(p))).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let score = evaluation.score_for(board.to_move()).clamp(-1.0e6, 1.0e6);
        (
            scored.into_iter().map(|(p, _)| p).collect(),
            Some(libm::round(score * 1000.0) as i32),
        )
    }
}

/// The cells of a few of `threats`' edge-to-edge semi-connections whose carriers meet in
/// exactly `region` (the must-play region): a move outside `region` misses one of them.
/// Smallest carriers first, each taken only if it narrows the intersection.
fn must_play_support(threats: &Connections, region: CellSet) -> CellSet {
    let mut common: Option<CellSet> = None;
    let mut union = CellSet::EMPTY;
    for id in threats.edge_semis() {
        let carrier = threats.get(id).carrier;
        let narrowed = common.map_or(carrier, |c| c & carrier);
        if common != Some(narrowed) {
            common = Some(narrowed);
            union |= carrier;
            if narrowed == region {
                break;
            }
        }
    }
    union
}

/// The parts of a decomposition by a `splitter` group ([`inferior::decompose`]) in which the
/// splitter holds a full connection from the group to its own edge inside the part, with
/// that connection's carrier. Such a part is settled: the rest of the game does not touch
/// it, and the splitter answers any move there inside it.
fn settled_parts(
    board: &Position,
    conns: &Connections,
    splitter: Color,
) -> Vec<(CellSet, CellSet)> {
    let mut settled = Vec::new();
    let Some(decomposition) = inferior::decompose(board, splitter) else {
        return settled;
    };
    let Some(group) = decomposition.group.iter().find(|p| p.is_cell()) else {
        return settled;
    };
    let (e1, e2) = Edge::of(splitter);
    for part in decomposition.parts {
        let held = [e1, e2].into_iter().find_map(|edge| {
            conns
                .full_between(group, edge.point())
                .map(|id| conns.get(id).carrier)
                .find(|carrier| carrier.is_subset(&part))
        });
        if let Some(carrier) = held {
            settled.push((part, carrier));
        }
    }
    settled
}

/// The outcome H-search proves for the mover, if any, with its proof, from the mover's
/// connections `own` (when known) and the opponent's `theirs`.
fn decided_by_connections(
    own: Option<&Connections>,
    theirs: &Connections,
    own_fill: CellSet,
    their_fill: CellSet,
) -> Option<Terminal> {
    if let Some(own) = own {
        if let Some(terminal) = won_by_connections(own, own_fill) {
            return Some(terminal);
        }
    }
    if let Some(carrier) = theirs.winning_carrier() {
        return Some(Terminal {
            mover_wins: false,
            proof: carrier | their_fill,
            best: None,
        });
    }
    None
}

/// The mover's win H-search proves with `own`, its connections, if any.
fn won_by_connections(own: &Connections, own_fill: CellSet) -> Option<Terminal> {
    if let Some(carrier) = own.winning_carrier() {
        // Any move keeps a full connection; a carrier cell at least makes progress.
        return Some(Terminal {
            mover_wins: true,
            proof: carrier | own_fill,
            best: carrier.first(),
        });
    }
    let id = own.edge_semis().next()?;
    let semi = own.get(id);
    Some(Terminal {
        mover_wins: true,
        proof: semi.carrier | own_fill,
        best: semi.key,
    })
}
