//! Ohm as a player: strength levels, the swap decision, the opening under the swap rule,
//! converting a won position and resisting in a lost one.
//!
//! [`choose_move`] decides, in this order:
//! 1. **swap** (second move, swap rule on): see [`should_swap`];
//! 2. **opening** (first move, swap rule on): the strongest cell Ohm would not swap itself,
//!    see [`choose_opening`];
//! 3. **book** (a level with [`Level::opening_book`], none as shipped; a lone first stone
//!    on 9x9 or 11x11): the opening book's reply ([`crate::book`]);
//! 4. **conversion**: when H-search finds that the side to move holds an edge-to-edge semi or
//!    full connection, a move after which it still holds a full connection (a semi key first,
//!    then the cells of the winning carrier): every intrusion is answered and the win is never
//!    let go (as far as H-search is sound, which the search tests check by brute force);
//! 5. **resistance**: when the opponent holds a winning connection, the intrusion into its
//!    carrier that leaves the opponent the largest smallest winning carrier (or none);
//! 6. otherwise the **search** of the level (the alpha-beta search, or for levels 5 and 6 on
//!    boards larger than 9x9 the Monte Carlo search, [`LARGE_BOARD_MCTS`]), and for beginner
//!    levels a noisy choice among the root moves.

use alloc::vec;
use alloc::vec::Vec;

use crate::circuit::{evaluate, CircuitParams};
use crate::connections::{Connections, HSearchLimits};
use crate::mcts::{self, MctsParams};
use crate::openings::first_player_wins;
use crate::point::Point;
use crate::search::{
    search_within, Control, LeafEvaluation, SearchParams, SearchResult, TranspositionTable,
};
use crate::solver::{self, Solver, SolverParams};
use crate::{ByColor, CellSet, Move, Position};

/// A named strength: a search configuration plus noise in the choice of move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1 (beginner) to 6 (strongest).
    pub number: u8,
    pub name: &'static str,
    pub search: SearchParams,
    /// Beginner levels: each root move's score (in the search's units, 1000 per unit of `E`)
    /// gets a uniform random bonus in `0..noise` before the best is taken, so they prefer
    /// good moves but not always the best one. 0: no noise.
    pub noise: i32,
    /// H-search limits for the conversion and resistance decisions.
    pub hsearch: HSearchLimits,
    /// The solver's share of each move.
    pub solver: SolverSlice,
    /// On boards larger than [`SMALL_BOARD_CELLS`] (9x9), the width one ply above the leaves
    /// when the search's own [`SearchParams::frontier_width`] is 0 (0: none). Where the
    /// time is short for the board (11x11 at 2 s) the saved leaves buy depth; on 9x9, where
    /// depth 3-4 fits anyway, the same narrowing lost (matches BE and BF in
    /// `docs/strength.md`).
    pub large_board_frontier: u32,
    /// On boards of at most [`SMALL_BOARD_CELLS`] cells (9x9), iterative deepening over
    /// depths 1, 2, 4, ... ([`SearchParams::even_depths`], Wolve's depths 1, 2, 4). Level 6
    /// with it against itself without, 2 s a move: 38-26 on the 9x9 ring openings
    /// and 38-26 on `ohm match`'s 9x9 openings (76-52 in 128 games, +66 Elo, +5 .. +127),
    /// 20-20 on the 11x11 ring openings (matches EV9, EV9B and EV11 in `docs/strength.md`),
    /// where against the build from before issue 16 it scored 34-6, as level 6 without
    /// (RING11G).
    pub small_board_even_depths: bool,
    /// The Monte Carlo search ([`crate::mcts`]) in place of the alpha-beta search, with the
    /// level's time limit, in the positions [`MctsParams::plays`] (`None`: alpha-beta
    /// everywhere). Levels 5 and 6 have [`LARGE_BOARD_MCTS`]: boards larger than 9x9.
    pub mcts: Option<MctsParams>,
    /// The reply to a lone first stone comes from the opening book ([`crate::book`]) on the
    /// boards it covers, instead of the level's search. No level has it: level 6 with the
    /// book against level 6 without, 2 s a move, the ring openings, scored 37-27 on
    /// 9x9 and 20-20 on 11x11 (57-47 in 104 games, BK9 and BK11 in `docs/strength.md`), no
    /// clear gain (`book=1` in `ohm match`).
    pub opening_book: bool,
}

impl Level {
    /// The level's search parameters for this position's board (the frontier width of
    /// [`Level::large_board_frontier`] on boards larger than 9x9, the even depths of
    /// [`Level::small_board_even_depths`] up to 9x9).
    pub fn search_for(&self, position: &Position) -> SearchParams {
        let mut params = self.search;
        let small = position.board().cells().len() <= SMALL_BOARD_CELLS;
        if params.frontier_width == 0 && !small {
            params.frontier_width = self.large_board_frontier;
        }
        if small && self.small_board_even_depths {
            params.even_depths = true;
        }
        params
    }
}

/// How much of a move's time the solver gets before the search, and in which positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverSlice {
    /// Share of the move's time limit (0: no solver).
    pub share: f64,
    /// The share on boards of at most [`SMALL_BOARD_CELLS`] cells (9x9 and smaller), where the
    /// solver proves a game from about its tenth stone and a larger share won (matches AW and
    /// AW2 in `docs/strength.md`: 50-30 on 9x9 at 2 s), while on 11x11 it lost (AX: 7-13).
    pub small_board_share: f64,
    /// Only positions with at most this many empty cells (earlier the solver seldom
    /// proves anything in its share).
    pub max_empty: u32,
    /// A smaller share for the positions with more empty cells than `max_empty` but at most
    /// [`SolverSlice::early_max_empty`]: on 11x11 the middle game from about its tenth stone
    /// on, where a game is often decided long before 40 stones and a proof then takes the
    /// solver a fraction of a second: in 9 of 83 games that a level 6 lost on 11x11 (80
    /// against itself, 3 against the build from before issue 16) it had been to move in a
    /// position of 82 to 110 empty cells that the solver proves won within 1 s, 7 of them
    /// within 0.3 s (`examples/lost_wins.rs`). No level has one: a fifth from 110 empty
    /// cells at level 6 was even against level 6 without it (see `STRONGEST_SLICE`).
    pub early_share: f64,
    /// See [`SolverSlice::early_share`] (0: none).
    pub early_max_empty: u32,
    /// The solver's work limit when the level has no time limit.
    pub nodes: u64,
    /// The time the search leaves of the move (it starts no iteration it cannot finish) goes
    /// back to the solver, which goes on from its table; a win it then proves is played.
    pub rest: bool,
    /// When the slice proves no win, the search's root keeps only the moves the solver has
    /// not proven losing ([`solver::Solution::open_moves`]: a winning move, if there is one,
    /// is among them). Measured at level 6 on 9x9 at 2 s (`open_root=1` in `ohm match`, matches
    /// DA and DA2 in `docs/strength.md`): 38-42 in 80 games, so off: the search seldom
    /// chooses a move the slice has proven losing.
    pub open_root: bool,
    /// After the search, its choice is checked by the solver: the position after the move is
    /// solved for up to this share of the move's time limit (out of what the move has left);
    /// a move proven losing gives way to the next of the root's best moves, checked the same
    /// way, and one proven winning is played (0: no check). The search's tree H-search
    /// misses wins that the solver's analysis of the position after a move (its fill-in
    /// and H-search at the solver's limits) sees at once: in a game level 6 lost on 11x11
    /// (RING11E, game 14) its move at 33 stones let the opponent win, proven in 0.0 s.
    pub check: f64,
    /// The check gets all the time the move has left, not only its share: on 11x11 the
    /// search ends about halfway through its move (it starts no iteration it cannot finish).
    pub check_rest: bool,
}

