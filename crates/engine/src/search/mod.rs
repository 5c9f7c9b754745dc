//! Selective alpha-beta over the circuit evaluation (Hexy's search, Anshelevich 2002 §6).
//!
//! Read top to bottom:
//! - **iterative deepening**: depth 1, 2, … until the depth, node or time limit, a proof, or
//!   the caller's stop; each finished iteration is reported through [`Control::progress`];
//! - **negamax with principal variation search**: the first move gets the full window, the
//!   others a null window and a re-search when they beat it;
//! - **transposition table** keyed by [`Position::hash`], giving cut-offs and the first move
//!   to try;
//! - **move ordering by energy**: the cells that carry most of either player's current
//!   ([`Evaluation::heat`]) first; **selective width**: only the best `width` moves of a node
//!   are searched; **killer moves** (per ply), **countermoves** (per opponent's last move)
//!   and the **history**'s best cell (most cut-offs, weighted by depth), the moves that cut
//!   off nodes before, go first after the table's move, inside the width whatever their
//!   energy (options; level 6 plays with them, `docs/strength.md`);
//! - **H-search along the path** (the first `hsearch_plies` plies, updated incrementally):
//!   a side to move holding an edge-to-edge semi or full connection has won, one facing a full
//!   connection has lost, and one facing semi-connections must play in the intersection of
//!   their carriers (**must-play pruning**, sound: any other move leaves a semi-connection
//!   whose key wins);
//! - **leaves**: a connected player is a proven result; otherwise the circuit evaluation,
//!   `1000 · ln(R_opponent / R_own)` for the side to move, with virtual-connection links where
//!   H-search ran, plus the [`edge_prior`] (the circuit over-values the obtuse corners);
//!   Queenbee's two-distance can replace the circuit at the leaves ([`LeafEvaluation`]).
//!
//! **MTD(f)** can replace PVS at the root ([`SearchParams::mtdf`]). Measured at levels 4 and
//! 5's depth on 9x9 and 11x11 early positions it searched 8–60% more nodes and took longer
//! than PVS (the circuit's scores are fine-grained, so the null-window passes are many, and
//! each pass re-orders every node by energy, which the table does not keep): PVS stays.
//! **Aspiration windows** are an option ([`SearchParams::aspiration`]): level 6 with them
//! against itself without, 2 s a move, 22-18 on 9x9 and 20-20 on 11x11 (`docs/strength.md`,
//! AS1 and AS2): even, so off.
//!
//! **Proven results.** Scores beyond [`PROVEN`] are game-theoretic: a win found through
//! searched moves is proven whatever the width (one winning move suffices), but a loss is only
//! proven where every legal move was searched; a node whose width cut moves off and whose
//! searched moves all lose gets the unproven score `-(PROVEN - 1)` instead.
//!
//! The search never reads a clock: the caller's [`Control`] supplies the time, the stop flag
//! (polled every [`POLL_INTERVAL`] nodes) and receives progress.

mod ladder;
mod tt;

use alloc::vec;
use alloc::vec::Vec;

use crate::circuit::{best_reply, evaluate_after, CircuitParams, Evaluation};
use crate::connections::{Connections, HSearchLimits};
use crate::point::Point;
use crate::{Board, ByColor, CellSet, Color, Move, Position};
pub use ladder::{edge_block, ladder_pushes};
pub use tt::{Bound, TranspositionTable, TtEntry};

/// Score of a win on the spot (the winner's side): a win `n` plies from the root scores
/// `WIN - n` or a little less.
pub const WIN: i32 = 1_000_000;
/// Scores at or beyond this magnitude are proven results.
pub const PROVEN: i32 = WIN - 10_000;
/// Heuristic scores are clamped to this magnitude (E = ±100).
pub const MAX_HEURISTIC: i32 = 100_000;
/// Nodes between two polls of the clock and the stop flag: every node. A node costs 0.1 to
/// tens of milliseconds (a circuit solve, an H-search update under the level's work budget),
/// so polling less often would let a stop or a time limit wait for several of the slowest;
/// a poll (a clock reading) costs well under a microsecond natively and in the browser.
pub const POLL_INTERVAL: u64 = 1;

/// The caller's side of a search: time, stop requests and progress reports.
pub trait Control {
    /// Milliseconds on the caller's clock (any origin). Without a clock, time limits are off.
    fn now_ms(&mut self) -> f64 {
        0.0
    }
    /// Polled every [`POLL_INTERVAL`] nodes; `true` stops the search (the last finished
    /// iteration's move is returned).
    fn stop_requested(&mut self) -> bool {
        false
    }
    /// Called after every finished iteration.
    fn progress(&mut self, _report: &Progress) {}
}

/// No clock, no stop, no progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoControl;

impl Control for NoControl {}

/// A [`Control`] made of three closures: clock, stop flag, progress.
pub struct Callbacks<C, S, P> {
    pub clock: C,
    pub stop: S,
    pub progress: P,
}

impl<C, S, P> core::fmt::Debug for Callbacks<C, S, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Callbacks")
    }
}

impl<C, S, P> Control for Callbacks<C, S, P>
where
    C: FnMut() -> f64,
    S: FnMut() -> bool,
    P: FnMut(&Progress),
{
    fn now_ms(&mut self) -> f64 {
        (self.clock)()
    }
    fn stop_requested(&mut self) -> bool {
        (self.stop)()
    }
    fn progress(&mut self, report: &Progress) {
        (self.progress)(report);
    }
}

