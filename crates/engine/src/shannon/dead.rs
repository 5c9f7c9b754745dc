//! Dead vertices and dead edges of a Shannon graph (Björnsson et al. §3; Steane §5).
//!
//! A vertex is *dead* when its colour never changes the winner of any completion; an edge is
//! dead when deleting it never does. Recognising dead vertices exactly is NP-complete, so each
//! recogniser here is a sufficient condition. Dead edges may be deleted (or added) without
//! changing the winner of any completion, so the recognisers run on a graph simplified by them
//! and every vertex found dead there is dead in the original graph.

use alloc::vec::Vec;

use super::graph::ShannonGraph;
use super::vertex_set::{Vertex, VertexSet};

/// Why a vertex is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadVertexReason {
    /// The game is already decided: nothing matters any more.
    Decided,
    /// Its neighbourhood is a clique (Steane's theorem 13, simplicial case).
    Simplicial,
    /// Its neighbourhood lies in a terminal's closed neighbourhood (theorem 16).
    SurroundedByTerminal(Vertex),
    /// It is cut off from both terminals by a clique (theorem 13); the clique is given.
    CliqueCutset(VertexSet),
    /// It became isolated or simplicial once dead edges and other dead vertices were removed
    /// (theorem 12).
    AfterDeadEdges,
}

/// Why an edge is dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadEdgeReason {
    /// The first vertex's neighbourhood lies in the second's closed neighbourhood: the second
    /// surrounds the first (theorem 14, corollary I).
    Transverse,
    /// Both ends are neighbours of this terminal (theorem 15).
    TerminalNeighbours(Vertex),
    /// The second vertex surrounds `N[v] - w` for this `v`, a terminal-free set holding the
    /// first vertex (theorem 14 with `U = N[v] - w`, the set of corollary II).
    SurroundedNeighbourhood(Vertex),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeadVertex {
    pub vertex: Vertex,
    pub reason: DeadVertexReason,
}

/// An edge `(v, w)`; for [`DeadEdgeReason::Transverse`], `w` surrounds `v`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeadEdge {
    pub edge: (Vertex, Vertex),
    pub reason: DeadEdgeReason,
}

/// Non-terminal vertices whose neighbourhood is a clique.
#[must_use]
pub fn simplicial_vertices(graph: &ShannonGraph) -> VertexSet {
    graph
        .playable()
        .iter()
        .filter(|&v| graph.is_clique(&graph.neighbours(v)))
        .collect()
}

/// Non-terminal vertices `v` whose every neighbour is a terminal `t` or a neighbour of `t`
/// (theorem 16 for single vertices), with that terminal.
#[must_use]
pub fn surrounded_by_terminal(graph: &ShannonGraph) -> Vec<(Vertex, Vertex)> {
    let mut out = Vec::new();
    for v in graph.playable().iter() {
        for t in graph.terminals() {
            let closed = graph.neighbours(t).with(t);
            if graph.neighbours(v).is_subset(&closed) {
                out.push((v, t));
                break;
            }
        }
    }
    out
}

/// Edges `(v, w)` with `v` non-terminal and `N(v) ⊆ N[w]`: `w` surrounds `v` (theorem 14,
/// corollary I). Each is dead on its own; after deleting one, recheck the others.
#[must_use]
pub fn transverse_edges(graph: &ShannonGraph) -> Vec<DeadEdge> {
    let mut out = Vec::new();
    for v in graph.playable().iter() {
        let around = graph.neighbours(v);
        for w in around.iter() {
            if around.without(w).is_subset(&graph.neighbours(w)) {
                out.push(DeadEdge {
                    edge: (v, w),
                    reason: DeadEdgeReason::Transverse,
                });
            }
        }
    }
    out
}

/// For an edge `vw` with `v` non-terminal: the vertices of `U = N[v] - w` joined to `w`, when
/// `U` holds no terminal and every neighbour of `U` is `w` or a neighbour of `w` (`w`
/// surrounds `U`, so by theorem 14 all those edges are dead). Steane's corollary II states a
/// walk-counting sufficient condition for this; here the inclusion is tested directly.
#[must_use]
pub fn surrounded_neighbourhood(graph: &ShannonGraph, v: Vertex, w: Vertex) -> Option<VertexSet> {
    if graph.is_terminal(v) || !graph.has_edge(v, w) {
        return None;
    }
    let region = graph.neighbours(v).with(v).without(w);
    let [t1, t2] = graph.terminals();
    if region.contains(t1) || region.contains(t2) {
        return None;
    }
    let around = region
        .iter()
        .fold(VertexSet::EMPTY, |acc, u| acc.union(&graph.neighbours(u)))
        .difference(&region);
    let closed = graph.neighbours(w).with(w);
    around
        .is_subset(&closed)
        .then(|| region.intersection(&graph.neighbours(w)))
}