/// A slice of `share` of the move's time in positions with at most `max_empty` empty cells
/// (a work limit of a thousand nodes per empty cell when the level has no clock).
const fn slice(share: f64, max_empty: u32) -> SolverSlice {
    SolverSlice {
        share,
        small_board_share: share,
        max_empty,
        early_share: 0.0,
        early_max_empty: 0,
        nodes: 1000 * max_empty as u64,
        rest: false,
        open_root: false,
        check: 0.0,
        check_rest: false,
    }
}

/// Boards up to this many cells (9x9) take [`SolverSlice::small_board_share`].
pub const SMALL_BOARD_CELLS: u32 = 81;

impl SolverSlice {
    /// No solver.
    pub const NONE: SolverSlice = SolverSlice {
        share: 0.0,
        small_board_share: 0.0,
        max_empty: 0,
        early_share: 0.0,
        early_max_empty: 0,
        nodes: 0,
        rest: false,
        open_root: false,
        check: 0.0,
        check_rest: false,
    };

    /// The share of the move's time the solver gets in `position`: none when it has more than
    /// `max_empty` empty cells (the early share up to `early_max_empty`), the small board's
    /// share on boards up to 9x9.
    #[must_use]
    pub fn share_in(&self, position: &Position) -> f64 {
        let empty = position.empty_cells().len();
        if empty > self.max_empty.max(self.early_max_empty) {
            0.0
        } else if empty > self.max_empty {
            self.early_share
        } else if position.board().cells().len() <= SMALL_BOARD_CELLS {
            self.small_board_share
        } else {
            self.share
        }
    }
}

