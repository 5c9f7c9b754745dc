//! The solver: depth-first proof-number search with the engine's knowledge at every node.
//!
//! Where [`crate::search`] estimates, the solver proves: it decides who wins a position with
//! perfect play, names a winning move (or, in a lost position, the most resistant one) and
//! a principal variation, and can judge every empty cell. Its parts, in the order a node
//! meets them:
//!
//! - [`node`]: the first visit to a position fills in its dead and captured cells, runs
//!   H-search for both colours, and either decides the position (an edge-to-edge connection,
//!   an empty must-play region) or lists the moves worth trying, best first by the circuit's
//!   energy (a child's first visit is a glance: the opponent's H-search only, enough to count
//!   its moves; the rest when the search goes below it);
//! - [`dfpn`]: Nagai's depth-first proof-number search over those moves, with the 1 + ε
//!   trick, Benzene's widening, and proof-set pruning of siblings;
//! - [`table`]: a transposition table of a fixed size in MiB, replacement by work; a position
//!   missing from it whose half-turn ([`crate::Board::half_turn`], the symmetry that keeps
//!   each edge with its player) is solved there takes that result, turned back (with one
//!   table over the 49 one-stone 7x7 openings, each opening's half-turn then costs one
//!   lookup: 398,370 nodes and 167 s of CPU instead of 787,227 and 330 s; `bash
//!   scripts/bench.sh solver-7x7`: 150 s natively, 177 s as wasm32 in Node, 1.18x);
//! - [`proof`]: what a solved position's proof means, and the strategy a checker can replay
//!   independently of the table ([`Solver::strategy`], [`proof::check`]).
//!
//! Everything the solver calls proven is proven, given the soundness of the knowledge it
//! uses (H-search connections, inferior cells), each of which is checked against brute force
//! in the tests; the solver's own values are checked the same way on small boards.
//!
//! The solver takes time, a stop flag and progress reports from its caller ([`Control`]);
//! it never reads a clock itself. Moves are cells only: the swap decision is the player's.

mod bounds;
mod dfpn;
mod node;
pub mod proof;
mod table;

use alloc::vec::Vec;

pub use bounds::Bounds;
pub use node::{Depth, Knowledge};
pub use proof::{Strategy, StrategyError};
pub use table::TableStats;

use crate::cellset::CellSet;
use crate::circuit::CircuitParams;
use crate::connections::HSearchLimits;
use crate::inferior::{AnalysisOptions, PatternSet};
use crate::point::Point;
use crate::{ByColor, Color, Move, Position};
use dfpn::Dfpn;
use table::Table;

/// The caller's side of a solve: time, stop requests and progress reports.
pub trait Control {
    /// Milliseconds on the caller's clock (any origin). Without a clock, time limits are off.
    fn now_ms(&mut self) -> f64 {
        0.0
    }
    /// Polled every few nodes; `true` stops the solve (what is proven so far is kept).
    fn stop_requested(&mut self) -> bool {
        false
    }
    /// Called about four times a second while the solver works.
    fn progress(&mut self, _progress: &Progress) {}
}

/// No clock, no stop, no progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoControl;

impl Control for NoControl {}

impl<C, S, P> Control for crate::search::Callbacks<C, S, P>
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
    fn progress(&mut self, progress: &Progress) {
        (self.progress)(progress);
    }
}

