//! The Shannon game's board: a graph with two terminals, where Short's move *shorts* a vertex
//! (contracts it: its neighbourhood becomes a clique) and Cut's move *cuts* it (deletes it).

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::vertex_set::{Vertex, VertexSet, MAX_VERTICES};
use crate::color::Color;
use crate::point::{Edge, Point, POINT_COUNT};
use crate::position::Position;

/// Why a graph could not be built or changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// More vertices than [`MAX_VERTICES`].
    TooManyVertices(usize),
    /// A vertex number not below the graph's vertex count, or already removed.
    NoSuchVertex(Vertex),
    /// The two terminals must be two distinct vertices of the graph.
    BadTerminals(Vertex, Vertex),
    /// Terminals cannot be shorted or cut.
    TerminalMove(Vertex),
    /// An edge needs two distinct vertices.
    Loop(Vertex),
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::TooManyVertices(n) => {
                write!(f, "{n} vertices: at most {MAX_VERTICES} are supported")
            }
            GraphError::NoSuchVertex(v) => write!(f, "vertex {v} is not in the graph"),
            GraphError::BadTerminals(a, b) => {
                write!(
                    f,
                    "terminals {a} and {b} must be two distinct vertices of the graph"
                )
            }
            GraphError::TerminalMove(v) => {
                write!(f, "vertex {v} is a terminal: it cannot be played")
            }
            GraphError::Loop(v) => write!(f, "an edge from vertex {v} to itself"),
        }
    }
}

impl core::error::Error for GraphError {}

/// An undirected simple graph on vertices `0..vertex_capacity`, some of them removed, with two
/// distinguished terminals. Short wins when the terminals are adjacent; Cut wins when they are
/// disconnected.
#[derive(Clone, PartialEq, Eq)]
pub struct ShannonGraph {
    adjacency: Vec<VertexSet>,
    present: VertexSet,
    terminals: [Vertex; 2],
}

impl ShannonGraph {
    /// A graph on `vertex_count` isolated vertices with the given terminals.
    pub fn new(vertex_count: usize, terminals: [Vertex; 2]) -> Result<ShannonGraph, GraphError> {
        if vertex_count > MAX_VERTICES {
            return Err(GraphError::TooManyVertices(vertex_count));
        }
        let [a, b] = terminals;
        if a == b || a as usize >= vertex_count || b as usize >= vertex_count {
            return Err(GraphError::BadTerminals(a, b));
        }
        Ok(ShannonGraph {
            adjacency: vec![VertexSet::EMPTY; vertex_count],
            present: VertexSet::below(vertex_count),
            terminals,
        })
    }

    /// `color`'s reduced graph of a Hex position: `color` plays Short between its two edges.
    /// Vertices are [`Point`] indices: the two edges of `color` (the terminals) and the empty
    /// cells; `color`'s stones are shorted, the opponent's stones and edges cut.
    #[must_use]
    pub fn from_position(position: &Position, color: Color) -> ShannonGraph {
        let board = position.board();
        let (e1, e2) = Edge::of(color);
        let terminals = [e1.point().index() as Vertex, e2.point().index() as Vertex];
        let mut graph = ShannonGraph {
            adjacency: vec![VertexSet::EMPTY; POINT_COUNT],
            present: VertexSet::EMPTY,
            terminals,
        };
        let mut keep = VertexSet::EMPTY;
        for p in board
            .cells()
            .iter()
            .chain(Edge::ALL.iter().map(|e| e.point()))
        {
            let v = p.index() as Vertex;
            graph.present.insert(v);
            for q in board.neighbours(p) {
                graph.adjacency[p.index()].insert(q.index() as Vertex);
            }
            if position.color_at(p).is_none() || p == e1.point() || p == e2.point() {
                keep.insert(v);
            }
        }
        for p in Edge::ALL.iter().map(|e| e.point()) {
            if position.color_at(p) != Some(color) {
                graph.remove_vertex(p.index() as Vertex);
            }
        }
        for p in position.stones(!color) {
            graph.remove_vertex(p.index() as Vertex);
        }
        for p in position.stones(color) {
            graph.contract_vertex(p.index() as Vertex);
        }
        debug_assert_eq!(graph.present, keep);
        graph
    }

