//! H-search: virtual connections and semi-connections (Anshelevich).
//!
//! For one player, the *ends* are that player's groups (a group of stones together with the own
//! edges it touches is one end, named by its smallest point, so an edge names every group that
//! touches it) and the empty cells. A *carrier* is a set of empty cells. A subgame `(x, A, y)`
//! lets both players play only inside `A`; the connector wins when a chain of own stones (any
//! own stones on the board, plus `x` and `y` themselves) joins `x` and `y`.
//!
//! - a **full connection** (VC) is a subgame the connector wins even when the opponent moves
//!   first;
//! - a **semi-connection** (SC) is a subgame the connector wins moving first, by playing its
//!   *key*.
//!
//! For every pair of ends the store keeps a list of *minimal* full carriers and a list of
//! minimal semi carriers: a carrier that contains another one of the same list is refused, a
//! new carrier evicts the ones that contain it, and a semi carrier containing a full carrier of
//! the same pair is pointless and dropped. Lists are ordered by size, smallest first (ties in
//! [`CellSet`]'s order, so the order does not depend on the order of discovery).
//!
//! The rules (Anshelevich 2001, section 3):
//! - **base**: two ends that touch are fully connected with the empty carrier;
//! - **AND**: `(x, A, u)` and `(u, B, y)` full, `x ≠ y`, `A ∩ B = ∅`, `x ∉ B`, `y ∉ A`: if `u` is
//!   an own group, `(x, A ∪ B, y)` is full; if `u` is an empty cell, `(x, A ∪ {u} ∪ B, y)` is a
//!   semi-connection keyed at `u`;
//! - **OR**: semi-connections `(x, A_k, y)` whose carriers have an empty common intersection
//!   give the full connection `(x, ∪ A_k, y)`; at most [`HSearchLimits::max_or`] of them.
//!
//! Appendix A of the paper additionally restricts AND through an own group to two *empty* outer
//! ends; the theorem itself has no such condition and the restriction would hide, e.g., edge to
//! edge connections through a stone, so Ohm applies the theorem as stated. By default it
//! does skip AND through a group that touches an edge ([`HSearchLimits::and_over_edges`]),
//! as Benzene does: sound either way, but ten to fifty times the work on 11x11.
//!
//! **Edge templates** H-search cannot derive (HexWiki's fifth-row template V1a) enter as base
//! full connections from data ([`templates`]), with [`Derivation::EdgeTemplate`]; each is
//! proved by a test. [`HSearchLimits::edge_templates`] switches them off.
//!
//! The search is a work queue rather than the paper's generations: each new full connection is
//! combined, at both of its ends, with every full connection already processed, so every pair
//! of full connections meets exactly once. Every stored connection records how it was derived
//! ([`Derivation`]), and [`Connections::proof`] writes the proof out like Appendix B.
//!
//! After a move, [`Connections::update`] derives the new store from the old one (Hexy's
//! "changes in the hierarchy caused by an additional piece") and [`Connections::undo`] brings
//! the previous one back. An opponent stone kills the connections it lands in, and the pairs
//! that lost one run AND and OR again (carriers the dead ones dominated may now be minimal);
//! an own stone leaves every carrier, its group absorbs the ends it touches, semi-connections
//! keyed at it become full, and what changed goes through the queue. Without limits the result
//! equals a fresh build (tested); with limits the two may keep different carriers, both sound.

mod build;
pub mod carrier_proof;
pub mod oracle;
mod proof;
pub mod templates;

use alloc::string::String;
use alloc::vec::Vec;

use crate::board::Board;
use crate::cellset::{words_for, CellSet, Cells, WORDS};
use crate::point::{Edge, Point, POINT_COUNT};
use crate::{Color, Position};