const fn params(
    max_depth: u32,
    width: u32,
    root_width: u32,
    hsearch: Option<HSearchLimits>,
    hsearch_plies: u32,
    time_ms: f64,
) -> SearchParams {
    SearchParams {
        max_depth,
        width,
        root_width,
        max_nodes: u64::MAX,
        time_ms: Some(time_ms),
        circuit: CircuitParams::DEFAULT,
        hsearch,
        hsearch_plies,
        // 65 536 slots (about 2 MB): several times the nodes of the strongest level's search.
        tt_bits: 16,
        exact_root: false,
        // The root's moves are pruned by inferior-cell analysis at every level: a few
        // milliseconds once per search, for a third or more of the moves (ohm bench search).
        inferior_plies: 1,
        evaluation: LeafEvaluation::Circuit,
        edge_penalty: EDGE_PENALTY,
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

/// The leaf penalty per stone on the outer ring ([`crate::search::edge_prior`]): 0.09 of `E`
/// on 11x11, 0.11 on 9x9. Without it every level answered a centre opening in the far obtuse
/// corner (11x11 f6 k1, 9x9 e5 a9); 0.08 was not quite enough on 9x9. Measured on 9x9:
/// level 4 with a flat 0.08 beat level 4 without it 21-5 (no time limit), and level 4 with
/// this penalty beat level 4 without it 65-35 (100 games, its time limit). It helped level 3
/// as much (level 4 against level 3 fell from 89-11 to 52-48), which is why levels 4 to 6 now
/// run H-search at every node of their tree (see [`LEVELS`]).
pub const EDGE_PENALTY: i32 = 90;

/// The H-search every level runs at the root to convert won positions and resist lost
/// ones: the defaults with the ends' captured pairs inside AND and OR
/// ([`HSearchLimits::captured`]). It finds the winner's connection in 90 of the 174 solved
/// 9x9 positions instead of 76 and in 157 of 200 solved 6x6/7x7 ones instead of 154, for
/// 40.4 million instructions a build instead of 32.2 (`ohm bench vc --vc root`,
/// `scripts/vc-instructions.sh`); it runs once a move, so the tree keeps the defaults.
pub const ROOT_HSEARCH: HSearchLimits = HSearchLimits {
    captured: true,
    ..HSearchLimits::DEFAULT
};

/// H-search limits used inside the search by levels 3 and 4: at most 10 full and 20 semi
/// connections per pair, OR over 4, and a work budget, since it runs at every node.
pub const SEARCH_HSEARCH: HSearchLimits = HSearchLimits {
    max_full: 10,
    max_semi: 20,
    max_or: 4,
    budget: 200_000,
    stop_when_won: true,
    ..HSearchLimits::DEFAULT
};

/// Level 5's H-search in the tree: more connections per pair (16 full, 32 semi, OR over 5).
/// As Anshelevich found for Hexy, the number of connections kept per pair matters more than
/// the depth: on 9x9 (100 games, balanced openings) level 4 with these limits beat level 4
/// 62-38, where a depth-5 search beat a depth-4 one with the same limits only 15-14.
pub const EXPERT_HSEARCH: HSearchLimits = HSearchLimits {
    max_full: 16,
    max_semi: 32,
    max_or: 5,
    ..SEARCH_HSEARCH
};

/// Level 6's H-search in the tree: level 5's 16 full and 32 semi connections per pair, OR
/// over 5, with twice the work budget. Until the circuit linked every fully connected pair it
/// kept 24/48/6; with the all-pairs circuit the lighter build, a deeper tree in the same time,
/// won: `ohm match level:6,time=1000,full=16,semi=32,or=5 level:6,time=1000 --size 9` 49-31
/// in 80 games ([0.50, 0.71], +80 Elo). The budget stays: without one, a single 11x11
/// middle-game build at 24/48/6 took up to 13 s (mean 1.1 s), against 0.34 s (mean 0.08 s)
/// with it, and every node of the tree pays for its updates.
///
/// With the ends' captured pairs inside AND and OR ([`HSearchLimits::captured`], as the
/// solver and the root have them): about a quarter more work a node, for connections that
/// meet in the cells an end captures. Level 6 with them against without, 2 s a move
/// (`captured=1` in `ohm match`, `docs/strength.md`): 49-31 in 80 games on 9x9 (EH, EH2;
/// +80, +2 .. +157), 43-37 in 80 on 11x11 (AZ, EI); on the solved early 7x7 positions
/// (`examples/eval_quality.rs`) the search alone keeps the win in 89 and 92 of 94 at depths
/// 3 and 4 instead of 85 and 88.
pub const STRONGEST_HSEARCH: HSearchLimits = HSearchLimits {
    max_full: 16,
    max_semi: 32,
    max_or: 5,
    budget: 400_000,
    captured: true,
    ..SEARCH_HSEARCH
};

/// Levels 5 and 6 search only the best eight root moves again from the third iteration on
/// when the whole root's next iteration would not finish in time
/// ([`SearchParams::narrow_root`]). On 11x11 at 2 s a move level 6 finished depth 2 (about
/// 1 s) and had no time for depth 3 over its 32 root moves; with the best eight of depth 2
/// it completes depth 3: against level 6 without, 27-13 on 11x11 (40 games, +127 Elo, +14 ..
/// +240) and 10-10 on 9x9 (where depth 3 mostly fits already; `docs/strength.md`).
pub const NARROW_ROOT: u32 = 8;

/// Levels 5 and 6 search eight moves at the nodes one ply above the leaves on boards larger
/// than 9x9 ([`Level::large_board_frontier`]): against level 6 with the full width of 14,
/// 32-12 on 11x11 at 2 s (+170 Elo, +57 .. +284), where it lost 13-27 on 9x9.
pub const LARGE_BOARD_FRONTIER: u32 = 8;

/// Levels 5 and 6 play with the Monte Carlo search ([`crate::mcts`]) on boards larger than
/// 9x9, the alpha-beta search up to 9x9. On 11x11 the busiest nodes' analysis (fill-in, the
/// must-play region, proofs) pays for its cost only at nodes of some hundreds of visits: with
/// the analysis at 20 visits the Monte Carlo search lost 15-25 to level 6's alpha-beta (U11),
/// at 200 it won 26-14 (MK11, +108 Elo, -3 .. +219) and 35-5 against the build from before
/// issue 16 (MKO11; the alpha-beta scored 30-10 to 35-5 in ten runs), and at 600 it beat
/// itself at 200 25-15 (MK600, +89, -21 .. +198); 2 s a move, the 11x11 ring
/// openings, `docs/strength.md`. On 9x9, where the alpha-beta searches the even depths and
/// the solver takes 70% of a move, the Monte Carlo search was even with it (U1 to U3); with
/// the analysis from 600 visits it beat it 40-24 (MC9), but against the build from before
/// issue 16 it won only 44-20 where the alpha-beta wins 57-7 (RING9M), so 9x9 keeps the
/// alpha-beta. A leaf gets its children on its twentieth visit: on its tenth rather than its
/// third it won 24-16 on 11x11 (EXP11, +70, -38 .. +179), 36-4 and 32-8 against the build
/// from before issue 16 (EXO11, RING11L) and took half the peak memory at 2 s a move (121 MB
/// against 242); on its twentieth rather than its tenth 23-17 (EXP20, +53, -55 .. +160), and
/// 37-3, 34-6 and 36-4 against the build from before issue 16 (EX20O11, RING11M, RING11N).
/// The move patterns' progressive bias at 0.5 ([`MctsParams::progressive_bias`]) beat the
/// search without it 28-12 (PB05, +147, +32 .. +263; at MoHex 2.0's 2.47 26-14, PB247), and
/// the build from before issue 16 won no game of the first twenty against it (PBO05).
/// The circuit's judgement of a node's position as 1,000 virtual playouts at its analysis
/// ([`MctsParams::value_prior`]) beat the search without it 25-15 (VAL1000, +89, -21 ..
/// +198; 300 of them 22-18, VAL300) and scored 36-4 and 35-5 against the build from before
/// issue 16 (VALO11, RING11X). A node with a single move to consider has no circuit
/// evaluation, and so no prior. With the prior, the analysis from 300 visits lost 9-17 head
/// to head (K300H) and from 1,000 was even (K1000H, 21-19), and 3,000 virtual playouts lost
/// 8 of their first 29 games against the build from before issue 16 (V3KO11).
pub const LARGE_BOARD_MCTS: MctsParams = MctsParams {
    knowledge_visits: 600,
    expand_visits: 20,
    progressive_bias: 0.5,
    value_prior: 1000.0,
    larger_than_cells: SMALL_BOARD_CELLS,
    ..MctsParams::DEFAULT
};

/// Levels 5 and 6: half of each move to the solver from 81 empty cells, 70% on boards up to
/// 9x9 (AW, AW2: 50-30 against half on 9x9 at 2 s; AX: 7-13 on 11x11, which keeps half).
/// No early share ([`SolverSlice::early_share`]): a fifth of each move from 110 empty cells
/// kept some wins on 11x11 that the search let go, but against level 6 without it it scored
/// 80-79 in 159 games at 2 s (`early_solver=0.2:110` in `ohm match`, ES11 to ES11D in
/// `docs/strength.md`), the search's lost time costing what the proofs won; a twentieth
/// scored 72-8 against the build from before issue 16 (ESS11, ESS11B), what level 6 without
/// it scores there.
const STRONGEST_SLICE: SolverSlice = SolverSlice {
    small_board_share: 0.7,
    ..slice(0.5, 81)
};

/// The six levels, weakest first.
///
/// | level | name | depth | width (root) | H-search in the tree (full/semi/OR per pair) | noise | time limit | solver slice (share, empty cells at most) |
/// |---|---|---|---|---|---|---|---|
/// | 1 | beginner | 1 | all | none | 0.6 | 1 s | 0.2, 12 |
/// | 2 | casual | 2 | 6 (10) | none | 0.25 | 1 s | 0.2, 20 |
/// | 3 | club | 2 | 8 (14) | root, 10/20/4 | 0 | 2 s | 0.3, 40 |
/// | 4 | strong (default) | 3 | 10 (20) | every node, 10/20/4 | 0 | 1.5 s | 0.5, 81 |
/// | 5 | expert | up to 9x9: 6 (the depths 1, 2, 4, 6); larger boards: the Monte Carlo search | up to 9x9: 14 (32; the best 8 from depth 3 when time is short), killers, countermoves | up to 9x9: every node, 16/32/5, twice the budget; larger: a node's analysis from 600 visits, the move patterns' progressive bias 0.5, the circuit's value prior 1,000 | 0 | 2 s | 0.5 (0.7 up to 9x9), 81 |
/// | 6 | strongest | as level 5 | as level 5 | as level 5 | 0 | 8 s | 0.5 (0.7 up to 9x9), 81 |
///
/// **Levels 5 and 6 differ by time only**: the strongest search, tuned at 2 s a move (the
/// matches against the build from before, `docs/strength.md`), at 2 s and at 8 s, with
/// iterative deepening free to go past depth 4 when the time allows. Until then level 5 was
/// level 4's tree one ply deeper with 16/32/5 at 5 s, and level 6 at its 8 s did not beat it
/// (17-23 on 9x9): both reached depth 3 in the opening, level 6's wider tree no deeper.
/// Level 6 at 8 s against itself at 3 s won 25-15 on 9x9.
///
/// **On boards larger than 9x9 levels 5 and 6 play the Monte Carlo search**
/// ([`LARGE_BOARD_MCTS`]), which there beat their alpha-beta (above); the solver's slice and
/// the root's conversion and resistance checks come first as before it.
///
/// **The solver's slice**: in a position with few enough empty cells the solver
/// ([`crate::solver`], its table kept by [`Engine`] over the game) gets the share of the move's
/// time first; a proven win is played at once ([`Reason::Solved`]), and otherwise the search
/// gets the rest of the time (in a proven loss too: its move is the hardest to refute that it
/// finds). The lower levels solve only the last few cells, so that they stay beatable. On the
/// solved 9x9 file's 79 won positions at 1 s per move under load 8 (`ohm bench wins
/// level:6,time=1000,solver=SHARE:MAX_EMPTY`), level 6 keeps 75 without a slice, 74 with
/// 30% in positions of at most 60 empty cells (most of the file's have more), 77 to 79 with
/// half the time from 81 empty cells (a whole 9x9 board); level 4 keeps 73 and 77. So levels
/// 4 to 6 give the solver half of every move on boards up to 9x9 and from 40 stones on 11x11;
/// levels 5 and 6 70% on boards up to 9x9, which won 50-30 there at 2 s and keeps all 79.
///
/// **H-search at every node**, leaves included, is what separates levels 4 to 6 from level 3:
/// the leaves' circuits then carry the virtual connections and a leaf where either side has
/// won is scored as won (Hexy's design). At depth 3 on 9x9, H-search at every node beat
/// H-search at the first two plies only 72-28.
///
/// **More connections per pair**, not more depth, is what separates levels 5 and 6 from level
/// 4, as Anshelevich reports for Hexy. Measured on 9x9 (`ohm match`, 100 games, the balanced
/// three-stone openings), against the level below's settings:
///
/// | change | score |
/// |---|---|
/// | level 4 keeping 16/32/5 instead of 10/20/4 | 62-38 |
/// | level 4 keeping 24/48/6 instead of 16/32/5 (same budget) | 47-53 |
/// | level 4 with width 16 and root width 32 | 54-46 |
/// | level 4 with root width 32 (two-stone openings) | 53-47 |
/// | depth 4 (level 5 before) instead of depth 3 | 46-37 after 83 games |
/// | depth 5, root width 24 (level 6 before) instead of depth 3 | 16-13 after 29 games |
/// | depth 5 instead of depth 4, both 16/32/5 | 15-14 after 29 games |
/// | depth 4 with 16/32/5 (level 5) | 64-36 |
/// | level 5 with a forced-move extension (must-play regions of up to 6 cells) | 12-18 after 30 |
/// | level 5 with 24/48/6 and no budget | 21-13 after 34 games |
/// | level 5 with width 14, root width 32 and no budget | 43-33 after 76 games |
/// | level 6 (this table's settings) against level 5 | 62-38 |
/// | level 6 (all-pairs circuit, killers, countermoves) against level 5 before it, own limits | 17-23 after 40 |
///
/// Inferior-cell pruning at the first four plies instead of the root only gained nothing
/// either (31-31 after 62 games), so every level prunes by inferior cells at the root only.
/// Level 6 combines the last two rows under a budget (without one a single 11x11 build at
/// its limits took up to 13 s): see `docs/strength.md` for the ladder. On 11x11 level 6 did
/// not beat the level 5 before it (47-53): there it seldom finished depth 3 within its 8 s.
///
/// **Killer moves** (the last two moves that cut off a node at the same ply, tried after the
/// table's move whatever their rank by energy) are level 6's: at 2 s a move on 9x9 level 6
/// with them beat level 6 without them 28-12 (+147 Elo, +32 .. +263), and 12-8 on 11x11; with
/// the two earlier 1 s matches on 9x9 (18-12, 22-18), 80-50 in all (`docs/strength.md`).
/// **Countermoves** (the answer that last cut off a node right after the opponent's move to
/// the same cell, tried after the killers) are level 6's too: with killers on both sides,
/// 25-15 on 9x9 and 14-6 on 11x11 at 2 s a move, 39-21 in all (+108 Elo, +16 .. +199).
/// Levels 5 and 6 **narrow the root** to its best [`NARROW_ROOT`] moves from the third
/// iteration when the whole root's next iteration would not fit in the time.
///
/// Every level's leaves carry the edge prior [`EDGE_PENALTY`] and are scored by the circuit
/// (Queenbee's two-distance is the alternative, [`LeafEvaluation`]), with every pair of ends
/// H-search fully connects linked as neighbours ([`crate::circuit::VcLinks::AllPairs`]): at
/// level 6 that beat the circuit with links between groups only 57-23 on 9x9 (1 s a move)
/// and 30-10 on 11x11 (2 s), the largest gain any single change has measured
/// (`docs/strength.md`).
/// Noise is in units of `E` (see [`Level::noise`]). Every level converts won positions and
/// resists lost ones with full H-search ([`ROOT_HSEARCH`]); inside the tree the
/// limits of the table apply ([`SEARCH_HSEARCH`], [`EXPERT_HSEARCH`], [`STRONGEST_HSEARCH`]).
/// Depth, width and time are upper bounds: with a clock, iterative deepening starts an
/// iteration only when its predicted cost fits ([`SearchParams::finish_margin`]) and stops at
/// the time limit with the best move established (an interrupted iteration's counts once its
/// first move was searched again); the limit covers the whole decision (the conversion and
/// resistance H-search and the solver's slice too). Level 4's limit leaves 0.5 s of the
/// browser's 2 s for stopping, messaging and a slower wasm clock under load.
///
/// Time per move, `choose_move` with these limits on 11x11 (three 2-stone openings and
/// three 20-stone middle games; `tests/search_level_times.rs`), mean / max in ms, measured
/// natively and as wasm32 in Node in the same session on a loaded 2-core machine (load 3,
/// two matches running):
///
/// | level | 1 | 2 | 3 | 4 | 5 | 6 |
/// |---|---|---|---|---|---|---|
/// | native | 19 / 30 | 24 / 33 | 21 / 57 | 358 / 734 | 1602 / 3538 | 4125 / 8004 |
/// | wasm | 60 / 112 | 33 / 45 | 33 / 72 | 438 / 834 | 2145 / 4639 | 3912 / 8005 |
///
/// The longest gap between two stop-flag polls was 13 ms natively and 15 ms in wasm (level
/// 6 and 5). In headless Chromium (`tests/e2e/measure.mjs --only=levels`, click to stone,
/// load 3.6) the answers took 776 / 1554 ms at level 4 and 6760 / 8111 ms at level 6.
pub const LEVELS: [Level; 6] = [
    Level {
        number: 1,
        name: "beginner",
        search: SearchParams {
            exact_root: true,
            ..params(1, u32::MAX, u32::MAX, None, 0, 1000.0)
        },
        noise: 600,
        hsearch: ROOT_HSEARCH,
        solver: slice(0.2, 12),
        large_board_frontier: 0,
        small_board_even_depths: false,
        mcts: None,
        opening_book: false,
    },
    Level {
        number: 2,
        name: "casual",
        search: SearchParams {
            exact_root: true,
            ..params(2, 6, 10, None, 0, 1000.0)
        },
        noise: 250,
        hsearch: ROOT_HSEARCH,
        solver: slice(0.2, 20),
        large_board_frontier: 0,
        small_board_even_depths: false,
        mcts: None,
        opening_book: false,
    },
    Level {
        number: 3,
        name: "club",
        search: params(2, 8, 14, Some(SEARCH_HSEARCH), 1, 2000.0),
        noise: 0,
        hsearch: ROOT_HSEARCH,
        solver: slice(0.3, 40),
        large_board_frontier: 0,
        small_board_even_depths: false,
        mcts: None,
        opening_book: false,
    },
    Level {
        number: 4,
        name: "strong",
        search: params(3, 10, 20, Some(SEARCH_HSEARCH), 4, 1500.0),
        noise: 0,
        hsearch: ROOT_HSEARCH,
        solver: slice(0.5, 81),
        large_board_frontier: 0,
        small_board_even_depths: false,
        mcts: None,
        opening_book: false,
    },
    Level {
        number: 5,
        name: "expert",
        search: SearchParams {
            killers: true,
            countermoves: true,
            narrow_root: NARROW_ROOT,
            ..params(6, 14, 32, Some(STRONGEST_HSEARCH), 7, 2000.0)
        },
        noise: 0,
        hsearch: ROOT_HSEARCH,
        solver: STRONGEST_SLICE,
        large_board_frontier: LARGE_BOARD_FRONTIER,
        small_board_even_depths: true,
        mcts: Some(LARGE_BOARD_MCTS),
        opening_book: false,
    },
    Level {
        number: 6,
        name: "strongest",
        search: SearchParams {
            killers: true,
            countermoves: true,
            narrow_root: NARROW_ROOT,
            ..params(6, 14, 32, Some(STRONGEST_HSEARCH), 7, 8000.0)
        },
        noise: 0,
        hsearch: ROOT_HSEARCH,
        solver: STRONGEST_SLICE,
        large_board_frontier: LARGE_BOARD_FRONTIER,
        small_board_even_depths: true,
        mcts: Some(LARGE_BOARD_MCTS),
        opening_book: false,
    },
];

/// The level played when none is asked for.
pub const DEFAULT_LEVEL: u8 = 4;

/// Level `number` (1..=6).
#[must_use]
pub fn level(number: u8) -> Option<&'static Level> {
    LEVELS.iter().find(|l| l.number == number)
}

/// Why a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The swap rule: the first stone is taken over.
    Swap,
    /// A first move under the swap rule, chosen to be balanced.
    Opening,
    /// Keeping a winning connection.
    Converting,
    /// A winning move the solver proved.
    Solved,
    /// The opponent holds a winning connection: the most resistant intrusion.
    Resisting,
    /// The level's search.
    Search,
    /// The opening book's reply to a lone first stone ([`crate::book`]).
    Book,
}

