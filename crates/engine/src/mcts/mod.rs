//! Monte Carlo tree search with the engine's knowledge in the tree (the design of MoHex,
//! Arneson, Hayward and Henderson 2010, which overtook the alpha-beta programs of its time).
//! Levels 5 and 6 play it on boards larger than 9x9 ([`crate::player::LARGE_BOARD_MCTS`]:
//! with a node's analysis from 600 visits it beat their alpha-beta on 11x11, where with the
//! analysis every 20 visits it had lost); on 9x9 it beats their alpha-beta head to head but
//! scores far less against the build from before issue 16, so the alpha-beta keeps those
//! boards (`docs/strength.md`). `mcts=1` in `ohm match` plays it on every board.
//!
//! - **Playouts** ([`playout`]): random games to the full board that answer intrusions into
//!   bridges and edge links, so that a playout's winner reflects the connections on the board.
//!   Drawing the other moves by their first-ring patterns' gammas instead of uniformly
//!   ([`MctsParams::pattern_playouts`], MoHex 2.0's playout policy) is an option that lost
//!   its matches (PP11, PPH11 in `docs/strength.md`): the playouts stay uniform.
//! - **Selection** by the playouts' win rates blended with RAVE (all-moves-as-first: a cell
//!   the player took anywhere later in a playout counts as if played now), which gives every
//!   child an estimate after a few playouts through its parent; at levels 5 and 6 plus the
//!   move patterns' progressive bias ([`MctsParams::progressive_bias`], [`crate::policy`]),
//!   which sends a node's first playouts to the moves that look like good ones.
//! - **Knowledge at the busiest nodes**: once a node has been visited often enough, the
//!   solver's analysis of its position ([`crate::solver::Knowledge`]: fill-in, H-search (the
//!   opponent's only below the root, [`MctsParams::glance`]), the must-play region less the
//!   inferior cells) prunes its children, ends the node when H-search proves its winner, and
//!   its fill-in is played on the board of every later descent through the node (optionally
//!   the circuit's order gives the children a prior, [`MctsParams::prior_games`]; or, as an
//!   option that lost its match, the inferior cells alone earlier,
//!   [`MctsParams::inferior_visits`]).
//! - **Proven values** move up the tree: a child whose mover loses makes its parent won; a
//!   parent all of whose children are won for their movers is lost, when those children
//!   cover all its moves (the pruned ones never matter to the value, which is what the
//!   analysis guarantees; children made while an ancestor's fill-in was on the board may
//!   miss cells, so such a node proves nothing that way).
//! - **The tree is kept** between a player's moves ([`search_keeping`]).
//! - **Move patterns** ([`crate::policy`]) can give each new child a prior
//!   ([`MctsParams::pattern_prior`], an option: it beat level 6 head to head but scored
//!   less against the build from before issue 16, PAT30 and PATO11 in `docs/strength.md`).

pub mod playout;
mod playout_weights;

use alloc::vec::Vec;

use crate::cellset::CellSet;
use crate::color::Color;
use crate::point::Point;
use crate::position::{Move, PlayedMove};
use crate::search::{Control, Progress, SearchResult, PROVEN};
use crate::solver::{Depth, Knowledge};
use crate::Position;
use playout::{stone, Geometry, PatternWeights, PlayoutBoard, Replies, EMPTY};

/// The knobs of the Monte Carlo search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsParams {
    /// The time for the search, in milliseconds on the caller's clock.
    pub time_ms: Option<f64>,
    /// Playouts when there is no clock.
    pub max_playouts: u64,
    /// Visits before a leaf gets children (one for every empty cell, all at once: the
    /// fewer visits, the sooner the tree reaches [`MctsParams::max_nodes`]).
    pub expand_visits: u32,
    /// Visits before a node's children are pruned and ordered by the analysis of its
    /// position (the root's at once).
    pub knowledge_visits: u32,
    /// Visits before a node below the root gets the first, cheap half of that analysis
    /// (0: never): the inferior cells alone ([`Knowledge::begin`]: dead, captured,
    /// dominated and vulnerable cells, no H-search), which prune its children and give its
    /// fill-in to the playouts long before the full analysis at
    /// [`MctsParams::knowledge_visits`].
    pub inferior_visits: u32,
    /// RAVE's bias: the smaller, the longer the RAVE estimate dominates the win rate.
    pub rave_bias: f64,
    /// UCB's exploration constant (0: none; RAVE explores).
    pub exploration: f64,
    /// Virtual RAVE playouts the analysis' order gives each child: the best child a win
    /// rate of 1 over them, falling linearly to 0.5 for the last.
    pub prior_games: f64,
    /// Tree nodes at most (the tree stops growing there).
    pub max_nodes: u32,
    /// The player keeps the tree from move to move ([`search_keeping`]).
    pub keep_tree: bool,
    /// Below the root, the analysis is a glance ([`Depth::Glance`]: the fill-in and the
    /// opponent's H-search, which give the must-play region and the mover's losses, about
    /// half the cost); the mover's wins then show one ply down, as its opponent's losses.
    pub glance: bool,
    /// The fill-in the analysis finds at a node (dead cells, captured sets) is played on the
    /// board of every descent through it, so that the playouts below never give a captured
    /// cell to the wrong player.
    pub fill_in: bool,
    /// The Monte Carlo search plays only positions with fewer stones than this (the
    /// opening), the alpha-beta search the rest (0: every position).
    pub until_stones: u32,
    /// The Monte Carlo search plays only on boards of more cells than this, the alpha-beta
    /// search on the others (0: every board). Levels 5 and 6 have 81: boards larger than 9x9
    /// ([`crate::player::LARGE_BOARD_MCTS`]), where it beat their alpha-beta on 11x11.
    pub larger_than_cells: u32,
    /// The playouts answer a move with the mover's last good reply to it
    /// ([`playout::Replies`]) where no bridge needs saving.
    pub last_good_reply: bool,
    /// Virtual RAVE playouts a new child inherits, at most, from the child of its
    /// grandparent with the same cell (0: none): the same player's all-moves-as-first
    /// estimate of the move two plies up, so that a node's first playouts go to the moves
    /// already known good instead of to every cell in turn.
    pub inherited_rave: f32,
    /// Virtual RAVE playouts each new child gets from the move patterns
    /// ([`crate::policy`], 0: none): won at the rate at which the child's pattern strength
    /// would beat the mean of its siblings' (one half for an average move), so that a
    /// node's first playouts go to the moves that look like good ones.
    pub pattern_prior: f32,
    /// The progressive bias of MoHex 2.0 (0: none): a child's value gains this times its
    /// move pattern's probability among its siblings ([`crate::policy`]) over
    /// `sqrt(visits + 1)`, so that a node's playouts go first to the moves that look like
    /// good ones, and the bias fades as the child's own playouts come in.
    pub progressive_bias: f32,
    /// The playouts draw each move (but a bridge's answer) in proportion to a weight
    /// learned for the first ring's pattern around the cell ([`playout::PatternWeights`],
    /// MoHex 2.0's playout policy), raised to this power: 0 draws uniformly (and skips the
    /// patterns' upkeep), 1 uses the fitted gammas as they are, between softens them (a
    /// playout policy is judged by the balance of its games, not by how well it predicts
    /// a move, so the fitted sharpness need not be the best).
    pub pattern_playouts: f32,
    /// The search ends before its time when the most visited root move can no longer be
    /// overtaken: its lead in visits over the second is larger than the playouts the rest
    /// of the time would bring at the rate so far (MoHex's early abort). The time left goes
    /// back to the caller: the player gives it to the solver, and so aborts only in the
    /// positions its solver slice covers ([`crate::player::SolverSlice::share_in`]), where in
    /// a lopsided position, its choice settled early, a proof gets the time the search cannot
    /// use. An option: no level has it (ABS11B in `docs/strength.md`: 16-24 head to head).
    pub early_abort: bool,
    /// Virtual playouts a node below the root gets from the circuit when its analysis comes
    /// (0: none), won at the circuit's rate for the node's mover, `1 / (1 + e^(-s * (E + t)))`
    /// for the evaluation `E` of its position from that player's side,
    /// [`MctsParams::value_scale`] `s` and [`MctsParams::value_tempo`] `t`: a second judge
    /// beside the playouts, whose errors are not theirs (the mix of AlphaGo's value network
    /// and its rollouts, with the resistance circuit as the value). The analysis is then the
    /// full one (both colours' H-search) at every node, not the glance. The defaults `s = 1`
    /// and `t = 0.45` fit the win rates of 3,067 nodes of 11x11 searches at their 600th
    /// visit (mean squared error 0.010, against 0.031 for their mean; `docs/strength.md`).
    /// Levels 5 and 6 give 1,000 ([`crate::player::LARGE_BOARD_MCTS`]; VAL1000 and VALO11).
    pub value_prior: f32,
    /// The circuit's score scale `s` in [`MctsParams::value_prior`]'s rate.
    pub value_scale: f32,
    /// What the move is worth to the side to move, in the circuit's score (the circuit
    /// judges a position without its turn): added to `E` in [`MctsParams::value_prior`]'s
    /// rate.
    pub value_tempo: f32,
}