/// The knobs of H-search, in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HSearchLimits {
    /// Full carriers kept per pair of ends (Hexy's M; the largest are dropped first).
    pub max_full: u32,
    /// Semi carriers kept per pair of ends.
    pub max_semi: u32,
    /// Semi-connections one OR may combine (Hexy's K, 4 to 5).
    pub max_or: u32,
    /// Work units (one per AND pairing or OR step tried) before the search gives up.
    pub budget: u64,
    /// Stop as soon as the two edges are fully connected.
    pub stop_when_won: bool,
    /// Whether AND may go through a group that touches an edge (the edge itself included).
    /// Sound, and needed for the closure, but every pair of cells along an edge then gets a
    /// connection through it: many pairs, little use. Benzene leaves it off by default.
    pub and_over_edges: bool,
    /// Whether the precomputed edge templates ([`templates`]) enter as base connections.
    pub edge_templates: bool,
    /// Store a new full carrier only if it replaces a superset or shrinks the intersection of
    /// its pair's full carriers (Pawlewicz et al.); [`HSearchLimits::max_full`] still caps
    /// the list. A carrier that keeps the intersection adds no cell the opponent can no
    /// longer play to break the pair, which is what the OR rule and must-play regions use.
    ///
    /// Measured at the defaults (`ohm bench vc --vc intersection=1`, instructions by
    /// `scripts/vc-instructions.sh`): a cheaper build (27.5 million instructions instead
    /// of 32.2, 6.2 million a search node instead of 8.0), as many pairs, 5-12% fewer semis, the winner found in 76
    /// of the 174 solved 9x9 positions (as without) and 155 of the 200 small ones (154
    /// without). In the solver it cost nodes (the 36 6x6 openings in 30,481 instead of
    /// 26,394 in an earlier build): off everywhere.
    pub full_intersection: bool,
    /// The OR rule over *any* minimal set of a pair's semi-connections whose carriers have an
    /// empty intersection, found by a depth-first search that excludes one cell of a known
    /// full carrier at a time (Pawlewicz et al.'s forbidden set), instead of sets of at most
    /// [`HSearchLimits::max_or`] semis.
    ///
    /// Measured at the defaults: the winner found in 81 of 174 (9x9) and 160 of 200 (small)
    /// instead of 76 and 154, for 7% more instructions a build and a node; in the solver no
    /// faster (an earlier build: empty 7x7 in 2,194 nodes instead of 4,048, the 36 6x6
    /// openings in 27,451 instead of 26,394): off everywhere.
    pub or_search: bool,
    /// Captured cells of the ends inside AND and OR: pairs of empty cells next to an end
    /// where the connector answers an intrusion at one by playing the other, after which the
    /// end is as well placed as if it held both ([`Connections::captured_pairs`]). Two
    /// carriers that meet only in such pairs still combine, the pairs joining the carrier.
    ///
    /// Measured at the defaults: the winner found in 90 of 174 (9x9) and 157 of 200 (small)
    /// instead of 76 and 154, for 40.4 million instructions a build instead of 32.2 and 10.7
    /// million a node instead of 8.0. On in the solver ([`crate::solver::SOLVER_HSEARCH`]:
    /// a sixth less CPU time on the quick solver suite) and in the player's root H-search
    /// ([`crate::player::ROOT_HSEARCH`]).
    pub captured: bool,
    /// AND through an own group of a full connection with a semi-connection (a
    /// semi-connection with the semi's key), and of two full connections whose carriers
    /// share exactly one cell (a semi-connection keyed there).
    ///
    /// Measured at the defaults: 78 of 174 and 154 of 200, for about a quarter more
    /// instructions a build and a node; in the solver more time (earlier build: 14.2 s of CPU
    /// for the quick suite against 12.1-13.9): off everywhere. All four stronger rules
    /// together (earlier build): 1,140-1,559 full pairs per colour on the 11x11 midgames
    /// instead of 710-1,165, 94 of 174 and 162 of 200, for 110 million instructions a build.
    pub semi_and: bool,
}

impl HSearchLimits {
    /// No limit at all: the closure of every rule (exponential in the worst case; small
    /// boards). The policies that keep fewer carriers than the closure (count limits,
    /// [`HSearchLimits::full_intersection`], the greedy carriers of
    /// [`HSearchLimits::or_search`]) are off, so the result does not depend on the order of
    /// discovery.
    pub const UNLIMITED: HSearchLimits = HSearchLimits {
        max_full: u32::MAX,
        max_semi: u32::MAX,
        max_or: u32::MAX,
        budget: u64::MAX,
        stop_when_won: false,
        and_over_edges: true,
        edge_templates: true,
        full_intersection: false,
        or_search: false,
        captured: true,
        semi_and: true,
    };

    /// The defaults, chosen by measurement on 11x11 (release, one colour, six midgame
    /// positions): AND over edges multiplies the work by 10 to 50 for twice the pairs, and
    /// lists beyond 8 full / 16 semi carriers cost time for few new pairs.
    pub const DEFAULT: HSearchLimits = HSearchLimits {
        max_full: 8,
        max_semi: 16,
        max_or: 4,
        budget: u64::MAX,
        stop_when_won: false,
        and_over_edges: false,
        edge_templates: true,
        full_intersection: false,
        or_search: false,
        captured: false,
        semi_and: false,
    };
}

impl Default for HSearchLimits {
    fn default() -> Self {
        HSearchLimits::DEFAULT
    }
}

/// A full connection (VC) or a semi-connection (SC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Full,
    Semi,
}

/// Index of a connection in a [`Connections`] store. Stays valid while the store lives (an
/// [`Connections::undo`] forgets the ids created by the move it takes back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ConnectionId(u32);

impl ConnectionId {
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One connection: its ends (their naming points, smaller first), its carrier of empty cells,
/// and for a semi-connection its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection {
    pub kind: Kind,
    pub ends: [Point; 2],
    pub carrier: CellSet,
    /// The move that turns a semi-connection into a full one; `None` for a full connection.
    pub key: Option<Point>,
    rule: Rule,
}

/// A run of captured pairs in [`Connections`]' list of them (`len` 0: none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct CapturedRef {
    start: u32,
    len: u32,
}