    /// The number of vertex slots (present or removed).
    #[must_use]
    pub fn vertex_capacity(&self) -> usize {
        self.adjacency.len()
    }

    /// The vertices still in the graph.
    #[must_use]
    pub fn vertices(&self) -> VertexSet {
        self.present
    }

    #[must_use]
    pub fn terminals(&self) -> [Vertex; 2] {
        self.terminals
    }

    #[must_use]
    pub fn is_terminal(&self, v: Vertex) -> bool {
        self.terminals.contains(&v)
    }

    /// Present vertices that are not terminals: the ones that can still be played.
    #[must_use]
    pub fn playable(&self) -> VertexSet {
        self.present
            .without(self.terminals[0])
            .without(self.terminals[1])
    }

    #[must_use]
    pub fn contains(&self, v: Vertex) -> bool {
        self.present.contains(v)
    }

    /// The neighbours of `v` (empty for a removed vertex).
    #[must_use]
    pub fn neighbours(&self, v: Vertex) -> VertexSet {
        if self.present.contains(v) {
            self.adjacency[v as usize]
        } else {
            VertexSet::EMPTY
        }
    }

    #[must_use]
    pub fn degree(&self, v: Vertex) -> u32 {
        self.neighbours(v).len()
    }

    #[must_use]
    pub fn has_edge(&self, a: Vertex, b: Vertex) -> bool {
        self.neighbours(a).contains(b)
    }