/// The knobs of the solver, in one place.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverParams {
    /// Size of the transposition table, in MiB.
    pub tt_mib: u32,
    /// Stop after this many milliseconds of the caller's clock (`None`: no limit).
    pub time_ms: Option<f64>,
    /// Stop after about this much work (MID calls and node creations).
    pub max_nodes: Option<u64>,
    /// The 1 + ε trick: a child is searched until its delta exceeds the second best's
    /// times `1 + epsilon`.
    pub epsilon: f32,
    /// Widening: the first `widening_base + ⌈widening_factor · live⌉` live children may be
    /// chosen (a factor of 1 or more: all of them). With connections updated from the
    /// parent's (`scratch_updates`) a glance costs less than a full analysis by more than
    /// before, and a narrower window paid (`WFACTOR=F examples/solver_tune`, one table per
    /// position, beside another solve): 8x8 d1 174,705 nodes at 0.35 against 201,026 at 0.5
    /// (221,682 at 0.25), a1 752,632 against 823,959, the 31 puzzles proven in 1-10 s 326,057
    /// against 333,413. A base of two instead of one lost (d1 184,597 nodes against
    /// 164,411, the 31 puzzles 314,481 against 306,894, with killers).
    pub widening_base: u32,
    pub widening_factor: f32,
    /// The widening factor at the root, narrower than below it: the root's first
    /// `widening_base + ⌈root_widening_factor · live⌉` live moves, best by the circuit, may
    /// be chosen (four of the about 60 of an 8x8 one-stone opening). At the 8x8 openings the
    /// root's moves keep similar proof numbers, and a wide window let it spread its search
    /// over moves it never proved (a1 spent 142,468 nodes on b7, 11th by the circuit), where
    /// the winning moves it proved were among the first seven. A move outside the window enters
    /// once one inside is proven to lose, so nothing is left out. Measured against 0.35 (the
    /// window below the root; `RWFACTOR=F examples/solver_tune`, node counts, two solves at
    /// a time):
    ///
    /// | root factor | 8x8 a1 | b1 | c1 | d1 | e1 | f1 | g1 | all seven |
    /// |---|---|---|---|---|---|---|---|---|
    /// | 0.35 | 567,030 | 607,900 | 422,504 | 196,889 | 123,156 | 200,255 | 239,847 | 2,357,581 |
    /// | 0.2 | 745,334 | | 570,625 | | | | | |
    /// | 0.1 | 400,446 | 288,587 | 452,858 | | | | | |
    /// | **0.05** | **348,457** | **251,810** | **292,440** | **197,723** | **122,951** | **106,923** | **88,783** | **1,409,087** |
    /// | 0 (one move) | over 165 s | | over 165 s | | | | | |
    ///
    /// Elsewhere about even, with one loss: the solved 9x9 file 64,920 nodes against 63,042
    /// (173 of 174 proven within 10 s both), but its position 66, a lost root whose 19
    /// moves must all be disproved, 42,155 nodes and 12.2 s alone against 33,062 and 10.2 s
    /// (taken back by [`Self::root_behind_ratio`]);
    /// the 31 puzzles proven in 1-10 s 308,733 against 302,970, the 49 one-stone 7x7
    /// openings (`ohm bench solver-7x7`) 347,102 against 329,227, the 36 6x6 openings 6,317
    /// against 7,223.
    pub root_widening_factor: f32,
    /// The root takes the window below it ([`Self::widening_factor`]) instead of
    /// [`Self::root_widening_factor`] while it looks lost: while its phi (the least delta
    /// among its window's moves) exceeds this many times its delta (the sum of its moves'
    /// phi), 0 never. A lost root must disprove every move whatever the window; a wide one
    /// lets the cheapest disproofs come first, and each disproof's proof set prunes the
    /// siblings outside it, where the narrow window made the root grind through its best
    /// four by the circuit. Measured (`RBEHIND=R examples/solver_tune`, node counts, two
    /// solves at a time): the solved 9x9 file's position 66, a lost root, 33,062 nodes at 0.3
    /// against 42,155 without (the rule never fires there at 1); the file 60,065 against
    /// 64,920 (62,301 at 0.5); the seven 8x8 one-stone openings, all won roots, 1,296,860
    /// against 1,409,087 (a1 282,442, b1 334,811, c1 268,564, d1 119,740, e1 111,253, f1
    /// 113,550, g1 66,500), but 1,429,301 at 0.2 and 1,429,224 at 0.5: on won roots the rule
    /// fires now and then and moves the tree either way; the 31 puzzles proven in 1-10 s
    /// 322,857 against 308,733.
    pub root_behind_ratio: f32,
    /// Delta as the largest child phi plus one per other unsolved child instead of the sum
    /// (weak proof numbers, against the double counting of transpositions). Off: with the
    /// killers and the 0.35 window, 8x8 d1 214,732 nodes against 164,411, the 31 puzzles
    /// 326,300 against 306,894.
    pub weak_delta: bool,
    /// Drop the siblings outside a searched move's proof bound.
    pub proof_set_pruning: bool,
    /// A position the search solves gets a smaller proof: the cells of its proof that are
    /// dead or captured by the loser once the loser holds every empty cell outside it are
    /// left out ([`super::node::Knowledge::shrink_proof`], Benzene's proof shrinking), so
    /// that the proof-set pruning above it drops more siblings. Measured (`SHRINK=0|1
    /// examples/solver_tune`, node counts, two solves at a time, with
    /// [`Self::root_behind_ratio`]): the seven 8x8 one-stone openings 1,092,496 nodes against
    /// 1,296,860 (a1 259,875, b1 240,341, c1 229,891, d1 88,891, e1 84,662, f1 91,469, g1
    /// 97,367); the solved 9x9 file 61,123 against 60,065, all 174 proven within 10 s
    /// against 173 (position 66 30,482 nodes against 32,735); the 31 puzzles proven in 1-10
    /// s 304,232 against 322,857. The proofs of positions decided by their own analysis
    /// (H-search's carriers, already tight) shrunk as well: a1 257,858, b1 239,620, the 31
    /// puzzles 303,485, the same within a percent: not done.
    pub shrink_proofs: bool,
    /// H-search at every node.
    pub hsearch: HSearchLimits,
    /// A position's connections come from its parent's by incremental updates when at most
    /// this many stones (its fill-in and the path's moves not yet applied) separate them,
    /// and are built from scratch otherwise (0: always built).
    pub incremental_fill: u32,
    /// A position's connections come from the last ones built or updated (its parent's, as
    /// a rule) by incremental updates when those describe a subset of its filled board's
    /// stones and at most this many fewer (0: built from scratch unless equal). An update
    /// costs about half a build here (a move and the fill-in it adds touch many carriers),
    /// so few stones pay. Measured with `scratch_stack` (`UPD=U STACK=S examples/solver_tune`,
    /// one solve at a time): 8x8 d1 in 84.1 s and 246,897 nodes without, 62.4 s and 198,561
    /// at 3 without the stack, 58.7 s and 201,026 at 2 with it (59.8 s at 3); the 31 puzzles
    /// proven in 1-10 s 62.7 s without, 61.9 s at 2 (as many nodes); the solved 9x9 file's
    /// position 66 21.1 s without, 19.7 s at 2. With [`Self::update_at_once`] (all the
    /// stones in one update, which costs about what one stone's does) 8 (below).
    pub scratch_updates: u32,
    /// With `scratch_updates`: the stones between the two filled boards go in as one update
    /// ([`crate::connections::Connections::update_stones`]) instead of one update per stone.
    /// On 8x8 such an update costs about what a build does: every connection whose carrier
    /// held one of the new stones goes through the rules again, and with a move and its
    /// fill-in that is most of them. Measured (`ONCE=1 UPD=8 examples/solver_tune`, two solves
    /// at a time): the solved 9x9 file's position 66 in 32,739 nodes and 13.6 s against
    /// 47,200 and 19.0 s, the 31 puzzles proven in 1-10 s 294,562 nodes and 53.4 s against
    /// 307,323 and 57.8 s, the 49 7x7 openings 61.0 s against 67.0 (as many nodes); but on
    /// 8x8, where a node's updates save nothing, d1 197,810 nodes and 55.2 s against 166,036
    /// and 50.2 s, e1 221,074 and 67.7 s against 203,350 and 61.6, and a1 unproven after
    /// 300 s (902,577 nodes) against 223.7 s (637,881): off (`ohm bench` with the option on and
    /// `scratch_updates` 8, two runs at a time). Measured again once the dead cells kept one
    /// colour ([`Self::inferior`]), so that most children's filled boards hold their parent's
    /// (`ONCE=1 UPD=U examples/solver_tune`, two solves at a time, against the settings
    /// before, 2 stones one by one): a1 193.1 s and 701,141 nodes against 245.3 s and
    /// 795,488; d1 51.3 s against 48.7 s; the 31 puzzles 53.4 s at 8 (55.1 at 16, 63.7 at 4)
    /// against 62.9 s; position 66 14.9 s at 8 and 16 against 16.3 s; the six 8x8 positions
    /// two stones deep (`open8`, 60 s each) three proven against one: on, with 8 stones.
    pub update_at_once: bool,
    /// With `scratch_updates`: the connections of every position on the path stay as layers
    /// under its descendants' (a change too big for updates pushes a layer built from
    /// scratch), and taking a move back takes back what the positions below it added, so a
    /// node's children all start from its own connections.
    pub scratch_stack: bool,
    /// The move that last won a position at a ply is tried first wherever it is a child at
    /// that ply (the killer heuristic): a refutation often refutes the siblings the
    /// proof-set pruning keeps. With the window at 0.35 (`KILLERS=0|1`): 8x8 d1 164,411 nodes
    /// (47.0 s) against 174,705, a1 677,004 (206 s) against 752,632, the 31 puzzles 306,894
    /// (55.6 s) against 326,057; the solved 9x9 file's position 66 62,573 against 47,410.
    /// A second killer per ply (the one before, tried second) changed nothing (d1 164,274
    /// nodes, the 31 puzzles 305,921), nor did 3 stones of `scratch_updates` with killers
    /// help (d1 182,574, the 31 puzzles 307,616): neither is kept.
    pub killers: bool,
    /// The move that last won a position reached by a move on a point is tried early
    /// wherever the previous move was on that point again (after the killer). Measured
    /// with killers (`COUNTER=1 examples/solver_tune`): the 31 puzzles 287,231 nodes
    /// against 306,894, but 8x8 d1 200,219 against 164,411: off.
    pub countermoves: bool,
    /// Inferior-cell analysis at every node. Its dead cells all go to White
    /// ([`AnalysisOptions::dead_to`]): given to the player not to move, as the analysis
    /// does by default, they changed colour with every move, so that a child's filled board
    /// seldom held its parent's and its connections were built from scratch instead of
    /// updated (on the solved 9x9 file's position 66, 18,470 of 28,559 builds). Measured
    /// against that (`DEAD=0|1|2 examples/solver_tune`, two solves at a time): the 31
    /// puzzles proven in 1-10 s 71.1 s (320,066 nodes) against 62.9 s with White's (308,992)
    /// and 60.7 s with Black's (314,575); the 49 7x7 openings (`ohm bench solver-7x7`) 64.6
    /// s against 58.1 s (329,340 and 314,023 nodes); 8x8 a1 243.4 s against 237.4 s
    /// (719,598 and 795,488 nodes), d1 48.1 s against 48.7 s with White's and 51.1 s with
    /// Black's (137,056, 161,187 and 166,437 nodes); position 66 17.0 s against 16.3 s.
    ///
    /// [`AnalysisOptions::patterns_first`] (the reduced graphs only once the patterns' fill-in
    /// has settled) costs 7.5% fewer instructions a node but reaches other fill-ins, and the
    /// trees move either way (`PFIRST=0|1 examples/solver_tune`, one solve at a time): the
    /// solved 9x9 file 74,277 nodes and 18.1 s against 67,772 and 17.0 s (its position 12
    /// 13,180 nodes against 6,184, position 66 31,759 against 37,985), the 31 puzzles
    /// 291,072 nodes against 293,995, the 49 7x7 openings 327,400 against 314,894: off, so
    /// that the solver's tree stays the one it was.
    pub inferior: AnalysisOptions,
    /// A position met for the first time gets a glance (H-search for the opponent only, no
    /// ordering: enough for its first numbers), and the full analysis only when the search
    /// goes below it (see [`node::Depth`]).
    pub glance: bool,
    /// Children ordered by the current through each cell instead of the power around it
    /// ([`CircuitParams::current_heat`]).
    pub current_heat: bool,
    /// The first numbers of a child not yet visited: `(1, 1)` when 0 (each child looks as
    /// cheap to refute as can be, so a new node's children are all glanced at before any is
    /// searched deeper); otherwise `(1, d)` with `d` this share of its parent's number of
    /// children (at least 1), as a child once glanced at tends to have (Nagai's df-pn+
    /// initialised by a heuristic): the first child, best by the circuit, is searched deeper
    /// while its own numbers stay below its unvisited siblings'. Measured on the 31 puzzles
    /// proven in 1-10 s (`ESTIMATE=S examples/solver_tune mid 10`): 8 proven at a share of 1,
    /// 21 at 0.25, 29 at 0.1 (150 s), 28 without (142 s): off, the glance at every sibling
    /// first is worth its cost.
    pub child_estimate: f32,
    /// At the root, each move's delta counts `1 + w · its share of the root's work` times
    /// (this `w`; 0: plain df-pn), and a visit below the root returns after
    /// [`Self::root_visit_share`] of the root's work so far. Plain df-pn commits the root to
    /// the move whose proof number stays lowest, and a forcing move keeps a low one while its
    /// tree grows: on 8x8 a1 it searched b7 in one visit of 691,632 nodes, where d5 and e4,
    /// which also win, take 179,073 and 193,992 nodes each alone. Weighed by work, the root
    /// spreads its search over its best moves. Measured against plain df-pn
    /// (`RSHARE=W examples/solver_tune`, node counts): w = 1, the 8x8 one-stone openings a1-g1
    /// 567,030, 607,900, 422,504, 196,889, 123,156, 200,255, 239,847 nodes against 701,141,
    /// 610,216, 664,684, 188,199, 186,648, 152,719, 262,531 (2,357,581 against 2,766,138);
    /// the solved 9x9 file 66,396 against 76,328 (its position 66 33,062 against 37,985);
    /// the 31 puzzles proven in 1-10 s 303,508 against 293,995; the 49 one-stone 7x7
    /// openings (`ohm bench solver-7x7`) 329,227 against 314,894. w = 0.5: a1, c1, e1, f1
    /// 1,378,708 nodes against 1,312,945 at 1; w = 2 and a visit share of 0.5: more nodes
    /// on the 9x9 file and the puzzles than w = 1.
    pub root_work_weight: f32,
    /// With [`Self::root_work_weight`], the share of the root's work so far after which a
    /// visit below the root returns to it (at least [`Self::min_weighed_visit`] units).
    pub root_visit_share: f32,
    /// The least work a visit below a ply choosing by work spends (2,000, not tuned: a floor
    /// so that the root's first visits, while its own work is still small, reach past the
    /// positions the table already holds).
    pub min_weighed_visit: u64,
    /// The plies from the root that choose by [`Self::root_work_weight`]: 1, the root only.
    /// Deeper, the proofs of wins shrink and those of losses grow (`WPLIES=N
    /// examples/solver_tune`): at 4 plies 8x8 a1 504,402 nodes and c1 337,579 against 567,030
    /// and 422,504 at the root only, the 9x9 file's position 66 44,213 against 33,062; at 2
    /// plies position 66 42,071; at every ply a1 656,773 and position 66 48,659.
    pub weighed_plies: u32,
}