/// The stones of one update in [`Connections`]' list of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlayedRef {
    start: u32,
    len: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    Base,
    And {
        left: ConnectionId,
        right: ConnectionId,
        via: Point,
        captured: CapturedRef,
    },
    Or {
        start: u32,
        len: u32,
        captured: CapturedRef,
    },
    /// `stones`: the run of the store's played stones holding the update's.
    Inherited {
        from: ConnectionId,
        stones: PlayedRef,
    },
    Template {
        template: u16,
    },
}

/// How a connection was derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derivation<'a> {
    /// The two ends touch.
    Base,
    /// AND of `left` = `(x, A, via)` and `right` = `(via, B, y)`, full or semi. Through an
    /// empty `via` two full connections give a semi-connection keyed at `via`; through an
    /// own group, two full ones a full one (or, when their carriers share exactly one cell, a
    /// semi-connection keyed there), a full and a semi one a semi-connection with the semi's
    /// key. Cells the carriers share must lie in `captured`: pairs of cells the ends capture
    /// (an intrusion at one is answered at the other), which join the carrier.
    And {
        left: ConnectionId,
        right: ConnectionId,
        via: Point,
        captured: &'a [[Point; 2]],
    },
    /// OR of these semi-connections; cells all their carriers share lie in `captured` (pairs
    /// the ends capture, which join the carrier).
    Or {
        semis: &'a [ConnectionId],
        captured: &'a [[Point; 2]],
    },
    /// A connection of the position before `stones` were played (by either player; one
    /// stone after a move, several after a fill-in): none of the opponent's lies in its
    /// carrier, its ends grew into the connector's new groups, the connector's stones left
    /// its carrier, and a semi-connection keyed at one of them became full.
    Inherited {
        from: ConnectionId,
        stones: &'a [Point],
    },
    /// A precomputed edge template (see [`templates`]): its name and where it is published.
    EdgeTemplate {
        name: &'static str,
        source: &'static str,
    },
}

/// Sizes of a store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub ends: u32,
    /// Pairs of ends with at least one full carrier.
    pub full_pairs: u32,
    /// Pairs of ends with at least one semi carrier.
    pub semi_pairs: u32,
    pub full: u32,
    pub semi: u32,
}

/// What the rules did during the last build or update.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// AND pairings tried (pairs of full connections sharing an end).
    pub and_tried: u64,
    pub and_full: u64,
    pub and_semi: u64,
    /// OR steps tried (one semi-connection added to a combination).
    pub or_tried: u64,
    pub or_full: u64,
    /// Work units spent (`and_tried + or_tried`), compared with [`HSearchLimits::budget`].
    pub work: u64,
    /// The budget ran out (or the build was interrupted) before the closure was reached.
    pub exhausted: bool,
    /// The caller's interrupt check stopped the build ([`Connections::update_interruptible`]).
    pub interrupted: bool,
}

/// `u16::MAX` marks a point that is not an end (an opponent stone or edge, off-board).
const NOT_AN_END: u16 = u16::MAX;

/// The ends of one player's graph.
#[derive(Clone, Debug)]
struct Ends {
    /// The end each point belongs to (stones and own edges map to their group's end).
    end_of: [u16; POINT_COUNT],
    /// Naming point of each end, ascending.
    names: Vec<Point>,
    /// The points of each end (a group with its edges, or one empty cell).
    members: Vec<CellSet>,
    /// Whether the end is an empty cell.
    empty: Vec<bool>,
    /// The cells of each end's captured pairs (empty unless [`HSearchLimits::captured`]).
    captured: Vec<CellSet>,
    /// Every end's captured pairs, end after end; `pair_runs[i]` is end `i`'s run.
    pairs: Vec<[Point; 2]>,
    pair_runs: Vec<(u32, u32)>,
}

impl Ends {
    fn of(position: &Position, color: Color, captured: bool) -> Ends {
        let board = position.board();
        let (e1, e2) = Edge::of(color);
        let own = position.stones(color).with(e1.point()).with(e2.point());
        let candidates = own | position.empty_cells();
        // At most one end per candidate point: sized once, not grown push by push (a layer
        // is made at every update, and the growth was 2% of the solver's instructions).
        let most = candidates.len() as usize;
        let mut ends = Ends {
            end_of: [NOT_AN_END; POINT_COUNT],
            names: Vec::with_capacity(most),
            members: Vec::with_capacity(most),
            empty: Vec::with_capacity(most),
            captured: Vec::new(),
            pairs: Vec::new(),
            pair_runs: Vec::new(),
        };
        let mut seen = CellSet::EMPTY;
        // Points ascend, so every end is met first at its naming (smallest) point.
        for p in candidates {
            if seen.contains(p) {
                continue;
            }
            let members = if own.contains(p) {
                board.flood(own, p)
            } else {
                CellSet::single(p)
            };
            seen |= members;
            let index = ends.names.len() as u16;
            for m in members {
                ends.end_of[m.index()] = index;
            }
            ends.names.push(p);
            ends.members.push(members);
            ends.empty.push(!own.contains(p));
        }
        ends.captured.resize(ends.len(), CellSet::EMPTY);
        ends.pair_runs.resize(ends.len(), (0, 0));
        if captured {
            // The cells around each end, once: every pair tried reads them.
            let around: Vec<CellSet> = ends
                .members
                .iter()
                .map(|&members| board.neighbours_of_set(members))
                .collect();
            for i in 0..ends.len() {
                ends.find_captured_pairs(position, color, i, &around);
            }
        }
        ends
    }

