//! Steane's theorem 10: sets of dominated pairs.
//!
//! Take disjoint pairs `{aᵢ, bᵢ}` of non-terminals and write `A = {aᵢ}`, `B = {bᵢ}`.
//! - If each `aᵢ` threatens `bᵢ` (so `aᵢ` cut-dominates the pair, theorem 6) and `B` threatens
//!   `A` (`G - B * A = G - B - A`), then `A ∪ B` is *lost*: Cut wins the local game second,
//!   answering a Short move on one vertex of a pair by cutting the other, and the set may be
//!   filled in for Cut.
//! - If each `aᵢ` supports `bᵢ` and `B` supports `A` (`G * B - A = G * B * A`), then `A ∪ B` is
//!   *captured* and may be filled in for Short.
//!
//! One pair is the mutually threatening or supporting pair of theorems 2 and 6; the sets found
//! here have at least two pairs (Steane's figures 6 and 8 have two).
//!
//! "B threatens A" is tested exactly through lemma 2: after cutting `B`, every connected
//! component of `A` has a clique neighbourhood. "B supports A" likewise in `G * B`, where two
//! vertices are adjacent if they were, or if both touch the same component of `B`.
//!
//! The search grows a pair set from each threat (support) `(a, b)`: while some component of
//! `A` has two non-adjacent neighbours `x`, `y` (in `G - B`, resp. `G * B`), any valid pair set
//! containing the current pairs must also use `x` or `y` (as a dominating or dominated vertex),
//! or, on Short's side, join `x` and `y` by a new vertex of `B` next to `x`, `y` or a component
//! of `B` touching them. Those are the branches, up to [`MAX_PAIRS`] pairs.

use alloc::vec::Vec;

use super::graph::ShannonGraph;
use super::relations::Relations;
use super::vertex_set::{Vertex, VertexSet};

/// The most pairs in one set the search tries.
pub const MAX_PAIRS: usize = 3;

/// Which player the set is filled in for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairSetKind {
    /// Each `a` threatens its `b`, and `B` threatens `A`: the set is lost (cut it).
    Lost,
    /// Each `a` supports its `b`, and `B` supports `A`: the set is captured (short it).
    Captured,
}

/// A set found by theorem 10, with its reason: the pairs `(a, b)`, `a` dominating `{a, b}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PairSet {
    pub kind: PairSetKind,
    pub pairs: Vec<(Vertex, Vertex)>,
}

impl PairSet {
    /// `A ∪ B`.
    #[must_use]
    pub fn vertices(&self) -> VertexSet {
        self.pairs
            .iter()
            .fold(VertexSet::EMPTY, |acc, &(a, b)| acc.with(a).with(b))
    }

    /// The dominating vertices `A`.
    #[must_use]
    pub fn dominating(&self) -> VertexSet {
        self.pairs.iter().map(|&(a, _)| a).collect()
    }

    /// The dominated vertices `B`.
    #[must_use]
    pub fn dominated(&self) -> VertexSet {
        self.pairs.iter().map(|&(_, b)| b).collect()
    }
}

/// The graph after `B` is cut (Cut's side) or shorted (Short's side), seen through the
/// original graph without building it.
struct AfterB<'g> {
    graph: &'g ShannonGraph,
    b: VertexSet,
    /// Short's side: the neighbourhoods (outside `B`) of the components of `B`.
    joined: Vec<VertexSet>,
}