/// H-search in the solver: 12 full and 24 semi carriers per pair, OR over 5. On all 36
/// one-stone 6x6 openings (one table), 4/8/3 needed 2.5 times the nodes of 8/16/4 and
/// 12/24/5 three quarters of them; more (16/32/6, 24/48/8, no limit) proved nothing
/// sooner and cost more time per node.
///
/// With the ends' captured pairs inside AND and OR ([`HSearchLimits::captured`]), `ohm bench
/// solver --vc solver,captured=0|1` on a loaded 2-core machine: the empty 7x7 board in 2,420
/// nodes instead of 5,623, the 36 6x6 openings in 22,438 instead of 27,324 (11.7 s of CPU
/// for the quick suite instead of 15.0 in the same conditions; 10.2-11.0 against 12.1-13.9
/// in three runs each of an earlier build). The other stronger rules did not pay here
/// (earlier build, against 4,048 and 26,394 nodes): the OR search (`or_search`) 2,194 and
/// 27,451 nodes for no less time; `full_intersection` 3,755 and 30,481; `semi_and` 4,060
/// and 26,000 for more time; captured pairs with the OR search 18.4 s.
pub const SOLVER_HSEARCH: HSearchLimits = HSearchLimits {
    max_full: 12,
    max_semi: 24,
    max_or: 5,
    captured: true,
    ..HSearchLimits::DEFAULT
};

