//! Each player's reduced graph computed straight from the stones, for the recognisers that pay
//! at every node of a search: dead (simplicial) cells, and the captured pairs that mutual
//! support and mutual threat give (Steane's theorems 6 and 7).
//!
//! **The graph.** For player `X`, the reduced graph (as [`crate::shannon::ShannonGraph::
//! from_position`] builds it) has the empty cells and `X`'s two edges as vertices; the
//! opponent's stones are cut (removed), and each group of `X`'s stones is shorted: every two
//! of its liberties (the empty cells and `X` edges next to it) become adjacent. So the
//! neighbours of an empty cell are its empty and `X`-edge neighbours, plus the liberties of
//! every `X` group it touches. Groups here are stones only: two groups that both touch an
//! edge stay two groups (the edge is a vertex, not a stone).
//!
//! **What follows** (Steane; the generic versions live in [`crate::shannon`]):
//! - a cell whose neighbourhood is a clique is dead (simplicial);
//! - `a` *threatens* `b` when `N(b) - a` is a clique: once the opponent takes `a`, `b` is
//!   dead; two cells that threaten each other are lost for `X` (captured by the opponent);
//! - `a` *supports* `b` when, with `a` shorted, `N(b)` is a clique: once `X` takes `a`, `b` is
//!   dead; two cells that support each other are captured by `X`.
//!
//! The generic graph code tries every pair of vertices within two steps. Here each cell's
//! neighbourhood names the only candidates, once: a cell that is not simplicial has two
//! neighbours `u`, `m` that are not adjacent, and a threat must remove one of them (`u`, or
//! `m` when it is `u`'s only such partner), a support must make them adjacent (be one of them,
//! or next to both). A pair is tested only when each is a candidate for the other. A test
//! checks that both give the same pairs.

use alloc::vec::Vec;

use crate::board::Board;
use crate::cellset::CellSet;
use crate::color::{ByColor, Color};
use crate::point::{Edge, Point, POINT_COUNT};

/// One player's reduced graph: its vertices and each vertex's neighbours.
#[derive(Clone, Debug)]
pub struct ReducedGraph {
    /// The player whose stones are shorted.
    pub colour: Color,
    /// The empty cells (the vertices a player may take).
    playable: CellSet,
    /// The slot in `vertices` of each vertex, by point index (meaningless for other points).
    slot: [u16; POINT_COUNT],
    /// The vertices: the empty cells, then the player's two edges.
    vertices: Vec<Vertex>,
    /// The empty cells whose neighbourhood is a clique.
    simplicial: CellSet,
}

/// A vertex's neighbours and the cells that may support or threaten it.
#[derive(Clone, Copy, Debug)]
struct Vertex {
    neighbours: CellSet,
    /// For an empty cell that is not simplicial, the cells that may support it: one of two of
    /// its neighbours that are not adjacent, or a common neighbour of those two.
    supporters: CellSet,
    /// For an empty cell that is not simplicial, the neighbours that may threaten it: those
    /// in every pair of its neighbours that are not adjacent.
    threateners: CellSet,
}

impl ReducedGraph {
    /// `colour`'s reduced graph of the position with these stones on `board`.
    #[must_use]
    pub fn new(board: &Board, stones: &ByColor<CellSet>, colour: Color) -> ReducedGraph {
        let empty = board.cells() - stones.black - stones.white;
        let (e1, e2) = Edge::of(colour);
        let terminals = CellSet::single(e1.point()).with(e2.point());
        let all = empty | terminals;
        let own = stones[colour];
        let mut graph = ReducedGraph {
            colour,
            playable: empty,
            slot: [0; POINT_COUNT],
            vertices: Vec::with_capacity(all.len() as usize),
            simplicial: CellSet::EMPTY,
        };
        for v in empty.iter().chain(terminals) {
            graph.slot[v.index()] = graph.vertices.len() as u16;
            graph.vertices.push(Vertex {
                neighbours: board.neighbours(v) & all,
                supporters: CellSet::EMPTY,
                threateners: CellSet::EMPTY,
            });
        }
        // Short each group: its liberties become a clique.
        let mut seen = CellSet::EMPTY;
        for stone in own {
            if seen.contains(stone) {
                continue;
            }
            let group = board.flood(own, stone);
            seen |= group;
            let mut liberties = CellSet::EMPTY;
            for p in group {
                liberties |= board.neighbours(p);
            }
            liberties &= all;
            for v in liberties {
                graph.vertex_mut(v).neighbours |= liberties.without(v);
            }
        }
        for b in empty {
            match graph.open_pair(b) {
                None => graph.simplicial.insert(b),
                Some((u, apart)) => {
                    let m = apart.first().expect("not empty");
                    let near = graph.neighbours(u) & graph.neighbours(m);
                    let threats = if apart.len() == 1 {
                        apart.with(u)
                    } else {
                        CellSet::single(u)
                    };
                    let vertex = graph.vertex_mut(b);
                    vertex.supporters = near.with(u).with(m) & empty;
                    vertex.threateners = threats & empty;
                }
            }
        }
        graph
    }

