//! Inferior cells of a Hex position (Björnsson, Hayward, Johanson, van Rijswijck; Steane):
//! cells whose colour cannot matter (*dead*), sets a player owns whoever moves first
//! (*captured*, filled in), moves no better than another (*dominated*), and moves the
//! opponent can kill with an answer (*vulnerable*), each with the reason it was found.
//!
//! [`analyze`] runs these recognisers, repeatedly, until filling in what they find reveals
//! nothing new:
//! - the generated, proven pattern library ([`local`], `library.txt`), matched at every cell
//!   in every symmetry of the grid ([`matcher`]), with edges counting as stones of their
//!   owner, and dead regions ([`regions`]);
//! - both players' reduced graphs read straight from the stones ([`reduced`]): simplicial
//!   cells and pairs that support or threaten each other, which see whole groups where a
//!   pattern sees single stones (a few microseconds: the solver's set has them);
//! - the generic graph recognisers ([`crate::shannon`]) on the same graphs: clique cutsets,
//!   dead edges, Steane's theorem 10 sets of pairs, support and threat as domination.
//!
//! ```
//! use ohm_engine::{diagram, inferior, Color, Point};
//!
//! // c1 touches the north edge twice and Black's b1 and d1: four black neighbours in a row.
//! let position = diagram::parse(
//!     ". B . B .
//!       . . . . .
//!        . . W . .
//!         . . . . .
//!          . . . . .",
//! )
//! .unwrap();
//! let cells = inferior::analyze(&position, Color::White);
//! let c1 = Point::parse("c1").unwrap();
//! assert!(cells.dead.contains(c1));
//! assert!(!cells.consider.contains(c1));
//! assert!(inferior::hexgui_format(&cells).contains("c1 fd"));
//! ```

pub mod explain;
pub mod local;
pub mod matcher;
pub mod pattern;
pub mod reduced;
pub mod regions;
pub mod subgames;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::cellset::CellSet;
use crate::color::{ByColor, Color};
use crate::point::Point;
use crate::position::Position;
use crate::shannon::dead::{find_dead, DeadVertexReason};
use crate::shannon::pair_sets::{pair_sets, PairSetKind};
use crate::shannon::relations::{degree_three_lost_sets, Relations};
use crate::shannon::{ShannonGraph, Vertex, VertexSet};

pub use local::Claim;
pub use matcher::{Library, LibraryMatch};
pub use pattern::{PatternKind, PatternMatch, PatternSet};
pub use regions::{dead_regions, decompose, Decomposition};

/// Why a cell was classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InferiorReason {
    /// A local pattern (by name; `colours_exchanged` if it matched with the colours swapped).
    Pattern {
        name: String,
        colours_exchanged: bool,
    },
    /// A dead-vertex recogniser on this player's reduced graph.
    DeadInGraph {
        graph: Color,
        reason: DeadVertexReason,
    },
    /// Two vertices that support each other in `graph` (captured by that player), or a set
    /// of such dominated pairs that Steane's theorem 10 captures.
    MutualSupport { graph: Color },
    /// Two vertices that threaten each other in `graph` (captured by the other player), or a
    /// set of such dominated pairs that Steane's theorem 10 loses.
    MutualThreat { graph: Color },
    /// Steane's theorem 9 in `graph` (captured by the other player).
    DegreeThreeThreat { graph: Color },
    /// A pattern of the generated library ([`matcher`]): `claim` for `colour`, with the
    /// partner cell (the other captured cell, the dominator or the killer; the cell itself for
    /// a dead one).
    Local {
        claim: Claim,
        colour: Color,
        partner: Point,
    },
    /// `graph`'s player playing the dominator makes this cell's colour irrelevant
    /// (support or threat, Steane's theorem 6).
    SupportOrThreat { graph: Color },
    /// The game is decided once the fill-in is done: nothing else matters.
    Decided,
    /// A region of empty cells that touches at most one group of some colour
    /// ([`regions::dead_regions`]).
    DeadRegion,
    /// The cell is dead once `mover` plays `cell`: dominated by that move if `mover` is the
    /// player to move, vulnerable to it otherwise.
    DeadAfterMove { mover: Color, cell: Point },
    /// The local game of the small `region` ([`subgames`]) played in `graph`'s reduced graph
    /// proves the claim (captured, dominated or vulnerable).
    LocalGame { region: CellSet, graph: Color },
}