impl SolverParams {
    /// The defaults, chosen by measurement (`ohm bench solver`).
    pub const DEFAULT: SolverParams = SolverParams {
        tt_mib: 64,
        time_ms: None,
        max_nodes: None,
        epsilon: 0.25,
        widening_base: 1,
        widening_factor: 0.35,
        root_widening_factor: 0.05,
        root_behind_ratio: 0.3,
        weak_delta: false,
        proof_set_pruning: true,
        shrink_proofs: true,
        hsearch: SOLVER_HSEARCH,
        incremental_fill: 0,
        scratch_updates: 8,
        update_at_once: true,
        scratch_stack: true,
        killers: true,
        countermoves: false,
        // The graph recognisers cost a third of the solver's time on 6x6 and saved 2% of its
        // nodes (all 36 one-stone openings): the generated pattern library only.
        inferior: AnalysisOptions {
            dead_to: Some(Color::White),
            ..AnalysisOptions::SOLVER
        },
        glance: true,
        current_heat: false,
        child_estimate: 0.0,
        root_work_weight: 1.0,
        root_visit_share: 0.25,
        min_weighed_visit: 2_000,
        weighed_plies: 1,
    };
}

impl Default for SolverParams {
    fn default() -> Self {
        SolverParams::DEFAULT
    }
}

