//! The Shannon graph: graph6, short and cut, reduced graphs of Hex positions, and the
//! recognisers checked against brute force on random small graphs.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use ohm_engine::shannon::dead::{
    find_dead, simplicial_vertices, transverse_edges, DeadVertexReason,
};
use ohm_engine::shannon::relations::{
    degree_three_lost_sets, supports, threatens, threatens_by_triangle_count, Relations,
};
use ohm_engine::shannon::{
    read_graph6, write_graph6, Graph6Error, GraphError, ShannonGraph, Vertex, VertexSet,
};
use ohm_engine::{diagram, Color, Point};
use proptest::prelude::*;

mod common;
use common::Rng;

fn random_graph(rng: &mut Rng, n: usize, percent: u64) -> ShannonGraph {
    let mut g = ShannonGraph::new(n, [0, 1]).unwrap();
    for j in 1..n {
        for i in 0..j {
            if rng.below(100) < percent && !(i == 0 && j == 1) {
                g.add_edge(i as Vertex, j as Vertex).unwrap();
            }
        }
    }
    g
}

/// The graph as bitmasks, for the brute-force checks.
fn masks(g: &ShannonGraph) -> Vec<u32> {
    (0..g.vertex_capacity())
        .map(|v| {
            g.neighbours(v as Vertex)
                .iter()
                .fold(0, |acc, w| acc | 1 << w)
        })
        .collect()
}

/// Whether the vertices of `allowed` join terminal 0 to terminal 1.
fn joins(adj: &[u32], allowed: u32) -> bool {
    let allowed = allowed | 0b11;
    let mut reached = 1u32;
    loop {
        if reached & 2 != 0 {
            return true;
        }
        let mut next = reached;
        for (v, &a) in adj.iter().enumerate() {
            if reached & (1 << v) != 0 {
                next |= a & allowed;
            }
        }
        if next == reached {
            return false;
        }
        reached = next;
    }
}

/// Dead by definition: for every colouring of the other playable vertices, Short's win does
/// not depend on `v`'s colour.
fn is_dead(adj: &[u32], v: usize) -> bool {
    let others: Vec<usize> = (2..adj.len()).filter(|&u| u != v).collect();
    (0..1u32 << others.len()).all(|fill| {
        let short = others
            .iter()
            .enumerate()
            .filter(|(k, _)| fill & (1 << k) != 0)
            .fold(0, |acc, (_, &u)| acc | 1 << u);
        joins(adj, short | 1 << v) == joins(adj, short)
    })
}

/// Whether the player to move wins the Shannon game with `short` and `cut` coloured already.
fn short_wins(
    adj: &[u32],
    short: u32,
    cut: u32,
    short_to_move: bool,
    memo: &mut HashMap<(u32, u32, bool), bool>,
) -> bool {
    let all = ((1u64 << adj.len()) - 1) as u32;
    if joins(adj, short) {
        return true;
    }
    if !joins(adj, all & !cut) {
        return false;
    }
    if let Some(&v) = memo.get(&(short, cut, short_to_move)) {
        return v;
    }
    let free = all & !short & !cut & !0b11;
    let mut moves = (2..adj.len()).filter(|&v| free & (1 << v) != 0);
    let result = if short_to_move {
        moves.any(|v| short_wins(adj, short | 1 << v, cut, false, memo))
    } else {
        !moves.any(|v| !short_wins(adj, short, cut | 1 << v, true, memo))
    };
    memo.insert((short, cut, short_to_move), result);
    result
}

#[test]
fn graph6_known_encodings() {
    let triangle = read_graph6("Bw", [0, 1]).unwrap();
    assert_eq!(triangle.edges().count(), 3);
    // nauty's documentation example: 5 vertices, edges 0-2 0-4 1-3 3-4.
    let g = read_graph6("DQc", [0, 1]).unwrap();
    let edges: Vec<_> = g.edges().collect();
    assert_eq!(edges, vec![(0, 2), (0, 4), (1, 3), (3, 4)]);
    assert_eq!(write_graph6(&g), "DQc");
    assert_eq!(read_graph6(">>graph6<<DQc\n", [0, 1]).unwrap(), g);
    // 63 vertices or more use the long form of N(n).
    let big = ShannonGraph::new(100, [0, 99]).unwrap();
    let text = write_graph6(&big);
    assert!(text.starts_with("~?@c"), "{text}");
    assert_eq!(read_graph6(&text, [0, 99]).unwrap(), big);
}

