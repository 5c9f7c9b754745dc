//! Every vertex cut off from both terminals by a clique (Steane's theorem 13), found by the
//! decomposition by clique minimal separators.
//!
//! A non-terminal `v` is *pocketed* when some clique `C` not containing `v` leaves `v` in a
//! component of `G - C` without a terminal (the clique may contain terminals). Such a
//! component `U` has `N(U) ⊆ C`, so shorting it is the same as cutting it and all of it is
//! dead.
//!
//! The method, polynomial and complete:
//! 1. Add a helper vertex `z` joined to both terminals only. Then `v` is pocketed exactly when
//!    a clique of `G + z` separates `v` from `z`: a pocket never touches `z`, and a component of
//!    `G + z - C` without `z` holds no terminal (a terminal outside `C` would bring `z` along).
//!    Shrinking such a clique gives a *minimal* `v`–`z` separator that is still a clique.
//! 2. Clique minimal separators cross no other minimal separator, so they are minimal
//!    separators of every minimal triangulation `H` of the graph (Parra and Scheffler); the
//!    minimal separators of the chordal graph `H` are the labels of the edges of its clique tree.
//!    `H` comes from MCS-M (Berry, Blair, Heggernes and Peyton 2004), whose numbering is a
//!    perfect elimination order of `H`, so the maximal cliques of `H` are the largest sets
//!    `{x} ∪ madj(x)`.
//! 3. Every clique-tree label that is a clique of `G + z` and avoids `z` is tried: what it
//!    separates from `z` is pocketed.
//!
//! The cost is `O(n · m)` word operations for MCS-M plus `O(k²)` for the clique tree of `k ≤ n`
//! maximal cliques, on bitset rows: a few milliseconds for a 19x19 Hex graph.

use alloc::vec;
use alloc::vec::Vec;

use super::graph::ShannonGraph;
use super::vertex_set::{Vertex, VertexSet, MAX_VERTICES};

/// Adjacency rows over local vertex numbers `0..n`.
type Rows = Vec<VertexSet>;

fn union_of_rows(rows: &Rows, set: &VertexSet) -> VertexSet {
    set.iter()
        .fold(VertexSet::EMPTY, |acc, v| acc.union(&rows[v as usize]))
}

fn is_clique_in(rows: &Rows, set: &VertexSet) -> bool {
    set.iter()
        .all(|v| set.without(v).is_subset(&rows[v as usize]))
}

/// The vertices reachable from `start` inside `allowed`.
fn reach_within(rows: &Rows, start: VertexSet, allowed: &VertexSet) -> VertexSet {
    let mut seen = start;
    let mut frontier = start;
    while !frontier.is_empty() {
        let next = union_of_rows(rows, &frontier)
            .intersection(allowed)
            .difference(&seen);
        seen = seen.union(&next);
        frontier = next;
    }
    seen
}

/// MCS-M: a minimal triangulation of the graph `rows` on `0..n`, returned as its adjacency
/// rows and the elimination order (the vertex numbered 1 first: `order[0]` is eliminated
/// first, and it is a perfect elimination order of the triangulation).
fn minimal_triangulation(rows: &Rows) -> (Rows, Vec<Vertex>) {
    let n = rows.len();
    let mut filled = rows.clone();
    let mut weight = vec![0usize; n];
    // by_weight[w]: unnumbered vertices of weight w.
    let mut by_weight: Vec<VertexSet> = vec![VertexSet::below(n)];
    let mut unnumbered = VertexSet::below(n);
    let mut order = vec![0 as Vertex; n];
    for slot in (0..n).rev() {
        let top = by_weight
            .iter()
            .rposition(|level| !level.is_empty())
            .expect("an unnumbered vertex remains");
        let v = by_weight[top].first().expect("non-empty level");
        by_weight[top].remove(v);
        unnumbered.remove(v);
        order[slot] = v;
        // u gains weight when a path v … u runs through unnumbered vertices all lighter
        // than u: u touches the component of v among vertices of weight below weight(u).
        let mut reach = VertexSet::single(v);
        let mut boundary = rows[v as usize];
        let mut allowed = VertexSet::EMPTY;
        let mut raised = VertexSet::EMPTY;
        for level in 0..by_weight.len() {
            if level > 0 {
                allowed = allowed.union(&by_weight[level - 1]);
                let mut frontier = boundary.intersection(&allowed).difference(&reach);
                while !frontier.is_empty() {
                    reach = reach.union(&frontier);
                    let around = union_of_rows(rows, &frontier);
                    boundary = boundary.union(&around);
                    frontier = around.intersection(&allowed).difference(&reach);
                }
            }
            raised = raised.union(&boundary.intersection(&by_weight[level]));
        }
        for u in raised.iter() {
            let w = weight[u as usize];
            by_weight[w].remove(u);
            if by_weight.len() == w + 1 {
                by_weight.push(VertexSet::EMPTY);
            }
            by_weight[w + 1].insert(u);
            weight[u as usize] = w + 1;
            filled[u as usize].insert(v);
            filled[v as usize].insert(u);
        }
    }
    (filled, order)
}