    /// Finds end `i`'s captured pairs (see [`Connections::captured_pairs`]), disjoint, in
    /// cell order.
    fn find_captured_pairs(
        &mut self,
        position: &Position,
        color: Color,
        i: usize,
        around: &[CellSet],
    ) {
        let board = position.board();
        let empty = position.empty_cells();
        let touching = around[i] & empty;
        let start = self.pairs.len() as u32;
        let mut taken = CellSet::EMPTY;
        for a in touching {
            if taken.contains(a) {
                continue;
            }
            for b in board.neighbours(a) & touching {
                if b < a || taken.contains(b) {
                    continue;
                }
                if self.answers(position, color, i, a, b, around)
                    && self.answers(position, color, i, b, a, around)
                {
                    taken.insert(a);
                    taken.insert(b);
                    self.pairs.push([a, b]);
                    break;
                }
            }
        }
        self.captured[i] = taken;
        self.pair_runs[i] = (start, self.pairs.len() as u32);
    }

    /// Whether the connector's stone on `reply` makes the opponent's on `taken` harmless for
    /// chains from end `i`: every own point next to `taken` already joins the end or `reply`,
    /// and every empty one touches what the end and `reply` then hold.
    fn answers(
        &self,
        position: &Position,
        color: Color,
        i: usize,
        taken: Point,
        reply: Point,
        around: &[CellSet],
    ) -> bool {
        let board = position.board();
        let (e1, e2) = Edge::of(color);
        let own = position.stones(color).with(e1.point()).with(e2.point());
        let mut joined = self.members[i].with(reply);
        let mut reach = around[i] | board.neighbours(reply);
        for n in board.neighbours(reply) & own {
            if let Some(j) = self.index(n) {
                joined |= self.members[j];
                reach |= around[j];
            }
        }
        let empty = position.empty_cells();
        for n in board.neighbours(taken) {
            if joined.contains(n) {
                continue;
            }
            if own.contains(n) || (empty.contains(n) && !reach.contains(n)) {
                return false;
            }
        }
        true
    }

    fn captured_pairs(&self, i: usize) -> &[[Point; 2]] {
        let (start, end) = self.pair_runs[i];
        &self.pairs[start as usize..end as usize]
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    fn index(&self, point: Point) -> Option<usize> {
        match self.end_of[point.index()] {
            NOT_AN_END => None,
            i => Some(usize::from(i)),
        }
    }
}

/// One list item: the carrier is copied here so the hot loops never chase the id, in the
/// layer's width `W`.
#[derive(Clone, Copy, Debug)]
struct Entry<const W: usize> {
    carrier: Cells<W>,
    id: ConnectionId,
    /// A semi-connection's key.
    key: Option<Point>,
}

#[derive(Clone, Debug, Default)]
struct PairLists<const W: usize> {
    full: Vec<Entry<W>>,
    semi: Vec<Entry<W>>,
    /// Cells every full carrier of the list holds (when it has any): at least these are
    /// shared with whatever a full carrier meets. Narrowed as carriers come, never widened
    /// when one goes (a smaller set only filters less).
    full_common: Cells<W>,
    /// The same for the semi carriers.
    semi_common: Cells<W>,
    /// Semis with ids below this met the OR rule already.
    or_seen: u32,
    /// The pair waits in the OR queue.
    or_queued: bool,
}

impl<const W: usize> PairLists<W> {
    /// The semi list when `semis`, else the full list.
    #[inline]
    fn list(&self, semis: bool) -> &[Entry<W>] {
        if semis {
            &self.semi
        } else {
            &self.full
        }
    }

    fn list_mut(&mut self, semis: bool) -> &mut Vec<Entry<W>> {
        if semis {
            &mut self.semi
        } else {
            &mut self.full
        }
    }