/// The knobs of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Deepest iteration, in plies.
    pub max_depth: u32,
    /// Moves searched per node, best first by energy (`u32::MAX`: every move).
    pub width: u32,
    /// Moves searched at the root (usually wider than inside the tree).
    pub root_width: u32,
    /// Stop after about this many nodes.
    pub max_nodes: u64,
    /// Stop after about this many milliseconds of the caller's clock (`None`: no time limit).
    pub time_ms: Option<f64>,
    pub circuit: CircuitParams,
    /// H-search limits; `None` runs no H-search (plain circuit, proofs only by connection).
    pub hsearch: Option<HSearchLimits>,
    /// H-search runs at the nodes of the first this many plies (root = ply 0); more than
    /// `max_depth` means at every node, the leaves and the extended plies included.
    pub hsearch_plies: u32,
    /// log2 of the transposition table's slots.
    pub tt_bits: u32,
    /// Search every root move with the full window, so that [`SearchResult::root_moves`]
    /// holds exact scores (for analysis and for the noisy choice of the beginner levels).
    pub exact_root: bool,
    /// Inferior-cell analysis ([`crate::inferior`]) prunes the moves of the nodes of the first
    /// this many plies to the cells worth considering (0: off). Sound for proofs: the
    /// considered set holds a winning move whenever one exists.
    pub inferior_plies: u32,
    /// The evaluation at the leaves (moves are ordered by the circuit's energy in every case).
    pub evaluation: LeafEvaluation,
    /// Leaf penalty, in the search's units, per stone on the outer ring of cells of an 11x11
    /// board (half of it on the second ring; scaled by `11 / size` on other boards), counted
    /// against the stone's owner: see [`edge_prior`].
    pub edge_penalty: i32,
    /// Each iteration's root by MTD(f) (null-window passes converging on the score) instead
    /// of principal variation search; ignored with [`SearchParams::exact_root`].
    pub mtdf: bool,
    /// Forced-move extension: a node whose side to move must answer the opponent's
    /// semi-connections inside at most this many cells (the must-play region, which needs
    /// H-search at the node) is searched one ply deeper than its depth asks, leaves included,
    /// so a forcing line is read to its end instead of being judged by the circuit in the
    /// middle of the fight (0: off). A path takes at most `max_depth` extensions.
    pub forced_extension: u32,
    /// Killer moves: the last two moves that cut off a node at the same ply are tried right
    /// after the table's move.
    pub killers: bool,
    /// Countermoves: the move that last cut off a node right after the opponent's move to
    /// the same cell (the answer to an intrusion, a bridge's save) is tried after the
    /// killers, whatever its rank by energy.
    pub countermoves: bool,
    /// History: the empty cell with the most cut-offs so far in this search (weighted by the
    /// depth left, per side to move) is tried after the countermove, whatever its energy.
    pub history: bool,
    /// Leaves keep their parent's connections instead of updating them (the opponent's
    /// through the leaf's stone left out): two H-search updates saved at every leaf, for
    /// connections the leaf's own stone would have added.
    pub lazy_leaves: bool,
    /// A leaf is first judged from its parent's connections (as with
    /// [`SearchParams::lazy_leaves`], the circuit alone), and that quick score stands when it
    /// falls this far or more outside the window; only the leaves near the window pay for
    /// their own two H-search updates (0: every leaf does). The only proofs a quick leaf
    /// gives are the lazy leaves' verdicts, sound from the parent's connections.
    pub lazy_margin: i32,
    /// An iteration starts only when the time left covers this share of its predicted cost
    /// (1: it must be predicted to finish; less: it may run out, its partial result counting).
    pub finish_margin: f64,
    /// The circuit judges each position after fill-in: the dead and captured cells the
    /// pattern library and the reduced graphs find ([`crate::inferior::AnalysisOptions::SOLVER`])
    /// are given to their owners first, so a captured cell counts as its owner's stone and a
    /// dead one carries no current (Wolve evaluates the filled-in board). Measured at level 6
    /// on 9x9, 1 s a move (`ohm match level:6,time=1000,fill=1 level:6,time=1000`): 17-23 in
    /// 40 games, the analysis at every evaluation costing more than it tells: off.
    pub fill_in: bool,
    /// Late move reductions (0: off): at a node with at least two plies left, the moves from
    /// this index on (counted from 0, the table's and the killers' moves included) are first
    /// searched one ply shallower with a null window, and only one that beats the best so far
    /// is searched again at the full depth. The root's moves from twice this index on, alike.
    pub late_reduction: u32,
    /// From the third iteration on, when the next iteration over the whole root is not
    /// predicted to finish in time (without a time limit: always), only this many root moves,
    /// the best of the iteration before, are searched again (0: all of them, up to
    /// [`SearchParams::root_width`]): an iteration costs several times the one before, and
    /// on 11x11 at 2 s a move level 6 finished depth 2 and then had no time for depth 3 over
    /// the whole root. Once narrowed, the root stays so.
    pub narrow_root: u32,
    /// When even [`SearchParams::narrow_root`] moves would not finish the next iteration, the
    /// most that would, down to this many (0: none; the iterations stop there): the time left
    /// after depth 3 on 11x11 goes to the best few moves one ply deeper. Measured at level 6
    /// on 11x11 at 2 s (`narrow_floor=3` in `ohm match`, match DE in `docs/strength.md`):
    /// 19-21, so the levels leave it off.
    pub narrow_floor: u32,
    /// Moves searched at the nodes one ply above the leaves (0: [`SearchParams::width`]):
    /// their children are leaves, each an H-search update and a circuit solve.
    pub frontier_width: u32,
    /// A move whose resulting position the table already answers for the window (a leaf's
    /// score, or an interior node searched deep enough) is scored from the table **before**
    /// it is played, saving the two H-search updates of playing it: transpositions (the same
    /// stones in another order) and the re-searches of principal variation search and
    /// MTD(f) meet the same leaves again. Leaves keep their scores in the table's leaf
    /// store ([`TranspositionTable::probe_leaf`]). Off with [`SearchParams::lazy_leaves`]
    /// and [`SearchParams::forced_extension`], whose leaves depend on the path.
    pub reuse_children: bool,
    /// At the nodes one ply above the leaves, the hottest twice the frontier's width of moves
    /// are ordered (and so chosen, the width of them) by a **probe** of each: the circuit of
    /// the position after it, judged with the node's own connections (those the move breaks
    /// left out, as for [`SearchParams::lazy_leaves`]) plus the edge prior, instead of by the
    /// node's heat: two circuit solves a probe, against an H-search update of both colours
    /// and the solves for each leaf searched, so the leaves searched are the ones the
    /// evaluation likes best among the hottest.
    pub frontier_probe: bool,
    /// Each leaf judged on its filled-in board, as Wolve evaluates: the dead and captured
    /// cells the pattern library and the reduced graphs find
    /// ([`crate::inferior::AnalysisOptions::SOLVER`]) given to their owners, both colours'
    /// H-search built afresh on that board (the tree's limits), and the circuit on it. Unlike
    /// [`SearchParams::fill_in`] the connections are the filled board's own (on the solved
    /// 9x9 file the static evaluation so built orders winning and losing moves with AUC 0.952
    /// against 0.941, `FILLED=1 examples/eval_quality`), at the price of two builds a leaf.
    pub filled_leaves: bool,
    /// The move comes from the deepest finished iteration of odd depth (3 or more) rather
    /// than from an even one after it, and an unfinished even iteration does not replace it:
    /// the circuit judges a leaf without the tempo of the side to move, so after the root
    /// player's own last move (odd depths) it errs one way and after the opponent's (even)
    /// the other, and the scores of successive iterations swing (about ±0.5 in `E` on an
    /// opening 9x9 board). Proven results count at any depth.
    pub odd_depths: bool,
    /// Iterative deepening over depths 1, 2, 4, 6, ... (Wolve's 1, 2, 4): the odd depths
    /// from 3 on are skipped, so the move comes from an even depth (the opponent's reply
    /// last, the circuit's tempo error the same way at every iteration) and the time the
    /// odd iteration would take goes to the next even one, whose unfinished part counts as
    /// any unfinished iteration's does. Level 6 with it against itself, 2 s a move: 76-52
    /// on 9x9 (128 games, +66 Elo), 20-20 on 11x11 (40 games), where depth 3 seldom
    /// finishes over the whole root: levels 5 and 6 take it up to 9x9
    /// ([`crate::player::Level::small_board_even_depths`]). Not for a search of less than
    /// [`EVEN_DEPTHS_MIN_MS`].
    pub even_depths: bool,
    /// Aspiration windows: from depth 3 the root's pass first gets the window of this
    /// half-width around the score of the iteration two plies shallower (the same side
    /// moved last, so the circuit's tempo swing between successive depths does not push
    /// the score out), and the whole window again when the score falls outside (0: off).
    pub aspiration: i32,
    /// The tree is searched on filled-in boards, as Wolve's is: after every move where the
    /// tree runs H-search, the dead and captured cells the library and the reduced graphs
    /// find ([`crate::inferior::AnalysisOptions::SOLVER`]) are given to their owners and both
    /// colours' connections are brought up to them (an update per stone for up to
    /// [`FILL_STEPWISE`] stones, one renewal from scratch for more: stone by stone the tree
    /// was seven times slower on the solved 9x9 file); fill-in keeps the value, so the
    /// connections' verdicts stay proofs, and the circuit judges the filled board. Measured
    /// at level 6, 2 s a move: 17-23 on 9x9 and 13-27 on 11x11 (KD, KE in `docs/strength.md`):
    /// off.
    pub fill_path: bool,
    /// A leaf where the root's opponent is to move (an odd ply: the root's player moved
    /// last) is scored as that opponent's best of his this-many hottest replies (inside the
    /// must-play region when the root's player threatens), each judged by the circuit with
    /// the leaf's own connections less those the reply breaks: a ply past the leaf that costs
    /// circuit solves and no H-search, so that an odd-depth search ends on the opponent's
    /// answer as an even one does (the circuit ignores the tempo; 0: off). Measured at level
    /// 6 with 8 replies, 2 s a move, 11x11: 18-22 against level 6 (RP11 in
    /// `docs/strength.md`): off.
    pub reply_leaves: u32,
    /// A leaf whose last move threatens to join its group to its owner's edge through one
    /// empty cell (a ladder's push, [`edge_block`]) is scored as the better, for the side to
    /// move, of the circuit's score and the score after the block on that cell, with the
    /// block's own H-search update: the circuit, blind to the tempo, counts the open cell as a
    /// path and over-values the push by about a unit of `E` (see [`ladder`]). Measured at
    /// level 6, 2 s a move, 11x11: 27-13 against the build before issue 16 (the runs without
    /// it 30-10 to 35-5) and 16-24 against level 6 (BL11, BLS11 in `docs/strength.md`): off.
    pub edge_block_leaves: bool,
    /// A node's moves leave out the side to move's pushes that run a second-row ladder on
    /// ([`ladder_pushes`]: its group cut from the edge, no escape H-search sees), unless
    /// they are all it has or H-search's must-play region holds them: pushing a ladder that
    /// has no escape builds the opponent's wall along the edge, and the circuit rates each
    /// push and block as a gain (see [`ladder`]). A node that left pushes out proves no loss.
    /// Measured at level 6, 2 s a move, 11x11: 34-6 against the build before issue 16 (the
    /// runs without it 30-10 to 35-5) and 19-21 against level 6 (LP11, LPS11): off.
    pub prune_ladder_pushes: bool,
    /// The move patterns' weight in the order of a node's moves (0: off): a move's key is its
    /// heat times `(s / mean)^pattern_order`, `s` its pattern strength
    /// ([`crate::policy::Gammas`], the Monte Carlo search's prior) and `mean` that of the
    /// node's candidates. The heat sees where current flows, not the shape (a bridge's save,
    /// the cell beside the opponent's last stone), which is what the patterns were fitted to;
    /// with a width per node the order decides which moves are searched at all. Measured at
    /// level 6 on 9x9 (where levels 5 and 6 play the alpha-beta), 2 s a move, the ring
    /// openings, weight 0.5: 56-8 against the build before issue 16 (PAT9O; level 6 without it
    /// 61-3 on the same machine, RING9L) and 26-38 against level 6 (PATH9): off.
    pub pattern_order: f32,
}

