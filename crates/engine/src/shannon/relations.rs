//! Threat and support between single vertices (Steane §4), and what follows from them.
//!
//! `a` *threatens* `b` when, once `a` is cut, shorting `b` changes nothing that cutting it
//! would not: `G - a * b = G - a - b`. `a` *supports* `b` when, once `a` is shorted, cutting
//! `b` changes nothing that shorting it would not: `G * a - b = G * a * b`. For a pair these
//! are exactly domination (theorem 6): a threat means Cut playing `a` is at least as good as
//! Cut playing `b`, and Short's stone on `b` dies when Cut answers `a`; support is the same
//! with the roles exchanged. Mutual threats make a lost pair, mutual supports a captured pair.

use alloc::vec::Vec;

use super::graph::ShannonGraph;
use super::vertex_set::{Vertex, VertexSet};

/// Whether `a` threatens `b` (theorem 7(i)): `N(b) - a` is a clique. Terminals neither
/// threaten nor are threatened.
#[must_use]
pub fn threatens(graph: &ShannonGraph, a: Vertex, b: Vertex) -> bool {
    let playable = graph.playable();
    a != b
        && playable.contains(a)
        && playable.contains(b)
        && graph.is_clique(&graph.neighbours(b).without(a))
}

/// Whether `a` supports `b`: after shorting `a`, the neighbourhood of `b` is a clique
/// (theorem 7(ii) via lemma 2).
#[must_use]
pub fn supports(graph: &ShannonGraph, a: Vertex, b: Vertex) -> bool {
    let playable = graph.playable();
    if a == b || !playable.contains(a) || !playable.contains(b) {
        return false;
    }
    let joined = graph.neighbours(a);
    let mut around = graph.neighbours(b).without(a);
    if joined.contains(b) {
        around = around.union(&joined.without(b));
    }
    // In G * a, two vertices are adjacent if they were, or if both were neighbours of a.
    around.iter().all(|x| {
        let linked = if joined.contains(x) {
            graph.neighbours(x).union(&joined)
        } else {
            graph.neighbours(x)
        };
        around.without(x).is_subset(&linked)
    })
}

/// The triangle number of `v`: edges among its neighbours.
#[must_use]
pub fn triangle_number(graph: &ShannonGraph, v: Vertex) -> u32 {
    let around = graph.neighbours(v);
    around
        .iter()
        .map(|x| graph.neighbours(x).intersection(&around).len())
        .sum::<u32>()
        / 2
}

/// Theorem 8's corollary: a neighbour `a` of `v` with `T(v) - (d-1)(d-2)/2` 2-walks to `v`
/// threatens `v` (`d` the degree of `v`). Counting only, no clique test: this is the cheap
/// recogniser Steane proposes, and for neighbours it agrees with [`threatens`].
#[must_use]
pub fn threatens_by_triangle_count(graph: &ShannonGraph, a: Vertex, v: Vertex) -> bool {
    let playable = graph.playable();
    if a == v || !playable.contains(a) || !playable.contains(v) || !graph.has_edge(a, v) {
        return false;
    }
    let d = graph.degree(v) as i64;
    let walks = graph.neighbours(a).intersection(&graph.neighbours(v)).len() as i64;
    walks == triangle_number(graph, v) as i64 - (d - 1) * (d - 2) / 2
}

/// Candidate partners of `b` that can threaten or support it without `b` being simplicial
/// (a simplicial `b` is dead anyway): vertices within distance two.
fn near(graph: &ShannonGraph, b: Vertex) -> VertexSet {
    let around = graph.neighbours(b);
    around
        .iter()
        .fold(around, |acc, x| acc.union(&graph.neighbours(x)))
        .intersection(&graph.playable())
        .without(b)
}

/// Threat and support relations of a graph, as directed pairs `(a, b)`: `a` threatens /
/// supports `b`. Simplicial vertices (dead, threatened by everything) are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relations {
    pub threats: Vec<(Vertex, Vertex)>,
    pub supports: Vec<(Vertex, Vertex)>,
}

impl Relations {
    /// Computes both relations from scratch.
    #[must_use]
    pub fn compute(graph: &ShannonGraph) -> Relations {
        let mut relations = Relations::default();
        for b in graph.playable().iter() {
            if graph.is_clique(&graph.neighbours(b)) {
                continue;
            }
            for a in near(graph, b).iter() {
                if graph.has_edge(a, b) && threatens(graph, a, b) {
                    relations.threats.push((a, b));
                }
                if supports(graph, a, b) {
                    relations.supports.push((a, b));
                }
            }
        }
        relations.threats.sort_unstable();
        relations.supports.sort_unstable();
        relations
    }

    /// Brings relations computed for `before` up to date after one move: `after` is `before`
    /// with `played` shorted or cut. Only vertices within three steps of the move (in
    /// `before`) can gain or lose a threat or support, so only those are recomputed; Steane's
    /// lemma 4 is why the rest stays valid.
    pub fn update(&mut self, before: &ShannonGraph, after: &ShannonGraph, played: Vertex) {
        let mut ball = VertexSet::single(played);
        for _ in 0..3 {
            ball = ball
                .iter()
                .fold(ball, |acc, v| acc.union(&before.neighbours(v)));
        }
        let present = after.playable();
        let keep = |&(a, b): &(Vertex, Vertex)| {
            !ball.contains(b) && present.contains(a) && present.contains(b)
        };
        self.threats.retain(keep);
        self.supports.retain(keep);
        for b in ball.intersection(&present).iter() {
            if after.is_clique(&after.neighbours(b)) {
                continue;
            }
            for a in near(after, b).iter() {
                if after.has_edge(a, b) && threatens(after, a, b) {
                    self.threats.push((a, b));
                }
                if supports(after, a, b) {
                    self.supports.push((a, b));
                }
            }
        }
        self.threats.sort_unstable();
        self.supports.sort_unstable();
    }

    /// Pairs that threaten each other: lost for Short (Cut may cut both; corollary to
    /// theorem 6). Each pair once, smaller vertex first.
    #[must_use]
    pub fn lost_pairs(&self) -> Vec<(Vertex, Vertex)> {
        mutual(&self.threats)
    }

    /// Pairs that support each other: captured by Short (Short may short both).
    #[must_use]
    pub fn captured_pairs(&self) -> Vec<(Vertex, Vertex)> {
        mutual(&self.supports)
    }
}

fn mutual(pairs: &[(Vertex, Vertex)]) -> Vec<(Vertex, Vertex)> {
    pairs
        .iter()
        .filter(|&&(a, b)| a < b && pairs.binary_search(&(b, a)).is_ok())
        .copied()
        .collect()
}

/// Theorem 9: a degree-3 non-terminal vertex that threatens each of its neighbours, none of
/// them a terminal, lies in a lost set: itself and its neighbours. Returns those sets.
#[must_use]
pub fn degree_three_lost_sets(graph: &ShannonGraph) -> Vec<VertexSet> {
    let playable = graph.playable();
    playable
        .iter()
        .filter(|&v| {
            let around = graph.neighbours(v);
            around.len() == 3
                && around.is_subset(&playable)
                && around.iter().all(|b| threatens(graph, v, b))
        })
        .map(|v| graph.neighbours(v).with(v))
        .collect()
}