/// Which recognisers [`analyze_with`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Match the local patterns: the generated, proven library (`library.txt`), and the
    /// pattern set passed to [`analyze_with`] (the library proves all of Figure 8's file, so
    /// [`analyze`] passes none).
    pub patterns: bool,
    /// Run the graph recognisers (dead vertices, support and threat).
    pub graph: bool,
    /// Read both players' reduced graphs straight from the stones ([`reduced`]): simplicial
    /// cells (dead) and pairs that support or threaten each other (captured). A few
    /// microseconds: part of the solver's set.
    pub reduced: bool,
    /// Solve the local game of every connected region of up to this many empty cells in both
    /// reduced graphs ([`subgames`]; 0: none): larger captured sets, and moves dominated or
    /// vulnerable within a region. Costly (`ohm bench inferior`): only in [`Self::DEEP`].
    pub subgames: u8,
    /// Fill in dead and captured cells and repeat until nothing new is found.
    pub fill_in: bool,
    /// Leave dominated moves out of [`InferiorCells::consider`].
    pub prune_dominated: bool,
    /// Leave vulnerable moves out of [`InferiorCells::consider`].
    pub prune_vulnerable: bool,
    /// The colour the fill-in gives dead cells (any colour would do); `None`: the player not
    /// to move. The solver fixes one, so that a position's filled board holds its parent's
    /// and its connections come from the parent's by an update (see
    /// [`crate::solver::SolverParams::inferior`]).
    pub dead_to: Option<Color>,
    /// Fill-in rounds run the patterns and dead regions alone while they find something,
    /// and the graph-based recognisers (reduced graphs, graph recognisers, local games) only
    /// once they find nothing: the same kind of fixed point (no recogniser finds anything in
    /// the last round), reached with fewer graph builds, though where claims overlap the
    /// order may give a cell another reason or a captured set another shape than
    /// round-by-round. Off: every round runs everything.
    pub patterns_first: bool,
}

impl AnalysisOptions {
    /// Everything: the patterns, the graph recognisers, fill-in and pruning.
    pub const FULL: AnalysisOptions = AnalysisOptions {
        patterns: true,
        graph: true,
        reduced: true,
        subgames: 0,
        fill_in: true,
        prune_dominated: true,
        prune_vulnerable: true,
        dead_to: None,
        patterns_first: false,
    };

    /// For a solver at every node: the library and the reduced graphs' simplicial cells and
    /// mutual pairs, without the generic graph recognisers (they cost nearly all of the time
    /// and, measured on the 6x6 openings, cut no solver node that the mutual pairs do not;
    /// `ohm bench inferior`).
    pub const SOLVER: AnalysisOptions = AnalysisOptions {
        graph: false,
        ..AnalysisOptions::FULL
    };

    /// [`Self::FULL`] and the local games of every region of up to five cells
    /// ([`subgames`]): what the app, `compute-inferior` and Berge's puzzles use; about ten
    /// times [`Self::FULL`]'s time on 11x11 midgames.
    pub const DEEP: AnalysisOptions = AnalysisOptions {
        subgames: 5,
        ..AnalysisOptions::FULL
    };

    /// Nothing at all: every empty cell is considered.
    pub const NONE: AnalysisOptions = AnalysisOptions {
        patterns: false,
        graph: false,
        reduced: false,
        subgames: 0,
        fill_in: false,
        prune_dominated: false,
        prune_vulnerable: false,
        dead_to: None,
        patterns_first: false,
    };
}

impl Default for AnalysisOptions {
    fn default() -> AnalysisOptions {
        AnalysisOptions::FULL
    }
}

