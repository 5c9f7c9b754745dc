//! A plain-text summary of everything the recognisers find in one graph, for the CLI's
//! `graph analyze` and for learners reading a Shannon game.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::census::Census;
use super::dead::{
    find_dead, surrounded_neighbourhood_edges, terminal_neighbour_edges, DeadVertexReason,
};
use super::graph::ShannonGraph;
use super::pair_sets::{pair_sets, PairSetKind};
use super::relations::{degree_three_lost_sets, triangle_number, Relations};
use super::vertex_set::{Vertex, VertexSet};

fn pairs(list: &[(Vertex, Vertex)], sep: &str) -> String {
    list.iter()
        .map(|(a, b)| format!("{a}{sep}{b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line per finding, `name: items` (vertices by number; `a-b` edges, `a>b` relations):
/// simplicial vertices, transverse edges (theorem 14), edges between a terminal's neighbours
/// (theorem 15), edges into a surrounded `N[v] - w` (theorem 14, corollary II), triangle-free vertices, dead vertices with their reasons, threats, supports,
/// lost pairs, captured pairs, theorem 9's lost sets, and theorem 10's lost and captured pair
/// sets (each as `{a>b c>d}`: the pairs, `a` dominating `{a, b}`).
#[must_use]
pub fn describe(graph: &ShannonGraph) -> String {
    let mut out = String::new();
    let census = Census::of(graph);
    let mut terminal_edges: Vec<(Vertex, Vertex)> = terminal_neighbour_edges(graph)
        .iter()
        .map(|e| e.edge)
        .collect();
    terminal_edges.sort_unstable();
    terminal_edges.dedup();
    let neighbourhood_edges: Vec<(Vertex, Vertex)> = surrounded_neighbourhood_edges(graph)
        .iter()
        .map(|e| e.edge)
        .collect();
    let dead = find_dead(graph);
    let dead_text = dead
        .dead
        .iter()
        .map(|d| {
            let why = match d.reason {
                DeadVertexReason::Decided => "decided",
                DeadVertexReason::Simplicial => "simplicial",
                DeadVertexReason::SurroundedByTerminal(_) => "surrounded-by-terminal",
                DeadVertexReason::CliqueCutset(_) => "clique-cutset",
                DeadVertexReason::AfterDeadEdges => "after-dead-edges",
            };
            format!("{}({why})", d.vertex)
        })
        .collect::<Vec<_>>()
        .join(" ");
    let relations = Relations::compute(graph);
    let lost_sets = degree_three_lost_sets(graph)
        .iter()
        .map(|s| format!("{{{}}}", s))
        .collect::<Vec<_>>()
        .join(" ");
    let pair_set_text = |kind: PairSetKind| {
        pair_sets(graph, &relations)
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| format!("{{{}}}", pairs(&s.pairs, ">")))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let [t1, t2] = graph.terminals();
    let _ = writeln!(out, "terminals: {t1} {t2}");
    let _ = writeln!(out, "simplicial: {}", census.simplicial);
    let _ = writeln!(out, "transverse edges: {}", pairs(&census.transverse, "-"));
    let _ = writeln!(
        out,
        "terminal-neighbour edges: {}",
        pairs(&terminal_edges, "-")
    );
    let _ = writeln!(
        out,
        "surrounded-neighbourhood edges: {}",
        pairs(&neighbourhood_edges, "-")
    );
    // Terminals included: a game is free of theorem 15's dead edges only if both are.
    let triangle_free: VertexSet = graph
        .vertices()
        .iter()
        .filter(|&v| triangle_number(graph, v) == 0)
        .collect();
    let _ = writeln!(out, "triangle-free: {triangle_free}");
    let _ = writeln!(out, "dead: {dead_text}");
    let _ = writeln!(out, "threats: {}", pairs(&relations.threats, ">"));
    let _ = writeln!(out, "supports: {}", pairs(&relations.supports, ">"));
    let _ = writeln!(out, "lost pairs: {}", pairs(&relations.lost_pairs(), "-"));
    let _ = writeln!(
        out,
        "captured pairs: {}",
        pairs(&relations.captured_pairs(), "-")
    );
    let _ = writeln!(out, "theorem 9 lost sets: {lost_sets}");
    let _ = writeln!(
        out,
        "theorem 10 lost sets: {}",
        pair_set_text(PairSetKind::Lost)
    );
    let _ = writeln!(
        out,
        "theorem 10 captured sets: {}",
        pair_set_text(PairSetKind::Captured)
    );
    out
}

/// The findings that need no terminals, for a graph read with
/// [`super::graph6::read_graph6_without_terminals`]: simplicial vertices, transverse edges and
/// triangle-free vertices (the properties Steane's Table 1 counts). The other findings are
/// about a game between two terminals and are not given.
#[must_use]
pub fn describe_without_terminals(graph: &ShannonGraph) -> String {
    let census = Census::of(graph);
    let mut out = String::new();
    let _ = writeln!(out, "terminals: none");
    let _ = writeln!(out, "simplicial: {}", census.simplicial);
    let _ = writeln!(out, "transverse edges: {}", pairs(&census.transverse, "-"));
    let _ = writeln!(out, "triangle-free: {}", census.triangle_free);
    out
}