/// A chosen move and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub mv: Move,
    pub reason: Reason,
    /// The search behind the move, when one ran.
    pub search: Option<SearchResult>,
}

/// A small deterministic generator (xorshift64*): the beginner levels' noise, and anything
/// else that must draw the same numbers on every run and platform (`ohm match`'s openings).
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }
}

/// The first move, if it is the only move played and a cell.
fn single_first_stone(position: &Position) -> Option<Point> {
    if position.move_count() != 1 {
        return None;
    }
    match position.last_move()?.mv {
        Move::Cell(p) => Some(p),
        _ => None,
    }
}

/// The swap threshold: a first stone is taken when its value is at least this fraction of the
/// best first stone's (values: [`first_stone_values`]). Calibrated on the solved 5x5 to 7x7
/// tables, where the winning openings are mostly the cells above about 0.27; the table itself
/// decides on the boards it covers.
pub const SWAP_THRESHOLD: f64 = 0.3;

/// For every empty cell of `board`, the circuit evaluation (`score_for` the first player) of
/// the board holding just a first stone there: how much a lone stone is worth, without the
/// tempo question that a depth-limited search of a one-stone position cannot settle.
#[must_use]
pub fn first_stone_values(board: crate::Board, first: crate::Color) -> Vec<(Point, f64)> {
    let mut pos = Position::new(board);
    pos.set_to_move(first);
    board
        .cells()
        .iter()
        .map(|p| {
            pos.play_unchecked(first, Move::Cell(p));
            let e = evaluate(
                &pos,
                &CircuitParams::DEFAULT,
                ByColor::new(None, None),
                false,
            );
            pos.undo();
            (p, e.score_for(first))
        })
        .collect()
}