/// The result of [`analyze`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InferiorCells {
    /// The player the move set is for.
    pub to_move: Color,
    /// Cells dead in the given position: no completion's winner depends on their colour.
    pub dead: CellSet,
    /// Cells dead only once captured sets are filled in.
    pub dead_after_fill: CellSet,
    /// Captured cells per owner (filled in with the owner's stones).
    pub captured: ByColor<CellSet>,
    /// The whole fill-in, per colour: captured cells and dead cells (dead cells are given to
    /// [`AnalysisOptions::dead_to`], by default the player not to move; any colour would do).
    pub fill: ByColor<CellSet>,
    /// For `to_move`: a cell and the moves at least as good as it.
    pub dominated: Vec<(Point, CellSet)>,
    /// For `to_move`: a cell and the opponent's answers that would kill a stone there.
    pub vulnerable: Vec<(Point, CellSet)>,
    /// For `to_move`: a cell and the opponent's answers that would reverse a stone there
    /// (Henderson and Hayward's captured-reversible moves: the answer captures cells around
    /// the stone, after which it is worth no more than the opponent's own stone). Shown, not
    /// pruned: pruning them needs the reverser's move to stay available, which the rule of
    /// [`prune`] does not track.
    pub reversible: Vec<(Point, CellSet)>,
    /// The reason of each classification (a cell may have several).
    pub reasons: Vec<(Point, InferiorReason)>,
    /// Moves worth considering for `to_move`: the empty cells after fill-in, without the
    /// pruned dominated and vulnerable ones. Contains a winning move whenever one exists.
    pub consider: CellSet,
}

impl InferiorCells {
    /// The stones after fill-in.
    #[must_use]
    pub fn filled_stones(&self, position: &Position) -> ByColor<CellSet> {
        ByColor {
            black: position.stones(Color::Black) | self.fill.black,
            white: position.stones(Color::White) | self.fill.white,
        }
    }

    /// `position` with the fill-in's stones added (same side to move, no history).
    #[must_use]
    pub fn filled_position(&self, position: &Position) -> Position {
        let mut out = Position::new(*position.board());
        out.reset_to(self.filled_stones(position), position.to_move());
        out
    }

    /// The reasons recorded for `cell`.
    pub fn reasons_for(&self, cell: Point) -> impl Iterator<Item = &InferiorReason> + '_ {
        self.reasons
            .iter()
            .filter(move |(p, _)| *p == cell)
            .map(|(_, r)| r)
    }
}

/// [`analyze_with`] with all recognisers, the local games of small regions
/// ([`AnalysisOptions::DEEP`]) and the generated library (no extra pattern set).
#[must_use]
pub fn analyze(position: &Position, to_move: Color) -> InferiorCells {
    analyze_with(
        position,
        to_move,
        &AnalysisOptions::DEEP,
        &PatternSet::empty(),
    )
}

fn point_of(v: Vertex) -> Option<Point> {
    Point::from_index(v as usize).filter(|p| p.is_cell())
}

fn cells_of(set: VertexSet) -> CellSet {
    set.iter().filter_map(point_of).collect()
}

fn scratch_position(position: &Position, stones: ByColor<CellSet>, to_move: Color) -> Position {
    let mut scratch = Position::new(*position.board());
    scratch.reset_to(stones, to_move);
    scratch
}