impl MctsParams {
    /// The settings measured best against level 6's alpha-beta (`docs/strength.md`, the
    /// Monte Carlo section: R1 and T1).
    pub const DEFAULT: MctsParams = MctsParams {
        time_ms: None,
        max_playouts: 20_000,
        expand_visits: 3,
        knowledge_visits: 20,
        inferior_visits: 0,
        rave_bias: 0.001,
        exploration: 0.0,
        prior_games: 0.0,
        max_nodes: 2_000_000,
        keep_tree: true,
        glance: true,
        fill_in: true,
        until_stones: 0,
        larger_than_cells: 0,
        last_good_reply: false,
        inherited_rave: 0.0,
        pattern_prior: 0.0,
        progressive_bias: 0.0,
        pattern_playouts: 0.0,
        early_abort: false,
        value_prior: 0.0,
        value_scale: 1.0,
        value_tempo: 0.45,
    };

    /// Whether the analysis must evaluate the circuit (its order for
    /// [`MctsParams::prior_games`], its score for [`MctsParams::value_prior`]): the
    /// [`Knowledge::order_children`] the search needs.
    #[must_use]
    pub fn reads_circuit(&self) -> bool {
        self.prior_games > 0.0 || self.value_prior > 0.0
    }

    /// [`MctsParams::value_prior`]'s rate for the side to move of a position the circuit
    /// scores `score` (thousandths of `E`, [`crate::solver::Facts::mover_score`]) for it.
    #[must_use]
    pub fn circuit_rate(&self, score: i32) -> f64 {
        let e =
            (f64::from(score) / 1000.0 + f64::from(self.value_tempo)) * f64::from(self.value_scale);
        1.0 / (1.0 + libm::exp(-e))
    }

    /// Whether the Monte Carlo search plays `position` ([`MctsParams::until_stones`],
    /// [`MctsParams::larger_than_cells`]);
    /// the alpha-beta search plays the others.
    #[must_use]
    pub fn plays(&self, position: &Position) -> bool {
        let stones = (position.stones(Color::Black) | position.stones(Color::White)).len();
        let cells = position.board().cells().len();
        (self.until_stones == 0 || stones < self.until_stones) && cells > self.larger_than_cells
    }
}

/// The node of the move into a position: statistics for the player who made that move.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move's cell (compact index; [`NO_CELL`] at the root).
    cell: u16,
    child_count: u16,
    first_child: u32,
    visits: u32,
    wins: f32,
    rave_visits: f32,
    rave_wins: f32,
    /// [`Node::PRUNED`] and [`Node::COMPLETE`] (one byte, so that a node stays 32 bytes).
    flags: u8,
    /// The move patterns' probability of this move among its siblings, log-coded
    /// ([`prior_code`]; 0: none), for [`MctsParams::progressive_bias`].
    prior: u8,
    /// How much of the analysis has been applied to this node's children (one byte, so
    /// that a node stays 32 bytes).
    analysis: Analysis,
    /// Proven: 1 when the player to move in this node's position wins, -1 when it loses.
    proven: i8,
    /// 1 + the index of the node's fill-in in [`Tree::fills`] (0: none).
    fill: u32,
}

const NO_CELL: u16 = u16::MAX;

/// Codes of a prior probability in a byte: `1 + PRIOR_STEPS * -log2(p)`, so the 255 codes
/// reach down to 2^-16 in steps of about 4%.
const PRIOR_STEPS: f64 = 16.0;

/// The probability each prior code stands for ([`prior_code`]; 0 for code 0), a table so
/// that the descent's selection reads it instead of computing a power.
fn prior_table() -> [f64; 256] {
    let mut table = [0.0; 256];
    for (code, p) in table.iter_mut().enumerate().skip(1) {
        *p = libm::exp2(-((code - 1) as f64) / PRIOR_STEPS);
    }
    table
}

/// Visit counts whose `1 / sqrt(visits + 1)` [`Tree::inverse_root`] reads from its table.
const INVERSE_ROOTS: u32 = 1024;

/// The byte that stands for probability `p` ([`Node::prior`]).
fn prior_code(p: f64) -> u8 {
    if p <= 0.0 {
        return 0;
    }
    let steps = -libm::log2(p.min(1.0)) * PRIOR_STEPS;
    1 + libm::round(steps).min(254.0) as u8
}

// The tree's memory is counted in 32-byte nodes (`docs/strength.md`, Memory).
const _: () = assert!(core::mem::size_of::<Node>() == 32);

/// How much of its position's analysis a node's children have had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Analysis {
    None,
    /// The inferior cells alone ([`MctsParams::inferior_visits`]).
    Inferior,
    /// The whole analysis ([`MctsParams::knowledge_visits`]).
    Full,
}

impl Node {
    const fn new(cell: u16) -> Node {
        Node {
            cell,
            child_count: 0,
            first_child: 0,
            visits: 0,
            wins: 0.0,
            rave_visits: 0.0,
            rave_wins: 0.0,
            flags: 0,
            prior: 0,
            analysis: Analysis::None,
            proven: 0,
            fill: 0,
        }
    }

    /// Flag: removed from the parent's moves by the analysis.
    const PRUNED: u8 = 1;
    /// Flag: the children cover every empty cell of the node's position (no ancestor's
    /// fill-in was on the board when they were made), so that all of them lost proves the
    /// node lost.
    const COMPLETE: u8 = 2;

    fn pruned(&self) -> bool {
        self.flags & Node::PRUNED != 0
    }

    fn prune(&mut self) {
        self.flags |= Node::PRUNED;
    }

    fn complete(&self) -> bool {
        self.flags & Node::COMPLETE != 0
    }

    fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.child_count)
    }

    /// The child's value in the descent: RAVE's blend `(1 - beta) * wins / visits + beta *
    /// rave_wins / rave_visits` with `beta = rave_visits / (rave_visits + visits +
    /// rave_visits * visits * rave_bias)`, brought over one denominator (one division
    /// instead of three, in the loop that costs the search most of its time): with no
    /// playouts of its own it is the RAVE estimate, with no RAVE playouts the win rate, and
    /// with neither 1, so that every child is tried.
    fn blended_value(&self, rave_bias: f64) -> f64 {
        let rave_visits = f64::from(self.rave_visits);
        if self.visits == 0 && rave_visits == 0.0 {
            return 1.0;
        }
        let shared = rave_visits * rave_bias;
        ((1.0 + shared) * f64::from(self.wins) + f64::from(self.rave_wins))
            / (rave_visits + f64::from(self.visits) * (1.0 + shared))
    }

    fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            f64::from(self.wins) / f64::from(self.visits)
        }
    }
}

/// An analysed node's fill-in: (compact cell, stone) pairs.
type FillIn = Vec<(u16, u8)>;

/// The tree of the last search, kept for the next move: the subtree of the position the
/// game reaches (two moves later, or one) holds the playouts already spent on it.
#[derive(Clone, Debug)]
pub struct SavedTree {
    nodes: Vec<Node>,
    value_samples: Vec<(i32, f32)>,
    fills: Vec<FillIn>,
    cells: Vec<u8>,
    to_move: Color,
    width: u8,
    height: u8,
}

impl SavedTree {
    /// At each analysis of the last search that gave a node the value prior
    /// ([`MctsParams::value_prior`]): the circuit's score of the node's position for its
    /// mover (thousandths) and the share of the node's playouts that player had won, before
    /// the prior. `examples/value_fit.rs` fits the prior's rate to them.
    #[must_use]
    pub fn value_samples(&self) -> &[(i32, f32)] {
        &self.value_samples
    }

    /// The root's moves the analysis kept, with the playouts the search gave each: where
    /// it spent its time (the training target of [`crate::policy`]).
    #[must_use]
    pub fn root_visits(&self) -> Vec<(Point, u32)> {
        let width = usize::from(self.width);
        self.nodes[0]
            .children()
            .filter(|&c| !self.nodes[c].pruned())
            .map(|c| {
                let i = usize::from(self.nodes[c].cell);
                (
                    Point::cell_unchecked((i % width) as u8, (i / width) as u8),
                    self.nodes[c].visits,
                )
            })
            .collect()
    }

    /// The nodes of the subtree of `root` (whose cells are `cells`), renumbered from 0, when
    /// `root` follows the saved root by at most two moves that the tree holds and is not
    /// decided there.
    fn subtree_at(
        self,
        root: &Position,
        geometry: &Geometry,
        cells: &[u8],
    ) -> Option<(Vec<Node>, Vec<FillIn>)> {
        if (self.width, self.height) != (geometry.width, geometry.height) {
            return None;
        }
        let mut added: [Option<u16>; 2] = [None; 2];
        for (i, (&old, &new)) in self.cells.iter().zip(cells).enumerate() {
            if old == new {
                continue;
            }
            if old != EMPTY {
                return None;
            }
            // The saved root's mover's stone first, then the other's.
            let slot = usize::from(new != stone(self.to_move));
            if added[slot].is_some() {
                return None;
            }
            added[slot] = Some(i as u16);
        }
        let expected_mover = match added {
            [Some(_), Some(_)] | [None, None] => self.to_move,
            [Some(_), None] => !self.to_move,
            [None, Some(_)] => return None,
        };
        if root.to_move() != expected_mover {
            return None;
        }
        let mut at = 0usize;
        for cell in added.into_iter().flatten() {
            at = self.nodes[at]
                .children()
                .find(|&c| self.nodes[c].cell == cell)?;
        }
        if self.nodes[at].proven != 0 || self.nodes[at].child_count == 0 {
            return None;
        }
        // Copy breadth-first, each node's children kept together, the fill-in lists with
        // the nodes that use them.
        let mut fills = self.fills;
        let mut kept_fills = Vec::new();
        let mut nodes = alloc::vec![self.nodes[at]];
        nodes[0].cell = NO_CELL;
        // Analysed below the old root, the new root had a glance at most: the root's analysis
        // is the full one (the mover's own connections and settled parts too).
        nodes[0].analysis = Analysis::None;
        let mut queue = alloc::vec![(at, 0usize)];
        let mut head = 0;
        while head < queue.len() {
            let (old, new) = queue[head];
            head += 1;
            if nodes[new].fill != 0 {
                let list = core::mem::take(&mut fills[nodes[new].fill as usize - 1]);
                kept_fills.push(list);
                nodes[new].fill = kept_fills.len() as u32;
            }
            let range = self.nodes[old].children();
            if range.is_empty() {
                continue;
            }
            nodes[new].first_child = nodes.len() as u32;
            for c in range {
                nodes.push(self.nodes[c]);
                queue.push((c, nodes.len() - 1));
            }
        }
        Some((nodes, kept_fills))
    }
}

/// What [`Tree::expand`] needs to know of the node beyond its cells: the grandparent (for
/// [`MctsParams::inherited_rave`]) and the mover and the last two moves (for
/// [`MctsParams::pattern_prior`]).
struct ExpandContext {
    grandparent: Option<usize>,
    /// The mover's stone value.
    mover: u8,
    /// The opponent's last move and the mover's, as compact cells.
    last: Option<usize>,
    own_last: Option<usize>,
}

/// The Monte Carlo search of one position.
struct Tree<'a> {
    params: &'a MctsParams,
    knowledge: &'a Knowledge,
    root: &'a Position,
    geometry: Geometry,
    nodes: Vec<Node>,
    /// The fill-in of analysed nodes: (cell, stone) lists ([`Node::fill`]).
    fills: Vec<FillIn>,
    /// The root position's cells.
    root_cells: Vec<u8>,
    board: PlayoutBoard,
    rng: crate::player::Rng,
    /// Scratch of a descent: the path of node indices, and the cells it filled (moves and
    /// fill-in), emptied again after the playout.
    path: Vec<u32>,
    played: Vec<u16>,
    /// The winning move the analysis names when it proves the root won by a connection.
    root_win: Option<Point>,
    /// The playouts' last good replies ([`MctsParams::last_good_reply`]).
    replies: Option<Replies>,
    /// Scratch of [`Tree::pattern_prior`].
    strengths: Vec<f32>,
    /// [`prior_table`].
    priors: [f64; 256],
    /// `1 / sqrt(v + 1)` for the first visit counts ([`Tree::inverse_root`]).
    inverse_roots: Vec<f64>,
    /// The value prior's data ([`SavedTree::value_samples`]).
    value_samples: Vec<(i32, f32)>,
}