#[test]
fn graph6_errors() {
    assert_eq!(read_graph6("", [0, 1]), Err(Graph6Error::Empty));
    assert!(matches!(
        read_graph6("D Qc", [0, 1]),
        Err(Graph6Error::InvalidByte { offset: 1, .. })
    ));
    assert!(matches!(
        read_graph6("DQ", [0, 1]),
        Err(Graph6Error::Truncated { .. })
    ));
    assert!(matches!(
        read_graph6("DQcc", [0, 1]),
        Err(Graph6Error::TrailingData { .. })
    ));
    assert_eq!(read_graph6("Bx", [0, 1]), Err(Graph6Error::NonZeroPadding));
    assert!(matches!(
        read_graph6("Bw", [0, 3]),
        Err(Graph6Error::BadTerminals { .. })
    ));
    assert!(matches!(
        read_graph6("Bw", [1, 1]),
        Err(Graph6Error::BadTerminals { .. })
    ));
    assert!(matches!(
        read_graph6("~", [0, 1]),
        Err(Graph6Error::Truncated { .. })
    ));
    assert!(matches!(
        read_graph6("~??~", [0, 1]),
        Err(Graph6Error::Truncated { .. })
    ));
    assert_eq!(
        read_graph6("~?G?", [0, 1]).err(),
        Some(Graph6Error::TooManyVertices(512))
    );
    assert!(matches!(
        read_graph6("~~??????", [0, 1]),
        Err(Graph6Error::BadTerminals { .. })
    ));
}

proptest! {
    #[test]
    fn graph6_round_trips(n in 2usize..80, seed in any::<u64>(), percent in 0u64..100) {
        let g = random_graph(&mut Rng(seed | 1), n, percent);
        let text = write_graph6(&g);
        prop_assert!(text.bytes().all(|b| (63..=126).contains(&b)));
        prop_assert_eq!(read_graph6(&text, [0, 1]).unwrap(), g);
    }

    #[test]
    fn graph6_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = read_graph6(&text, [0, 1]);
    }

    #[test]
    fn graph6_never_panics_on_printable_input(text in "[?-~]{0,30}") {
        if let Ok(g) = read_graph6(&text, [0, 1]) {
            prop_assert_eq!(write_graph6(&g), text);
        }
    }
}

#[test]
fn short_makes_a_clique_and_cut_deletes() {
    // A path 0 - 2 - 3 - 1.
    let mut g = ShannonGraph::new(4, [0, 1]).unwrap();
    g.add_edge(0, 2).unwrap();
    g.add_edge(2, 3).unwrap();
    g.add_edge(3, 1).unwrap();
    assert_eq!(g.decided(), None);
    let shorted = g.shorted(2).unwrap();
    assert!(shorted.has_edge(0, 3) && !shorted.contains(2));
    assert!(!shorted.short_has_won());
    assert!(shorted.shorted(3).unwrap().short_has_won());
    assert!(g.with_cut(3).unwrap().cut_has_won());
    assert_eq!(g.cut(0), Err(GraphError::TerminalMove(0)));
    assert_eq!(g.short(7), Err(GraphError::NoSuchVertex(7)));
    assert_eq!(g.add_edge(2, 2), Err(GraphError::Loop(2)));
    assert!(ShannonGraph::new(3, [1, 1]).is_err());
    assert!(ShannonGraph::new(1000, [0, 1]).is_err());
}

#[test]
fn reduced_graph_of_a_hex_position() {
    let pos = diagram::parse(
        ". . .
          . B .
           . . W",
    )
    .unwrap();
    let black = ShannonGraph::from_position(&pos, Color::Black);
    let v = |s: &str| Point::parse(s).unwrap().index() as Vertex;
    // Black's graph: terminals north and south, 7 empty cells; b2 shorted, c3 cut.
    assert_eq!(black.terminals(), [v("north"), v("south")]);
    assert_eq!(black.vertices().len(), 9);
    assert!(!black.contains(v("b2")) && !black.contains(v("c3")));
    // Shorting b2 joins its neighbours: a2 and c2 become adjacent, b1 and b3 too.
    assert!(black.has_edge(v("a2"), v("c2")) && black.has_edge(v("b1"), v("b3")));
    let white = ShannonGraph::from_position(&pos, Color::White);
    assert_eq!(white.terminals(), [v("west"), v("east")]);
    // White's c3 is shorted: c2 and b3 now touch the east edge... b3 also touches east.
    assert!(white.has_edge(v("b3"), v("east")));
    assert!(!white.contains(v("b2")));
    assert_eq!(black.decided(), None);
}