/// Inferior-cell analysis of `position` for `to_move`.
///
/// Fill-in first, to a fixpoint: dead cells (given to the player not to move), captured sets
/// (disjoint, each filled with its owner). Then, on the filled position, the moves worth
/// considering for `to_move` ([`InferiorCells::consider`]), pruned by a rule that keeps a
/// winning move whenever one exists (see [`prune`]).
#[must_use]
pub fn analyze_with(
    position: &Position,
    to_move: Color,
    options: &AnalysisOptions,
    patterns: &PatternSet,
) -> InferiorCells {
    let board = *position.board();
    let library = Library::builtin();
    let mut stones = ByColor {
        black: position.stones(Color::Black),
        white: position.stones(Color::White),
    };
    let mut out = InferiorCells {
        to_move,
        dead: CellSet::EMPTY,
        dead_after_fill: CellSet::EMPTY,
        captured: ByColor::default(),
        fill: ByColor::default(),
        dominated: Vec::new(),
        vulnerable: Vec::new(),
        reversible: Vec::new(),
        reasons: Vec::new(),
        consider: CellSet::EMPTY,
    };
    let mut captures_filled = false;
    let dead_colour = options.dead_to.unwrap_or(!to_move);
    let mut local: Vec<LibraryMatch> = Vec::new();
    // The cells filled by the last round (`None` before the first): only the anchors whose
    // windows hold one are matched again, the others' matches stay as they were.
    let mut filled_last: Option<CellSet> = None;
    // With `patterns_first`: whether this round runs the patterns and regions alone.
    let mut patterns_only = options.patterns_first && options.fill_in && options.patterns;
    // The position with the fill-in so far: each round's fill goes onto it.
    let mut scratch = scratch_position(position, stones, to_move);
    loop {
        if scratch.connected_winner().is_some() {
            break;
        }
        let empty = scratch.empty_cells();
        if options.patterns {
            match filled_last {
                None => {
                    local.clear();
                    library.for_each_match(&board, &stones, |m| local.push(m));
                }
                Some(changed) => {
                    let zone = matcher::window_reach(&board, changed);
                    local.retain(|m| !zone.contains(m.cell));
                    library.for_each_match_at(&board, &stones, zone, |m| local.push(m));
                    // Two runs in point order over disjoint anchors: a stable sort (a merge
                    // of the two runs) gives what matching every anchor gives.
                    local.sort_by_key(|m| m.cell);
                }
            }
        }
        let slow = !patterns_only;
        let graphs = (slow && options.graph).then(|| ByColor {
            black: ShannonGraph::from_position(&scratch, Color::Black),
            white: ShannonGraph::from_position(&scratch, Color::White),
        });
        let reduced = (slow && (options.reduced || options.subgames > 0))
            .then(|| ByColor::from_fn(|c| reduced::ReducedGraph::new(&board, &stones, c)));
        let matches = if options.patterns {
            patterns.find_matches(&board, &stones)
        } else {
            Vec::new()
        };

        // Dead cells.
        let mut dead = CellSet::EMPTY;
        for m in local.iter().filter(|m| m.claim == Claim::Dead) {
            if !dead.contains(m.cell) {
                dead.insert(m.cell);
                out.reasons.push((m.cell, local_reason(m)));
            }
        }
        if options.patterns {
            for p in regions::dead_regions(&scratch) - dead {
                dead.insert(p);
                out.reasons.push((p, InferiorReason::DeadRegion));
            }
        }
        if let Some(reduced) = reduced.as_ref().filter(|_| options.reduced) {
            for colour in Color::ALL {
                for p in reduced[colour].simplicial() - dead {
                    dead.insert(p);
                    out.reasons.push((
                        p,
                        InferiorReason::DeadInGraph {
                            graph: colour,
                            reason: DeadVertexReason::Simplicial,
                        },
                    ));
                }
            }
        }
        if let Some(graphs) = &graphs {
            for colour in Color::ALL {
                for d in find_dead(&graphs[colour]).dead {
                    if let Some(p) = point_of(d.vertex).filter(|p| empty.contains(*p)) {
                        if !dead.contains(p) {
                            dead.insert(p);
                            out.reasons.push((
                                p,
                                InferiorReason::DeadInGraph {
                                    graph: colour,
                                    reason: d.reason,
                                },
                            ));
                        }
                    }
                }
            }
        }
        for m in matches.iter().filter(|m| m.kind == PatternKind::Dead) {
            for p in m.marked - dead {
                dead.insert(p);
                out.reasons.push((p, pattern_reason(m)));
            }
        }

        // Captured sets: disjoint from each other and from the dead cells.
        let mut taken = dead;
        let mut captured = ByColor::<CellSet>::default();
        let mut take = |set: CellSet, owner: Color, reason: &dyn Fn() -> InferiorReason| {
            if set.is_empty() || !set.is_subset(&empty) || set.intersects(&taken) {
                return;
            }
            taken |= set;
            captured[owner] |= set;
            for p in set {
                out.reasons.push((p, reason()));
            }
        };
        for m in local.iter().filter(|m| m.claim == Claim::Captured) {
            take(CellSet::single(m.cell).with(m.partner), m.colour, &|| {
                local_reason(m)
            });
        }
        for m in &matches {
            if let PatternKind::Captured(owner) = m.kind {
                take(m.marked, owner, &|| pattern_reason(m));
            }
        }
        if let Some(reduced) = reduced.as_ref().filter(|_| options.reduced) {
            for colour in Color::ALL {
                let pairs = reduced[colour].mutual_pairs();
                for (a, b) in pairs.captured {
                    take(CellSet::single(a).with(b), colour, &|| {
                        InferiorReason::MutualSupport { graph: colour }
                    });
                }
                for (a, b) in pairs.lost {
                    take(CellSet::single(a).with(b), !colour, &|| {
                        InferiorReason::MutualThreat { graph: colour }
                    });
                }
            }
        }
        if let Some(graphs) = &graphs {
            for colour in Color::ALL {
                let relations = Relations::compute(&graphs[colour]);
                for (a, b) in relations.captured_pairs() {
                    take(cells_of(VertexSet::single(a).with(b)), colour, &|| {
                        InferiorReason::MutualSupport { graph: colour }
                    });
                }
                for (a, b) in relations.lost_pairs() {
                    take(cells_of(VertexSet::single(a).with(b)), !colour, &|| {
                        InferiorReason::MutualThreat { graph: colour }
                    });
                }
                // Theorem 10 sets, after the pairs: a set overlapping a pair already taken
                // is skipped.
                for set in pair_sets(&graphs[colour], &relations) {
                    let (owner, reason) = match set.kind {
                        PairSetKind::Captured => {
                            (colour, InferiorReason::MutualSupport { graph: colour })
                        }
                        PairSetKind::Lost => {
                            (!colour, InferiorReason::MutualThreat { graph: colour })
                        }
                    };
                    take(cells_of(set.vertices()), owner, &|| reason.clone());
                }
                for set in degree_three_lost_sets(&graphs[colour]) {
                    take(cells_of(set), !colour, &|| {
                        InferiorReason::DegreeThreeThreat { graph: colour }
                    });
                }
            }
        }

        if let Some(reduced) = reduced.as_ref().filter(|_| options.subgames > 0) {
            let claims = subgames::region_claims(
                &board,
                reduced,
                empty - dead,
                usize::from(options.subgames),
                subgames::Wanted::Captured,
            );
            for (proof, owner) in claims.captured {
                take(proof.region, owner, &|| InferiorReason::LocalGame {
                    region: proof.region,
                    graph: proof.graph,
                });
            }
        }

        if captures_filled {
            out.dead_after_fill |= dead;
        } else {
            out.dead |= dead;
        }
        let found_captures = !(captured.black.is_empty() && captured.white.is_empty());
        if dead.is_empty() && !found_captures {
            if patterns_only {
                // The patterns have settled: the next round runs everything once more.
                patterns_only = false;
                filled_last = Some(CellSet::EMPTY);
                continue;
            }
            break;
        }
        patterns_only = options.patterns_first && options.patterns;
        for colour in Color::ALL {
            out.captured[colour] |= captured[colour];
            out.fill[colour] |= captured[colour];
            stones[colour] |= captured[colour];
        }
        out.fill[dead_colour] |= dead;
        stones[dead_colour] |= dead;
        for colour in Color::ALL {
            for p in captured[colour] {
                scratch.place_unchecked(colour, p);
            }
        }
        for p in dead {
            scratch.place_unchecked(dead_colour, p);
        }
        filled_last = Some(dead | captured.black | captured.white);
        captures_filled |= found_captures;
        if !options.fill_in {
            break;
        }
    }

    let filled = scratch;
    debug_assert_eq!(filled.stones(Color::Black), stones.black);
    debug_assert_eq!(filled.stones(Color::White), stones.white);
    let empty = filled.empty_cells();
    if filled.connected_winner().is_some() {
        // Decided by the fill-in: every remaining cell is dead, and every move is as good as
        // any other (the winner keeps winning whoever moves).
        for p in empty {
            out.reasons.push((p, InferiorReason::Decided));
        }
        if captures_filled {
            out.dead_after_fill |= empty;
        } else {
            out.dead |= empty;
        }
        out.consider = if empty.is_empty() {
            position.empty_cells()
        } else {
            empty
        };
        return out;
    }

    // Domination and vulnerability for the player to move, on the filled position (the last
    // round found nothing new, so its matches describe it, unless fill-in was switched off).
    if !options.fill_in {
        local.clear();
        if options.patterns {
            library.for_each_match(&board, &stones, |m| local.push(m));
        }
    }
    let mut dominators: Vec<(Point, Point, InferiorReason)> = Vec::new();
    let mut killers: Vec<(Point, Point, InferiorReason)> = Vec::new();
    let mut reversers: Vec<(Point, Point, InferiorReason)> = local
        .iter()
        .filter(|m| m.claim == Claim::Reversible && m.colour == to_move)
        .map(|m| (m.cell, m.partner, local_reason(m)))
        .collect();
    let mut relation =
        |cell: Point, other: Point, dominates: bool, reason: &dyn Fn() -> InferiorReason| {
            let reason = reason();
            if dominates {
                dominators.push((cell, other, reason));
            } else {
                killers.push((cell, other, reason));
            }
        };
    for m in &local {
        match m.claim {
            Claim::Dominated if m.colour == to_move => {
                relation(m.cell, m.partner, true, &|| local_reason(m));
            }
            Claim::Vulnerable if m.colour == to_move => {
                relation(m.cell, m.partner, false, &|| local_reason(m));
            }
            _ => {}
        }
    }
    if options.patterns {
        for m in patterns.find_matches(&board, &stones) {
            if let (PatternKind::Dominated(colour), Some(star)) = (m.kind, m.dominator) {
                for p in m.marked {
                    relation(p, star, colour == to_move, &|| pattern_reason(&m));
                }
            }
        }
    }
    if options.graph {
        for colour in Color::ALL {
            let relations = Relations::compute(&ShannonGraph::from_position(&filled, colour));
            // In its own graph to_move is Short: a support is a domination, a threat a kill.
            let (good, bad) = if colour == to_move {
                (&relations.supports, &relations.threats)
            } else {
                (&relations.threats, &relations.supports)
            };
            let reason = || InferiorReason::SupportOrThreat { graph: colour };
            for &(a, b) in good {
                if let (Some(a), Some(b)) = (point_of(a), point_of(b)) {
                    relation(b, a, true, &reason);
                }
            }
            for &(a, b) in bad {
                if let (Some(a), Some(b)) = (point_of(a), point_of(b)) {
                    relation(b, a, false, &reason);
                }
            }
        }
    }
    if options.graph && options.patterns {
        // One ply deeper (Benzene's "backup opponent dead"): a cell dead once the opponent
        // plays `k` is vulnerable to `k` (a dead cell stays dead as stones are added, so a
        // stone of ours there dies when `k` is played); a cell dead once we play `d` is
        // dominated by `d`.
        for (k, c, ours) in one_ply_dead(&filled, to_move, library) {
            let reason = || InferiorReason::DeadAfterMove {
                mover: if ours { to_move } else { !to_move },
                cell: k,
            };
            relation(c, k, ours, &reason);
        }
    }
    if options.subgames > 0 {
        let graphs = ByColor::from_fn(|c| reduced::ReducedGraph::new(&board, &stones, c));
        let claims = subgames::region_claims(
            &board,
            &graphs,
            empty,
            usize::from(options.subgames),
            subgames::Wanted::MovesFor(to_move),
        );
        let reason = |proof: &subgames::Proof| InferiorReason::LocalGame {
            region: proof.region,
            graph: proof.graph,
        };
        for (cell, dominator, _, proof) in &claims.dominated {
            relation(*cell, *dominator, true, &|| reason(proof));
        }
        for (cell, killer, _, proof) in &claims.vulnerable {
            relation(*cell, *killer, false, &|| reason(proof));
        }
    }
    out.dominated = group_by_cell(&dominators, empty);
    out.vulnerable = group_by_cell(&killers, empty);
    // A reversible cell that is also dominated or vulnerable is said as the stronger claim.
    reversers.retain(|(p, _, _)| {
        !out.dominated
            .iter()
            .chain(&out.vulnerable)
            .any(|(q, _)| q == p)
    });
    out.reversible = group_by_cell(&reversers, empty);
    for (p, _, reason) in dominators.iter().chain(&killers).chain(&reversers) {
        if empty.contains(*p) && !out.reasons.iter().any(|(q, r)| q == p && r == reason) {
            out.reasons.push((*p, reason.clone()));
        }
    }
    out.consider = if options.fill_in {
        prune(
            empty,
            if options.prune_dominated {
                &out.dominated
            } else {
                &[]
            },
            if options.prune_vulnerable {
                &out.vulnerable
            } else {
                &[]
            },
        )
    } else {
        // Without fill-in only what was found in the position itself is final.
        let rest = position.empty_cells() - out.dead - out.captured.black - out.captured.white;
        if rest.is_empty() {
            position.empty_cells()
        } else {
            rest
        }
    };
    out
}