    /// The cells every carrier of that list holds.
    #[inline]
    fn common(&self, semis: bool) -> Cells<W> {
        if semis {
            self.semi_common
        } else {
            self.full_common
        }
    }
}

/// Index of the unordered pair `{i, j}` (`i ≠ j`) in a triangular table.
#[inline]
fn pair_index(i: usize, j: usize) -> usize {
    let (lo, hi) = if i < j { (i, j) } else { (j, i) };
    hi * (hi - 1) / 2 + lo
}

/// The connections of one position, as layers: the current one and those undo brings back.
/// Carriers in the lists have `W` words.
#[derive(Clone, Debug)]
struct Layer<const W: usize> {
    ends: Ends,
    pairs: Vec<PairLists<W>>,
    /// For every end, the ends it has at least one full connection with.
    partners: Vec<Vec<u16>>,
    /// For every end, the ends it has had a semi-connection with (with
    /// [`HSearchLimits::semi_and`]; the list may hold ends whose semis were evicted).
    semi_partners: Vec<Vec<u16>>,
    stats: Stats,
    /// Arena, OR-input, captured-pair and played-stone lengths before this layer was built:
    /// undo truncates to them.
    arena_len: usize,
    or_len: usize,
    captured_len: usize,
    played_len: usize,
    /// The player's stones already join the two edges.
    won_by_stones: bool,
    position_hash: u64,
}

impl<const W: usize> Layer<W> {
    /// The ends `i` has a semi (when `semis`) or a full connection with.
    #[inline]
    fn partners_of(&self, i: usize, semis: bool) -> &[u16] {
        if semis {
            &self.semi_partners[i]
        } else {
            &self.partners[i]
        }
    }
}

/// A player's virtual connections and semi-connections in one position.
#[derive(Clone, Debug)]
pub struct Connections {
    color: Color,
    board: Board,
    limits: HSearchLimits,
    /// Every connection ever derived (evicted ones stay, since derivations refer to them).
    arena: Vec<Connection>,
    or_inputs: Vec<ConnectionId>,
    /// The captured pairs derivations used ([`CapturedRef`] points into it).
    captured_inputs: Vec<[Point; 2]>,
    /// The stones of each update, update after update ([`PlayedRef`] points into it).
    played: Vec<Point>,
    layers: Layers,
    /// The edge templates laid on this board for this player.
    templates: templates::Placements,
}

/// The current layer, the ones [`Connections::undo`] brings back, and the ones taken back
/// (kept for their lists' capacity, at most [`SPARE_LAYERS`]), with carriers of `W` words.
#[derive(Clone, Debug)]
struct Stack<const W: usize> {
    layer: Layer<W>,
    history: Vec<Layer<W>>,
    spare: Vec<Layer<W>>,
}

/// The store's layers in the narrowest carrier width that holds the board's cells
/// ([`words_for`]): on 9x9 half of the 19x19 width. Measured against six words everywhere,
/// the same trees: the solved 9x9 file's position 66 in 10.2 s instead of 12.3, 8x8 a1 and
/// c1 in 138 and 99 s instead of 151 and 113, and 4-20% more search nodes a second.
#[derive(Clone, Debug)]
enum Layers {
    /// Boards whose cells fit three words (square ones up to 10x10).
    Three(Stack<3>),
    /// Four words (square boards from 11x11 to 13x13).
    Four(Stack<4>),
    /// Larger boards.
    Every(Stack<WORDS>),
}

/// `$body` with `$stack` bound to the store's [`Stack`], whatever its width.
macro_rules! each_width {
    ($layers:expr, $stack:ident => $body:expr) => {
        match $layers {
            Layers::Three($stack) => $body,
            Layers::Four($stack) => $body,
            Layers::Every($stack) => $body,
        }
    };
}
use each_width;

/// An iterator made in one of the widths (by [`each_width`]): one type for every width.
enum ByWidth<A, B, C> {
    Three(A),
    Four(B),
    Every(C),
}

impl<T, A, B, C> Iterator for ByWidth<A, B, C>
where
    A: Iterator<Item = T>,
    B: Iterator<Item = T>,
    C: Iterator<Item = T>,
{
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        match self {
            ByWidth::Three(it) => it.next(),
            ByWidth::Four(it) => it.next(),
            ByWidth::Every(it) => it.next(),
        }
    }
}

/// `$body`, an iterator, with `$stack` bound to the store's [`Stack`], as one type.
macro_rules! each_width_iter {
    ($layers:expr, $stack:ident => $body:expr) => {
        match $layers {
            Layers::Three($stack) => ByWidth::Three($body),
            Layers::Four($stack) => ByWidth::Four($body),
            Layers::Every($stack) => ByWidth::Every($body),
        }
    };
}

impl Layers {
    /// Empty layers for `position`'s board, in its width.
    fn new(position: &Position, color: Color, limits: HSearchLimits) -> Layers {
        fn stack<const W: usize>(
            position: &Position,
            color: Color,
            limits: HSearchLimits,
        ) -> Stack<W> {
            Stack {
                layer: build::empty_layer(position, color, limits, [0, 0, 0, 0], None),
                history: Vec::new(),
                spare: Vec::new(),
            }
        }
        let board = position.board();
        match words_for(board.width(), board.height()) {
            0..=3 => Layers::Three(stack(position, color, limits)),
            4 => Layers::Four(stack(position, color, limits)),
            _ => Layers::Every(stack(position, color, limits)),
        }
    }
}

/// The store's parts every width shares, borrowed apart from its [`Layers`].
struct Parts<'a> {
    arena: &'a mut Vec<Connection>,
    or_inputs: &'a mut Vec<ConnectionId>,
    captured_inputs: &'a mut Vec<[Point; 2]>,
    played: &'a mut Vec<Point>,
    templates: &'a templates::Placements,
    color: Color,
    limits: HSearchLimits,
}