    /// All edges `(a, b)` with `a < b`.
    pub fn edges(&self) -> impl Iterator<Item = (Vertex, Vertex)> + '_ {
        self.present.iter().flat_map(move |a| {
            self.adjacency[a as usize]
                .iter()
                .filter(move |&b| a < b)
                .map(move |b| (a, b))
        })
    }

    pub fn add_edge(&mut self, a: Vertex, b: Vertex) -> Result<(), GraphError> {
        self.check_present(a)?;
        self.check_present(b)?;
        if a == b {
            return Err(GraphError::Loop(a));
        }
        self.adjacency[a as usize].insert(b);
        self.adjacency[b as usize].insert(a);
        Ok(())
    }

    pub fn remove_edge(&mut self, a: Vertex, b: Vertex) -> Result<(), GraphError> {
        self.check_present(a)?;
        self.check_present(b)?;
        self.adjacency[a as usize].remove(b);
        self.adjacency[b as usize].remove(a);
        Ok(())
    }

    /// Short's move: contract `v`, joining all its neighbours to each other.
    pub fn short(&mut self, v: Vertex) -> Result<(), GraphError> {
        self.check_playable(v)?;
        self.contract_vertex(v);
        Ok(())
    }

    /// Cut's move: delete `v`.
    pub fn cut(&mut self, v: Vertex) -> Result<(), GraphError> {
        self.check_playable(v)?;
        self.remove_vertex(v);
        Ok(())
    }

    /// A copy with `v` shorted.
    pub fn shorted(&self, v: Vertex) -> Result<ShannonGraph, GraphError> {
        let mut g = self.clone();
        g.short(v)?;
        Ok(g)
    }

    /// A copy with `v` cut.
    pub fn with_cut(&self, v: Vertex) -> Result<ShannonGraph, GraphError> {
        let mut g = self.clone();
        g.cut(v)?;
        Ok(g)
    }

    /// Short has won: the terminals are adjacent.
    #[must_use]
    pub fn short_has_won(&self) -> bool {
        self.has_edge(self.terminals[0], self.terminals[1])
    }

    /// Cut has won: no path joins the terminals.
    #[must_use]
    pub fn cut_has_won(&self) -> bool {
        !self
            .component(self.terminals[0])
            .contains(self.terminals[1])
    }

    /// The winner if the game is decided: `Some(true)` Short, `Some(false)` Cut.
    #[must_use]
    pub fn decided(&self) -> Option<bool> {
        if self.short_has_won() {
            Some(true)
        } else if self.cut_has_won() {
            Some(false)
        } else {
            None
        }
    }

    /// The vertices reachable from `v`.
    #[must_use]
    pub fn component(&self, v: Vertex) -> VertexSet {
        self.reachable(v, VertexSet::EMPTY)
    }

    /// The vertices reachable from `v` without entering `blocked`.
    #[must_use]
    pub fn reachable(&self, v: Vertex, blocked: VertexSet) -> VertexSet {
        if !self.present.contains(v) || blocked.contains(v) {
            return VertexSet::EMPTY;
        }
        let mut seen = VertexSet::single(v);
        let mut stack = vec![v];
        while let Some(u) = stack.pop() {
            for w in self.adjacency[u as usize]
                .difference(&seen)
                .difference(&blocked)
                .iter()
            {
                seen.insert(w);
                stack.push(w);
            }
        }
        seen
    }

    /// Whether every two vertices of `set` are adjacent.
    #[must_use]
    pub fn is_clique(&self, set: &VertexSet) -> bool {
        set.iter()
            .all(|v| set.without(v).is_subset(&self.neighbours(v)))
    }

    /// The graph with removed vertices dropped and the rest renumbered `0..n` in increasing
    /// order, and the old number of each new vertex. The terminals keep their role.
    #[must_use]
    pub fn compacted(&self) -> (ShannonGraph, Vec<Vertex>) {
        let old: Vec<Vertex> = self.present.iter().collect();
        let mut new_of = vec![Vertex::MAX; self.adjacency.len()];
        for (i, &v) in old.iter().enumerate() {
            new_of[v as usize] = i as Vertex;
        }
        let adjacency = old
            .iter()
            .map(|&v| {
                self.adjacency[v as usize]
                    .iter()
                    .map(|w| new_of[w as usize])
                    .collect()
            })
            .collect();
        let graph = ShannonGraph {
            adjacency,
            present: VertexSet::below(old.len()),
            terminals: [
                new_of[self.terminals[0] as usize],
                new_of[self.terminals[1] as usize],
            ],
        };
        (graph, old)
    }

    /// The same vertices and edges with other terminals.
    pub fn with_terminals(&self, terminals: [Vertex; 2]) -> Result<ShannonGraph, GraphError> {
        let [a, b] = terminals;
        if a == b || !self.present.contains(a) || !self.present.contains(b) {
            return Err(GraphError::BadTerminals(a, b));
        }
        let mut g = self.clone();
        g.terminals = terminals;
        Ok(g)
    }

    /// The point a vertex stands for, in graphs made by [`ShannonGraph::from_position`].
    #[must_use]
    pub fn point(v: Vertex) -> Option<Point> {
        Point::from_index(v as usize)
    }

    fn check_present(&self, v: Vertex) -> Result<(), GraphError> {
        if self.present.contains(v) {
            Ok(())
        } else {
            Err(GraphError::NoSuchVertex(v))
        }
    }

    fn check_playable(&self, v: Vertex) -> Result<(), GraphError> {
        self.check_present(v)?;
        if self.is_terminal(v) {
            Err(GraphError::TerminalMove(v))
        } else {
            Ok(())
        }
    }

    pub(crate) fn remove_vertex(&mut self, v: Vertex) {
        for w in self.adjacency[v as usize].iter() {
            self.adjacency[w as usize].remove(v);
        }
        self.adjacency[v as usize] = VertexSet::EMPTY;
        self.present.remove(v);
    }

    fn contract_vertex(&mut self, v: Vertex) {
        let around = self.adjacency[v as usize].without(v);
        for w in around.iter() {
            let row = &mut self.adjacency[w as usize];
            *row = row.union(&around).without(w);
        }
        self.remove_vertex(v);
    }
}

impl fmt::Debug for ShannonGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ShannonGraph {{ terminals: {:?}, edges: [",
            self.terminals
        )?;
        for (i, (a, b)) in self.edges().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}-{b}")?;
        }
        f.write_str("] }")
    }
}