fn best_first_stone_value(values: &[(Point, f64)]) -> f64 {
    values.iter().map(|v| v.1).fold(0.0, f64::max)
}

/// Whether the side to move should swap; `None` when swapping is not legal now.
///
/// On square boards the solved-openings table decides when it covers the board (swap exactly
/// the winning first moves). Otherwise the first stone is taken when its value is at least
/// [`SWAP_THRESHOLD`] of the best first stone's ([`first_stone_values`]).
#[must_use]
pub fn should_swap(position: &Position, _level: &Level) -> Option<bool> {
    if position.check(Move::Swap).is_err() {
        return None;
    }
    let first = single_first_stone(position)?;
    let board = *position.board();
    if let Some(wins) = first_player_wins(board.width(), first) {
        return Some(wins);
    }
    let opener = !position.to_move();
    let values = first_stone_values(board, opener);
    let value = values.iter().find(|v| v.0 == first).map_or(0.0, |v| v.1);
    Some(value >= SWAP_THRESHOLD * best_first_stone_value(&values))
}

/// A first move under the swap rule: the strongest cell that Ohm itself would not swap.
///
/// With the solved table: a losing first move next to a winning one (the strongest of the
/// losing moves). Otherwise one of the three cells whose value ([`first_stone_values`]) is
/// highest below [`SWAP_THRESHOLD`] of the best, picked by `seed`.
#[must_use]
pub fn choose_opening(position: &Position, _level: &Level, seed: u64) -> Option<Point> {
    let board = *position.board();
    let n = board.width();
    let empty = position.empty_cells();
    if empty.is_empty() {
        return None;
    }
    let mut rng = Rng::new(seed ^ position.hash());
    let known: Vec<(Point, bool)> = empty
        .iter()
        .filter_map(|p| first_player_wins(n, p).map(|w| (p, w)))
        .collect();
    if !known.is_empty() && board.is_square() {
        let winning: CellSet = known.iter().filter(|k| k.1).map(|k| k.0).collect();
        let borderline: Vec<Point> = known
            .iter()
            .filter(|&&(p, w)| !w && board.neighbours(p).intersects(&winning))
            .map(|k| k.0)
            .collect();
        if !borderline.is_empty() {
            return Some(borderline[rng.below(borderline.len() as u64) as usize]);
        }
    }
    let values = first_stone_values(board, position.to_move());
    let limit = SWAP_THRESHOLD * best_first_stone_value(&values);
    let mut below: Vec<(Point, f64)> = values
        .into_iter()
        .filter(|v| v.1 < limit && empty.contains(v.0))
        .collect();
    below.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    below.truncate(3);
    if below.is_empty() {
        return empty.first();
    }
    Some(below[rng.below(below.len() as u64) as usize].0)
}

