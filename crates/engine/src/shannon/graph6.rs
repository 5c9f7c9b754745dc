//! graph6, the compact text format of nauty and most graph tools (one graph per line):
//! `N(n) R(x)`, where `N(n)` encodes the vertex count and `R(x)` the upper triangle of the
//! adjacency matrix, column by column (`(0,1) (0,2) (1,2) (0,3) …`), six bits per printable
//! byte (value + 63), padded with zeros. The format has no terminals: they are given separately.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::graph::ShannonGraph;
use super::vertex_set::{Vertex, MAX_VERTICES};

/// What is wrong with a graph6 line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graph6Error {
    Empty,
    /// A byte outside `?`..=`~` (63..=126) at this byte offset.
    InvalidByte {
        offset: usize,
        byte: u8,
    },
    /// The line ends before the vertex count or the adjacency bits are complete.
    Truncated {
        expected: usize,
        found: usize,
    },
    /// Bytes after the adjacency bits.
    TrailingData {
        expected: usize,
        found: usize,
    },
    /// The padding bits of the last byte must be zero.
    NonZeroPadding,
    /// More vertices than a [`ShannonGraph`] holds.
    TooManyVertices(usize),
    /// The terminals must be two distinct vertices below the vertex count.
    BadTerminals {
        terminals: [Vertex; 2],
        vertex_count: usize,
    },
}

impl fmt::Display for Graph6Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Graph6Error::Empty => f.write_str("empty graph6 line"),
            Graph6Error::InvalidByte { offset, byte } => {
                write!(
                    f,
                    "byte {byte:#04x} at offset {offset} is not a graph6 character (63..=126)"
                )
            }
            Graph6Error::Truncated { expected, found } => {
                write!(f, "graph6 line too short: {found} bytes, {expected} needed")
            }
            Graph6Error::TrailingData { expected, found } => {
                write!(
                    f,
                    "graph6 line too long: {found} bytes, {expected} expected"
                )
            }
            Graph6Error::NonZeroPadding => f.write_str("graph6 padding bits are not zero"),
            Graph6Error::TooManyVertices(n) => {
                write!(
                    f,
                    "graph6 line has {n} vertices: at most {MAX_VERTICES} are supported"
                )
            }
            Graph6Error::BadTerminals {
                terminals,
                vertex_count,
            } => write!(
                f,
                "terminals {} and {} must be distinct vertices below {vertex_count}",
                terminals[0], terminals[1]
            ),
        }
    }
}

impl core::error::Error for Graph6Error {}

const HEADER: &str = ">>graph6<<";

/// Reads one graph6 line (an optional `>>graph6<<` header and surrounding whitespace are
/// accepted) into a Shannon graph with the given terminals.
pub fn read_graph6(line: &str, terminals: [Vertex; 2]) -> Result<ShannonGraph, Graph6Error> {
    let (n, edges) = read_edges(line, 0)?;
    let mut graph = ShannonGraph::new(n, terminals).map_err(|_| Graph6Error::BadTerminals {
        terminals,
        vertex_count: n,
    })?;
    for (a, b) in edges {
        // Both ends are in range and distinct: this cannot fail.
        let _ = graph.add_edge(a, b);
    }
    Ok(graph)
}

/// Reads one graph6 line as a graph with no terminals: the `n` vertices of the line are
/// `0..n`, all of them playable, and the graph's two terminal slots are the extra isolated
/// vertices `n` and `n + 1`, which touch nothing. Analyses of the playable vertices (simplicial
/// vertices, transverse edges, triangles: [`super::census`]) then see the plain graph, as in
/// Steane's statistics on small graphs; a game needs real terminals ([`read_graph6`]).
pub fn read_graph6_without_terminals(line: &str) -> Result<ShannonGraph, Graph6Error> {
    let (n, edges) = read_edges(line, 2)?;
    let detached = [n as Vertex, (n + 1) as Vertex];
    let mut graph =
        ShannonGraph::new(n + 2, detached).map_err(|_| Graph6Error::TooManyVertices(n))?;
    for (a, b) in edges {
        let _ = graph.add_edge(a, b);
    }
    Ok(graph)
}