/// One root move as the search last saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Point,
    /// For the opponent, who moves after it: a win there means the move loses.
    pub bounds: Bounds,
}

impl RootMove {
    /// `Some(true)` when the move is proven to win, `Some(false)` to lose.
    #[must_use]
    pub fn wins(&self) -> Option<bool> {
        if self.bounds.is_loss() {
            Some(true)
        } else if self.bounds.is_win() {
            Some(false)
        } else {
            None
        }
    }
}

/// A progress report.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// MID calls and node creations so far.
    pub work: u64,
    /// Positions analysed so far.
    pub created: u64,
    pub elapsed_ms: f64,
    /// The root's remaining moves with their numbers.
    pub root_moves: Vec<RootMove>,
}

/// What a solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions analysed by the knowledge (each once while it stays in the table).
    pub created: u64,
    /// Positions created by a glance and analysed in full later, when searched below.
    pub completed: u64,
    /// MID calls that searched below a node.
    pub mid_calls: u64,
    /// Positions the knowledge decided on its own.
    pub terminal: u64,
    /// Positions solved by search.
    pub solved: u64,
    /// Moves dropped because they lay outside a sibling's proof bound.
    pub pruned_siblings: u64,
    /// Positions found solved under the hash of their filled position.
    pub fill_transpositions: u64,
    /// Positions found solved under the hash of their half-turn ([`crate::Board::half_turn`]).
    pub half_turns: u64,
    /// Incremental H-search updates (one per colour and stone) and builds from scratch.
    pub hsearch_updates: u64,
    pub hsearch_builds: u64,
    /// Connections a full analysis found built already, by the glance just before it.
    pub hsearch_reused: u64,
    /// Full analyses that took their glance's fill-in analysis.
    pub begun_reused: u64,
    /// Visits below a ply choosing by work that ended on their work budget
    /// ([`SolverParams::root_visit_share`]).
    pub paused_visits: u64,
    /// Fill-in stones placed, over all positions created.
    pub fill_stones: u64,
    /// Positions solved as wins by search, and the sum of the winning move's rank among the
    /// children (0: the first one tried was the winner): how good the ordering is.
    pub won_by_search: u64,
    pub winning_rank_sum: u64,
    /// Work spent under a won position's other children (what a perfect ordering saves).
    pub wasted_work: u64,
    /// Positions solved as losses by search, and their children in all (the must-play
    /// region after pruning: what the knowledge leaves to refute).
    pub lost_by_search: u64,
    pub lost_children_sum: u64,
    /// Full analyses that listed children, and the children they listed.
    pub expanded: u64,
    pub expanded_children: u64,
}