/// A move that keeps the side to move's winning connection, if H-search finds one: the key of
/// an edge-to-edge semi-connection, or a cell of the winning carrier after which a full
/// connection (or a connected chain) remains.
fn converting_move(
    position: &Position,
    own: &Connections,
    interrupt: &mut dyn FnMut() -> bool,
) -> Option<Point> {
    let me = position.to_move();
    let limits = own.limits();
    let mut candidates: Vec<Point> = Vec::new();
    for id in own.edge_semis() {
        if let Some(key) = own.get(id).key {
            if !candidates.contains(&key) {
                candidates.push(key);
            }
        }
    }
    if let Some(carrier) = own.winning_carrier() {
        for p in carrier {
            if !candidates.contains(&p) {
                candidates.push(p);
            }
        }
    }
    let mut scratch = position.clone();
    for p in candidates {
        if !scratch.empty_cells().contains(p) {
            continue;
        }
        if interrupt() {
            return None;
        }
        scratch.play_unchecked(me, Move::Cell(p));
        // An interrupted build's winning carrier, when it has one, is still proven.
        let holds = scratch.connected_winner() == Some(me)
            || Connections::build_interruptible(&scratch, me, limits, interrupt)
                .winning_carrier()
                .is_some();
        scratch.undo();
        if holds {
            return Some(p);
        }
    }
    None
}

/// The share of a move's time the root's H-search may take (both colours' builds and the
/// builds of the conversion and resistance checks); the search and the solver's slice get
/// what is left.
const ROOT_HSEARCH_SHARE: f64 = 0.4;

/// The most a decision keeps back from its time limit ([`stop_margin_ms`]).
pub const STOP_MARGIN_MS: f64 = 30.0;

/// How long before the level's time limit a decision aims to end: the search and the solver
/// notice their clock only between nodes (up to 13 ms apart, measured natively), and the
/// move still has to reach the caller. Level 6 at `time_ms` 2000 took up to 2,020 ms a move
/// in `ohm match` on a loaded machine without it; a fiftieth of the limit, at most
/// [`STOP_MARGIN_MS`], keeps a move within its limit.
#[must_use]
pub fn stop_margin_ms(limit_ms: f64) -> f64 {
    (limit_ms * 0.02).clamp(0.0, STOP_MARGIN_MS)
}

/// Whether the root's H-search must stop: past its deadline or asked to stop.
fn past_deadline(control: &mut dyn Control, deadline: Option<f64>) -> bool {
    deadline.is_some_and(|d| control.now_ms() >= d) || control.stop_requested()
}

/// The most resistant answer to the opponent's winning connection: among the cells of its
/// carrier, the one after which the opponent's smallest winning carrier is largest (a cell
/// after which H-search finds no winning connection at all is taken at once).
fn resisting_move(
    position: &Position,
    theirs: &Connections,
    interrupt: &mut dyn FnMut() -> bool,
) -> Option<Point> {
    let me = position.to_move();
    let carrier = theirs.winning_carrier()?;
    let mut scratch = position.clone();
    let mut best: Option<(Point, u32)> = None;
    for p in carrier & position.empty_cells() {
        if best.is_some() && interrupt() {
            break;
        }
        scratch.play_unchecked(me, Move::Cell(p));
        let after = Connections::build_interruptible(&scratch, !me, theirs.limits(), interrupt);
        if after.stats().interrupted && best.is_some() {
            // An unfinished build's missing carrier proves nothing: keep the cells measured.
            scratch.undo();
            break;
        }
        let size = match after.winning_carrier() {
            None => u32::MAX,
            Some(c) => c.len(),
        };
        scratch.undo();
        if best.is_none_or(|(_, b)| size > b) {
            best = Some((p, size));
        }
        if size == u32::MAX {
            break;
        }
    }
    best.map(|(p, _)| p)
}

/// Ohm's move for the side to move at `level`, with fresh tables (see [`Engine`] to keep
/// them between moves). `seed` varies the beginner levels' noise and the opening (the
/// engine has no randomness of its own). `None` when the game is over.
pub fn choose_move(
    position: &Position,
    level: &Level,
    seed: u64,
    control: &mut dyn Control,
) -> Option<Decision> {
    Engine::new().choose_move(position, level, seed, control)
}