/// Taken-back layers kept for reuse: a search's depth and a little more.
const SPARE_LAYERS: usize = 8;

impl Connections {
    /// Runs H-search for `color` on `position` from the base connections.
    #[must_use]
    pub fn build(position: &Position, color: Color, limits: HSearchLimits) -> Connections {
        let mut connections = Self::unbuilt(position, color, limits);
        build::from_scratch(&mut connections, position, None);
        connections
    }

    /// [`Connections::build`] that asks `interrupt` about every millisecond of work whether to
    /// stop, and if so ends early with the connections found so far: sound, but incomplete,
    /// as when the budget runs out ([`Stats::interrupted`]). The player's root builds use it,
    /// since one unbudgeted build of a crowded 13x13 position took 0.9 s.
    #[must_use]
    pub fn build_interruptible(
        position: &Position,
        color: Color,
        limits: HSearchLimits,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> Connections {
        let mut connections = Self::unbuilt(position, color, limits);
        build::from_scratch(&mut connections, position, Some(interrupt));
        connections
    }

    /// The store before H-search ran: no connections yet.
    fn unbuilt(position: &Position, color: Color, limits: HSearchLimits) -> Connections {
        Connections {
            color,
            board: *position.board(),
            limits,
            arena: Vec::new(),
            or_inputs: Vec::new(),
            captured_inputs: Vec::new(),
            played: Vec::new(),
            layers: Layers::new(position, color, limits),
            templates: templates::Placements::new(position.board(), color),
        }
    }

    /// Runs H-search again from the base connections on `position` (same board, colour and
    /// limits; the result equals [`Connections::build`]'s), reusing this store's memory: the
    /// solver builds at every node it creates, and allocating and freeing the pair lists
    /// was a fifth of that.
    pub fn rebuild(&mut self, position: &Position) {
        debug_assert_eq!(self.board, *position.board());
        self.arena.clear();
        self.or_inputs.clear();
        self.captured_inputs.clear();
        self.played.clear();
        let (mut parts, layers) = self.parts();
        each_width!(layers, stack => {
            let old = build::begin_layer(&parts, stack, position);
            stack.spare.push(old);
            stack.history.clear();
            build::fresh_build(&mut parts, &mut stack.layer, position, None);
        });
    }

    /// The parts every width shares, and the layers apart.
    fn parts(&mut self) -> (Parts<'_>, &mut Layers) {
        let Connections {
            color,
            limits,
            arena,
            or_inputs,
            captured_inputs,
            played,
            layers,
            templates,
            ..
        } = self;
        let parts = Parts {
            arena,
            or_inputs,
            captured_inputs,
            played,
            templates,
            color: *color,
            limits: *limits,
        };
        (parts, layers)
    }

    /// The current layer's ends.
    fn current_ends(&self) -> &Ends {
        each_width!(&self.layers, stack => &stack.layer.ends)
    }

    /// Brings the store up to date after one stone was added to the position it describes:
    /// `position` is the position after the move and `stone` the cell just played (by either
    /// player). Anything else (a swap, several changes) needs a fresh [`Connections::build`].
    pub fn update(&mut self, position: &Position, stone: Point) {
        build::after_stone(self, position, stone, None);
    }

    /// [`Connections::update`] that asks `interrupt` about every millisecond of work whether to
    /// stop, and if so ends early with the connections found so far (sound, but incomplete,
    /// as when the budget runs out). Returns `false` when interrupted. [`Connections::undo`]
    /// takes it back like any update.
    pub fn update_interruptible(
        &mut self,
        position: &Position,
        stone: Point,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> bool {
        build::after_stone(self, position, stone, Some(interrupt));
        !self.stats().interrupted
    }

    /// Brings the store up to date after several stones were added at once: a layer built
    /// from scratch on `position` (equal to [`Connections::build`]'s result), which
    /// [`Connections::undo`] takes back like an update. Interruptible as
    /// [`Connections::update_interruptible`]; returns `false` when interrupted.
    ///
    /// [`Connections::update_stones`] does it by an update when only stones were added.
    pub fn renew_interruptible(
        &mut self,
        position: &Position,
        interrupt: &mut dyn FnMut() -> bool,
    ) -> bool {
        build::renewed(self, position, Some(interrupt));
        !self.stats().interrupted
    }

    /// Brings the store up to date after any change: a layer built from scratch on
    /// `position`, which [`Connections::undo`] takes back like an update.
    pub fn renew(&mut self, position: &Position) {
        build::renewed(self, position, None);
    }

    /// Brings the store up to date after `stones` (cells, of either colour, none of them in
    /// the position before) were added at once, as one update: what none of the opponent's
    /// new stones breaks is kept, the connector's stones leave the carriers, and the rules
    /// run from there. The solver's fill-in adds a move and the cells it makes dead or
    /// captured together; one update for all of them costs about what an update for one
    /// stone does, where updates stone by stone cost one each. [`Connections::undo`] takes
    /// it back like any update.
    pub fn update_stones(&mut self, position: &Position, stones: &[Point]) {
        build::after_stones(self, position, stones, None);
    }

    /// How many updates and renewals [`Connections::undo`] can take back.
    #[must_use]
    pub fn undo_depth(&self) -> usize {
        each_width!(&self.layers, stack => stack.history.len())
    }

    /// Takes back the last [`Connections::update`]; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        let (parts, layers) = self.parts();
        each_width!(layers, stack => {
            let Some(previous) = stack.history.pop() else {
                return false;
            };
            let layer = &stack.layer;
            parts.arena.truncate(layer.arena_len);
            parts.or_inputs.truncate(layer.or_len);
            parts.captured_inputs.truncate(layer.captured_len);
            parts.played.truncate(layer.played_len);
            let taken_back = core::mem::replace(&mut stack.layer, previous);
            // A search takes back several stones in a row at the end of a subtree, then
            // plays as many again: with one spare only, every later play but one allocated
            // its lists anew (malloc and free were 8% of level 6's tree).
            if stack.spare.len() < SPARE_LAYERS {
                stack.spare.push(taken_back);
            }
        });
        true
    }

    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    #[must_use]
    pub fn limits(&self) -> HSearchLimits {
        self.limits
    }

    /// Hash of the position these connections describe.
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        each_width!(&self.layers, stack => stack.layer.position_hash)
    }