/// All edges [`surrounded_neighbourhood`] finds, each once as `(u, w)`, with the `v` whose
/// neighbourhood was surrounded. Each is dead on its own; after deleting some, recheck.
#[must_use]
pub fn surrounded_neighbourhood_edges(graph: &ShannonGraph) -> Vec<DeadEdge> {
    let mut out: Vec<DeadEdge> = Vec::new();
    for v in graph.playable().iter() {
        for w in graph.neighbours(v).iter() {
            for u in surrounded_neighbourhood(graph, v, w)
                .unwrap_or_default()
                .iter()
            {
                if !out.iter().any(|e| e.edge == (u, w)) {
                    out.push(DeadEdge {
                        edge: (u, w),
                        reason: DeadEdgeReason::SurroundedNeighbourhood(v),
                    });
                }
            }
        }
    }
    out
}

/// Edges joining two neighbours of the same terminal (theorem 15).
#[must_use]
pub fn terminal_neighbour_edges(graph: &ShannonGraph) -> Vec<DeadEdge> {
    let mut out = Vec::new();
    for t in graph.terminals() {
        let around = graph.neighbours(t);
        for (a, b) in graph.edges() {
            if around.contains(a) && around.contains(b) {
                out.push(DeadEdge {
                    edge: (a, b),
                    reason: DeadEdgeReason::TerminalNeighbours(t),
                });
            }
        }
    }
    out
}

/// Everything [`find_dead`] learnt about a graph.
#[derive(Clone, Debug)]
pub struct DeadAnalysis {
    /// Dead vertices in the order they were found, each with its reason.
    pub dead: Vec<DeadVertex>,
    /// Dead edges deleted along the way (in the graph of that moment).
    pub dead_edges: Vec<DeadEdge>,
    /// The graph with dead edges and dead vertices removed: the same game.
    pub simplified: ShannonGraph,
}

impl DeadAnalysis {
    #[must_use]
    pub fn dead_set(&self) -> VertexSet {
        self.dead.iter().map(|d| d.vertex).collect()
    }
}