/// Ohm as a player over a whole game: the search's transposition table and the solver's
/// table are kept from move to move, so what one move's work learned serves the next.
#[derive(Clone, Debug)]
pub struct Engine {
    table: TranspositionTable,
    table_bits: u32,
    /// Made at the first move a level gives the solver a share of.
    solver: Option<Solver>,
    /// The analysis the Monte Carlo search applies in its tree, made at its first use.
    mcts_knowledge: Option<solver::Knowledge>,
    /// The Monte Carlo search's tree of the last move.
    mcts_tree: Option<mcts::SavedTree>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// Root moves the check of the search's choice looks at, at most ([`SolverSlice::check`]).
const CHECKED_MOVES: usize = 3;

/// The check's verdict on the search's choice ([`SolverSlice::check`]).
enum Checked {
    /// A move proven winning.
    Wins(Point),
    /// The move to play: the first one not proven losing.
    Open(Point),
}

/// What the solver's slice of a move found.
#[derive(Clone, Copy, Debug, Default)]
struct SliceOutcome {
    /// A proven winning move.
    win: Option<Point>,
    /// Otherwise, for a position not proven lost, the moves not proven losing.
    open: Option<CellSet>,
}

/// The solver's table, in MiB (the player's, and in the web worker also the puzzles' and the
/// analysis').
const PLAYER_SOLVER_MIB: u32 = 32;

/// The caller's clock and stop flag for the solver's slice of a move.
struct SliceControl<'a> {
    control: &'a mut dyn Control,
}

impl solver::Control for SliceControl<'_> {
    fn now_ms(&mut self) -> f64 {
        self.control.now_ms()
    }
    fn stop_requested(&mut self) -> bool {
        self.control.stop_requested()
    }
}

impl Engine {
    #[must_use]
    pub fn new() -> Engine {
        Engine {
            table: TranspositionTable::new(4),
            table_bits: 0,
            solver: None,
            mcts_knowledge: None,
            mcts_tree: None,
        }
    }

    /// Forgets everything learned (a new game on another board, say).
    pub fn clear(&mut self) {
        self.table_bits = 0;
        self.mcts_tree = None;
        if let Some(solver) = self.solver.as_mut() {
            solver.clear();
        }
    }

    /// The solver, made now if this is its first use; a caller that changes its parameters
    /// for a task (puzzles, analysis) puts them back after it, and the table is shared.
    pub fn solver(&mut self) -> &mut Solver {
        self.solver.get_or_insert_with(|| {
            Solver::new(SolverParams {
                tt_mib: PLAYER_SOLVER_MIB,
                ..SolverParams::DEFAULT
            })
        })
    }

    /// Ohm's move for the side to move at `level`; `None` when the game is over.
    pub fn choose_move(
        &mut self,
        position: &Position,
        level: &Level,
        seed: u64,
        control: &mut dyn Control,
    ) -> Option<Decision> {
        if position.is_over() || position.empty_cells().is_empty() {
            return None;
        }
        // The level's time covers the whole decision: the H-search of the conversion and
        // resistance checks and the solver's slice are taken off the search's share.
        let started_ms = control.now_ms();
        let mut level = *level;
        level.search.time_ms = level
            .search
            .time_ms
            .map(|limit| limit - stop_margin_ms(limit));
        let level = &level;
        if should_swap(position, level) == Some(true) {
            return Some(Decision {
                mv: Move::Swap,
                reason: Reason::Swap,
                search: None,
            });
        }
        if position.swap_rule() && position.move_count() == 0 && position.board().is_square() {
            if let Some(p) = choose_opening(position, level, seed) {
                return Some(Decision {
                    mv: Move::Cell(p),
                    reason: Reason::Opening,
                    search: None,
                });
            }
        }
        if level.opening_book {
            if let Some(p) = crate::book::reply(position) {
                return Some(Decision {
                    mv: Move::Cell(p),
                    reason: Reason::Book,
                    search: None,
                });
            }
        }
        let me = position.to_move();
        // The root's H-search has no work budget (it should find what it can), so the clock
        // bounds it: on a crowded 13x13 board one build took 0.9 s, and level 2 once spent
        // 3.4 s of its 1 s on the builds of the conversion and resistance checks.
        let root_deadline = level
            .search
            .time_ms
            .map(|limit| started_ms + limit * ROOT_HSEARCH_SHARE);
        let own = Connections::build_interruptible(position, me, level.hsearch, &mut || {
            past_deadline(control, root_deadline)
        });
        if own.winning_carrier().is_some() || own.edge_semis().next().is_some() {
            if let Some(p) = converting_move(position, &own, &mut || {
                past_deadline(control, root_deadline)
            }) {
                return Some(Decision {
                    mv: Move::Cell(p),
                    reason: Reason::Converting,
                    search: None,
                });
            }
        }
        let theirs = Connections::build_interruptible(position, !me, level.hsearch, &mut || {
            past_deadline(control, root_deadline)
        });
        if theirs.winning_carrier().is_some() {
            if let Some(p) = resisting_move(position, &theirs, &mut || {
                past_deadline(control, root_deadline)
            }) {
                return Some(Decision {
                    mv: Move::Cell(p),
                    reason: Reason::Resisting,
                    search: None,
                });
            }
        }
        let slice = self.solved_move(position, level, control, started_ms);
        if let Some(p) = slice.win {
            return Some(Decision {
                mv: Move::Cell(p),
                reason: Reason::Solved,
                search: None,
            });
        }
        let mut params = level.search_for(position);
        if let Some(limit) = params.time_ms {
            let spent = control.now_ms() - started_ms;
            // The check of the search's choice keeps its share of the move.
            let reserved = limit * level.solver.check;
            params.time_ms = Some((limit - spent - reserved).max(limit / 10.0));
        }
        if self.table_bits != params.tt_bits {
            self.table = TranspositionTable::new(params.tt_bits);
            self.table_bits = params.tt_bits;
        }
        let root_cells = slice.open.filter(|_| level.solver.open_root);
        let monte_carlo = level.mcts.filter(|m| m.plays(position));
        let slice_covers = level.solver.share_in(position) > 0.0;
        // The Monte Carlo search's early abort hands the rest of the move to the solver, so it
        // applies only where the solver has a share: elsewhere the time would be lost.
        let abort = monte_carlo.is_some_and(|m| m.early_abort) && slice_covers;
        let rest = level.solver.rest || abort;
        let result = match monte_carlo {
            Some(mut mcts_params) => {
                mcts_params.time_ms = params.time_ms;
                mcts_params.early_abort = abort;
                let knowledge = self
                    .mcts_knowledge
                    .get_or_insert_with(|| solver::Knowledge::of(&SolverParams::DEFAULT));
                // The circuit's order serves only as a prior, and its evaluation as a value.
                knowledge.order_children = mcts_params.reads_circuit();
                if !mcts_params.keep_tree {
                    self.mcts_tree = None;
                }
                let saved = &mut self.mcts_tree;
                mcts::search_keeping(position, &mcts_params, knowledge, seed, control, saved)
            }
            None => {
                // Past the Monte Carlo search's opening its kept tree serves no later move.
                self.mcts_tree = None;
                search_within(position, &params, control, &mut self.table, root_cells)
            }
        };
        if rest && result.proven.is_none() {
            if let Some(p) = self.solved_in_rest(position, level, control, started_ms) {
                return Some(Decision {
                    mv: Move::Cell(p),
                    reason: Reason::Solved,
                    search: Some(result),
                });
            }
        }
        let mut best = result.best?;
        if level.solver.check > 0.0 && result.proven.is_none() {
            match self.checked_move(position, level, control, started_ms, best, &result) {
                Checked::Wins(p) => {
                    return Some(Decision {
                        mv: Move::Cell(p),
                        reason: Reason::Solved,
                        search: Some(result),
                    });
                }
                Checked::Open(p) => best = p,
            }
        }
        if level.noise > 0 && result.proven.is_none() && !result.root_moves.is_empty() {
            let mut rng = Rng::new(seed ^ position.hash());
            let mut top = i64::MIN;
            for &(p, score) in &result.root_moves {
                let noisy = i64::from(score) + rng.below(level.noise as u64) as i64;
                if noisy > top {
                    top = noisy;
                    best = p;
                }
            }
        }
        Some(Decision {
            mv: Move::Cell(best),
            reason: Reason::Search,
            search: Some(result),
        })
    }