/// The moves worth considering among `empty` (the empty cells after fill-in) for the player
/// `X` to move, given for some cells the moves that dominate them (`X` there is at least as
/// good) and the opponent's answers that kill them (`X`'s stone there dies when `Y` answers).
/// If `X` has a winning move, one is kept:
///
/// 1. Vulnerable cells `V` are pruned, each with one chosen killer, only while some empty cell
///    outside `V` is not a chosen killer. *Why:* if `X` wins only with moves in `V`, take one,
///    `c`, with killer `k`: `X` still wins after `Y` answers `k`, and as `X`'s stone on `c` is
///    then dead, `X` wins `P + Y{c, k}` moving first. A move winning there also wins in `P`
///    (it has fewer `Y` stones). Repeat from `P + Y{c, k}` (cells stay vulnerable as stones
///    are added: a dead cell stays dead). Each step removes two empty cells, so the chain ends,
///    either at a winning move outside `V`, or at a move `m ∈ V` whose killer is already a `Y`
///    stone: then `X` wins even after passing, so every empty cell wins, and the cell outside
///    `V` that is nobody's chosen killer is still empty. Either way a kept cell wins.
/// 2. Dominated cells outside `V` are pruned in order, each only while one of its dominators
///    outside `V` is still kept: a pruned cell's dominator is either kept or pruned later, so
///    a chain of "at least as good" moves from every pruned cell ends at a kept one.
///
/// A cell that is both is treated as vulnerable. The rule holds however the relations chain,
/// cycle or point at each other: it never relies on a pruned cell's witness being kept except
/// through the two guarantees above.
pub fn prune(
    empty: CellSet,
    dominated: &[(Point, CellSet)],
    vulnerable: &[(Point, CellSet)],
) -> CellSet {
    let mut pruned_vulnerable = CellSet::EMPTY;
    let mut chosen_killers = CellSet::EMPTY;
    for (cell, killers) in vulnerable {
        if !empty.contains(*cell) {
            continue;
        }
        let killers = *killers & empty;
        // Prefer a killer that is already pruned or already chosen: it costs the guard nothing.
        let Some(killer) = (killers & (pruned_vulnerable | chosen_killers))
            .first()
            .or_else(|| killers.first())
        else {
            continue;
        };
        let v = pruned_vulnerable.with(*cell);
        let k = chosen_killers.with(killer);
        if !(empty - v - k).is_empty() {
            pruned_vulnerable = v;
            chosen_killers = k;
        }
    }
    let mut consider = empty - pruned_vulnerable;
    for (cell, by) in dominated {
        if consider.contains(*cell) && (*by - *cell).intersects(&consider) {
            consider.remove(*cell);
        }
    }
    consider
}