    /// The naming point of the end `point` belongs to (`None` for an opponent stone or edge).
    #[must_use]
    pub fn end_of(&self, point: Point) -> Option<Point> {
        if !self.board.contains(point) {
            return None;
        }
        let ends = self.current_ends();
        ends.index(point).map(|i| ends.names[i])
    }

    /// The naming points of all ends, ascending.
    pub fn ends(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.current_ends().names.iter().copied()
    }

    /// The stored connection `id`.
    #[must_use]
    pub fn get(&self, id: ConnectionId) -> &Connection {
        &self.arena[id.index()]
    }

    /// Full connections between the ends of `a` and `b`, smallest carrier first.
    pub fn full_between(&self, a: Point, b: Point) -> impl Iterator<Item = ConnectionId> + '_ {
        self.between(a, b, false)
    }

    /// Semi-connections between the ends of `a` and `b`, smallest carrier first.
    pub fn semi_between(&self, a: Point, b: Point) -> impl Iterator<Item = ConnectionId> + '_ {
        self.between(a, b, true)
    }

    /// The semi (when `semis`) or full connections between the ends of `a` and `b`.
    fn between(&self, a: Point, b: Point, semis: bool) -> impl Iterator<Item = ConnectionId> + '_ {
        let pair = self.pair_of(a, b);
        each_width_iter!(&self.layers, stack => pair
            .map_or(&[][..], |pair| stack.layer.pairs[pair].list(semis))
            .iter()
            .map(|e| e.id))
    }

    /// The full connection with the smallest carrier between the ends of `a` and `b`.
    #[must_use]
    pub fn smallest_full(&self, a: Point, b: Point) -> Option<ConnectionId> {
        self.full_between(a, b).next()
    }

    /// Whether `a` and `b` are already one group (then no connection is stored between them).
    #[must_use]
    pub fn same_end(&self, a: Point, b: Point) -> bool {
        let ends = self.current_ends();
        matches!((ends.index(a), ends.index(b)), (Some(i), Some(j)) if i == j)
    }

    /// The index of the pair of the ends of `a` and `b`, if they are two ends.
    fn pair_of(&self, a: Point, b: Point) -> Option<usize> {
        if !self.board.contains(a) || !self.board.contains(b) {
            return None;
        }
        let ends = self.current_ends();
        let (i, j) = (ends.index(a)?, ends.index(b)?);
        (i != j).then(|| pair_index(i, j))
    }

    /// The winning connection: the smallest full connection between the player's two edges.
    #[must_use]
    pub fn winning(&self) -> Option<ConnectionId> {
        let (e1, e2) = Edge::of(self.color);
        self.smallest_full(e1.point(), e2.point())
    }

    /// The carrier of the winning connection; the empty set when the stones already connect.
    #[must_use]
    pub fn winning_carrier(&self) -> Option<CellSet> {
        if each_width!(&self.layers, stack => stack.layer.won_by_stones) {
            return Some(CellSet::EMPTY);
        }
        self.winning().map(|id| self.get(id).carrier)
    }

    /// Semi-connections between the player's two edges.
    pub fn edge_semis(&self) -> impl Iterator<Item = ConnectionId> + '_ {
        let (e1, e2) = Edge::of(self.color);
        self.semi_between(e1.point(), e2.point())
    }

    /// Where the *opponent* must play: `None` when this player has no known threat (no edge
    /// to edge semi or full connection); otherwise the empty cells common to the carriers of
    /// all edge to edge semi-connections (an opponent move outside leaves one of them intact,
    /// and its key then wins). The set is empty when the opponent is lost as far as H-search
    /// can tell: this player is fully connected already, or no cell meets every threat.
    #[must_use]
    pub fn must_play(&self) -> Option<CellSet> {
        if self.winning_carrier().is_some() {
            return Some(CellSet::EMPTY);
        }
        let mut region: Option<CellSet> = None;
        for id in self.edge_semis() {
            let carrier = self.get(id).carrier;
            region = Some(region.map_or(carrier, |r| r & carrier));
        }
        region
    }

    /// How the connection `id` was derived.
    #[must_use]
    pub fn derivation(&self, id: ConnectionId) -> Derivation<'_> {
        match self.get(id).rule {
            Rule::Base => Derivation::Base,
            Rule::And {
                left,
                right,
                via,
                captured,
            } => Derivation::And {
                left,
                right,
                via,
                captured: self.captured_run(captured),
            },
            Rule::Or {
                start,
                len,
                captured,
            } => Derivation::Or {
                semis: &self.or_inputs[start as usize..(start + len) as usize],
                captured: self.captured_run(captured),
            },
            Rule::Inherited { from, stones } => Derivation::Inherited {
                from,
                stones: &self.played
                    [stones.start as usize..(stones.start + u32::from(stones.len)) as usize],
            },
            Rule::Template { template } => {
                let t = &self.templates.templates[usize::from(template)];
                Derivation::EdgeTemplate {
                    name: t.name,
                    source: t.source,
                }
            }
        }
    }

    fn captured_run(&self, run: CapturedRef) -> &[[Point; 2]] {
        &self.captured_inputs[run.start as usize..(run.start + run.len) as usize]
    }

    /// The pairs of empty cells the end of `point` captures (empty unless
    /// [`HSearchLimits::captured`]): both touch the end and each other, and whichever of the
    /// two the opponent takes, the connector's stone on the other leaves the end touching
    /// every cell, stone and edge of its own that a stone on the taken cell would have
    /// touched. So for any chain from this end, the exchange is as good as owning both.
    #[must_use]
    pub fn captured_pairs(&self, point: Point) -> &[[Point; 2]] {
        if !self.board.contains(point) {
            return &[];
        }
        let ends = self.current_ends();
        match ends.index(point) {
            Some(i) => ends.captured_pairs(i),
            None => &[],
        }
    }

    /// The proof of connection `id`, one deduction a line, as in the paper's Appendix B.
    #[must_use]
    pub fn proof(&self, id: ConnectionId) -> String {
        proof::render(self, id)
    }

    /// One full connection per pair of ends that has one whose carrier avoids `avoid`
    /// (the smallest such carrier), for the circuit's virtual-connection links
    /// ([`crate::circuit::VcLinks::AllPairs`]). Pairs of touching ends (an empty carrier) are
    /// included.
    pub fn full_pairs(&self, avoid: Option<Point>) -> impl Iterator<Item = &Connection> + '_ {
        each_width_iter!(&self.layers, stack => stack
            .layer
            .pairs
            .iter()
            .filter_map(move |lists| self.first_avoiding(&lists.full, avoid)))
    }

    /// One semi-connection per pair of ends that has one whose carrier avoids `avoid` but no
    /// such full connection (the smallest such semi carrier).
    pub fn semi_only_pairs(&self, avoid: Option<Point>) -> impl Iterator<Item = &Connection> + '_ {
        each_width_iter!(&self.layers, stack => stack.layer.pairs.iter().filter_map(
            move |lists| match self.first_avoiding(&lists.full, avoid) {
                Some(_) => None,
                None => self.first_avoiding(&lists.semi, avoid),
            }
        ))
    }

    /// The first connection of `list` whose carrier avoids `avoid`.
    fn first_avoiding<const W: usize>(
        &self,
        list: &[Entry<W>],
        avoid: Option<Point>,
    ) -> Option<&Connection> {
        list.iter()
            .map(|e| &self.arena[e.id.index()])
            .find(|c| avoid.is_none_or(|cell| !c.carrier.contains(cell)))
    }

    /// Every stored (minimal, kept) connection.
    pub fn all(&self) -> impl Iterator<Item = ConnectionId> + '_ {
        each_width_iter!(&self.layers, stack => stack
            .layer
            .pairs
            .iter()
            .flat_map(|l| l.full.iter().chain(l.semi.iter()).map(|e| e.id)))
    }

    /// Sizes of the store.
    #[must_use]
    pub fn counts(&self) -> Counts {
        let mut counts = Counts {
            ends: self.current_ends().len() as u32,
            ..Counts::default()
        };
        each_width!(&self.layers, stack => {
            for lists in &stack.layer.pairs {
                counts.full_pairs += u32::from(!lists.full.is_empty());
                counts.semi_pairs += u32::from(!lists.semi.is_empty());
                counts.full += lists.full.len() as u32;
                counts.semi += lists.semi.len() as u32;
            }
        });
        counts
    }

    /// What the rules did in the last build or update.
    #[must_use]
    pub fn stats(&self) -> Stats {
        each_width!(&self.layers, stack => stack.layer.stats)
    }
}