/// The vertex count and the edges `(i, j)`, `i < j`, of a graph6 line, checking that
/// `reserved` more vertices still fit a [`ShannonGraph`].
fn read_edges(line: &str, reserved: usize) -> Result<(usize, Vec<(Vertex, Vertex)>), Graph6Error> {
    let trimmed = line.trim();
    let text = trimmed.strip_prefix(HEADER).unwrap_or(trimmed);
    // Offsets in errors count from the start of `line`, as the user typed it.
    let skipped = line.len() - line.trim_start().len() + (trimmed.len() - text.len());
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return Err(Graph6Error::Empty);
    }
    if let Some(offset) = bytes.iter().position(|b| !(63..=126).contains(b)) {
        return Err(Graph6Error::InvalidByte {
            offset: skipped + offset,
            byte: bytes[offset],
        });
    }
    let (n, used) = read_vertex_count(bytes)?;
    if n.saturating_add(reserved) > MAX_VERTICES {
        return Err(Graph6Error::TooManyVertices(n));
    }
    let bits = n * n.saturating_sub(1) / 2;
    let expected = used + bits.div_ceil(6);
    if bytes.len() < expected {
        return Err(Graph6Error::Truncated {
            expected,
            found: bytes.len(),
        });
    }
    if bytes.len() > expected {
        return Err(Graph6Error::TrailingData {
            expected,
            found: bytes.len(),
        });
    }
    let data = &bytes[used..];
    let bit = |k: usize| (data[k / 6] - 63) >> (5 - k % 6) & 1 == 1;
    if (bits..bits.div_ceil(6) * 6).any(bit) {
        return Err(Graph6Error::NonZeroPadding);
    }
    let mut edges = Vec::new();
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            if bit(k) {
                edges.push((i as Vertex, j as Vertex));
            }
            k += 1;
        }
    }
    Ok((n, edges))
}

/// The vertex count and the number of bytes that encode it.
fn read_vertex_count(bytes: &[u8]) -> Result<(usize, usize), Graph6Error> {
    let value = |range: core::ops::Range<usize>| {
        bytes[range]
            .iter()
            .fold(0usize, |acc, &b| (acc << 6) | (b - 63) as usize)
    };
    let need = |len: usize| {
        if bytes.len() < len {
            Err(Graph6Error::Truncated {
                expected: len,
                found: bytes.len(),
            })
        } else {
            Ok(())
        }
    };
    if bytes[0] != 126 {
        Ok(((bytes[0] - 63) as usize, 1))
    } else if bytes.get(1) != Some(&126) {
        need(4)?;
        Ok((value(1..4), 4))
    } else {
        need(8)?;
        // 36 bits do not fit a 32-bit usize: anything that large is refused anyway.
        let high = bytes[2..8]
            .iter()
            .fold(0u64, |acc, &b| (acc << 6) | (b - 63) as u64);
        Ok((usize::try_from(high).unwrap_or(usize::MAX), 8))
    }
}

/// Writes the graph's present vertices, renumbered `0..n` in increasing order (see
/// [`ShannonGraph::compacted`]), as one graph6 line without header or newline.
#[must_use]
pub fn write_graph6(graph: &ShannonGraph) -> String {
    let (g, _) = graph.compacted();
    let n = g.vertex_capacity();
    let mut out = String::new();
    if n <= 62 {
        out.push((n as u8 + 63) as char);
    } else {
        out.push('~');
        for shift in [12, 6, 0] {
            out.push((((n >> shift) & 63) as u8 + 63) as char);
        }
    }
    let mut bits: Vec<bool> = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for j in 1..n {
        for i in 0..j {
            bits.push(g.has_edge(i as Vertex, j as Vertex));
        }
    }
    for chunk in bits.chunks(6) {
        let mut byte = 0u8;
        for (k, &b) in chunk.iter().enumerate() {
            if b {
                byte |= 1 << (5 - k);
            }
        }
        out.push((byte + 63) as char);
    }
    out
}