impl Stats {
    /// The work: node creations and MID calls.
    #[must_use]
    pub fn work(&self) -> u64 {
        self.created + self.mid_calls
    }

    /// Adds another solve's counts to these.
    pub fn add(&mut self, other: &Stats) {
        self.created += other.created;
        self.completed += other.completed;
        self.mid_calls += other.mid_calls;
        self.terminal += other.terminal;
        self.solved += other.solved;
        self.pruned_siblings += other.pruned_siblings;
        self.fill_transpositions += other.fill_transpositions;
        self.hsearch_updates += other.hsearch_updates;
        self.hsearch_builds += other.hsearch_builds;
        self.hsearch_reused += other.hsearch_reused;
        self.begun_reused += other.begun_reused;
        self.paused_visits += other.paused_visits;
        self.fill_stones += other.fill_stones;
        self.won_by_search += other.won_by_search;
        self.winning_rank_sum += other.winning_rank_sum;
        self.wasted_work += other.wasted_work;
        self.lost_by_search += other.lost_by_search;
        self.lost_children_sum += other.lost_children_sum;
        self.expanded += other.expanded;
        self.expanded_children += other.expanded_children;
    }
}

/// The result of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The winner with perfect play, when proven.
    pub winner: Option<Color>,
    /// A winning move for a won position; for a lost one the move whose refutation took the
    /// most work; for an unsolved one the move the search favoured last.
    pub best: Option<Point>,
    /// The principal variation from the table (as far as it is known).
    pub pv: Vec<Point>,
    /// For a solved position: the empty cells the winner's strategy needs.
    pub proof: Option<CellSet>,
    pub stats: Stats,
    pub elapsed_ms: f64,
    /// The solve ended by the stop flag, the time limit or the work limit.
    pub stopped: bool,
    /// The root's moves with their bounds as the search last saw them (empty when the root
    /// was decided without being expanded). Cells not among them are inferior, outside the
    /// must-play region or outside a losing move's proof bound: a winning move, when there is
    /// one, is always among them.
    pub root_moves: Vec<RootMove>,
}

impl Solution {
    /// The root's moves not proven losing, for an unsolved root the search expanded: a
    /// winning move, if there is one, is among them (`None`: nothing known).
    #[must_use]
    pub fn open_moves(&self) -> Option<CellSet> {
        if self.winner.is_some() || self.root_moves.is_empty() {
            return None;
        }
        let open: CellSet = self
            .root_moves
            .iter()
            .filter(|m| m.wins() != Some(false))
            .map(|m| m.mv)
            .collect();
        (!open.is_empty()).then_some(open)
    }
}

/// Every empty cell of a position judged ([`Solver::judge_moves`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveJudgements {
    /// The position's own solution.
    pub root: Solution,
    /// Cells proven winning for the side to move.
    pub winning: CellSet,
    /// Cells proven losing.
    pub losing: CellSet,
    /// Cells left unproven (time or work ran out).
    pub unknown: CellSet,
    pub stats: Stats,
    pub elapsed_ms: f64,
}

/// How full the transposition table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableUsage {
    pub positions: usize,
    pub slots: usize,
    pub bytes: usize,
}

/// A DFPN solver with its transposition table, kept between solves.
#[derive(Clone, Debug)]
pub struct Solver {
    params: SolverParams,
    table: Table,
    knowledge: Knowledge,
}

impl Knowledge {
    /// The knowledge the solver with `params` applies at every node (the Monte Carlo search
    /// applies the same to its tree's busiest nodes).
    #[must_use]
    pub fn of(params: &SolverParams) -> Knowledge {
        Knowledge {
            hsearch: params.hsearch,
            inferior: params.inferior,
            patterns: PatternSet::empty(),
            // Children are ordered by the player's circuit, every fully connected pair of
            // ends linked ([`crate::circuit::VcLinks::ALL_PAIRS`]). Against the shared-neighbour circuit, side
            // by side: the 36 6x6 openings in 15,004 nodes instead of 18,913 (4.37 s CPU
            // instead of 4.80), the empty 7x7 in 290 instead of 436, and the solved 9x9 file
            // 172 proven instead of 170 in 54.3 s CPU instead of 68.4, 0 wrong in both.
            circuit: CircuitParams {
                current_heat: params.current_heat,
                ..CircuitParams::DEFAULT
            },
            order_children: true,
        }
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(SolverParams::DEFAULT)
    }
}