    /// A winning move, if the solver proves one in the time the search left of the move
    /// ([`SolverSlice::rest`], [`MctsParams::early_abort`]), in the positions the level's
    /// slice covers.
    fn solved_in_rest(
        &mut self,
        position: &Position,
        level: &Level,
        control: &mut dyn Control,
        started_ms: f64,
    ) -> Option<Point> {
        let slice = level.solver;
        let limit = level.search.time_ms?;
        let left = limit - (control.now_ms() - started_ms);
        if slice.share_in(position) <= 0.0 || left < limit * 0.05 {
            return None;
        }
        self.solver_win(position, control, Some(left), None).win
    }

    /// The search's choice `best` checked by the solver ([`SolverSlice::check`]): the first
    /// of `best` and the root's next best moves (at most [`CHECKED_MOVES`] in all) that the
    /// solver does not prove losing within the check's time, or one it proves winning;
    /// `best` itself when every checked move is proven losing or no time is left.
    fn checked_move(
        &mut self,
        position: &Position,
        level: &Level,
        control: &mut dyn Control,
        started_ms: f64,
        best: Point,
        result: &SearchResult,
    ) -> Checked {
        let Some(limit) = level.search.time_ms else {
            return Checked::Open(best);
        };
        let left = limit - (control.now_ms() - started_ms);
        let budget = if level.solver.check_rest {
            left
        } else {
            left.min(limit * level.solver.check)
        };
        if budget < limit * 0.02 {
            return Checked::Open(best);
        }
        let deadline = control.now_ms() + budget;
        let mut candidates = vec![best];
        for &(p, _) in &result.root_moves {
            if candidates.len() >= CHECKED_MOVES {
                break;
            }
            if p != best {
                candidates.push(p);
            }
        }
        let me = position.to_move();
        for (i, &p) in candidates.iter().enumerate() {
            let now = control.now_ms();
            if now >= deadline {
                break;
            }
            // Half of what is left to each move but the last, which takes the rest.
            let share = if i + 1 == candidates.len() { 1.0 } else { 0.5 };
            let mut after = position.clone();
            after.play_unchecked(me, Move::Cell(p));
            let time_ms = (deadline - now) * share;
            match self
                .solve_within(&after, control, Some(time_ms), None)
                .winner
            {
                Some(winner) if winner == me => return Checked::Wins(p),
                Some(_) => {}
                None => return Checked::Open(p),
            }
        }
        Checked::Open(best)
    }

    /// The player's solver on `position` within `time_ms` or `max_nodes` (its table kept
    /// from the moves before; a finished game is its own solution).
    ///
    /// The slice proves without the shrunk proofs and the root's widening while behind
    /// ([`SolverParams::shrink_proofs`], [`SolverParams::root_behind_ratio`]), which solve
    /// the 8x8 openings in 22% fewer nodes but have not won games: level 6 with them against
    /// the build before them scored 58-70 on 9x9 (SH9 and SH9B, -33 Elo, -93 .. +27) and
    /// 16-24 on 11x11 (SH11, -70, -179 .. +38), so the player keeps the slice it had. The
    /// other tasks of this solver (the app's Solve, puzzles) get their parameters back.
    fn solve_within(
        &mut self,
        position: &Position,
        control: &mut dyn Control,
        time_ms: Option<f64>,
        max_nodes: Option<u64>,
    ) -> solver::Solution {
        let solver = self.solver();
        let saved = solver.params().clone();
        solver.set_params(SolverParams {
            time_ms,
            max_nodes,
            shrink_proofs: false,
            root_behind_ratio: 0.0,
            ..saved.clone()
        });
        let solution = solver.solve(position, &mut SliceControl { control });
        solver.set_params(saved);
        solution
    }

    /// A winning move, if the solver proves one within the level's slice.
    fn solved_move(
        &mut self,
        position: &Position,
        level: &Level,
        control: &mut dyn Control,
        started_ms: f64,
    ) -> SliceOutcome {
        let slice = level.solver;
        let share = slice.share_in(position);
        if share <= 0.0 {
            return SliceOutcome::default();
        }
        match level.search.time_ms {
            Some(limit) => {
                let spent = control.now_ms() - started_ms;
                let share = (limit * share - spent).max(0.0);
                self.solver_win(position, control, Some(share), None)
            }
            None => self.solver_win(position, control, None, Some(slice.nodes)),
        }
    }

    /// The solver's winning move for the side to move, if it proves one within `time_ms` or
    /// `max_nodes` (its table kept from the moves before), or else the moves it has not
    /// proven losing.
    fn solver_win(
        &mut self,
        position: &Position,
        control: &mut dyn Control,
        time_ms: Option<f64>,
        max_nodes: Option<u64>,
    ) -> SliceOutcome {
        let solution = self.solve_within(position, control, time_ms, max_nodes);
        if solution.winner != Some(position.to_move()) {
            return SliceOutcome {
                win: None,
                open: solution.open_moves(),
            };
        }
        SliceOutcome {
            win: solution
                .best
                .filter(|&p| position.empty_cells().contains(p)),
            open: None,
        }
    }
}