impl<'a> Tree<'a> {
    fn new(
        root: &'a Position,
        params: &'a MctsParams,
        knowledge: &'a Knowledge,
        seed: u64,
        saved: Option<SavedTree>,
    ) -> Tree<'a> {
        let geometry = Geometry::of(root);
        let root_cells = geometry.cells_of(root);
        let (nodes, fills) = saved
            .and_then(|saved| saved.subtree_at(root, &geometry, &root_cells))
            .unwrap_or_else(|| (alloc::vec![Node::new(NO_CELL)], Vec::new()));
        let board = if params.pattern_playouts > 0.0 {
            PlayoutBoard::with_patterns(&geometry, PatternWeights::learned(params.pattern_playouts))
        } else {
            PlayoutBoard::new(&geometry)
        };
        let replies = params
            .last_good_reply
            .then(|| Replies::new(geometry.cell_count()));
        Tree {
            params,
            knowledge,
            root,
            geometry,
            nodes,
            fills,
            root_cells,
            board,
            rng: crate::player::Rng::new(seed ^ root.hash()),
            path: Vec::new(),
            played: Vec::new(),
            root_win: None,
            value_samples: Vec::new(),
            replies,
            strengths: Vec::new(),
            priors: prior_table(),
            inverse_roots: (0..INVERSE_ROOTS)
                .map(|v| 1.0 / libm::sqrt(f64::from(v) + 1.0))
                .collect(),
        }
    }

    /// Gives node `n` a child for every empty cell of `cells` (`complete`: no fill-in on
    /// them); with [`MctsParams::inherited_rave`], each starts from the RAVE estimate of
    /// the same cell at the grandparent, and with [`MctsParams::pattern_prior`] from its
    /// move pattern's strength.
    fn expand(&mut self, n: usize, cells: &[u8], complete: bool, context: &ExpandContext) {
        let first = self.nodes.len();
        for (i, &c) in cells.iter().enumerate() {
            if c == EMPTY {
                self.nodes.push(Node::new(i as u16));
            }
        }
        self.nodes[n].first_child = first as u32;
        self.nodes[n].child_count = (self.nodes.len() - first) as u16;
        if complete {
            self.nodes[n].flags |= Node::COMPLETE;
        }
        if let Some(g) = context
            .grandparent
            .filter(|_| self.params.inherited_rave > 0.0)
        {
            self.inherit_rave(first..self.nodes.len(), g);
        }
        if self.params.pattern_prior > 0.0 || self.params.progressive_bias > 0.0 {
            self.pattern_prior(first..self.nodes.len(), cells, context);
        }
    }

    /// Gives each of `children` [`MctsParams::pattern_prior`] virtual RAVE playouts, won
    /// at the rate `s / (s + mean)` for its pattern strength `s` against the mean of all
    /// of them (Bradley-Terry: an average move wins half), and its share `s / total` of
    /// the strengths as its prior probability ([`MctsParams::progressive_bias`]).
    fn pattern_prior(
        &mut self,
        children: core::ops::Range<usize>,
        cells: &[u8],
        context: &ExpandContext,
    ) {
        let board = crate::policy::Cells {
            width: self.geometry.width,
            height: self.geometry.height,
            cells,
        };
        let gammas = &crate::policy::Gammas::LEARNED;
        let mut strengths = core::mem::take(&mut self.strengths);
        strengths.clear();
        let mut total = 0.0f32;
        for c in children.clone() {
            let features = board.features(
                usize::from(self.nodes[c].cell),
                context.mover,
                context.last,
                context.own_last,
            );
            let s = gammas.strength(&features);
            strengths.push(s);
            total += s;
        }
        let mean = total / children.len().max(1) as f32;
        let games = self.params.pattern_prior;
        for (c, &s) in children.zip(&strengths) {
            if games > 0.0 {
                self.nodes[c].rave_visits += games;
                self.nodes[c].rave_wins += games * s / (s + mean);
            }
            self.nodes[c].prior = prior_code(f64::from(s / total));
        }
        self.strengths = strengths;
    }

    /// Gives each of `children` the RAVE estimate of `grandparent`'s child on the same
    /// cell, over at most [`MctsParams::inherited_rave`] virtual playouts.
    fn inherit_rave(&mut self, children: core::ops::Range<usize>, grandparent: usize) {
        let cap = self.params.inherited_rave;
        // Both child lists are in cell order: one merge walk pairs the cells.
        let mut elders = self.nodes[grandparent].children().peekable();
        for c in children {
            let cell = self.nodes[c].cell;
            while elders.next_if(|&e| self.nodes[e].cell < cell).is_some() {}
            let Some(e) = elders.next_if(|&e| self.nodes[e].cell == cell) else {
                continue;
            };
            let elder = self.nodes[e];
            if elder.rave_visits > 0.0 {
                let visits = elder.rave_visits.min(cap);
                self.nodes[c].rave_visits = visits;
                self.nodes[c].rave_wins = visits * elder.rave_wins / elder.rave_visits;
            }
        }
    }

    /// The position of the node at the end of `self.path`.
    fn position_at_path(&self) -> Position {
        let mut position = self.root.clone();
        for &n in &self.path[1..] {
            let cell = self
                .geometry
                .point_of(usize::from(self.nodes[n as usize].cell));
            let colour = position.to_move();
            position.play_unchecked(colour, Move::Cell(cell));
        }
        position
    }

    /// Prunes and orders node `n`'s children by the analysis of its position.
    fn apply_knowledge(&mut self, n: usize) {
        self.nodes[n].analysis = Analysis::Full;
        let position = self.position_at_path();
        let value_prior = self.params.value_prior;
        let depth = if n != 0 && self.params.glance && value_prior <= 0.0 {
            Depth::Glance
        } else {
            Depth::Full
        };
        let facts = self.knowledge.analyze_to(&position, depth);
        if let Some(terminal) = facts.terminal {
            self.nodes[n].proven = if terminal.mover_wins { 1 } else { -1 };
            if n == 0 && terminal.mover_wins {
                self.root_win = terminal.best;
            }
            return;
        }
        if let Some(score) = facts.mover_score.filter(|_| n != 0 && value_prior > 0.0) {
            // The node's statistics are its parent's mover's: the circuit's rate for the
            // position's mover, turned round.
            let mover_rate = self.params.circuit_rate(score);
            let playouts_rate = 1.0 - self.nodes[n].win_rate();
            self.value_samples.push((score, playouts_rate as f32));
            let node = &mut self.nodes[n];
            let virtual_visits = libm::roundf(value_prior) as u32;
            node.visits += virtual_visits;
            node.wins += virtual_visits as f32 * (1.0 - mover_rate) as f32;
        }
        self.record_fill(n, &position, facts.own_fill, facts.their_fill);
        let mut rank = alloc::vec![u16::MAX; self.geometry.cell_count()];
        for (r, &p) in facts.children.iter().enumerate() {
            rank[self.geometry.index_of(p)] = r as u16;
        }
        let count = facts.children.len().max(1) as f64;
        let prior = self.params.prior_games as f32;
        for c in self.nodes[n].children() {
            let r = rank[usize::from(self.nodes[c].cell)];
            if r == u16::MAX {
                self.nodes[c].prune();
            } else if prior > 0.0 {
                let value = 1.0 - 0.5 * f64::from(r) / count;
                self.nodes[c].rave_visits += prior;
                self.nodes[c].rave_wins += prior * value as f32;
            }
        }
    }

    /// Keeps the fill-in the analysis of node `n`'s `position` found (the cells it gives
    /// the mover and the opponent) for the descents through `n` ([`MctsParams::fill_in`]),
    /// in place of one recorded before.
    fn record_fill(&mut self, n: usize, position: &Position, own: CellSet, theirs: CellSet) {
        if !self.params.fill_in {
            return;
        }
        let mover = position.to_move();
        let mut list = Vec::new();
        for (colour, set) in [(mover, own), (!mover, theirs)] {
            for p in set.iter() {
                list.push((self.geometry.index_of(p) as u16, stone(colour)));
            }
        }
        match self.nodes[n].fill {
            0 if list.is_empty() => {}
            0 => {
                self.fills.push(list);
                self.nodes[n].fill = self.fills.len() as u32;
            }
            fill => self.fills[fill as usize - 1] = list,
        }
    }

    /// Prunes node `n`'s children by the inferior cells of its position alone (the
    /// analysis' cheap first half, [`MctsParams::inferior_visits`]) and records its
    /// fill-in. Each pruned cell is one the solver's analysis drops too (dead, captured,
    /// dominated, vulnerable), so the node's value stays what its remaining children make
    /// it; a position its fill-in connects is decided.
    fn apply_inferior(&mut self, n: usize) {
        self.nodes[n].analysis = Analysis::Inferior;
        let position = self.position_at_path();
        let (cells, facts) = self.knowledge.begin(&position);
        let Some(cells) = cells else {
            if let Some(terminal) = facts.terminal {
                self.nodes[n].proven = if terminal.mover_wins { 1 } else { -1 };
            }
            return;
        };
        if self.params.fill_in {
            let filled = cells.filled_position(&position);
            if let Some(winner) = filled.connected_winner() {
                self.nodes[n].proven = if winner == position.to_move() { 1 } else { -1 };
                return;
            }
        }
        self.record_fill(n, &position, facts.own_fill, facts.their_fill);
        let moves = cells.consider & (position.empty_cells() - facts.own_fill - facts.their_fill);
        if moves.is_empty() {
            return;
        }
        for c in self.nodes[n].children() {
            let p = self.geometry.point_of(usize::from(self.nodes[c].cell));
            if !moves.contains(p) {
                self.nodes[c].prune();
            }
        }
    }

    /// Whether every child of `n` the analysis kept is proven won for its mover, and they
    /// are all of `n`'s moves: then `n` is lost.
    fn all_children_won(&self, n: usize) -> bool {
        self.nodes[n].complete()
            && self.nodes[n]
                .children()
                .all(|c| self.nodes[c].pruned() || self.nodes[c].proven == 1)
    }

    /// The child of `n` to descend into, among those whose cell is empty in `cells` (a
    /// child made before an ancestor's fill-in may name a filled cell).
    fn select(&self, n: usize, cells: &[u8]) -> Option<usize> {
        let parent = &self.nodes[n];
        let log_visits = libm::log(f64::from(parent.visits.max(1)));
        let bias = f64::from(self.params.progressive_bias);
        let rave_bias = self.params.rave_bias;
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        for c in parent.children() {
            let child = &self.nodes[c];
            if child.pruned() || child.proven == 1 || cells[usize::from(child.cell)] != EMPTY {
                continue;
            }
            if child.proven == -1 {
                return Some(c);
            }
            let mut value = child.blended_value(rave_bias);
            if self.params.exploration > 0.0 {
                let visits = f64::from(child.visits);
                value += self.params.exploration * libm::sqrt(log_visits / (visits + 1.0));
            }
            if bias > 0.0 {
                value +=
                    bias * self.priors[usize::from(child.prior)] * self.inverse_root(child.visits);
            }
            if value > best_value {
                best_value = value;
                best = Some(c);
            }
        }
        best
    }

    /// `1 / sqrt(visits + 1)`, the progressive bias' fading, from a table for the visits
    /// most children have.
    fn inverse_root(&self, visits: u32) -> f64 {
        match self.inverse_roots.get(visits as usize) {
            Some(&r) => r,
            None => 1.0 / libm::sqrt(f64::from(visits) + 1.0),
        }
    }

    /// One descent, playout and update.
    fn run_once(&mut self) {
        let mut cells = core::mem::take(&mut self.root_cells);
        let mut to_move = self.root.to_move();
        let cell_of = |m: PlayedMove| match m.mv {
            Move::Cell(p) if self.root.board().contains(p) => Some(self.geometry.index_of(p)),
            _ => None,
        };
        let mut last = self.root.last_move().and_then(cell_of);
        let mut own_last = (self.root.move_count() >= 2)
            .then(|| self.root.history().nth(self.root.move_count() - 2))
            .flatten()
            .and_then(cell_of);
        self.path.clear();
        self.path.push(0);
        let mut n = 0usize;
        let mut played = core::mem::take(&mut self.played);
        played.clear();
        let mut filled_any = false;
        let root_last = last;
        let winner = loop {
            if self.nodes[n].proven != 0 {
                break Some(if self.nodes[n].proven == 1 {
                    to_move
                } else {
                    !to_move
                });
            }
            if self.nodes[n].child_count == 0 {
                let may_grow = self.nodes.len() < self.params.max_nodes as usize;
                if (n == 0 || self.nodes[n].visits >= self.params.expand_visits) && may_grow {
                    let context = ExpandContext {
                        grandparent: self
                            .path
                            .len()
                            .checked_sub(3)
                            .map(|k| self.path[k] as usize),
                        mover: stone(to_move),
                        last,
                        own_last,
                    };
                    self.expand(n, &cells, !filled_any, &context);
                    if self.nodes[n].child_count == 0 {
                        // A full board: its connection decides. With an ancestor's fill-in
                        // on it, that is the playouts' estimate, not a proof.
                        let winner = self.board.winner_of_full(&self.geometry, &cells);
                        if filled_any {
                            break Some(winner);
                        }
                        self.nodes[n].proven = if winner == to_move { 1 } else { -1 };
                        continue;
                    }
                } else {
                    break None;
                }
            }
            if self.nodes[n].analysis != Analysis::Full
                && (n == 0 || self.nodes[n].visits >= self.params.knowledge_visits)
            {
                self.apply_knowledge(n);
                if self.nodes[n].proven != 0 {
                    continue;
                }
            } else if self.params.inferior_visits > 0
                && self.nodes[n].analysis == Analysis::None
                && self.nodes[n].visits >= self.params.inferior_visits
            {
                self.apply_inferior(n);
                if self.nodes[n].proven != 0 {
                    continue;
                }
            }
            let fill = self.nodes[n].fill;
            if fill != 0 {
                for &(cell, colour) in &self.fills[fill as usize - 1] {
                    if cells[usize::from(cell)] == EMPTY {
                        cells[usize::from(cell)] = colour;
                        played.push(cell);
                        filled_any = true;
                    }
                }
            }
            let Some(c) = self.select(n, &cells) else {
                if self.all_children_won(n) {
                    // Every remaining child is proven won for its mover: this node is lost.
                    self.nodes[n].proven = -1;
                    continue;
                }
                // Only children on cells an ancestor's fill-in took: a leaf for now.
                break None;
            };
            let cell = self.nodes[c].cell;
            cells[usize::from(cell)] = stone(to_move);
            played.push(cell);
            own_last = last;
            last = Some(usize::from(cell));
            to_move = !to_move;
            self.path.push(c as u32);
            n = c;
        };
        let winner = match winner {
            Some(w) => w,
            None => {
                self.board.reset(&self.geometry, &cells);
                if let Some(replies) = &mut self.replies {
                    let path = self.path[1..].iter().map(|&c| self.nodes[c as usize].cell);
                    replies.begin(root_last, self.root.to_move(), path);
                }
                let w = self.board.play_out_with(
                    &self.geometry,
                    to_move,
                    last,
                    &mut self.rng,
                    self.replies.as_mut(),
                );
                if let Some(replies) = &mut self.replies {
                    replies.learn(w);
                }
                self.update_rave(w);
                w
            }
        };
        for &cell in &played {
            cells[usize::from(cell)] = EMPTY;
        }
        self.played = played;
        self.root_cells = cells;
        self.back_up(winner);
    }

    /// RAVE: every child of a node on the path whose cell the node's mover took later in
    /// the playout (or further down the path) counts the playout as its own.
    fn update_rave(&mut self, winner: Color) {
        let mut mover = self.root.to_move();
        for k in 0..self.path.len() {
            let n = self.path[k] as usize;
            let own = stone(mover);
            let win = if winner == mover { 1.0 } else { 0.0 };
            // Without a branch on the cell's colour, which a playout makes a coin toss:
            // adding zero leaves a child as it was.
            let range = self.nodes[n].children();
            for child in &mut self.nodes[range] {
                let hit = f32::from(u8::from(self.board.cells[usize::from(child.cell)] == own));
                child.rave_visits += hit;
                child.rave_wins += hit * win;
            }
            mover = !mover;
        }
    }

    /// Counts the playout along the path and moves proven values up.
    fn back_up(&mut self, winner: Color) {
        // The player who moved into the node at path[k] is the root's mover for odd k.
        let root_mover = self.root.to_move();
        for k in (0..self.path.len()).rev() {
            let n = self.path[k] as usize;
            let moved_into = if k % 2 == 1 { root_mover } else { !root_mover };
            let node = &mut self.nodes[n];
            node.visits += 1;
            if winner == moved_into {
                node.wins += 1.0;
            }
            if k + 1 < self.path.len() {
                let child = self.path[k + 1] as usize;
                if self.nodes[child].proven == -1 {
                    self.nodes[n].proven = 1;
                } else if self.nodes[child].proven == 1
                    && self.nodes[n].proven == 0
                    && self.all_children_won(n)
                {
                    self.nodes[n].proven = -1;
                }
            }
        }
    }

    /// How many more visits the root's most visited child has than the next (all its
    /// visits when it is the only one): what the rest of the search would have to overturn.
    /// Children proven won for their mover are left out, as the choice ranks them last.
    fn root_lead(&self) -> u32 {
        let (mut first, mut second) = (0u32, 0u32);
        for c in self.nodes[0].children() {
            let child = &self.nodes[c];
            if child.pruned() || child.proven == 1 {
                continue;
            }
            if child.visits > first {
                second = first;
                first = child.visits;
            } else if child.visits > second {
                second = child.visits;
            }
        }
        first - second
    }

    /// The root's children worth reporting, most visited first.
    fn ranked_root_moves(&self) -> Vec<usize> {
        let mut moves: Vec<usize> = self.nodes[0]
            .children()
            .filter(|&c| !self.nodes[c].pruned())
            .collect();
        moves.sort_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            // A child whose mover loses is the parent's win: first; won for its mover: last.
            (-x.proven, x.visits).cmp(&(-y.proven, y.visits)).reverse()
        });
        moves
    }

    /// The line of most visited children from the root.
    fn principal_variation(&self) -> Vec<Point> {
        let mut pv = Vec::new();
        let mut n = 0;
        loop {
            let best = self.nodes[n]
                .children()
                .filter(|&c| !self.nodes[c].pruned() && self.nodes[c].visits > 0)
                .max_by_key(|&c| (-self.nodes[c].proven, self.nodes[c].visits));
            let Some(c) = best else { break };
            pv.push(self.geometry.point_of(usize::from(self.nodes[c].cell)));
            n = c;
        }
        pv
    }

    fn result(&self, playouts: u64, stopped: bool) -> SearchResult {
        let mover = self.root.to_move();
        let proven = match self.nodes[0].proven {
            1 => Some(mover),
            -1 => Some(!mover),
            _ => None,
        };
        let ranked = self.ranked_root_moves();
        let score_of = |c: usize| -> i32 {
            match self.nodes[c].proven {
                -1 => PROVEN,
                1 => -PROVEN,
                _ => ((self.nodes[c].win_rate() * 2.0 - 1.0) * 1000.0) as i32,
            }
        };
        let root_moves: Vec<(Point, i32)> = ranked
            .iter()
            .map(|&c| {
                (
                    self.geometry.point_of(usize::from(self.nodes[c].cell)),
                    score_of(c),
                )
            })
            .collect();
        let pv = self.principal_variation();
        // A root proven won by its own analysis (a connection, no child proven yet): the
        // analysis' move keeps the win.
        let best = match (proven == Some(mover), ranked.first()) {
            (true, Some(&c)) if self.nodes[c].proven == -1 => Some(c),
            (true, _) => None,
            _ => ranked.first().copied(),
        }
        .map(|c| self.geometry.point_of(usize::from(self.nodes[c].cell)))
        .or(self.root_win)
        .or_else(|| root_moves.first().map(|&(p, _)| p));
        SearchResult {
            best,
            score: root_moves.first().map_or(0, |&(_, s)| s),
            proven,
            depth: pv.len() as u32,
            pv,
            nodes: playouts,
            stopped,
            root_moves,
            monte_carlo: true,
        }
    }
}

