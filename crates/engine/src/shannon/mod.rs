//! The Shannon vertex game on general graphs, which Hex is an instance of.
//!
//! A board is a [`ShannonGraph`] with two terminals. *Short* colours a vertex by shorting it
//! (its neighbourhood becomes a clique, the vertex disappears); *Cut* colours it by cutting it
//! (deleting it). Short wins when the terminals become adjacent, Cut when they are
//! disconnected. A Hex position is seen from each player's side as that player's *reduced
//! graph* ([`ShannonGraph::from_position`]): the player is Short between their two edges.
//!
//! - [`graph6`]: reading and writing graphs in nauty's graph6 format;
//! - [`dead`]: dead vertices and dead edges (simplicial vertices, clique cutsets, transverse
//!   edges, edges between a terminal's neighbours, vertices surrounded by a terminal);
//! - [`separators`]: every vertex cut off from both terminals by a clique (complete, via a
//!   minimal triangulation);
//! - [`relations`]: threat and support, lost and captured pairs, theorem 9;
//! - [`pair_sets`]: theorem 10, lost and captured sets of dominated pairs;
//! - [`report`]: a text summary of all of the above for one graph;
//! - [`census`]: Steane's statistics on small graphs (his Table 1), over any list of graphs.
//!
//! Sources: Björnsson, Hayward, Johanson, van Rijswijck, *Dead cell analysis in Hex and the
//! Shannon game*; Steane, *Threat, support and dead edges in the Shannon game*.

pub mod census;
pub mod dead;
mod graph;
pub mod graph6;
pub mod pair_sets;
pub mod relations;
pub mod report;
pub mod separators;
mod vertex_set;

pub use graph::{GraphError, ShannonGraph};
pub use graph6::{read_graph6, read_graph6_without_terminals, write_graph6, Graph6Error};
pub use vertex_set::{Vertex, VertexSet, MAX_VERTICES};