    fn vertex(&self, v: Point) -> &Vertex {
        &self.vertices[usize::from(self.slot[v.index()])]
    }

    fn vertex_mut(&mut self, v: Point) -> &mut Vertex {
        &mut self.vertices[usize::from(self.slot[v.index()])]
    }

    /// The neighbours of vertex `v` (a vertex of this graph: an empty cell or one of the
    /// player's edges).
    pub fn neighbours(&self, v: Point) -> CellSet {
        self.vertex(v).neighbours
    }

    /// Whether every two vertices of `set` are adjacent.
    #[must_use]
    pub fn is_clique(&self, set: CellSet) -> bool {
        set.iter()
            .all(|v| (set.without(v)).is_subset(&self.neighbours(v)))
    }

    /// Two neighbours of `b` that are not adjacent, if there are any (`b` is simplicial
    /// otherwise).
    fn open_pair(&self, b: Point) -> Option<(Point, CellSet)> {
        let around = self.neighbours(b);
        around.iter().find_map(|u| {
            let apart = around - self.neighbours(u) - u;
            (!apart.is_empty()).then_some((u, apart))
        })
    }

    /// The empty cells whose neighbourhood is a clique: dead.
    pub fn simplicial(&self) -> CellSet {
        self.simplicial
    }

    /// Whether `a` threatens `b`: both empty and adjacent, and `N(b) - a` is a clique.
    #[must_use]
    pub fn threatens(&self, a: Point, b: Point) -> bool {
        a != b
            && self.playable.contains(a)
            && self.playable.contains(b)
            && self.neighbours(b).contains(a)
            && self.is_clique(self.neighbours(b).without(a))
    }

    /// Whether `a` supports `b`: both empty, and with `a` shorted the neighbourhood of `b` is
    /// a clique.
    #[must_use]
    pub fn supports(&self, a: Point, b: Point) -> bool {
        if a == b || !self.playable.contains(a) || !self.playable.contains(b) {
            return false;
        }
        let joined = self.neighbours(a);
        let mut around = self.neighbours(b).without(a);
        if joined.contains(b) {
            around |= joined.without(b);
        }
        around.iter().all(|x| {
            let linked = if joined.contains(x) {
                self.neighbours(x) | joined
            } else {
                self.neighbours(x)
            };
            (around.without(x)).is_subset(&linked)
        })
    }

    /// Pairs of empty cells that threaten each other (lost for this graph's player: captured
    /// by the opponent) and pairs that support each other (captured by this graph's player),
    /// each pair once, smaller point first. Simplicial cells are left out (they are dead).
    #[must_use]
    pub fn mutual_pairs(&self) -> MutualPairs {
        let mut out = MutualPairs::default();
        let open = self.playable - self.simplicial;
        for b in open {
            for a in self.vertex(b).threateners & open {
                if a < b
                    && self.vertex(a).threateners.contains(b)
                    && self.threatens(a, b)
                    && self.threatens(b, a)
                {
                    out.lost.push((a, b));
                }
            }
            for a in self.vertex(b).supporters & open {
                if a < b
                    && self.vertex(a).supporters.contains(b)
                    && self.supports(a, b)
                    && self.supports(b, a)
                {
                    out.captured.push((a, b));
                }
            }
        }
        out.lost.sort_unstable();
        out.captured.sort_unstable();
        out
    }
}

/// The pairs [`ReducedGraph::mutual_pairs`] finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MutualPairs {
    /// Pairs that threaten each other: captured by the opponent of the graph's player.
    pub lost: Vec<(Point, Point)>,
    /// Pairs that support each other: captured by the graph's player.
    pub captured: Vec<(Point, Point)>,
}