impl<'g> AfterB<'g> {
    fn new(graph: &'g ShannonGraph, b: VertexSet, kind: PairSetKind) -> AfterB<'g> {
        let mut joined = Vec::new();
        if kind == PairSetKind::Captured {
            let mut rest = b;
            while let Some(start) = rest.first() {
                let component = component_within(graph, start, &b);
                rest = rest.difference(&component);
                let around = component
                    .iter()
                    .fold(VertexSet::EMPTY, |acc, v| acc.union(&graph.neighbours(v)))
                    .difference(&b);
                joined.push(around);
            }
        }
        AfterB { graph, b, joined }
    }

    /// Neighbours of `x` (not in `B`) once `B` is played.
    fn neighbours(&self, x: Vertex) -> VertexSet {
        let mut row = self.graph.neighbours(x).difference(&self.b);
        for around in &self.joined {
            if around.contains(x) {
                row = row.union(around);
            }
        }
        row.without(x)
    }

    /// Two non-adjacent neighbours of some component of `a` (a witness that `B` does not
    /// threaten / support `A`), or `None` when every component has a clique neighbourhood.
    fn violation(&self, a: VertexSet) -> Option<(Vertex, Vertex)> {
        let mut rest = a;
        while let Some(start) = rest.first() {
            let mut component = VertexSet::single(start);
            let mut frontier = component;
            let mut around = VertexSet::EMPTY;
            while let Some(v) = frontier.first() {
                frontier.remove(v);
                let row = self.neighbours(v);
                around = around.union(&row);
                let new = row.intersection(&a).difference(&component);
                component = component.union(&new);
                frontier = frontier.union(&new);
            }
            rest = rest.difference(&component);
            let around = around.difference(&component);
            for x in around.iter() {
                let missing = around
                    .without(x)
                    .difference(&self.neighbours(x))
                    .iter()
                    .find(|&y| y > x);
                if let Some(y) = missing {
                    return Some((x, y));
                }
            }
        }
        None
    }
}

fn component_within(graph: &ShannonGraph, start: Vertex, within: &VertexSet) -> VertexSet {
    let mut seen = VertexSet::single(start);
    let mut frontier = seen;
    while let Some(v) = frontier.first() {
        frontier.remove(v);
        let new = graph.neighbours(v).intersection(within).difference(&seen);
        seen = seen.union(&new);
        frontier = frontier.union(&new);
    }
    seen
}

/// Whether `B` threatens (`Lost`) or supports (`Captured`) `A` in `graph`.
#[must_use]
pub fn set_dominates(graph: &ShannonGraph, b: VertexSet, a: VertexSet, kind: PairSetKind) -> bool {
    AfterB::new(graph, b, kind).violation(a).is_none()
}

struct Search<'g> {
    graph: &'g ShannonGraph,
    kind: PairSetKind,
    /// The pair the set grows from: the smallest of the set, so each set is grown once.
    start: (Vertex, Vertex),
    /// `(a, b)`: `a` threatens / supports `b`, sorted.
    relation: &'g [(Vertex, Vertex)],
    found: Vec<PairSet>,
}

impl Search<'_> {
    fn grow(&mut self, pairs: &mut Vec<(Vertex, Vertex)>, used: VertexSet) {
        let a: VertexSet = pairs.iter().map(|&(a, _)| a).collect();
        let b: VertexSet = pairs.iter().map(|&(_, b)| b).collect();
        let after = AfterB::new(self.graph, b, self.kind);
        let Some((x, y)) = after.violation(a) else {
            if pairs.len() >= 2 {
                let mut sorted = pairs.clone();
                sorted.sort_unstable();
                let set = PairSet {
                    kind: self.kind,
                    pairs: sorted,
                };
                if !self.found.contains(&set) {
                    self.found.push(set);
                }
            }
            return;
        };
        if pairs.len() >= MAX_PAIRS {
            return;
        }
        let mut candidates: Vec<(Vertex, Vertex)> = Vec::new();
        for v in [x, y] {
            if used.contains(v) {
                continue;
            }
            candidates.extend(
                self.relation.iter().filter(|&&(p, q)| {
                    (p == v || q == v) && !used.contains(p) && !used.contains(q)
                }),
            );
        }
        if self.kind == PairSetKind::Captured {
            // A new vertex of B joining x and y in G * B.
            let mut near = self.graph.neighbours(x).union(&self.graph.neighbours(y));
            for around in &after.joined {
                if around.contains(x) || around.contains(y) {
                    near = near.union(around);
                }
            }
            for &(p, q) in self.relation {
                if near.contains(q) && !used.contains(p) && !used.contains(q) {
                    candidates.push((p, q));
                }
            }
        }
        candidates.retain(|&pair| pair > self.start);
        candidates.sort_unstable();
        candidates.dedup();
        for pair in candidates {
            pairs.push(pair);
            self.grow(pairs, used.with(pair.0).with(pair.1));
            pairs.pop();
        }
    }
}

/// Theorem 10's sets of two or more pairs, both kinds, from the graph's threat and support
/// relations (which must be those of `graph`). Each set is listed once; a set containing a
/// smaller one found is left out.
#[must_use]
pub fn pair_sets(graph: &ShannonGraph, relations: &Relations) -> Vec<PairSet> {
    let mut out: Vec<PairSet> = Vec::new();
    for (kind, relation) in [
        (PairSetKind::Lost, &relations.threats),
        (PairSetKind::Captured, &relations.supports),
    ] {
        let mut search = Search {
            graph,
            kind,
            start: (0, 0),
            relation,
            found: Vec::new(),
        };
        let playable = graph.playable();
        for &(a, b) in relation.iter() {
            if playable.contains(a) && playable.contains(b) {
                search.start = (a, b);
                search.grow(&mut alloc::vec![(a, b)], VertexSet::single(a).with(b));
            }
        }
        let mut found = search.found;
        found.sort_by_key(|s| (s.pairs.len(), s.pairs.clone()));
        for set in found {
            let vertices = set.vertices();
            if !out
                .iter()
                .any(|o| o.kind == kind && o.vertices().is_subset(&vertices))
            {
                out.push(set);
            }
        }
    }
    out
}