/// What scores the leaves of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LeafEvaluation {
    /// The circuit: `1000 · ln(R_opponent / R_own)` ([`heuristic_score`]).
    Circuit,
    /// Queenbee's two-distance ([`crate::distance::two_distance_score`]), for comparison.
    TwoDistance,
}

impl SearchParams {
    /// Every move to the given depth, no H-search: the exhaustive setting for small boards.
    #[must_use]
    pub fn full_width(max_depth: u32) -> SearchParams {
        SearchParams {
            max_depth,
            width: u32::MAX,
            root_width: u32::MAX,
            max_nodes: u64::MAX,
            time_ms: None,
            circuit: CircuitParams::DEFAULT,
            hsearch: None,
            hsearch_plies: 0,
            tt_bits: 18,
            exact_root: false,
            inferior_plies: 0,
            evaluation: LeafEvaluation::Circuit,
            edge_penalty: 0,
            mtdf: false,
            forced_extension: 0,
            killers: false,
            countermoves: false,
            history: false,
            lazy_leaves: false,
            lazy_margin: 0,
            finish_margin: 0.5,
            fill_in: false,
            late_reduction: 0,
            narrow_root: 0,
            narrow_floor: 0,
            frontier_width: 0,
            reuse_children: false,
            frontier_probe: false,
            filled_leaves: false,
            odd_depths: false,
            even_depths: false,
            aspiration: 0,
            fill_path: false,
            reply_leaves: 0,
            edge_block_leaves: false,
            prune_ladder_pushes: false,
            pattern_order: 0.0,
        }
    }
}