/// Playouts between looks at the clock and the stop flag.
const POLL_PLAYOUTS: u64 = 16;

/// Searches `position` with the Monte Carlo search of `params`, the analysis of
/// `knowledge` at the busiest nodes; `seed` fixes the playouts' random numbers.
pub fn search(
    position: &Position,
    params: &MctsParams,
    knowledge: &Knowledge,
    seed: u64,
    control: &mut dyn Control,
) -> SearchResult {
    search_keeping(position, params, knowledge, seed, control, &mut None)
}

/// As [`search`], starting from the part of `saved` (the tree of an earlier search) that
/// belongs to `position`, and leaving this search's tree there.
pub fn search_keeping(
    position: &Position,
    params: &MctsParams,
    knowledge: &Knowledge,
    seed: u64,
    control: &mut dyn Control,
    saved: &mut Option<SavedTree>,
) -> SearchResult {
    let start_ms = control.now_ms();
    let mut tree = Tree::new(position, params, knowledge, seed, saved.take());
    if position.is_over() || position.empty_cells().is_empty() {
        return tree.result(0, false);
    }
    let deadline = params.time_ms.map(|t| start_ms + t);
    let mut playouts = 0u64;
    let mut stopped = false;
    let mut next_report = start_ms + 250.0;
    // The longest time between two looks at the clock so far, the root's analysis (the
    // first playout's) aside: the search stops when one more such stretch could pass the
    // deadline. A node's analysis inside a stretch takes milliseconds on 11x11, and without
    // this margin the search overran its 2 s by up to 18 ms.
    let mut last_poll: Option<f64> = None;
    let mut longest_stretch = 0.0f64;
    loop {
        if tree.nodes[0].proven != 0 {
            break;
        }
        if playouts % POLL_PLAYOUTS == 0 && playouts > 0 {
            if control.stop_requested() {
                stopped = true;
                break;
            }
            if let Some(deadline) = deadline {
                let now = control.now_ms();
                if let Some(last) = last_poll {
                    longest_stretch = longest_stretch.max(now - last);
                }
                last_poll = Some(now);
                if now + longest_stretch >= deadline {
                    stopped = true;
                    break;
                }
                if params.early_abort && now > start_ms {
                    let rate = playouts as f64 / (now - start_ms);
                    if f64::from(tree.root_lead()) > (deadline - now) * rate {
                        break;
                    }
                }
                if now >= next_report {
                    next_report = now + 250.0;
                    let partial = tree.result(playouts, false);
                    control.progress(&Progress {
                        depth: partial.depth,
                        score: partial.score,
                        pv: partial.pv,
                        nodes: playouts,
                        proven: partial.proven,
                        elapsed_ms: now - start_ms,
                        monte_carlo: true,
                    });
                }
            } else if playouts >= params.max_playouts {
                break;
            }
        }
        tree.run_once();
        playouts += 1;
    }
    let result = tree.result(playouts, stopped);
    *saved = Some(SavedTree {
        nodes: tree.nodes,
        value_samples: tree.value_samples,
        fills: tree.fills,
        cells: tree.root_cells,
        to_move: position.to_move(),
        width: tree.geometry.width,
        height: tree.geometry.height,
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Callbacks, NoControl};
    use crate::solver::SolverParams;
    use crate::Board;

    #[test]
    fn until_stones_keeps_the_search_to_the_opening() {
        let mut position = Position::new(Board::square(9).unwrap());
        let opening = MctsParams {
            until_stones: 3,
            ..MctsParams::DEFAULT
        };
        for (stones, mv) in ["e5", "d6", "c7"].into_iter().enumerate() {
            assert!(opening.plays(&position), "{stones} stones");
            assert!(MctsParams::DEFAULT.plays(&position));
            position.try_play(Move::parse(mv).unwrap()).unwrap();
        }
        assert!(!opening.plays(&position), "three stones");
        assert!(MctsParams::DEFAULT.plays(&position), "no limit");
    }

    #[test]
    fn the_early_abort_ends_the_search_once_its_choice_cannot_change() {
        // 9x9 after the centre and a reply far from it: Black's next move stands out long
        // before the search's time is up.
        let mut position = Position::new(Board::square(9).unwrap());
        for mv in ["e5", "a9"] {
            position.try_play(Move::parse(mv).unwrap()).unwrap();
        }
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let run = |early_abort: bool| {
            let params = MctsParams {
                time_ms: Some(400.0),
                early_abort,
                ..MctsParams::DEFAULT
            };
            // A clock that moves on a millisecond at every look, so that the playouts'
            // rate, and with it the search, is the same in every run.
            let mut now = 0.0;
            let mut clock = Callbacks {
                clock: || {
                    now += 1.0;
                    now
                },
                stop: || false,
                progress: |_: &Progress| {},
            };
            let result = search(&position, &params, &knowledge, 7, &mut clock);
            (result, now)
        };
        let (full, full_ms) = run(false);
        let (aborted, aborted_ms) = run(true);
        assert!(full.proven.is_none(), "{full:?}");
        assert!(full.stopped && full_ms >= 399.0, "{full_ms}");
        assert!(
            !aborted.stopped && aborted_ms < 300.0 && aborted.nodes < full.nodes,
            "{aborted_ms} ms, {} playouts of {}",
            aborted.nodes,
            full.nodes
        );
        // The same seed gives the same playouts up to the abort, and what came after in the
        // full search did not change the choice.
        assert_eq!(aborted.best, full.best);
    }

    #[test]
    fn never_claims_the_loser_wins_on_3x3() {
        // 3x3, White to move after Black's b2 (the centre): Black wins whatever White does, so
        // the search proves the root lost for White or plays on without claiming a win.
        let mut position = Position::new(Board::square(3).unwrap());
        position.try_play(Move::parse("b2").unwrap()).unwrap();
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let result = search(
            &position,
            &MctsParams::DEFAULT,
            &knowledge,
            1,
            &mut NoControl,
        );
        assert_ne!(result.proven, Some(Color::White));
    }

    #[test]
    fn the_next_search_starts_from_the_subtree_of_the_moves_played() {
        let position = Position::new(Board::square(7).unwrap());
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let params = MctsParams {
            max_playouts: 3000,
            ..MctsParams::DEFAULT
        };
        let mut saved = None;
        let first = search_keeping(
            &position,
            &params,
            &knowledge,
            1,
            &mut NoControl,
            &mut saved,
        );
        let (a, b) = (first.pv[0], first.pv[1]);
        let tree = saved.as_ref().unwrap();
        let geometry = Geometry::of(&position);
        let child = |n: usize, p: Point| {
            tree.nodes[n]
                .children()
                .find(|&c| tree.nodes[c].cell == geometry.index_of(p) as u16)
                .unwrap()
        };
        let before = tree.nodes[child(child(0, a), b)].visits;
        assert!(before > 0);
        let mut next = position.clone();
        next.try_play(Move::Cell(a)).unwrap();
        next.try_play(Move::Cell(b)).unwrap();
        let second = search_keeping(&next, &params, &knowledge, 1, &mut NoControl, &mut saved);
        let root_visits = saved.as_ref().unwrap().nodes[0].visits;
        assert_eq!(u64::from(root_visits), u64::from(before) + second.nodes);
        // A position the tree does not lead to starts afresh.
        let mut other = Position::new(Board::square(7).unwrap());
        other.try_play(Move::parse("a1").unwrap()).unwrap();
        other.try_play(Move::parse("a2").unwrap()).unwrap();
        other.try_play(Move::parse("a3").unwrap()).unwrap();
        let third = search_keeping(&other, &params, &knowledge, 1, &mut NoControl, &mut saved);
        assert_eq!(
            u64::from(saved.as_ref().unwrap().nodes[0].visits),
            third.nodes
        );
    }

    /// Black to move on 7x7 after b2, a7, c3 and White's intrusion c2 into the bridge b2-c3.
    fn after_bridge_intrusion() -> Position {
        let mut position = Position::new(Board::square(7).unwrap());
        for m in ["b2", "a7", "c3", "c2"] {
            position.try_play(Move::parse(m).unwrap()).unwrap();
        }
        position
    }

    /// Gives the root of `tree` (at [`after_bridge_intrusion`]) its children as a descent
    /// would; returns the root's cells and the expansion's context.
    fn expand_root(tree: &mut Tree<'_>) -> (Vec<u8>, ExpandContext) {
        let cells = tree.root_cells.clone();
        let context = ExpandContext {
            grandparent: None,
            mover: stone(tree.root.to_move()),
            last: Some(tree.geometry.index_of(Point::parse("c2").unwrap())),
            own_last: Some(tree.geometry.index_of(Point::parse("c3").unwrap())),
        };
        tree.expand(0, &cells, true, &context);
        (cells, context)
    }

    #[test]
    fn the_pattern_prior_gives_each_child_its_strength_against_the_mean() {
        // After White's intrusion into Black's bridge: the children's priors follow their
        // pattern strengths, whatever the weights.
        let position = after_bridge_intrusion();
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let params = MctsParams {
            pattern_prior: 10.0,
            ..MctsParams::DEFAULT
        };
        let mut tree = Tree::new(&position, &params, &knowledge, 1, None);
        let (cells, context) = expand_root(&mut tree);
        let board = crate::policy::Cells {
            width: 7,
            height: 7,
            cells: &cells,
        };
        let strength = |c: usize| {
            crate::policy::Gammas::LEARNED.strength(&board.features(
                usize::from(tree.nodes[c].cell),
                context.mover,
                context.last,
                context.own_last,
            ))
        };
        let children: Vec<usize> = tree.nodes[0].children().collect();
        let mean = children.iter().map(|&c| strength(c)).sum::<f32>() / children.len() as f32;
        for &c in &children {
            let child = tree.nodes[c];
            assert_eq!(child.rave_visits, 10.0);
            let expected = 10.0 * strength(c) / (strength(c) + mean);
            assert!((child.rave_wins - expected).abs() < 1e-4);
        }
    }

    #[test]
    fn the_value_prior_gives_a_node_the_circuits_judgement_of_its_position() {
        // Each child gets its virtual playouts won at the circuit's rate for Black, who moved
        // into it: Black's stone in the centre of 7x7 (d5) the circuit judges far better
        // for Black than one in the acute corner (a1).
        let position = after_bridge_intrusion();
        let mut knowledge = Knowledge::of(&SolverParams::DEFAULT);
        knowledge.order_children = true;
        let params = MctsParams {
            value_prior: 300.0,
            ..MctsParams::DEFAULT
        };
        let mut tree = Tree::new(&position, &params, &knowledge, 1, None);
        expand_root(&mut tree);
        let mut rate_after = |cell: &str| {
            let index = tree.geometry.index_of(Point::parse(cell).unwrap());
            let c = tree.nodes[0]
                .children()
                .find(|&c| usize::from(tree.nodes[c].cell) == index)
                .unwrap();
            tree.path.clear();
            tree.path.extend([0, c as u32]);
            let mut after = position.clone();
            after
                .try_play(Move::Cell(Point::parse(cell).unwrap()))
                .unwrap();
            let score = knowledge
                .analyze_to(&after, Depth::Full)
                .mover_score
                .unwrap();
            tree.apply_knowledge(c);
            let node = tree.nodes[c];
            assert_eq!(node.visits, 300);
            // The node's statistics are Black's, who moved into it; the score White's.
            let expected = 1.0 - params.circuit_rate(score);
            assert!((node.win_rate() - expected).abs() < 1e-4);
            node.win_rate()
        };
        let centre = rate_after("d5");
        let corner = rate_after("a1");
        assert!(centre > corner + 0.1, "{centre} against {corner}");
    }

    #[test]
    fn the_blended_value_is_raves_weighted_mean_of_the_two_estimates() {
        let textbook = |visits: f64, wins: f64, rave_visits: f64, rave_wins: f64, bias: f64| {
            let beta = rave_visits / (rave_visits + visits + rave_visits * visits * bias);
            let rave = if rave_visits > 0.0 {
                rave_wins / rave_visits
            } else {
                0.5
            };
            let q = if visits > 0.0 { wins / visits } else { rave };
            (1.0 - beta) * q + beta * rave
        };
        for (visits, wins, rave_visits, rave_wins) in [
            (0, 0.0, 3.0, 2.0),
            (7, 3.0, 0.0, 0.0),
            (1, 1.0, 1.0, 0.0),
            (40, 31.0, 260.5, 101.25),
            (5000, 2600.0, 90_000.0, 47_000.0),
        ] {
            for bias in [0.0, 0.001, 0.02] {
                let mut node = Node::new(0);
                node.visits = visits;
                node.wins = wins;
                node.rave_visits = rave_visits;
                node.rave_wins = rave_wins;
                let expected = textbook(
                    f64::from(visits),
                    f64::from(wins),
                    f64::from(rave_visits),
                    f64::from(rave_wins),
                    bias,
                );
                let got = node.blended_value(bias);
                assert!(
                    (got - expected).abs() < 1e-12,
                    "{visits} {wins} {rave_visits} {rave_wins} {bias}: {got} against {expected}"
                );
            }
        }
        assert_eq!(Node::new(0).blended_value(0.001), 1.0);
    }

    #[test]
    fn a_prior_code_stands_for_its_probability_within_three_percent() {
        let table = prior_table();
        assert_eq!(prior_code(0.0), 0);
        assert_eq!(table[0], 0.0);
        assert_eq!(table[usize::from(prior_code(1.0))], 1.0);
        let mut p = 1.0;
        while p > 1e-4 {
            let back = table[usize::from(prior_code(p))];
            assert!((back / p - 1.0).abs() < 0.03, "{p} came back as {back}");
            p *= 0.83;
        }
        // Below the last code's 2^-15.9 a move keeps the least prior, never none.
        assert_eq!(prior_code(1e-9), 255);
    }

    #[test]
    fn the_progressive_bias_sends_the_first_descents_to_the_likeliest_moves() {
        // After White's intrusion into Black's bridge, with no playouts yet, the children's
        // priors alone order them.
        let position = after_bridge_intrusion();
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let params = MctsParams {
            progressive_bias: 1.0,
            ..MctsParams::DEFAULT
        };
        let mut tree = Tree::new(&position, &params, &knowledge, 1, None);
        let (cells, _) = expand_root(&mut tree);
        let children: Vec<usize> = tree.nodes[0].children().collect();
        let total: f64 = children
            .iter()
            .map(|&c| tree.priors[usize::from(tree.nodes[c].prior)])
            .sum();
        assert!((total - 1.0).abs() < 0.05, "priors sum to {total}");
        // No RAVE playouts from the prior: only the bias tells the children apart.
        assert!(children.iter().all(|&c| tree.nodes[c].rave_visits == 0.0));
        for &c in &children {
            tree.nodes[c].rave_visits = 4.0;
            tree.nodes[c].rave_wins = 2.0;
        }
        let likeliest = *children
            .iter()
            .max_by_key(|&&c| core::cmp::Reverse(tree.nodes[c].prior))
            .unwrap();
        assert_eq!(tree.select(0, &cells), Some(likeliest));
        // The bias fades with the child's own playouts: at even statistics otherwise, a
        // child with many visits gives way.
        tree.nodes[likeliest].visits = 10_000;
        tree.nodes[likeliest].wins = 5_000.0;
        assert_ne!(tree.select(0, &cells), Some(likeliest));
        // The learned patterns know a bridge's save: b3, the other carrier cell, is the
        // likeliest move here.
        let b3 = tree.geometry.index_of(Point::parse("b3").unwrap()) as u16;
        assert_eq!(tree.nodes[likeliest].cell, b3);
    }

    #[test]
    fn a_new_child_starts_from_its_grandparents_rave_estimate_up_to_the_cap() {
        let position = Position::new(Board::square(7).unwrap());
        let knowledge = Knowledge::of(&SolverParams::DEFAULT);
        let params = MctsParams {
            inherited_rave: 4.0,
            ..MctsParams::DEFAULT
        };
        let mut tree = Tree::new(&position, &params, &knowledge, 1, None);
        for _ in 0..500 {
            tree.run_once();
        }
        // A node two plies below the root, made afresh: its children take the root's children's
        // estimates, capped at four playouts, on the cells both have.
        let a = tree.nodes[0]
            .children()
            .find(|&c| !tree.nodes[c].pruned())
            .unwrap();
        let b = tree.nodes[0].children().find(|&c| c != a).unwrap();
        let mut cells = tree.root_cells.clone();
        cells[usize::from(tree.nodes[a].cell)] = stone(Color::Black);
        cells[usize::from(tree.nodes[b].cell)] = stone(Color::White);
        let grandchild = tree.nodes.len();
        tree.nodes.push(Node::new(tree.nodes[b].cell));
        let context = ExpandContext {
            grandparent: Some(0),
            mover: stone(position.to_move()),
            last: None,
            own_last: None,
        };
        tree.expand(grandchild, &cells, true, &context);
        let mut capped = 0;
        for c in tree.nodes[grandchild].children() {
            let child = tree.nodes[c];
            let elder = tree.nodes[0]
                .children()
                .map(|e| tree.nodes[e])
                .find(|e| e.cell == child.cell)
                .unwrap();
            assert_eq!(child.visits, 0);
            assert_eq!(child.rave_visits, elder.rave_visits.min(4.0));
            if elder.rave_visits > 0.0 {
                let rate = |n: &Node| n.rave_wins / n.rave_visits;
                assert!((rate(&child) - rate(&elder)).abs() < 1e-6);
            }
            capped += usize::from(elder.rave_visits > 4.0);
        }
        assert!(capped > 0);
        assert_eq!(
            usize::from(tree.nodes[grandchild].child_count),
            cells.iter().filter(|&&c| c == EMPTY).count()
        );
    }
}