/// For each empty cell `k` and each colour: the cells that the library's dead patterns and
/// the dead regions declare dead once `k` is played. Yields `(k, dead cell, k played by
/// to_move)`.
fn one_ply_dead(filled: &Position, to_move: Color, library: &Library) -> Vec<(Point, Point, bool)> {
    let board = *filled.board();
    let empty = filled.empty_cells();
    let mut out = Vec::new();
    let mut child = Position::new(board);
    for k in empty {
        for mover in Color::ALL {
            let mut stones = ByColor {
                black: filled.stones(Color::Black),
                white: filled.stones(Color::White),
            };
            stones[mover].insert(k);
            child.reset_to(stones, !mover);
            if child.connected_winner().is_some() {
                continue;
            }
            let mut dead = regions::dead_regions(&child);
            library.for_each_match(&board, &stones, |m| {
                if m.claim == Claim::Dead {
                    dead.insert(m.cell);
                }
            });
            for c in dead {
                out.push((k, c, mover == to_move));
            }
        }
    }
    out
}

/// A generated-library reason in words a learner reads, naming the partner cell.
#[must_use]
pub fn local_reason_text(claim: Claim, colour: Color, partner: Point) -> String {
    let (x, y) = (colour.title(), (!colour).title());
    match claim {
        Claim::Dead => "dead: no winning path can use it (the stones around it already \
            decide every connection through it)"
            .into(),
        Claim::Captured => format!(
            "captured by {x} with {partner}: {x} can answer any {y} move here or at {partner} \
             by taking the other, and the {y} stone is then dead"
        ),
        Claim::PermanentlyInferior => format!(
            "permanently inferior for {x}: a {y} stone here dies when {x} answers {partner}"
        ),
        Claim::Dominated => {
            format!("dominated: {x} playing {partner} is at least as good as playing here")
        }
        Claim::Vulnerable => format!(
            "vulnerable: if {x} plays here, {y} answers {partner} and the {x} stone is dead"
        ),
        Claim::Reversible => format!(
            "reversible: if {x} plays here, {y} answers {partner} and captures the cells that \
             leave the {x} stone worth no more than a {y} stone"
        ),
    }
}