impl Solver {
    #[must_use]
    pub fn new(params: SolverParams) -> Solver {
        let knowledge = Knowledge::of(&params);
        Solver {
            table: Table::with_mib(params.tt_mib),
            params,
            knowledge,
        }
    }

    #[must_use]
    pub fn params(&self) -> &SolverParams {
        &self.params
    }

    /// Changes the parameters; a new table size starts a new (empty) table, and new knowledge
    /// settings forget what the old ones proved nothing wrong about but may prune otherwise.
    pub fn set_params(&mut self, params: SolverParams) {
        let knowledge_changed =
            params.hsearch != self.params.hsearch || params.inferior != self.params.inferior;
        if params.tt_mib != self.params.tt_mib {
            self.table = Table::with_mib(params.tt_mib);
        }
        self.knowledge.hsearch = params.hsearch;
        self.knowledge.inferior = params.inferior;
        // The order of the children changes the work, never a result: the table stays.
        self.knowledge.circuit.current_heat = params.current_heat;
        if knowledge_changed {
            self.table.clear();
        }
        self.params = params;
    }

    /// Forgets every position (`dfpn-clear-tt`).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    #[must_use]
    pub fn table_stats(&self) -> TableStats {
        self.table.stats()
    }

    /// The table's use: positions stored, slots, and bytes held.
    #[must_use]
    pub fn table_usage(&self) -> TableUsage {
        TableUsage {
            positions: self.table.len(),
            slots: self.table.capacity(),
            bytes: self.table.bytes(),
        }
    }

    /// What the table knows of `position` (the side to move's numbers and the work spent
    /// below it), if it holds it: how a solve spread its work over the root's moves.
    pub fn known(&mut self, position: &Position) -> Option<(Bounds, u64)> {
        self.table.get(position.hash()).map(|d| (d.bounds, d.work))
    }

    /// Solves `position` for the side to move (cell moves only).
    pub fn solve(&mut self, position: &Position, control: &mut dyn Control) -> Solution {
        let start_ms = control.now_ms();
        self.solve_from(position, control, start_ms)
    }

    fn solve_from(
        &mut self,
        position: &Position,
        control: &mut dyn Control,
        start_ms: f64,
    ) -> Solution {
        let mut solution = Solution {
            winner: None,
            best: None,
            pv: Vec::new(),
            proof: None,
            stats: Stats::default(),
            elapsed_ms: 0.0,
            stopped: false,
            root_moves: Vec::new(),
        };
        if let Some(winner) = position.winner() {
            solution.winner = Some(winner);
            solution.proof = Some(CellSet::EMPTY);
            return solution;
        }
        let root = playing_copy(position);
        let mut search = Dfpn {
            synced_position: root.clone(),
            synced: 0,
            scratch: None,
            scratch_stones: ByColor::default(),
            scratch_marks: Vec::new(),
            killers: Vec::new(),
            countermoves: Vec::new(),
            begun: Vec::new(),
            pause_at: Vec::new(),
            path: Vec::new(),
            connections: None,
            position: root,
            table: &mut self.table,
            knowledge: &self.knowledge,
            params: &self.params,
            control,
            stats: Stats::default(),
            stopped: false,
            start_ms,
            last_report_ms: start_ms,
            root_moves: Vec::new(),
            poll_countdown: 0,
            last_poll_ms: start_ms,
            slow_calls: false,
        };
        let (root, _) = search.mid(Bounds::UNLIMITED, 0);
        let elapsed = search.control.now_ms() - start_ms;
        search.report(elapsed);
        solution.stats = search.stats;
        solution.stopped = search.stopped;
        solution.root_moves = core::mem::take(&mut search.root_moves);
        solution.elapsed_ms = elapsed;
        let mover = position.to_move();
        if root.bounds.is_win() {
            solution.winner = Some(mover);
        } else if root.bounds.is_loss() {
            solution.winner = Some(!mover);
        }
        if solution.winner.is_some() {
            solution.proof = Some(root.proof);
        }
        solution.best = root.best.or_else(|| root.children.first().copied());
        solution.pv = self.principal_variation(position);
        solution
    }

    /// The principal variation the table holds from `position`: each position's best move
    /// while it is known.
    pub fn principal_variation(&mut self, position: &Position) -> Vec<Point> {
        let mut line = Vec::new();
        let mut p = playing_copy(position);
        while p.winner().is_none() {
            let Some(best) = self.table.get(p.hash()).and_then(|d| d.best) else {
                break;
            };
            if !p.empty_cells().contains(best) || line.len() > 400 {
                break;
            }
            p.play_unchecked(p.to_move(), Move::Cell(best));
            line.push(best);
        }
        line
    }