/// All dead vertices the recognisers find: the game decided, simplicial vertices, vertices
/// surrounded by a terminal, vertices cut off from the terminals by a clique, and whatever
/// becomes isolated or simplicial as dead edges (theorem 14 with `U = {v}` and with
/// `U = N[v] - w`, theorem 15) and dead vertices are removed, to a fixpoint.
#[must_use]
pub fn find_dead(graph: &ShannonGraph) -> DeadAnalysis {
    let mut g = graph.clone();
    let mut dead = Vec::new();
    let mut dead_edges = Vec::new();
    if g.decided().is_some() {
        for v in g.playable().iter() {
            dead.push(DeadVertex {
                vertex: v,
                reason: DeadVertexReason::Decided,
            });
            g.remove_vertex(v);
        }
        return DeadAnalysis {
            dead,
            dead_edges,
            simplified: g,
        };
    }
    for v in simplicial_vertices(&g).iter() {
        dead.push(DeadVertex {
            vertex: v,
            reason: DeadVertexReason::Simplicial,
        });
    }
    let mut found = dead.iter().map(|d| d.vertex).collect::<VertexSet>();
    for (v, t) in surrounded_by_terminal(&g) {
        if !found.contains(v) {
            found.insert(v);
            dead.push(DeadVertex {
                vertex: v,
                reason: DeadVertexReason::SurroundedByTerminal(t),
            });
        }
    }
    for v in found.iter() {
        g.remove_vertex(v);
    }
    loop {
        let mut changed = false;
        // Theorem 15: delete edges inside a terminal's neighbourhood.
        for e in terminal_neighbour_edges(&g) {
            if g.has_edge(e.edge.0, e.edge.1) {
                let _ = g.remove_edge(e.edge.0, e.edge.1);
                dead_edges.push(e);
                changed = true;
            }
        }
        // Theorem 14, corollary I, one edge at a time (each deletion changes the others).
        for v in g.playable().iter() {
            loop {
                let around = g.neighbours(v);
                let Some(w) = around
                    .iter()
                    .find(|&w| around.without(w).is_subset(&g.neighbours(w)))
                else {
                    break;
                };
                let _ = g.remove_edge(v, w);
                dead_edges.push(DeadEdge {
                    edge: (v, w),
                    reason: DeadEdgeReason::Transverse,
                });
                changed = true;
            }
        }
        // Theorem 14 for U = N[v] - w: every edge from w into U at once (deleting one keeps
        // w surrounding U, so the others stay dead in the graph of the moment).
        for v in g.playable().iter() {
            for w in g.neighbours(v).iter() {
                for u in surrounded_neighbourhood(&g, v, w)
                    .unwrap_or_default()
                    .iter()
                {
                    let _ = g.remove_edge(u, w);
                    dead_edges.push(DeadEdge {
                        edge: (u, w),
                        reason: DeadEdgeReason::SurroundedNeighbourhood(v),
                    });
                    changed = true;
                }
            }
        }
        for v in g.playable().iter() {
            if g.is_clique(&g.neighbours(v)) {
                dead.push(DeadVertex {
                    vertex: v,
                    reason: DeadVertexReason::AfterDeadEdges,
                });
                g.remove_vertex(v);
                changed = true;
            }
        }
        for (v, t) in surrounded_by_terminal(&g) {
            dead.push(DeadVertex {
                vertex: v,
                reason: DeadVertexReason::SurroundedByTerminal(t),
            });
            g.remove_vertex(v);
            changed = true;
        }
        // Clique cutsets cost the most: look for them only once the cheap rules are stuck.
        if !changed {
            for (cutset, cut_off) in clique_cutsets(&g) {
                for v in cut_off.iter() {
                    if g.contains(v) {
                        dead.push(DeadVertex {
                            vertex: v,
                            reason: DeadVertexReason::CliqueCutset(cutset),
                        });
                        g.remove_vertex(v);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    DeadAnalysis {
        dead,
        dead_edges,
        simplified: g,
    }
}

/// The largest terminal-free region [`local_clique_cutsets`] looks for behind a clique.
pub const POCKET_LIMIT: u32 = 12;

/// Clique separators and the terminal-free vertices they cut off from both terminals
/// (theorem 13): pairs `(separator, pocket)`, where `pocket` is connected, holds no terminal,
/// has all its outside neighbours in `separator`, and `separator` is a clique. Complete: every
/// vertex that some clique cuts off from both terminals lies in a pocket (see
/// [`super::separators`] for the method).
#[must_use]
pub fn clique_cutsets(graph: &ShannonGraph) -> Vec<(VertexSet, VertexSet)> {
    super::separators::clique_pockets(graph)
}

/// A fast, partial search for the pockets of [`clique_cutsets`]: components without a
/// terminal (the empty separator), then the separators each vertex, each edge, and `N(C)` for
/// each component `C` of `G - N[x]` next to `N(x)`, keeping pockets of at most
/// [`POCKET_LIMIT`] vertices whose neighbourhood is a clique. Sound; finds the common local
/// pockets only.
#[must_use]
pub fn local_clique_cutsets(graph: &ShannonGraph) -> Vec<(VertexSet, VertexSet)> {
    let [t1, t2] = graph.terminals();
    let mut out = Vec::new();
    let connected = graph.component(t1).union(&graph.component(t2));
    let loose = graph.vertices().difference(&connected);
    if !loose.is_empty() {
        out.push((VertexSet::EMPTY, loose));
    }
    let mut covered = loose;
    let mut consider =
        |separator: VertexSet, start: Vertex, out: &mut Vec<(VertexSet, VertexSet)>| {
            if covered.contains(start) {
                return;
            }
            if let Some(pocket) = small_component(graph, start, separator) {
                let around = pocket
                    .iter()
                    .fold(VertexSet::EMPTY, |acc, v| acc.union(&graph.neighbours(v)))
                    .difference(&pocket);
                if graph.is_clique(&around) {
                    covered = covered.union(&pocket);
                    out.push((around, pocket));
                }
            }
        };
    for x in graph.vertices().iter() {
        let around = graph.neighbours(x);
        // x alone, and each edge at x, as the separator.
        for start in around.iter() {
            consider(VertexSet::single(x), start, &mut out);
        }
        for y in around.iter().filter(|&y| y > x) {
            let pair = VertexSet::single(x).with(y);
            let next = around.union(&graph.neighbours(y)).difference(&pair);
            for start in next.iter() {
                consider(pair, start, &mut out);
            }
        }
        // Components of G - N[x] next to N(x).
        let closed = around.with(x);
        let second = around
            .iter()
            .fold(VertexSet::EMPTY, |acc, v| acc.union(&graph.neighbours(v)))
            .difference(&closed);
        for start in second.iter() {
            consider(closed, start, &mut out);
        }
    }
    out
}

/// The component of `start` in `G - blocked`, if it holds no terminal and has at most
/// [`POCKET_LIMIT`] vertices.
fn small_component(graph: &ShannonGraph, start: Vertex, blocked: VertexSet) -> Option<VertexSet> {
    let [t1, t2] = graph.terminals();
    if blocked.contains(start) || start == t1 || start == t2 {
        return None;
    }
    let mut seen = VertexSet::single(start);
    let mut stack = alloc::vec![start];
    while let Some(v) = stack.pop() {
        for w in graph
            .neighbours(v)
            .difference(&seen)
            .difference(&blocked)
            .iter()
        {
            if w == t1 || w == t2 || seen.len() >= POCKET_LIMIT {
                return None;
            }
            seen.insert(w);
            stack.push(w);
        }
    }
    Some(seen)
}