fn local_reason(m: &LibraryMatch) -> InferiorReason {
    InferiorReason::Local {
        claim: m.claim,
        colour: m.colour,
        partner: m.partner,
    }
}

fn pattern_reason(m: &PatternMatch) -> InferiorReason {
    InferiorReason::Pattern {
        name: m.name.clone(),
        colours_exchanged: m.colours_exchanged,
    }
}

fn group_by_cell(
    pairs: &[(Point, Point, InferiorReason)],
    empty: CellSet,
) -> Vec<(Point, CellSet)> {
    let mut out: Vec<(Point, CellSet)> = Vec::new();
    for &(cell, other, _) in pairs {
        if cell == other || !empty.contains(cell) || !empty.contains(other) {
            continue;
        }
        match out.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, set)) => set.insert(other),
            None => out.push((cell, CellSet::single(other))),
        }
    }
    out.sort_unstable_by_key(|(c, _)| *c);
    out
}

/// The analysis in HexGui's `cell code` pairs: `fdb`/`fdw` a dead cell filled with
/// Black/White, `fcb`/`fcw` a captured cell, `id[c1,d2]` a cell dominated by those cells,
/// `iv[e3]` a cell vulnerable to those answers. Pairs are separated by spaces.
#[must_use]
pub fn hexgui_format(cells: &InferiorCells) -> String {
    let mut parts: Vec<String> = Vec::new();
    let letter = |c: Color| if c == Color::Black { 'b' } else { 'w' };
    for colour in Color::ALL {
        for p in (cells.dead | cells.dead_after_fill) & cells.fill[colour] {
            parts.push(format!("{p} fd{}", letter(colour)));
        }
        for p in cells.captured[colour] {
            parts.push(format!("{p} fc{}", letter(colour)));
        }
    }
    let list = |set: &CellSet| {
        set.iter()
            .map(|p| format!("{p}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    for (p, by) in &cells.dominated {
        parts.push(format!("{p} id[{}]", list(by)));
    }
    for (p, by) in &cells.vulnerable {
        // A cell gets one code: domination is the stronger statement for the player to move.
        if !cells.dominated.iter().any(|(q, _)| q == p) {
            parts.push(format!("{p} iv[{}]", list(by)));
        }
    }
    // Reversible cells are never dominated or vulnerable too (`analyze` keeps the stronger).
    for (p, by) in &cells.reversible {
        parts.push(format!("{p} ir[{}]", list(by)));
    }
    parts.join(" ")
}