#[test]
fn simplicial_and_transverse_examples() {
    // A pendant vertex 4 hanging on 2 in the path 0 - 2 - 3 - 1: simplicial, dead.
    let mut g = ShannonGraph::new(5, [0, 1]).unwrap();
    for (a, b) in [(0, 2), (2, 3), (3, 1), (2, 4)] {
        g.add_edge(a, b).unwrap();
    }
    assert_eq!(simplicial_vertices(&g), VertexSet::single(4));
    // 2 surrounds 4: the edge 4-2 is transverse.
    assert!(transverse_edges(&g).iter().any(|e| e.edge == (4, 2)));
    let analysis = find_dead(&g);
    assert_eq!(analysis.dead_set(), VertexSet::single(4));
    assert_eq!(analysis.dead[0].reason, DeadVertexReason::Simplicial);
}

#[test]
fn oracle_dead_vertices_on_random_graphs() {
    let mut rng = Rng(0x9a9a_0001);
    let (mut truly, mut found, mut graphs) = (0, 0, 0);
    for round in 0..400 {
        let n = 4 + (round % 11);
        let g = random_graph(&mut rng, n, [25, 40, 60][round % 3]);
        let adj = masks(&g);
        let analysis = find_dead(&g);
        let dead = analysis.dead_set();
        for v in dead.iter() {
            assert!(
                is_dead(&adj, v as usize),
                "{v} reported dead ({:?}) in {}",
                analysis.dead,
                write_graph6(&g)
            );
        }
        for v in 2..n {
            if is_dead(&adj, v) {
                truly += 1;
                found += usize::from(dead.contains(v as Vertex));
            }
        }
        graphs += 1;
    }
    eprintln!("graph dead oracle: {graphs} graphs, {truly} truly dead vertices, {found} found");
    assert!(found > truly / 2);
}

#[test]
fn threat_and_support_match_their_definitions() {
    let mut rng = Rng(0x7117_0002);
    for round in 0..150 {
        let n = 4 + (round % 9);
        let g = random_graph(&mut rng, n, [30, 50, 70][round % 3]);
        let relations = Relations::compute(&g);
        for a in 2..n as Vertex {
            for b in 2..n as Vertex {
                if a == b {
                    continue;
                }
                let cut_a = g.with_cut(a).unwrap();
                let threat = cut_a.shorted(b).unwrap() == cut_a.with_cut(b).unwrap();
                assert_eq!(
                    threatens(&g, a, b),
                    threat,
                    "{a} threatens {b} in {}",
                    write_graph6(&g)
                );
                let short_a = g.shorted(a).unwrap();
                let support = short_a.shorted(b).unwrap() == short_a.with_cut(b).unwrap();
                assert_eq!(
                    supports(&g, a, b),
                    support,
                    "{a} supports {b} in {}",
                    write_graph6(&g)
                );
                if g.has_edge(a, b) {
                    assert_eq!(threatens_by_triangle_count(&g, a, b), threat);
                }
                let simplicial = g.is_clique(&g.neighbours(b));
                if !simplicial {
                    assert_eq!(relations.supports.contains(&(a, b)), support);
                    assert_eq!(
                        relations.threats.contains(&(a, b)),
                        threat && g.has_edge(a, b)
                    );
                }
            }
        }
    }
}

#[test]
fn captured_and_lost_sets_keep_the_value() {
    let mut rng = Rng(0xca97_0003);
    let (mut captured, mut lost) = (0, 0);
    for round in 0..300 {
        let n = 5 + (round % 6);
        let g = random_graph(&mut rng, n, [35, 50, 65][round % 3]);
        if g.decided().is_some() {
            continue;
        }
        let adj = masks(&g);
        let relations = Relations::compute(&g);
        let mut memo = HashMap::new();
        let mut check = |short: u32, cut: u32, what: &str| {
            for short_first in [true, false] {
                assert_eq!(
                    short_wins(&adj, 0, 0, short_first, &mut memo),
                    short_wins(&adj, short, cut, short_first, &mut memo),
                    "{what} changes the value in {}",
                    write_graph6(&g)
                );
            }
        };
        for (a, b) in relations.captured_pairs() {
            check(1 << a | 1 << b, 0, "captured pair");
            captured += 1;
        }
        for (a, b) in relations.lost_pairs() {
            check(0, 1 << a | 1 << b, "lost pair");
            lost += 1;
        }
        for set in degree_three_lost_sets(&g) {
            check(
                0,
                set.iter().fold(0, |acc, v| acc | 1 << v),
                "theorem 9 set",
            );
        }
    }
    eprintln!("captured pairs {captured}, lost pairs {lost}");
    assert!(captured > 0 && lost > 0);
}