/// The minimal separators of the chordal graph `filled` with perfect elimination order
/// `order`: the labels of the edges of a clique tree (a maximum-weight spanning tree of the
/// maximal cliques, weighted by the size of their intersection). Empty labels join the trees
/// of different components.
fn chordal_minimal_separators(filled: &Rows, order: &[Vertex]) -> Vec<VertexSet> {
    let mut later = VertexSet::EMPTY;
    let mut cliques: Vec<VertexSet> = Vec::with_capacity(order.len());
    for &x in order.iter().rev() {
        cliques.push(filled[x as usize].intersection(&later).with(x));
        later.insert(x);
    }
    // Keep the maximal ones (each once).
    cliques.sort_unstable_by_key(|c| core::cmp::Reverse(c.len()));
    let mut maximal: Vec<VertexSet> = Vec::new();
    for c in cliques {
        if !maximal.iter().any(|m| c.is_subset(m)) {
            maximal.push(c);
        }
    }
    // Prim's algorithm on the complete intersection graph.
    let k = maximal.len();
    let mut in_tree = vec![false; k];
    let mut best: Vec<(u32, usize)> = vec![(0, 0); k];
    let mut separators = Vec::new();
    if k == 0 {
        return separators;
    }
    in_tree[0] = true;
    for j in 1..k {
        best[j] = (maximal[0].intersection(&maximal[j]).len(), 0);
    }
    for _ in 1..k {
        let Some(next) = (0..k)
            .filter(|&j| !in_tree[j])
            .max_by_key(|&j| (best[j].0, core::cmp::Reverse(j)))
        else {
            break;
        };
        in_tree[next] = true;
        separators.push(maximal[next].intersection(&maximal[best[next].1]));
        for j in 0..k {
            if !in_tree[j] {
                let w = maximal[next].intersection(&maximal[j]).len();
                if w > best[j].0 {
                    best[j] = (w, next);
                }
            }
        }
    }
    separators.sort_unstable();
    separators.dedup();
    separators
}

/// Every vertex cut off from both terminals by a clique, as pairs `(separator, pocket)`: each
/// pocket is connected, holds no terminal, and its neighbourhood `separator` is a clique (so
/// every vertex of it is dead, theorem 13). Together the pockets hold every such vertex; two
/// pockets may overlap (different cliques can cut off overlapping regions), largest first. Graphs with all [`MAX_VERTICES`] slots present (no room for the helper
/// vertex) fall back to [`super::dead::local_clique_cutsets`].
#[must_use]
pub fn clique_pockets(graph: &ShannonGraph) -> Vec<(VertexSet, VertexSet)> {
    let present: Vec<Vertex> = graph.vertices().iter().collect();
    let n = present.len() + 1;
    if n > MAX_VERTICES {
        return super::dead::local_clique_cutsets(graph);
    }
    // Local numbers: the helper z is 0, present vertex i is i + 1.
    let mut local = vec![Vertex::MAX; graph.vertex_capacity()];
    for (i, &v) in present.iter().enumerate() {
        local[v as usize] = i as Vertex + 1;
    }
    let mut rows: Rows = vec![VertexSet::EMPTY; n];
    for (i, &v) in present.iter().enumerate() {
        rows[i + 1] = graph
            .neighbours(v)
            .iter()
            .map(|w| local[w as usize])
            .collect();
    }
    let z: Vertex = 0;
    for t in graph.terminals() {
        let lt = local[t as usize];
        rows[0].insert(lt);
        rows[lt as usize].insert(z);
    }
    let (filled, order) = minimal_triangulation(&rows);
    let everything = VertexSet::below(n);
    let back =
        |set: &VertexSet| -> VertexSet { set.iter().map(|l| present[l as usize - 1]).collect() };
    let mut found: Vec<(VertexSet, VertexSet)> = Vec::new();
    for separator in chordal_minimal_separators(&filled, &order) {
        if separator.contains(z) || !is_clique_in(&rows, &separator) {
            continue;
        }
        let outside = everything.difference(&separator);
        let with_z = reach_within(&rows, VertexSet::single(z), &outside);
        let mut rest = outside.difference(&with_z);
        while let Some(start) = rest.first() {
            let pocket = reach_within(&rows, VertexSet::single(start), &outside);
            rest = rest.difference(&pocket);
            let around = union_of_rows(&rows, &pocket).difference(&pocket);
            found.push((back(&around), back(&pocket)));
        }
    }
    // Largest pockets first; drop pockets inside one already listed.
    found.sort_unstable_by_key(|(_, pocket)| core::cmp::Reverse(pocket.len()));
    let mut covered = VertexSet::EMPTY;
    let mut out = Vec::new();
    for (separator, pocket) in found {
        if !pocket.is_subset(&covered) {
            covered = covered.union(&pocket);
            out.push((separator, pocket));
        }
    }
    out
}