/// One finished iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub depth: u32,
    /// Score for the side to move at the root (see [`SearchResult::score`]).
    pub score: i32,
    pub pv: Vec<Point>,
    pub nodes: u64,
    /// The winner, when the score is a proven result.
    pub proven: Option<Color>,
    pub elapsed_ms: f64,
    /// From the Monte Carlo search ([`crate::mcts`]): see [`SearchResult::monte_carlo`].
    pub monte_carlo: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` when the game is over or the board is full).
    pub best: Option<Point>,
    /// For the side to move: `1000 · E` from its side for heuristic values, beyond
    /// ±[`PROVEN`] for proven results.
    pub score: i32,
    /// The winner, when the result is proven.
    pub proven: Option<Color>,
    pub pv: Vec<Point>,
    /// Depth of the last finished iteration.
    pub depth: u32,
    pub nodes: u64,
    /// The search ended by the stop flag, the time or the node limit.
    pub stopped: bool,
    /// Root moves of the last finished iteration with their scores, best first (exact for the
    /// best move, upper bounds for the others unless [`SearchParams::exact_root`]).
    pub root_moves: Vec<(Point, i32)>,
    /// From the Monte Carlo search ([`crate::mcts`]), not this alpha-beta search: a heuristic
    /// `score` is then `1000 · (2p - 1)` for the side to move's win rate `p` over the
    /// playouts through its move, not `E`; `depth` is the length of the line of most
    /// visited moves and `nodes` counts playouts.
    pub monte_carlo: bool,
}

/// The heuristic score of `evaluation` for `color`, in the search's units.
#[must_use]
pub fn heuristic_score(evaluation: &Evaluation, color: Color) -> i32 {
    let s = evaluation.score_for(color) * 1000.0;
    if s.is_nan() {
        0
    } else {
        s.clamp(-f64::from(MAX_HEURISTIC), f64::from(MAX_HEURISTIC)) as i32
    }
}

/// The edge prior for `color`: `penalty` per opponent stone on the board's outer ring minus
/// `penalty` per own stone there, and half of that on the second ring; `penalty` is for 11x11
/// and scales by `11 / size` (the mean of width and height), as a stone's effect on the
/// circuit shrinks about as `1 / size`.
///
/// **Why.** The circuit over-values the two obtuse corners and the cells along the edges near
/// them: in the rhombus, the shortest paths between a player's edges (a path may only step
/// forward or forward-diagonally) funnel into the obtuse corners, so a stone there cuts many
/// of the opponent's paths and shortens many of one's own. On the empty 11x11 board a lone
/// stone in an obtuse corner is worth about 0.11 of `E`, a centre stone 0.04, and after a centre
/// opening every level answered in the far corner (f6 k1). The weakness is the linear model's
/// (any path counts, where Hex lets the opponent cut the one in use); edge templates would mend
/// it but H-search is too slow at the leaves. A stone on the first two rows is rarely worth
/// more than a central one unless tactics say so, and tactics reach the search as proven scores
/// (H-search, must-play) that this prior does not touch.
#[must_use]
pub fn edge_prior(position: &Position, color: Color, penalty: i32) -> i32 {
    if penalty == 0 {
        return 0;
    }
    EdgeRings::of(position.board()).prior(position, color, penalty)
}

/// The two outer rings of a board's cells, laid out once per search so that the leaf prior
/// is a few bitset counts (see [`edge_prior`]).
#[derive(Clone, Copy, Debug)]
struct EdgeRings {
    outer: CellSet,
    second: CellSet,
    /// Width + height.
    size: i32,
}

impl EdgeRings {
    fn of(board: &Board) -> EdgeRings {
        let (w, h) = (board.width(), board.height());
        let mut rings = EdgeRings {
            outer: CellSet::EMPTY,
            second: CellSet::EMPTY,
            size: (i32::from(w) + i32::from(h)).max(2),
        };
        for p in board.cells() {
            let Some((c, r)) = p.col_row() else { continue };
            match c.min(r).min(w - 1 - c).min(h - 1 - r) {
                0 => rings.outer.insert(p),
                1 => rings.second.insert(p),
                _ => {}
            }
        }
        rings
    }

    fn prior(&self, position: &Position, color: Color, penalty: i32) -> i32 {
        if penalty == 0 {
            return 0;
        }
        // Weights in half rings: 2 on the outer ring, 1 on the second.
        let weight = |stones: CellSet| {
            2 * (stones & self.outer).len() as i32 + (stones & self.second).len() as i32
        };
        let own = weight(position.stones(color));
        let theirs = weight(position.stones(!color));
        // penalty · 11 / ((w + h) / 2), halved for the weights' unit of a half ring.
        (theirs - own) * penalty * 11 / self.size
    }
}

/// No path of the search is longer than this, extensions included.
const MAX_PLY: u32 = 64;

/// Whether `score` is a proven result.
#[must_use]
pub fn is_proven(score: i32) -> bool {
    score.abs() >= PROVEN
}

/// The state of one search.
struct Searcher<'c> {
    params: SearchParams,
    position: Position,
    connections: Option<ByColor<Connections>>,
    rings: EdgeRings,
    tt: &'c mut TranspositionTable,
    control: &'c mut dyn Control,
    /// An empty extra pattern set: inside the tree the inferior-cell analysis uses the
    /// generated library only.
    no_patterns: crate::inferior::PatternSet,
    /// Per ply, the last two moves that cut off a node there (besides the table's move).
    killers: Vec<[Option<Point>; 2]>,
    /// Per colour to move and per cell of the opponent's last move, the answer that last cut
    /// off a node ([`SearchParams::countermoves`]).
    countermoves: ByColor<Vec<Option<Point>>>,
    /// Per colour to move and per cell, the cut-offs made there, weighted by depth squared
    /// ([`SearchParams::history`]).
    history: ByColor<Vec<u32>>,
    /// The playouts' compact board ([`SearchParams::pattern_order`]'s pattern features read
    /// it), built once for the search when that option is on.
    pattern_geometry: Option<crate::mcts::playout::Geometry>,
    /// The leaf move played without updating the connections (they are its parent's).
    stale: Option<Point>,
    /// With [`SearchParams::fill_path`]: the moves of the path (the fill-in's stones aside),
    /// each with the fill-in that followed it.
    path: Vec<PathMove>,
    nodes: u64,
    stopped: bool,
    start_ms: f64,
}

/// A move of the search's path on filled-in boards ([`SearchParams::fill_path`]): the fill-in
/// stones placed after it and the layers of connections (per colour) they added.
#[derive(Clone, Copy, Debug)]
struct PathMove {
    mv: Point,
    stones: u32,
    layers: u32,
}

/// With [`SearchParams::fill_path`]: up to this many fill-in stones after a move are brought
/// into the connections one update each; more, by one build from scratch.
pub const FILL_STEPWISE: u32 = 2;

/// [`SearchParams::even_depths`] holds only for a search of at least this many milliseconds
/// (or without a clock): with less, the next even iteration seldom gets past its first root
/// move and the odd one in its place does better. On the solved 9x9 file at 1 s a move
/// (level 6's search then gets 0.3 s after the solver's slice), position 115's depth-2 move
/// e8 loses and depth 3 turns to the winning c2, which the unfinished depth 4 did not reach.
pub const EVEN_DEPTHS_MIN_MS: f64 = 500.0;

/// What H-search says about a node, for the side to move.
enum Verdict {
    Won(i32),
    Lost(i32),
    /// The moves worth searching: `None` for all of them.
    MustPlay(Option<crate::CellSet>),
}

/// Whether the caller asked to stop or the time limit has passed: the check of every node and
/// of every H-search update inside the tree.
fn must_stop(control: &mut dyn Control, params: &SearchParams, start_ms: f64) -> bool {
    control.stop_requested()
        || params
            .time_ms
            .is_some_and(|limit| control.now_ms() - start_ms >= limit)
}

impl Searcher<'_> {
    /// Every node (see [`POLL_INTERVAL`]).
    fn poll(&mut self) {
        if self.nodes >= self.params.max_nodes
            || must_stop(self.control, &self.params, self.start_ms)
        {
            self.stopped = true;
        }
    }

    fn has_connections(&self, ply: u32) -> bool {
        self.connections.is_some()
            && (ply < self.params.hsearch_plies
                || self.params.hsearch_plies > self.params.max_depth)
    }

    fn play(&mut self, p: Point, child_ply: u32) {
        self.play_as(p, child_ply, false);
    }

    /// Plays `p`; a `leaf` (with [`SearchParams::lazy_leaves`]) keeps the parent's
    /// connections instead of updating them, and is judged from them.
    fn play_as(&mut self, p: Point, child_ply: u32, leaf: bool) {
        let color = self.position.to_move();
        self.position.play_unchecked(color, Move::Cell(p));
        if leaf && self.has_connections(child_ply) {
            // Judged from its parent's connections: no fill-in either.
            self.stale = Some(p);
            if self.params.fill_path {
                self.path.push(PathMove {
                    mv: p,
                    stones: 0,
                    layers: 0,
                });
            }
            return;
        }
        let connected = self.has_connections(child_ply);
        if connected {
            self.bring_connections(Some(p));
        }
        if self.params.fill_path {
            let (stones, layers) = if connected {
                self.fill_in_place(true)
            } else {
                (0, 0)
            };
            self.path.push(PathMove {
                mv: p,
                stones,
                layers,
            });
        }
    }

    /// Gives the current position's dead and captured cells to their owners (and, with
    /// `connections`, brings both colours' connections up to them: stone by stone for a few,
    /// one build from scratch for more); returns how many stones it placed and how many
    /// layers of connections (per colour) it added.
    fn fill_in_place(&mut self, connections: bool) -> (u32, u32) {
        if self.position.is_over() {
            return (0, 0);
        }
        let cells = crate::inferior::analyze_with(
            &self.position,
            self.position.to_move(),
            &crate::inferior::AnalysisOptions::SOLVER,
            &self.no_patterns,
        );
        let stones = (cells.fill.black | cells.fill.white).len();
        let stepwise = stones <= FILL_STEPWISE;
        let mut layers = 0;
        for color in Color::ALL {
            for cell in cells.fill[color] {
                self.position.place_unchecked(color, cell);
                if connections && stepwise {
                    layers += 1;
                    self.bring_connections(Some(cell));
                }
            }
        }
        if connections && !stepwise && stones > 0 {
            layers += 1;
            self.bring_connections(None);
        }
        (stones, layers)
    }

    /// Both colours' connections brought up to the position: after the one new stone, or
    /// (`None`) rebuilt from scratch; each adds one layer that `undo` takes back.
    fn bring_connections(&mut self, stone: Option<Point>) {
        let Searcher {
            connections,
            control,
            params,
            position,
            start_ms,
            stopped,
            ..
        } = self;
        if let Some(conns) = connections.as_mut() {
            // An update can take tens of milliseconds under a large budget: it checks the
            // stop flag and the clock itself, so stopping never waits for it.
            let mut interrupt = || must_stop(*control, params, *start_ms);
            for c in Color::ALL {
                // Both colours are brought up even after an interruption, so that `unplay`
                // takes back one layer of each.
                let finished = match stone {
                    Some(cell) => conns[c].update_interruptible(position, cell, &mut interrupt),
                    None => conns[c].renew_interruptible(position, &mut interrupt),
                };
                if !finished {
                    *stopped = true;
                }
            }
        }
    }

    fn unplay(&mut self, child_ply: u32) {
        // The path holds moves only with `fill_path`.
        if let Some(PathMove { stones, layers, .. }) = self.path.pop() {
            for _ in 0..stones {
                self.position.undo();
            }
            if let Some(conns) = self.connections.as_mut() {
                for _ in 0..layers {
                    for color in Color::ALL {
                        conns[color].undo();
                    }
                }
            }
        }
        self.position.undo();
        if self.stale.take().is_some() {
            return;
        }
        if self.has_connections(child_ply) {
            if let Some(conns) = self.connections.as_mut() {
                for color in Color::ALL {
                    conns[color].undo();
                }
            }
        }
    }

    fn verdict(&self, ply: u32) -> Verdict {
        let Some(conns) = self
            .connections
            .as_ref()
            .filter(|_| self.has_connections(ply))
        else {
            return Verdict::MustPlay(None);
        };
        let me = self.position.to_move();
        let ply = ply as i32;
        if let Some(m) = self.stale {
            // A leaf judged from its parent's connections (the opponent just played `m`):
            // ours that avoid `m` stand, theirs all stand, and a semi keyed at `m` is full.
            let avoiding =
                |id: crate::connections::ConnectionId| !conns[me].get(id).carrier.contains(m);
            let (e1, e2) = crate::point::Edge::of(me);
            if let Some(id) = conns[me]
                .full_between(e1.point(), e2.point())
                .find(|&id| avoiding(id))
            {
                let len = conns[me].get(id).carrier.len() as i32;
                return Verdict::Won(WIN - ply - 1 - 2 * len);
            }
            if let Some(id) = conns[me].edge_semis().find(|&id| avoiding(id)) {
                let len = conns[me].get(id).carrier.len() as i32;
                return Verdict::Won(WIN - ply - 1 - 2 * len);
            }
            let theirs = &conns[!me];
            if let Some(carrier) = theirs.winning_carrier() {
                return Verdict::Lost(-(WIN - ply - 2 * carrier.len() as i32));
            }
            if let Some(id) = theirs
                .edge_semis()
                .find(|&id| theirs.get(id).key == Some(m))
            {
                let len = theirs.get(id).carrier.len() as i32;
                return Verdict::Lost(-(WIN - ply - 2 * len));
            }
            return Verdict::MustPlay(None);
        }
        if let Some(carrier) = conns[me].winning_carrier() {
            return Verdict::Won(WIN - ply - 1 - 2 * carrier.len() as i32);
        }
        if let Some(semi) = conns[me].edge_semis().next() {
            let len = conns[me].get(semi).carrier.len() as i32;
            return Verdict::Won(WIN - ply - 1 - 2 * len);
        }
        if let Some(carrier) = conns[!me].winning_carrier() {
            return Verdict::Lost(-(WIN - ply - 2 * carrier.len() as i32));
        }
        match conns[!me].must_play() {
            Some(region) if (region & self.position.empty_cells()).is_empty() => {
                Verdict::Lost(-(WIN - ply - 2))
            }
            region => Verdict::MustPlay(region.map(|r| r & self.position.empty_cells())),
        }
    }

    /// Both colours' connections of the node at `ply` for the circuit, where the tree runs
    /// H-search there.
    fn node_connections(&self, ply: u32) -> ByColor<Option<&Connections>> {
        match self
            .connections
            .as_ref()
            .filter(|_| self.has_connections(ply))
        {
            Some(c) => ByColor::new(Some(&c.black), Some(&c.white)),
            None => ByColor::new(None, None),
        }
    }

    fn evaluate(&self, ply: u32, with_energy: bool) -> Evaluation {
        let filled = if self.params.fill_in {
            self.filled_position()
        } else {
            None
        };
        evaluate_after(
            filled.as_ref().unwrap_or(&self.position),
            &self.params.circuit,
            self.node_connections(ply),
            self.stale,
            with_energy,
        )
    }

    /// Whether the leaf at `ply` is scored by its side to move's best reply
    /// ([`SearchParams::reply_leaves`]).
    fn replies_at_leaf(&self, ply: u32) -> bool {
        self.params.reply_leaves > 0
            && ply % 2 == 1
            && self.stale.is_none()
            && !self.params.fill_in
            && self.has_connections(ply)
    }

    /// The leaf's score for its side to move: the best of its hottest replies
    /// ([`SearchParams::reply_leaves`], [`crate::circuit::best_reply`]).
    fn reply_score(&self, ply: u32) -> i32 {
        let me = self.position.to_move();
        best_reply(
            &self.position,
            &self.params.circuit,
            self.node_connections(ply),
            self.params.reply_leaves as usize,
            |evaluation| heuristic_score(evaluation, me),
        )
        .unwrap_or_else(|| heuristic_score(&self.evaluate(ply, false), me))
    }

    /// The current position with its dead and captured cells given to their owners (the
    /// pattern library and the reduced graphs, [`crate::inferior::AnalysisOptions::SOLVER`]),
    /// when the analysis fills any.
    fn filled_position(&self) -> Option<Position> {
        let cells = crate::inferior::analyze_with(
            &self.position,
            self.position.to_move(),
            &crate::inferior::AnalysisOptions::SOLVER,
            &self.no_patterns,
        );
        let filled_any = !(cells.fill.black | cells.fill.white).is_empty();
        filled_any.then(|| cells.filled_position(&self.position))
    }

    /// The leaf's score for the side to move on its filled-in board, with that board's own
    /// connections ([`SearchParams::filled_leaves`]); the plain evaluation where nothing is
    /// filled or the tree runs no H-search there. A filled board that one side's stones
    /// already join scores as the heuristic's bound (not as a proven result: the search
    /// claims proofs only from H-search's connections).
    fn filled_score(&self, ply: u32) -> i32 {
        let me = self.position.to_move();
        let plain = || heuristic_score(&self.evaluate(ply, false), me);
        let Some(limits) = self.params.hsearch.filter(|_| self.has_connections(ply)) else {
            return plain();
        };
        let Some(filled) = self.filled_position() else {
            return plain();
        };
        match filled.connected_winner() {
            Some(winner) if winner == me => return MAX_HEURISTIC,
            Some(_) => return -MAX_HEURISTIC,
            None => {}
        }
        let conns = ByColor::from_fn(|c| Connections::build(&filled, c, limits));
        let evaluation = evaluate_after(
            &filled,
            &self.params.circuit,
            ByColor::new(Some(&conns.black), Some(&conns.white)),
            None,
            false,
        );
        heuristic_score(&evaluation, me)
    }

    /// The moves of a node one ply above the leaves, best first: the hottest `pool` of them
    /// by a probe of each ([`SearchParams::frontier_probe`]), then the rest by heat.
    fn probed_moves(&self, region: Option<crate::CellSet>, ply: u32, pool: usize) -> Vec<Point> {
        let mut moves = self.ordered_moves(region, ply, None);
        let pool = pool.min(moves.len());
        let conns = self.node_connections(ply);
        let me = self.position.to_move();
        let mut after = self.position.clone();
        let mut probed: Vec<(Point, i32)> = Vec::with_capacity(pool);
        for &p in &moves[..pool] {
            after.play_unchecked(me, Move::Cell(p));
            let score = if after.connected_winner().is_some() {
                WIN
            } else {
                let evaluation =
                    evaluate_after(&after, &self.params.circuit, conns, Some(p), false);
                heuristic_score(&evaluation, me)
                    + self.rings.prior(&after, me, self.params.edge_penalty)
            };
            after.undo();
            probed.push((p, score));
        }
        // Stable: the heat order breaks ties.
        probed.sort_by_key(|entry| core::cmp::Reverse(entry.1));
        for (slot, (p, _)) in moves.iter_mut().zip(probed) {
            *slot = p;
        }
        moves
    }

    /// Multiplies each move's heat by its pattern strength over the candidates' mean, to the
    /// power [`SearchParams::pattern_order`].
    fn weigh_by_patterns(&self, moves: &mut [(Point, f64)]) {
        let Some(geometry) = &self.pattern_geometry else {
            return;
        };
        let cells = geometry.cells_of(&self.position);
        let board = crate::policy::Cells {
            width: geometry.width,
            height: geometry.height,
            cells: &cells,
        };
        let me = self.position.to_move();
        // The last stone each side put down: with `fill_path` a fill-in stone, which the
        // history keeps like a move, can stand for it; the patterns only order the moves.
        let last_of = |color: Color| {
            self.position
                .history()
                .rev()
                .find(|m| m.color == color)
                .and_then(|m| match m.mv {
                    Move::Cell(p) => Some(geometry.index_of(p)),
                    _ => None,
                })
        };
        let (last, own_last) = (last_of(me.other()), last_of(me));
        let mover = crate::mcts::playout::stone(me);
        let gammas = &crate::policy::Gammas::LEARNED;
        let strengths: Vec<f64> = moves
            .iter()
            .map(|&(p, _)| {
                let features = board.features(geometry.index_of(p), mover, last, own_last);
                f64::from(gammas.strength(&features))
            })
            .collect();
        let mean = strengths.iter().sum::<f64>() / strengths.len() as f64;
        if mean <= 0.0 {
            return;
        }
        let weight = f64::from(self.params.pattern_order);
        for ((_, key), s) in moves.iter_mut().zip(strengths) {
            *key *= libm::pow(s / mean, weight);
        }
    }

    /// Candidate moves of the current node, best first: the hinted move, then by energy.
    fn ordered_moves(
        &self,
        region: Option<crate::CellSet>,
        ply: u32,
        hint: Option<Point>,
    ) -> Vec<Point> {
        let mut cells = region.unwrap_or_else(|| self.position.empty_cells());
        if ply < self.params.inferior_plies {
            // The full analysis once at the root; inside the tree the pattern library alone
            // (about a hundred times faster, most of the pruning).
            let options = if ply == 0 {
                crate::inferior::AnalysisOptions::FULL
            } else {
                crate::inferior::AnalysisOptions::SOLVER
            };
            let worth = crate::inferior::analyze_with(
                &self.position,
                self.position.to_move(),
                &options,
                &self.no_patterns,
            )
            .consider;
            // A winning move lies in both sets, so an empty intersection means no move wins:
            // then any move will do, and the region's cells are kept.
            if cells.intersects(&worth) {
                cells &= worth;
            }
        }
        let evaluation = self.evaluate(ply, true);
        let mut moves: Vec<(Point, f64)> = cells.iter().map(|p| (p, evaluation.heat(p))).collect();
        if self.params.pattern_order > 0.0 && moves.len() > 1 {
            self.weigh_by_patterns(&mut moves);
        }
        // Stable order: heat descending, then point order.
        moves.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut ordered: Vec<Point> = moves.into_iter().map(|(p, _)| p).collect();
        if let Some(h) = hint {
            if let Some(i) = ordered.iter().position(|&p| p == h) {
                ordered.remove(i);
                ordered.insert(0, h);
            }
        }
        ordered
    }

    fn negamax(&mut self, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.poll();
        if self.stopped {
            return 0;
        }
        if let Some(winner) = self.position.connected_winner() {
            // The player who just moved has connected (or, on a filled-in board, either).
            return if winner == self.position.to_move() {
                WIN - ply as i32 - 1
            } else {
                -(WIN - ply as i32)
            };
        }
        let key = self.position.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if u32::from(e.depth) >= depth {
                let score = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let region = match self.verdict(ply) {
            Verdict::Won(score) | Verdict::Lost(score) => {
                if depth == 0 {
                    self.remember_leaf(key, score, ply);
                } else if self.reuses_children() {
                    // Proven by H-search: the same at any depth.
                    self.tt.store(TtEntry {
                        key,
                        score: to_tt(score, ply),
                        depth: u16::MAX,
                        bound: Bound::Exact,
                        best: None,
                    });
                }
                return score;
            }
            Verdict::MustPlay(region) => region,
        };
        // The path so far is `ply` moves for `depth_at_root - depth` of depth: the difference
        // is the extensions already taken.
        let forced = region.is_some_and(|r| r.len() <= self.params.forced_extension);
        let depth = if forced && ply + depth < 2 * self.params.max_depth && ply < MAX_PLY {
            depth + 1
        } else {
            depth
        };
        if depth == 0 {
            let me = self.position.to_move();
            let score = match self.params.evaluation {
                LeafEvaluation::Circuit if self.params.filled_leaves => self.filled_score(ply),
                LeafEvaluation::Circuit if self.replies_at_leaf(ply) => self.reply_score(ply),
                LeafEvaluation::Circuit => heuristic_score(&self.evaluate(ply, false), me),
                LeafEvaluation::TwoDistance => {
                    crate::distance::two_distance_score(&self.position, me)
                }
            };
            let score = score
                + self
                    .rings
                    .prior(&self.position, me, self.params.edge_penalty);
            let score = self.after_edge_block(score, region, ply, beta);
            if self.stopped {
                return 0;
            }
            self.remember_leaf(key, score, ply);
            return score;
        }
        let (region, pruned) = self.without_ladder_pushes(region, ply);
        // Staged move order: the table's move, the killers, the countermove and the history's
        // cell first, each tried before the circuit's energy ordering of the rest is paid for
        // (a cut-off by one of them saves it).
        let width = if depth == 1 && self.params.frontier_width > 0 {
            self.params.frontier_width
        } else {
            self.params.width
        }
        .max(1) as usize;
        let candidates = region.unwrap_or_else(|| self.position.empty_cells());
        let previous = match (self.path.last(), self.position.last_move()) {
            (Some(m), _) => Some(m.mv),
            (
                None,
                Some(crate::PlayedMove {
                    mv: Move::Cell(cell),
                    ..
                }),
            ) => Some(cell),
            _ => None,
        };
        let early = self.early_moves(entry.and_then(|e| e.best), candidates, ply, previous, width);
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut truncated = pruned || candidates.len() as usize > width;
        let mut cut = false;
        for &p in &early {
            let child = self.child(searched, 0, depth);
            let score = self.search_child(p, child, depth, ply, alpha, beta);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(p);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.remember_cutoff(previous, p, entry.and_then(|e| e.best), depth);
                cut = true;
                break;
            }
        }
        if !cut && searched < width {
            // The early moves are never reduced; the energy order's late ones may be.
            let late = self.params.late_reduction as usize;
            let moves = if depth == 1 && self.params.frontier_probe {
                self.probed_moves(region, ply, 2 * width)
            } else {
                self.ordered_moves(region, ply, None)
            };
            truncated = pruned || moves.len() > width;
            for p in moves {
                if searched >= width {
                    break;
                }
                if early.contains(&p) {
                    continue;
                }
                let child = self.child(searched, late, depth);
                let score = self.search_child(p, child, depth, ply, alpha, beta);
                searched += 1;
                if self.stopped {
                    return 0;
                }
                if score > best_score {
                    best_score = score;
                    best_move = Some(p);
                }
                alpha = alpha.max(score);
                if alpha >= beta {
                    self.remember_cutoff(previous, p, entry.and_then(|e| e.best), depth);
                    if self.params.killers && Some(p) != entry.and_then(|e| e.best) {
                        let slot = &mut self.killers[ply as usize];
                        if slot[0] != Some(p) {
                            slot[1] = slot[0];
                            slot[0] = Some(p);
                        }
                    }
                    break;
                }
            }
        }
        if best_move.is_none() {
            // No empty cell: cannot happen in Hex without a winner; score as even.
            return 0;
        }
        if truncated && best_score <= -PROVEN {
            // Unsearched moves might hold: a loss is not proven.
            best_score = -(PROVEN - 1);
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(TtEntry {
            key,
            score: to_tt(best_score, ply),
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
            best: best_move,
        });
        best_score
    }

    /// The node's moves without the side to move's ladder pushes
    /// ([`SearchParams::prune_ladder_pushes`]) where H-search set no must-play region, and
    /// whether any were left out (none are when they are all the node has).
    fn without_ladder_pushes(&self, region: Option<CellSet>, ply: u32) -> (Option<CellSet>, bool) {
        if !self.params.prune_ladder_pushes || region.is_some() {
            return (region, false);
        }
        let me = self.position.to_move();
        let conns = if self.stale.is_none() {
            self.node_connections(ply)[me]
        } else {
            None
        };
        let pushes = ladder_pushes(&self.position, conns);
        let rest = self.position.empty_cells() - pushes;
        if pushes.is_empty() || rest.is_empty() {
            return (region, false);
        }
        (Some(rest), true)
    }

    /// The leaf's `score` for its side to move, or its score after blocking the last move's
    /// one-step threat to its owner's edge when that is better
    /// ([`SearchParams::edge_block_leaves`]): the block is played, with its H-search update,
    /// and judged as a leaf in turn. A `score` at `beta` or above stands (the block can only
    /// raise it), as does a block outside the must-play `region`, and a leaf judged from its
    /// parent's connections (a lazy or quick leaf holds no layer of its own for the block's
    /// update to sit on).
    fn after_edge_block(
        &mut self,
        score: i32,
        region: Option<CellSet>,
        ply: u32,
        beta: i32,
    ) -> i32 {
        if !self.params.edge_block_leaves || score >= beta || ply >= MAX_PLY || self.stale.is_some()
        {
            return score;
        }
        let Some(block) = edge_block(&self.position) else {
            return score;
        };
        if region.is_some_and(|r| !r.contains(block)) {
            return score;
        }
        self.play(block, ply + 1);
        let blocked = -self.negamax(0, ply + 1, -beta, -score);
        self.unplay(ply + 1);
        score.max(blocked)
    }

    /// The moves a node tries before the energy order, at most `width` of them: the table's
    /// `best`, then (as the options ask) the killers of `ply`, the countermove to the
    /// opponent's `previous` move and the cell with the most cut-offs so far.
    fn early_moves(
        &self,
        best: Option<Point>,
        candidates: CellSet,
        ply: u32,
        previous: Option<Point>,
        width: usize,
    ) -> Vec<Point> {
        let mut early: Vec<Point> = Vec::new();
        let offer = |p: Option<Point>, early: &mut Vec<Point>| {
            if let Some(p) = p {
                if candidates.contains(p) && !early.contains(&p) && early.len() < width {
                    early.push(p);
                }
            }
        };
        offer(best, &mut early);
        if self.params.killers {
            for k in self.killers[ply as usize] {
                offer(k, &mut early);
            }
        }
        let me = self.position.to_move();
        if self.params.countermoves {
            offer(
                previous.and_then(|cell| self.countermoves[me][cell.index()]),
                &mut early,
            );
        }
        if self.params.history && early.len() < width {
            let scores = &self.history[me];
            let busiest = candidates
                .iter()
                .filter(|p| !early.contains(p))
                .map(|p| (scores[p.index()], p))
                .filter(|&(score, _)| score > 0)
                .max_by_key(|&(score, p)| (score, core::cmp::Reverse(p.index())))
                .map(|(_, p)| p);
            offer(busiest, &mut early);
        }
        early
    }

    /// A cut-off by `answer` with `depth` plies left: it counts in the history, and it is the
    /// countermove to the opponent's `previous` move unless it was the table's move there.
    fn remember_cutoff(
        &mut self,
        previous: Option<Point>,
        answer: Point,
        table: Option<Point>,
        depth: u32,
    ) {
        let me = self.position.to_move();
        if self.params.history {
            let score = &mut self.history[me][answer.index()];
            *score = score.saturating_add(depth * depth);
        }
        if let Some(cell) = previous.filter(|_| self.params.countermoves && Some(answer) != table) {
            self.countermoves[me][cell.index()] = Some(answer);
        }
    }

    /// A move of a node by principal variation search: the first ([`Child::First`]) with
    /// the full window, the others with a null window and a re-search when they beat
    /// `alpha`; a late one ([`Child::Late`]) first gets the reduced probe.
    fn search_child(
        &mut self,
        p: Point,
        child: Child,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if let Some(score) = self.known_child(p, depth, ply, alpha, beta) {
            return score;
        }
        if let Some(score) = self.quick_leaf(p, depth, ply, alpha, beta) {
            return score;
        }
        let leaf = depth == 1 && self.params.lazy_leaves && self.params.forced_extension == 0;
        self.play_as(p, ply + 1, leaf);
        let reduced = match child {
            Child::Late => self.reduced_fail_low(depth, ply + 1, alpha),
            _ => None,
        };
        let score = match (reduced, child) {
            (Some(reduced), _) => reduced,
            (None, Child::First) => -self.negamax(depth - 1, ply + 1, -beta, -alpha),
            (None, _) => {
                let probe = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            }
        };
        self.unplay(ply + 1);
        score
    }

    /// The score of the leaf after `p` judged from this node's connections
    /// ([`SearchParams::lazy_margin`]), when it lies at least the margin outside
    /// `(alpha, beta)`; `None` when the leaf must be judged from its own connections.
    fn quick_leaf(&mut self, p: Point, depth: u32, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
        let margin = self.params.lazy_margin;
        if margin <= 0
            || depth != 1
            || self.params.lazy_leaves
            || self.params.forced_extension != 0
            || !self.has_connections(ply + 1)
        {
            return None;
        }
        self.play_as(p, ply + 1, true);
        let score = -self.negamax(0, ply + 1, -beta, -alpha);
        self.unplay(ply + 1);
        (self.stopped || score <= alpha - margin || score >= beta + margin).then_some(score)
    }

    /// Whether the table's answers may stand in for playing a move
    /// ([`SearchParams::reuse_children`]).
    fn reuses_children(&self) -> bool {
        // A leaf judged from its parent's connections must not stand in the leaf store for
        // one judged from its own.
        self.params.reuse_children
            && !self.params.lazy_leaves
            && self.params.lazy_margin <= 0
            && self.params.forced_extension == 0
    }

    /// The leaf at `ply` with `key` scored `score`: kept for the next time a path meets it.
    fn remember_leaf(&mut self, key: u64, score: i32, ply: u32) {
        if self.reuses_children() {
            self.tt.store_leaf(key, to_tt(score, ply));
        }
    }

    /// The score of the move `p` (from the mover's side, `depth` plies left at the node)
    /// when the table already answers for its position within `(alpha, beta)`, without
    /// playing it: what `negamax` would return from the table after playing it, for any of
    /// the windows [`Searcher::search_child`] uses (a bound counts only when it falls outside
    /// the full window, so no re-search is skipped).
    fn known_child(&self, p: Point, depth: u32, ply: u32, alpha: i32, beta: i32) -> Option<i32> {
        if !self.reuses_children() {
            return None;
        }
        let key = self.position.hash_after(p);
        let child_ply = ply + 1;
        if depth == 1 {
            return self.tt.probe_leaf(key).map(|s| -from_tt(s, child_ply));
        }
        let e = self.tt.probe(key)?;
        if u32::from(e.depth) < depth - 1 {
            return None;
        }
        let score = -from_tt(e.score, child_ply);
        match e.bound {
            Bound::Exact => Some(score),
            // The child's lower bound is an upper bound here, and the other way round.
            Bound::Lower if score <= alpha => Some(score),
            Bound::Upper if score >= beta => Some(score),
            _ => None,
        }
    }

    /// How the `i`-th move of a node with `depth` plies left is searched, with late move
    /// reductions from move `reduce_from` on ([`SearchParams::late_reduction`]; 0: none).
    fn child(&self, i: usize, reduce_from: usize, depth: u32) -> Child {
        if i == 0 {
            Child::First
        } else if self.reduces(i, reduce_from, depth) {
            Child::Late
        } else {
            Child::Next
        }
    }

    /// Whether the `i`-th move of a node with `depth` plies left gets a late move reduction
    /// that starts at move `from` ([`SearchParams::late_reduction`]; 0: never).
    fn reduces(&self, i: usize, from: usize, depth: u32) -> bool {
        from > 0 && i >= from && depth >= 2
    }

    /// The late move reduction's probe of the move just played (the child at `child_ply`):
    /// one ply shallower with a null window at `alpha`. Its score when the move fails low
    /// there (or the search was stopped); `None` when the move must be searched at full depth.
    fn reduced_fail_low(&mut self, depth: u32, child_ply: u32, alpha: i32) -> Option<i32> {
        let reduced = -self.negamax(depth - 2, child_ply, -alpha - 1, -alpha);
        (reduced <= alpha || self.stopped).then_some(reduced)
    }

    /// One pass over the root moves with the window `(alpha, beta)`: the first move (and every
    /// move when [`SearchParams::exact_root`]) with the full window, the others with a null
    /// window and a re-search when they beat it; stops at a beta cut-off. Each searched
    /// entry gets its score (exact, or a bound outside the window). When stopped, the result
    /// is what the pass established before: `None` if not even the first move was searched,
    /// else the best move so far (a move that beat the first one's score and whose
    /// re-search was cut short counts, with that score as a lower bound), and `complete`
    /// says whether the pass finished.
    fn root_window(
        &mut self,
        root: &mut [(Point, i32)],
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> RootPass {
        let exact_root = self.params.exact_root;
        let mut best: Option<(Point, i32)> = None;
        for (i, entry) in root.iter_mut().enumerate() {
            let p = entry.0;
            self.nodes += 1;
            self.play(p, 1);
            let mut beat_first = None;
            let from = 2 * self.params.late_reduction as usize;
            if !exact_root && self.reduces(i, from, depth) {
                if let Some(reduced) = self.reduced_fail_low(depth, 1, alpha) {
                    self.unplay(1);
                    if self.stopped {
                        return RootPass {
                            best,
                            complete: false,
                        };
                    }
                    entry.1 = reduced;
                    continue;
                }
            }
            let score = if i == 0 || exact_root {
                -self.negamax(
                    depth - 1,
                    1,
                    -beta,
                    if exact_root { WIN + 1 } else { -alpha },
                )
            } else {
                let probe = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    beat_first = Some(probe);
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            self.unplay(1);
            if self.stopped {
                if let Some(probe) = beat_first {
                    best = Some((p, probe));
                }
                return RootPass {
                    best,
                    complete: false,
                };
            }
            entry.1 = score;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((p, score));
                alpha = alpha.max(score);
            }
            if alpha >= beta {
                break;
            }
        }
        RootPass {
            best,
            complete: true,
        }
    }

    /// MTD(f) (Plaat et al. 1996) at the root: null-window passes around the guess (the last
    /// iteration's score) that narrow the bounds until they meet, with the transposition
    /// table keeping each pass's work. The move is the one that last failed high; a move that
    /// fails high goes first in the next pass. `None` when stopped.
    fn mtdf_root(
        &mut self,
        root: &mut [(Point, i32)],
        depth: u32,
        guess: i32,
    ) -> Option<(Point, i32)> {
        let (mut lower, mut upper) = (-WIN - 1, WIN + 1);
        let mut g = guess.clamp(-WIN, WIN);
        let mut best: Option<(Point, i32)> = None;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let pass = self.root_window(root, depth, beta - 1, beta);
            if !pass.complete {
                return None;
            }
            let (p, value) = pass.best?;
            g = value;
            if g < beta {
                upper = g;
            } else {
                lower = g;
                best = Some((p, g));
                if let Some(i) = root.iter().position(|e| e.0 == p) {
                    root[..=i].rotate_right(1);
                }
            }
        }
        best.or_else(|| root.first().map(|e| (e.0, g)))
    }

    /// The principal variation from the transposition table.
    fn principal_variation(&mut self, first: Point, depth: u32) -> Vec<Point> {
        let mut pv = Vec::new();
        let mut stones = 0;
        let mut next = Some(first);
        while let Some(p) = next {
            if pv.len() as u32 >= depth.max(1)
                || !self.position.empty_cells().contains(p)
                || self.position.is_over()
            {
                break;
            }
            let color = self.position.to_move();
            self.position.play_unchecked(color, Move::Cell(p));
            pv.push(p);
            let (placed, _) = if self.params.fill_path {
                self.fill_in_place(false)
            } else {
                (0, 0)
            };
            stones += 1 + placed;
            next = self.tt.probe(self.position.hash()).and_then(|e| e.best);
        }
        for _ in 0..stones {
            self.position.undo();
        }
        pv
    }
}

/// How a node searches one of its moves ([`Searcher::search_child`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Child {
    /// The first move: the full window.
    First,
    /// A later move: a null window, and the full one when it beats the best so far.
    Next,
    /// A later move with the late move reduction: a null window one ply shallower first.
    Late,
}

/// What one pass over the root moves established.
struct RootPass {
    best: Option<(Point, i32)>,
    complete: bool,
}

/// Mate scores are stored relative to the node, so a transposition at another ply reads the
/// right distance.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// The winner a root score proves, if any.
fn proven_winner(score: i32, to_move: Color) -> Option<Color> {
    if score >= PROVEN {
        Some(to_move)
    } else if score <= -PROVEN {
        Some(!to_move)
    } else {
        None
    }
}

/// Searches `position` for the side to move. Cell moves only: the swap decision is the
/// player's ([`crate::player`]).
pub fn search(
    position: &Position,
    params: &SearchParams,
    control: &mut dyn Control,
) -> SearchResult {
    let mut table = TranspositionTable::new(params.tt_bits);
    search_with_table(position, params, control, &mut table)
}

/// [`search`] with the caller's transposition table, kept between searches (the player keeps
/// one for a whole game: what an earlier move's search learned orders this one's moves).
pub fn search_with_table(
    position: &Position,
    params: &SearchParams,
    control: &mut dyn Control,
    table: &mut TranspositionTable,
) -> SearchResult {
    search_within(position, params, control, table, None)
}

/// [`search_with_table`] with the root's moves kept inside `root_cells` when that leaves any
/// of the moves it would consider: the player passes the moves its solver has not proven
/// losing ([`crate::solver::Solution::open_moves`]). A root so narrowed claims no proven loss
/// (the moves left out may not have been searched).
pub fn search_within(
    position: &Position,
    params: &SearchParams,
    control: &mut dyn Control,
    table: &mut TranspositionTable,
    root_cells: Option<crate::CellSet>,
) -> SearchResult {
    let start_ms = control.now_ms();
    let to_move = position.to_move();
    let mut result = SearchResult {
        best: None,
        score: 0,
        proven: None,
        pv: Vec::new(),
        depth: 0,
        nodes: 0,
        stopped: false,
        root_moves: Vec::new(),
        monte_carlo: false,
    };
    if let Some(winner) = position.winner() {
        result.proven = Some(winner);
        result.score = if winner == to_move { WIN } else { -WIN };
        return result;
    }
    let connections = params
        .hsearch
        .filter(|_| params.hsearch_plies > 0)
        .map(|limits| ByColor::from_fn(|c| Connections::build(position, c, limits)));
    let mut s = Searcher {
        params: *params,
        position: position.clone(),
        connections,
        rings: EdgeRings::of(position.board()),
        tt: table,
        no_patterns: crate::inferior::PatternSet::empty(),
        killers: vec![[None; 2]; MAX_PLY as usize + 2],
        countermoves: ByColor::from_fn(|_| vec![None; crate::point::POINT_COUNT]),
        history: ByColor::from_fn(|_| vec![0; crate::point::POINT_COUNT]),
        pattern_geometry: (params.pattern_order > 0.0)
            .then(|| crate::mcts::playout::Geometry::of(position)),
        stale: None,
        path: Vec::new(),
        control,
        nodes: 0,
        stopped: false,
        start_ms,
    };
    // Root moves: the must-play region when H-search sees threats (all cells when it sees a
    // lost position: the player still has to move), best first by energy.
    let mut region = match s.verdict(0) {
        Verdict::MustPlay(region) => region,
        _ => None,
    };
    let (pruned_region, mut narrowed) = s.without_ladder_pushes(region, 0);
    region = pruned_region;
    if let Some(allowed) = root_cells {
        let cells = region.unwrap_or_else(|| position.empty_cells());
        if cells.intersects(&allowed) {
            narrowed |= cells & allowed != cells;
            region = Some(cells & allowed);
        }
    }
    let candidates = s.ordered_moves(region, 0, None);
    let mut root_truncated = narrowed || candidates.len() > params.root_width.max(1) as usize;
    let mut root: Vec<(Point, i32)> = candidates
        .into_iter()
        .take(params.root_width.max(1) as usize)
        .map(|p| (p, 0))
        .collect();
    if root.is_empty() {
        return result;
    }
    result.best = Some(root[0].0);
    // Each finished iteration's score, by depth: the last one is MTD(f)'s guess, the one two
    // plies shallower an aspiration window's centre.
    let mut scores: Vec<i32> = Vec::new();
    // With `odd_depths`: the last finished odd iteration's move, score and line, and the
    // depth of the iteration the result's move comes from.
    let mut odd: Option<(Point, i32, Vec<Point>)> = None;
    let mut chosen_depth = 0;
    let mut previous_iteration = 0.0f64;
    let mut last_elapsed = 0.0f64;
    let even_depths = params.even_depths
        && params
            .time_ms
            .is_none_or(|limit| limit >= EVEN_DEPTHS_MIN_MS);
    for depth in 1..=params.max_depth.max(1) {
        if even_depths && depth >= 3 && depth % 2 == 1 {
            continue;
        }
        let best = if params.mtdf && !params.exact_root {
            s.mtdf_root(&mut root, depth, scores.last().copied().unwrap_or(0))
        } else {
            let centre = (depth >= 3 && params.aspiration > 0)
                .then(|| scores.get(depth as usize - 3).copied())
                .flatten()
                .filter(|&c| !is_proven(c));
            // The narrow pass stands unless it finished with a score outside its window.
            let narrow = centre.map(|c| {
                let (low, high) = (c - params.aspiration, c + params.aspiration);
                let pass = s.root_window(&mut root, depth, low, high);
                let outside = pass.complete
                    && pass
                        .best
                        .is_some_and(|(_, score)| score <= low || score >= high);
                (pass, outside)
            });
            let pass = match narrow {
                Some((pass, false)) => pass,
                _ => s.root_window(&mut root, depth, -WIN - 1, WIN + 1),
            };
            if !pass.complete {
                // The unfinished iteration's best move counts once the previous best has been
                // searched again: a move that beat it is better at the greater depth.
                let counts = depth > 1 && !(params.odd_depths && depth % 2 == 0 && odd.is_some());
                if let Some((p, score)) = pass.best.filter(|_| counts) {
                    if !is_proven(score) {
                        chosen_depth = depth;
                        if Some(p) != result.best {
                            result.best = Some(p);
                            result.pv = vec![p];
                        }
                    }
                }
            }
            pass.best.filter(|_| pass.complete)
        };
        if s.stopped {
            result.stopped = true;
            break;
        }
        let (best_move, mut score) = best.expect("at least one root move");
        scores.push(score);
        if root_truncated && score <= -PROVEN {
            score = -(PROVEN - 1);
        }
        // Best first for the next iteration; the rest keep their relative order by score.
        root.sort_by_key(|entry| core::cmp::Reverse(entry.1));
        result.best = Some(best_move);
        result.score = score;
        result.depth = depth;
        result.proven = proven_winner(score, to_move);
        result.pv = s.principal_variation(best_move, depth);
        result.root_moves = root.clone();
        result.nodes = s.nodes;
        chosen_depth = depth;
        if depth % 2 == 1 && depth >= 3 {
            odd = Some((best_move, score, result.pv.clone()));
        }
        let elapsed_ms = s.control.now_ms() - start_ms;
        s.control.progress(&Progress {
            depth,
            score,
            pv: result.pv.clone(),
            nodes: s.nodes,
            proven: result.proven,
            elapsed_ms,
            monte_carlo: false,
        });
        if result.proven.is_some() {
            break;
        }
        // Do not start what cannot finish: the next iteration is predicted to cost this one's
        // time times the growth between the last two (at least twice, at most ten times).
        // When the prediction is wrong, the unfinished iteration still counts as far as it got.
        let this_iteration = elapsed_ms - last_elapsed;
        let growth = if previous_iteration > 0.0 {
            (this_iteration / previous_iteration).clamp(2.0, 10.0)
        } else {
            4.0
        };
        previous_iteration = this_iteration.max(0.01);
        last_elapsed = elapsed_ms;
        let fits = |share: f64| {
            params.time_ms.is_none_or(|limit| {
                elapsed_ms + this_iteration * growth * share * params.finish_margin <= limit
            })
        };
        let keep = params.narrow_root as usize;
        let whole_root_fits = params.time_ms.is_some() && fits(1.0);
        if keep > 0 && depth >= 2 && !whole_root_fits {
            // The whole root's next iteration would not finish in time (or, without a clock,
            // always): the best few of this one are searched again, as many as fit.
            let len = root.len();
            let most = keep.min(len);
            let fewest = match params.narrow_floor {
                0 => most,
                floor => (floor as usize).min(most),
            };
            let Some(kept) = (fewest..=most).rev().find(|&k| fits(k as f64 / len as f64)) else {
                break;
            };
            if kept < len {
                root.truncate(kept);
                root_truncated = true;
            }
        } else if !fits(1.0) {
            break;
        }
        if s.nodes >= params.max_nodes || depth as usize > s.position.empty_cells().len() as usize {
            break;
        }
    }
    result.nodes = s.nodes;
    if params.odd_depths && chosen_depth % 2 == 0 && result.proven.is_none() {
        if let Some((best, score, pv)) = odd {
            result.best = Some(best);
            result.score = score;
            result.pv = pv;
        }
    }
    result
}