#[test]
fn relations_maintained_incrementally_equal_recomputed_ones() {
    let mut rng = Rng(0x1ec0_0004);
    // Random games on random graphs.
    for round in 0..60 {
        let n = 6 + (round % 12);
        let mut g = random_graph(&mut rng, n, [25, 40, 55][round % 3]);
        let mut relations = Relations::compute(&g);
        while g.decided().is_none() {
            let playable: Vec<Vertex> = g.playable().iter().collect();
            let v = playable[rng.below(playable.len() as u64) as usize];
            let after = if rng.below(2) == 0 {
                g.shorted(v).unwrap()
            } else {
                g.with_cut(v).unwrap()
            };
            relations.update(&g, &after, v);
            assert_eq!(
                relations,
                Relations::compute(&after),
                "after playing {v} in {}",
                write_graph6(&g)
            );
            g = after;
        }
    }
    // Random Hex games, in both players' reduced graphs.
    for game in 0..6 {
        let board = ohm_engine::Board::square(5 + game % 3).unwrap();
        let mut pos = ohm_engine::Position::new(board);
        let mut graphs = [Color::Black, Color::White].map(|c| ShannonGraph::from_position(&pos, c));
        let mut relations = graphs.clone().map(|g| Relations::compute(&g));
        while !pos.is_over() {
            let empty: Vec<Point> = pos.empty_cells().iter().collect();
            let p = empty[rng.below(empty.len() as u64) as usize];
            let mover = pos.to_move();
            pos.play_unchecked(mover, ohm_engine::Move::Cell(p));
            for (i, colour) in [Color::Black, Color::White].into_iter().enumerate() {
                let v = p.index() as Vertex;
                let after = if colour == mover {
                    graphs[i].shorted(v).unwrap()
                } else {
                    graphs[i].with_cut(v).unwrap()
                };
                assert_eq!(after, ShannonGraph::from_position(&pos, colour));
                relations[i].update(&graphs[i], &after, v);
                assert_eq!(relations[i], Relations::compute(&after));
                graphs[i] = after;
            }
        }
    }
}

#[test]
fn describe_lists_every_finding() {
    // The path 0 - 2 - 3 - 1 with a pendant 4 on 2.
    let g = read_graph6("DQc", [0, 1]).unwrap();
    let text = ohm_engine::shannon::report::describe(&g);
    for heading in [
        "simplicial:",
        "transverse edges:",
        "dead:",
        "threats:",
        "supports:",
        "lost pairs:",
        "captured pairs:",
    ] {
        assert!(text.contains(heading), "{text}");
    }
    // DQc: edges 0-2 0-4 1-3 3-4, terminals 0 and 1: the path 0-4-3-1 plus the pendant 2.
    assert!(text.contains("simplicial: 2\n"), "{text}");
    assert!(text.contains("dead: 2(simplicial)"), "{text}");
}

#[test]
fn steane_figure_3_examples() {
    // Two neighbouring non-terminal vertices of degree 2 are lost: 0 - 2 - 3 - 1.
    let path = read_graph6("CR", [0, 1]).unwrap();
    assert_eq!(
        path.edges().collect::<Vec<_>>(),
        vec![(0, 2), (1, 3), (2, 3)]
    );
    assert_eq!(Relations::compute(&path).lost_pairs(), vec![(2, 3)]);
    // Two non-terminal vertices of degree 2 with the same neighbours are captured:
    // 0 - 4 - {2, 3} - 5 - 1, a diamond between 4 and 5.
    let mut diamond = ShannonGraph::new(6, [0, 1]).unwrap();
    for (a, b) in [(0, 4), (4, 2), (4, 3), (2, 5), (3, 5), (5, 1)] {
        diamond.add_edge(a, b).unwrap();
    }
    assert_eq!(Relations::compute(&diamond).captured_pairs(), vec![(2, 3)]);
    // If one of them is a terminal, the other is dead: terminal 0 and vertex 2 both joined
    // to 3 and 4 only.
    let mut g = ShannonGraph::new(5, [0, 1]).unwrap();
    for (a, b) in [(0, 3), (0, 4), (2, 3), (2, 4), (3, 1), (4, 1)] {
        g.add_edge(a, b).unwrap();
    }
    assert!(find_dead(&g).dead_set().contains(2));
    assert!(!find_dead(&g).dead_set().contains(3));
}