    /// Judges every empty cell of `position` for the side to move: winning, losing or (when
    /// time or work runs out) unknown. The table is shared, so the root's solve helps each
    /// move's. Unlike Benzene's `dfpn-solver-find-winning`, which lists the winning moves
    /// among those its inferior-cell analysis keeps, this is the complete set: every empty
    /// cell is decided on its own.
    pub fn judge_moves(
        &mut self,
        position: &Position,
        control: &mut dyn Control,
    ) -> MoveJudgements {
        let start_ms = control.now_ms();
        let root = self.solve_from(position, control, start_ms);
        let mut stats = root.stats;
        let mut out = MoveJudgements {
            winning: CellSet::EMPTY,
            losing: CellSet::EMPTY,
            unknown: CellSet::EMPTY,
            stats,
            elapsed_ms: root.elapsed_ms,
            root,
        };
        let mover = position.to_move();
        let empty = if position.winner().is_some() {
            CellSet::EMPTY
        } else {
            position.empty_cells()
        };
        if out.root.winner == Some(!mover) {
            // The root's proof already covers every move.
            out.losing = empty;
            return out;
        }
        // The root's children first (the likely winners), then every other cell.
        let mut order: Vec<Point> = self
            .table
            .get(playing_copy(position).hash())
            .map(|d| d.children.clone())
            .unwrap_or_default();
        for p in empty {
            if !order.contains(&p) {
                order.push(p);
            }
        }
        let mut child_position = playing_copy(position);
        let mut pending = empty;
        let mut judging = Judging {
            control,
            moves: order
                .iter()
                .map(|&mv| RootMove {
                    mv,
                    bounds: Bounds::UNKNOWN,
                })
                .collect(),
            done: stats,
            start_ms,
        };
        for mv in order {
            if !pending.contains(mv) {
                continue;
            }
            pending.remove(mv);
            if judging.control.stop_requested()
                || self
                    .params
                    .time_ms
                    .is_some_and(|limit| judging.control.now_ms() - start_ms >= limit)
            {
                out.unknown.insert(mv);
                continue;
            }
            child_position.play_unchecked(mover, Move::Cell(mv));
            let child = self.solve_from(&child_position, &mut judging, start_ms);
            child_position.undo();
            stats.add(&child.stats);
            judging.done = stats;
            match child.winner {
                Some(w) if w == mover => out.winning.insert(mv),
                Some(_) => {
                    out.losing.insert(mv);
                    // The opponent's strategy after this move needs only its proof's cells:
                    // every other move outside them loses to it too.
                    if let Some(proof) = child.proof {
                        let also = pending - proof;
                        out.losing |= also;
                        pending -= also;
                    }
                }
                None => out.unknown.insert(mv),
            }
            judging.decided(out.winning, out.losing);
        }
        out.stats = stats;
        out.elapsed_ms = judging.control.now_ms() - start_ms;
        out
    }

    /// The winning strategy of a solved position, from the table: for the winner's turns the
    /// move to play, for the loser's every reply answered, down to positions H-search or the
    /// fill-in decide. `None` when `position` is not proven won for someone, or the table
    /// lost part of the proof (a stop, or a table too small): solve again, then ask.
    pub fn strategy(&mut self, position: &Position, control: &mut dyn Control) -> Option<Strategy> {
        proof::extract(self, position, control)
    }
}

/// The caller's control while [`Solver::judge_moves`] solves one move after another: progress
/// reports speak of the judged position (its moves, decided or not, as root moves; the work
/// summed over the solves), never of the position after the move being solved.
struct Judging<'c> {
    control: &'c mut dyn Control,
    moves: Vec<RootMove>,
    /// What the finished solves did.
    done: Stats,
    start_ms: f64,
}

impl Judging<'_> {
    /// Marks the moves decided so far and reports them.
    fn decided(&mut self, winning: CellSet, losing: CellSet) {
        for m in &mut self.moves {
            if winning.contains(m.mv) {
                m.bounds = Bounds::LOSS;
            } else if losing.contains(m.mv) {
                m.bounds = Bounds::WIN;
            }
        }
        let elapsed_ms = self.control.now_ms() - self.start_ms;
        self.report(0, 0, elapsed_ms);
    }

    fn report(&mut self, work: u64, created: u64, elapsed_ms: f64) {
        let progress = Progress {
            work: self.done.work() + work,
            created: self.done.created + created,
            elapsed_ms,
            root_moves: self.moves.clone(),
        };
        self.control.progress(&progress);
    }
}

impl Control for Judging<'_> {
    fn now_ms(&mut self) -> f64 {
        self.control.now_ms()
    }
    fn stop_requested(&mut self) -> bool {
        self.control.stop_requested()
    }
    fn progress(&mut self, progress: &Progress) {
        self.report(progress.work, progress.created, progress.elapsed_ms);
    }
}

/// A copy of `position` the solver may play and take back moves on: the swap rule off (the
/// solver's moves are cells) and the history kept (so that undo reaches only its own moves).
fn playing_copy(position: &Position) -> Position {
    let mut p = position.clone();
    p.set_swap_rule(false);
    p
}
