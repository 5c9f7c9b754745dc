//! How often the conditions of Steane's theorems arise: the statistics of his section 6
//! ("Statistics on small graphs", Table 1), counted over any list of graphs.
//!
//! For one graph, a [`Census`] holds what Table 1 asks about its playable (non-terminal)
//! vertices: the simplicial vertices (dead by theorem 13 in any game on the graph), the
//! transverse edges `vw` with `N(v) ⊆ N[w]` (dead by theorem 14, corollary I) and the
//! triangle-free vertices (a game is free of edges dead by theorem 15 only if its terminals are
//! two of them). Table 1 counts graphs without terminals: read them with
//! [`super::graph6::read_graph6_without_terminals`], so that every vertex counts.
//!
//! A [`CensusTally`] adds graphs up by vertex count into Table 1's rows:
//!
//! ```
//! use ohm_engine::shannon::census::{Census, CensusTally};
//! use ohm_engine::shannon::graph6::read_graph6_without_terminals;
//!
//! // The two connected graphs on 3 vertices: the path and the triangle.
//! let mut tally = CensusTally::default();
//! for line in ["Bg", "Bw"] {
//!     tally.add(&Census::of(&read_graph6_without_terminals(line).unwrap()));
//! }
//! let row = tally.rows()[0];
//! assert_eq!((row.vertices, row.graphs), (3, 2));
//! assert_eq!(row.simplicial_free, 0); // the path's ends, the triangle's corners
//! assert_eq!(row.two_triangle_free, 1); // the path: all three vertices
//! ```

use alloc::vec::Vec;

use super::dead::{simplicial_vertices, transverse_edges};
use super::graph::ShannonGraph;
use super::relations::triangle_number;
use super::vertex_set::{Vertex, VertexSet};

/// Table 1's facts about one graph's playable vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// How many playable vertices the graph has.
    pub vertices: usize,
    /// Playable vertices whose neighbourhood is a clique.
    pub simplicial: VertexSet,
    /// Edges `(v, w)`, `v` playable, where `w` surrounds `v`: `N(v) ⊆ N[w]`.
    pub transverse: Vec<(Vertex, Vertex)>,
    /// Playable vertices on no triangle.
    pub triangle_free: VertexSet,
}

impl Census {
    #[must_use]
    pub fn of(graph: &ShannonGraph) -> Census {
        let playable = graph.playable();
        Census {
            vertices: playable.len() as usize,
            simplicial: simplicial_vertices(graph),
            transverse: transverse_edges(graph).iter().map(|e| e.edge).collect(),
            triangle_free: playable
                .iter()
                .filter(|&v| triangle_number(graph, v) == 0)
                .collect(),
        }
    }

    /// Table 1's "S-free": no simplicial vertex.
    #[must_use]
    pub fn simplicial_free(&self) -> bool {
        self.simplicial.is_empty()
    }

    /// Table 1's "⊥-free": no transverse edge.
    #[must_use]
    pub fn transverse_free(&self) -> bool {
        self.transverse.is_empty()
    }

    /// Table 1's "≥ 2 △-free": at least two triangle-free vertices.
    #[must_use]
    pub fn two_triangle_free(&self) -> bool {
        self.triangle_free.len() >= 2
    }
}

/// One row of Table 1: graphs on `vertices` vertices and how many have each property.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CensusRow {
    pub vertices: usize,
    pub graphs: u64,
    /// No simplicial vertex.
    pub simplicial_free: u64,
    /// No transverse edge.
    pub transverse_free: u64,
    /// At least two triangle-free vertices.
    pub two_triangle_free: u64,
    /// Both of the last two.
    pub both: u64,
}

impl CensusRow {
    fn add(&mut self, census: &Census) {
        let count = |yes: bool| u64::from(yes);
        self.graphs += 1;
        self.simplicial_free += count(census.simplicial_free());
        self.transverse_free += count(census.transverse_free());
        self.two_triangle_free += count(census.two_triangle_free());
        self.both += count(census.transverse_free() && census.two_triangle_free());
    }
}

/// Table 1 over the graphs added so far, one row per vertex count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CensusTally {
    rows: Vec<CensusRow>,
}

impl CensusTally {
    pub fn add(&mut self, census: &Census) {
        let at = match self
            .rows
            .binary_search_by_key(&census.vertices, |r| r.vertices)
        {
            Ok(at) => at,
            Err(at) => {
                self.rows.insert(
                    at,
                    CensusRow {
                        vertices: census.vertices,
                        ..CensusRow::default()
                    },
                );
                at
            }
        };
        self.rows[at].add(census);
    }

    /// The rows, by increasing vertex count.
    #[must_use]
    pub fn rows(&self) -> &[CensusRow] {
        &self.rows
    }

    /// All graphs added, whatever their size (`vertices` is 0 when sizes differ).
    #[must_use]
    pub fn total(&self) -> CensusRow {
        let same_size = self.rows.len() == 1;
        self.rows
            .iter()
            .fold(CensusRow::default(), |sum, row| CensusRow {
                vertices: if same_size { row.vertices } else { 0 },
                graphs: sum.graphs + row.graphs,
                simplicial_free: sum.simplicial_free + row.simplicial_free,
                transverse_free: sum.transverse_free + row.transverse_free,
                two_triangle_free: sum.two_triangle_free + row.two_triangle_free,
                both: sum.both + row.both,
            })
    }
}
