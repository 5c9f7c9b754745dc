//! The Shannon graph: graph6, short and cut, reduced graphs of Hex positions, and the
//! recognisers checked against brute force on random small graphs.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use ohm_engine::shannon::dead::{
    clique_cutsets, find_dead, local_clique_cutsets, simplicial_vertices, surrounded_neighbourhood,
    transverse_edges, DeadVertexReason,
};
use ohm_engine::shannon::pair_sets::{pair_sets, set_dominates, PairSet, PairSetKind};
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

/// Brute force for theorem 13's condition: the vertices `v` for which some clique `C` (terminals
/// allowed, `v` not in it) leaves `v`'s component of `G - C` without a terminal.
fn pocketed_by_brute_force(g: &ShannonGraph) -> VertexSet {
    let adj = masks(g);
    let n = adj.len();
    let cliques: Vec<u32> = (0..1u32 << n)
        .filter(|&c| (0..n).all(|v| c & (1 << v) == 0 || c & !(1 << v) & !adj[v] == 0))
        .collect();
    let component = |v: usize, blocked: u32| {
        let mut seen = 1u32 << v;
        loop {
            let mut next = seen;
            for (u, &a) in adj.iter().enumerate() {
                if seen & (1 << u) != 0 {
                    next |= a & !blocked;
                }
            }
            if next == seen {
                return seen;
            }
            seen = next;
        }
    };
    (2..n)
        .filter(|&v| {
            cliques
                .iter()
                .any(|&c| c & (1 << v) == 0 && component(v, c) & 0b11 == 0)
        })
        .map(|v| v as Vertex)
        .collect()
}

#[test]
fn clique_cutsets_find_exactly_the_pocketed_vertices() {
    let mut rng = Rng(0xc11c_0005);
    let (mut pocketed, mut local) = (0, 0);
    for round in 0..700 {
        // Mostly up to 12 vertices; every seventh graph has 16.
        let n = if round % 7 == 6 { 16 } else { 4 + (round % 9) };
        let g = random_graph(&mut rng, n, [10, 15, 25, 40, 60][round % 5]);
        let pockets = clique_cutsets(&g);
        let mut union = VertexSet::EMPTY;
        for (separator, pocket) in &pockets {
            // Each claim holds on its own: a connected terminal-free pocket, its whole
            // neighbourhood the separator, a clique.
            assert!(!pocket.contains(0) && !pocket.contains(1));
            assert!(g.is_clique(separator), "{}", write_graph6(&g));
            let around = pocket
                .iter()
                .fold(VertexSet::EMPTY, |acc, v| acc.union(&g.neighbours(v)))
                .difference(pocket);
            assert_eq!(&around, separator, "{}", write_graph6(&g));
            let first = pocket.first().unwrap();
            assert_eq!(g.reachable(first, *separator), *pocket);
            union = union.union(pocket);
        }
        assert_eq!(union, pocketed_by_brute_force(&g), "{}", write_graph6(&g));
        let old = local_clique_cutsets(&g)
            .iter()
            .fold(VertexSet::EMPTY, |acc, (_, p)| acc.union(p));
        assert!(old.is_subset(&union), "{}", write_graph6(&g));
        pocketed += union.len();
        local += old.len();
    }
    eprintln!("clique pockets: {pocketed} vertices, the bounded local search found {local}");
    assert!(pocketed > local);
}

#[test]
fn clique_cutsets_on_a_large_hex_graph_agree_with_the_local_search() {
    // A 19x19 midgame: the complete method finds at least what the bounded one finds.
    let mut rng = Rng(0x1919_0006);
    let board = ohm_engine::Board::square(19).unwrap();
    let mut pos = ohm_engine::Position::new(board);
    while pos.move_count() < 120 && !pos.is_over() {
        let p = rng.pick(pos.empty_cells()).unwrap();
        pos.play_unchecked(pos.to_move(), ohm_engine::Move::Cell(p));
    }
    for colour in [Color::Black, Color::White] {
        let g = ShannonGraph::from_position(&pos, colour);
        let all = clique_cutsets(&g)
            .iter()
            .fold(VertexSet::EMPTY, |acc, (_, p)| acc.union(p));
        let old = local_clique_cutsets(&g)
            .iter()
            .fold(VertexSet::EMPTY, |acc, (_, p)| acc.union(p));
        assert!(old.is_subset(&all));
    }
}

/// The local (multi-Shannon) game on `rest`: whether the player with the goal reaches it,
/// `target` being the graph with all of `rest` cut (Cut's goal) or shorted (Short's goal).
fn local_game(
    h: &ShannonGraph,
    rest: VertexSet,
    target: &ShannonGraph,
    goal_is_cut: bool,
    goal_to_move: bool,
) -> bool {
    if rest.is_empty() {
        return h == target;
    }
    let cut_moves = goal_is_cut == goal_to_move;
    let mut outcomes = rest.iter().map(|v| {
        let next = if cut_moves {
            h.with_cut(v).unwrap()
        } else {
            h.shorted(v).unwrap()
        };
        local_game(&next, rest.without(v), target, goal_is_cut, !goal_to_move)
    });
    if goal_to_move {
        outcomes.any(|won| won)
    } else {
        outcomes.all(|won| won)
    }
}

fn all_cut(g: &ShannonGraph, set: VertexSet) -> ShannonGraph {
    set.iter().fold(g.clone(), |h, v| h.with_cut(v).unwrap())
}

fn all_shorted(g: &ShannonGraph, set: VertexSet) -> ShannonGraph {
    set.iter().fold(g.clone(), |h, v| h.shorted(v).unwrap())
}

/// Cut (`lost`) or Short wins the local game on `set` moving second: the set is lost or
/// captured by definition.
fn second_player_wins_locally(g: &ShannonGraph, set: VertexSet, lost: bool) -> bool {
    let target = if lost {
        all_cut(g, set)
    } else {
        all_shorted(g, set)
    };
    local_game(g, set, &target, lost, false)
}

/// `v` wins the local game on `set` for Cut (`cut`) or Short when played first.
fn dominates_locally(g: &ShannonGraph, v: Vertex, set: VertexSet, cut: bool) -> bool {
    let target = if cut {
        all_cut(g, set)
    } else {
        all_shorted(g, set)
    };
    let after = if cut {
        g.with_cut(v).unwrap()
    } else {
        g.shorted(v).unwrap()
    };
    local_game(&after, set.without(v), &target, cut, false)
}

#[test]
fn theorem_10_sets_are_lost_or_captured_by_enumeration() {
    let mut rng = Rng(0x7e10_0007);
    let (mut lost, mut captured) = (0, 0);
    for round in 0..1500 {
        let n = 6 + (round % 8);
        let g = random_graph(&mut rng, n, [18, 25, 32, 45][round % 4]);
        if g.decided().is_some() {
            continue;
        }
        let relations = Relations::compute(&g);
        let sets = pair_sets(&g, &relations);
        if sets.is_empty() {
            continue;
        }
        let adj = masks(&g);
        let mut memo = HashMap::new();
        let value = [true, false].map(|first| short_wins(&adj, 0, 0, first, &mut memo));
        for set in &sets {
            let vertices = set.vertices();
            let is_lost = set.kind == PairSetKind::Lost;
            assert!(set.pairs.len() >= 2);
            assert_eq!(vertices.len() as usize, 2 * set.pairs.len());
            // The pairs are dominated, and B threatens / supports A, by the definitions.
            for &(a, b) in &set.pairs {
                assert!(dominates_locally(
                    &g,
                    a,
                    VertexSet::single(a).with(b),
                    is_lost
                ));
            }
            let (a, b) = (set.dominating(), set.dominated());
            let claim = if is_lost {
                all_shorted(&all_cut(&g, b), a) == all_cut(&g, vertices)
            } else {
                all_cut(&all_shorted(&g, b), a) == all_shorted(&g, vertices)
            };
            assert!(claim, "{set:?} in {}", write_graph6(&g));
            // The conclusion: a second-player win in the local game, and filling the set in
            // keeps the value for either side to move.
            assert!(
                second_player_wins_locally(&g, vertices, is_lost),
                "{set:?} in {}",
                write_graph6(&g)
            );
            let bits = vertices.iter().fold(0u32, |acc, v| acc | 1 << v);
            let (short, cut) = if is_lost { (0, bits) } else { (bits, 0) };
            for (i, first) in [true, false].into_iter().enumerate() {
                assert_eq!(short_wins(&adj, short, cut, first, &mut memo), value[i]);
            }
            if is_lost {
                lost += 1;
            } else {
                captured += 1;
            }
        }
    }
    eprintln!("theorem 10: {lost} lost sets, {captured} captured sets");
    assert!(lost > 0 && captured > 0);
}

/// Whether deleting the edge `a`–`b` never changes the winner of a complete colouring.
fn edge_is_dead(adj: &[u32], a: usize, b: usize) -> bool {
    let mut without = adj.to_vec();
    without[a] &= !(1 << b);
    without[b] &= !(1 << a);
    let playable = ((1u64 << adj.len()) - 1) as u32 & !0b11;
    (0..=playable)
        .filter(|short| short & !playable == 0)
        .all(|short| joins(adj, short) == joins(&without, short))
}

fn pair(a: Vertex, b: Vertex) -> VertexSet {
    VertexSet::single(a).with(b)
}

/// Steane's figure 2, rebuilt from its caption (the picture is not in our copy of the paper):
/// `a` is joined to `b`, `c` and a further vertex `x`; `b` to `c` and a further `y`; `c` to
/// `x`; `x` and `y` lead on to the terminals. The caption's facts all hold in this graph.
#[test]
fn steane_figure_2_cut_domination_of_a_triple() {
    let (a, b, c, x) = (2, 3, 4, 5);
    let g = read_graph6("F@Mi_", [0, 1]).unwrap();
    assert_eq!(
        g.edges().collect::<Vec<_>>(),
        vec![
            (0, 5),
            (1, 6),
            (2, 3),
            (2, 4),
            (2, 5),
            (3, 4),
            (3, 6),
            (4, 5)
        ]
    );
    let abc = pair(a, b).with(c);
    // b cut-dominates {a, b}: after deleting b, N(a) = {c, x} is a clique.
    assert!(threatens(&g, b, a));
    assert!(g
        .with_cut(b)
        .unwrap()
        .is_clique(&g.with_cut(b).unwrap().neighbours(a)));
    assert!(dominates_locally(&g, b, pair(a, b), true));
    // a cut-dominates {a, b, c}: after deleting a, b and c are a lost pair (figure 3(a)).
    // (x and y, on their paths to the terminals, form lost pairs too in this small graph.)
    assert!(Relations::compute(&g.with_cut(a).unwrap())
        .lost_pairs()
        .contains(&(b, c)));
    assert!(dominates_locally(&g, a, abc, true));
    // ... but a cut-dominates neither {a, b} nor {a, c}.
    assert!(!threatens(&g, a, b) && !threatens(&g, a, c));
    assert!(!dominates_locally(&g, a, pair(a, b), true));
    assert!(!dominates_locally(&g, a, pair(a, c), true));
    // Theorem 3: b dominates the triple too, hence so does c.
    assert!(dominates_locally(&g, b, abc, true));
    assert!(dominates_locally(&g, c, abc, true));
    // The edge ac is dead: c surrounds a (theorem 14, corollary I).
    assert!(transverse_edges(&g).iter().any(|e| e.edge == (a, c)));
    assert!(edge_is_dead(&masks(&g), a as usize, c as usize));
    // x is needed by both: the triple is cut-dominated, not lost.
    assert!(!second_player_wins_locally(&g, abc, true));
    let _ = x;
}

/// Steane's figure 3, by the local game: in (a) each dotted vertex cut-dominates the pair, so
/// Cut wins it moving second; in (b) each short-dominates it and Short wins it second.
#[test]
fn steane_figure_3_pairs_by_enumeration() {
    let path = read_graph6("CR", [0, 1]).unwrap();
    for v in [2, 3] {
        assert!(dominates_locally(&path, v, pair(2, 3), true));
        assert!(!dominates_locally(&path, v, pair(2, 3), false));
    }
    assert!(second_player_wins_locally(&path, pair(2, 3), true));
    // The diamond 0 - 4 - {2, 3} - 5 - 1.
    let diamond = read_graph6("E?lo", [0, 1]).unwrap();
    assert_eq!(
        diamond.edges().collect::<Vec<_>>(),
        vec![(0, 4), (1, 5), (2, 4), (2, 5), (3, 4), (3, 5)]
    );
    for v in [2, 3] {
        assert!(dominates_locally(&diamond, v, pair(2, 3), false));
    }
    assert!(second_player_wins_locally(&diamond, pair(2, 3), false));
    assert!(!second_player_wins_locally(&diamond, pair(2, 3), true));
    assert_eq!(Relations::compute(&diamond).captured_pairs(), vec![(2, 3)]);
}

/// Theorem 10 on a graph where no pair of vertices threatens or supports each other and no
/// vertex is found dead (the property of Steane's figure 6, whose picture we lack): the pairs
/// `(2, 5)` and `(6, 3)` are cut-dominated, `{5, 3}` threatens `{2, 6}`, so `{2, 3, 5, 6}` is
/// lost. Found by a search of random graphs for exactly that.
#[test]
fn theorem_10_lost_set_not_reducible_by_pairs() {
    let g = read_graph6("GK}`es", [0, 1]).unwrap();
    let relations = Relations::compute(&g);
    assert!(relations.lost_pairs().is_empty() && relations.captured_pairs().is_empty());
    assert!(find_dead(&g).dead.is_empty());
    assert!(degree_three_lost_sets(&g).is_empty());
    assert!(threatens(&g, 2, 5) && threatens(&g, 6, 3));
    let sets = pair_sets(&g, &relations);
    assert_eq!(
        sets,
        vec![PairSet {
            kind: PairSetKind::Lost,
            pairs: vec![(2, 5), (6, 3)],
        }]
    );
    let set = pair(2, 3).with(5).with(6);
    assert!(second_player_wins_locally(&g, set, true));
    // No smaller part of it is lost.
    for v in set.iter() {
        assert!(!second_player_wins_locally(&g, set.without(v), true));
    }
    let text = ohm_engine::shannon::report::describe(&g);
    assert!(text.contains("theorem 10 lost sets: {2>5 6>3}\n"), "{text}");
}

/// Steane's figure 9 (a captured set of four that mutual pairs cannot reduce). The picture is
/// not in our copy and the caption does not give all edges, so this is a graph with every
/// property the caption states, found by a search of random graphs: `e` supports each of `f`,
/// `g`, `h`; after shorting `f`, `g` and `h` support each other; `{f, g, h}` supports `e`; no
/// pair supports or threatens each other; `g` touches a terminal. The caption's conclusion:
/// Short wins the local game moving second.
#[test]
fn steane_figure_9_captured_by_supporting_sets() {
    let (e, f, g_, h) = (6, 7, 3, 5);
    let g = read_graph6("HKLM}Qg", [0, 1]).unwrap();
    let relations = Relations::compute(&g);
    assert!(relations.lost_pairs().is_empty() && relations.captured_pairs().is_empty());
    for v in [f, g_, h] {
        assert!(supports(&g, e, v));
    }
    let after_f = g.shorted(f).unwrap();
    assert!(supports(&after_f, g_, h) && supports(&after_f, h, g_));
    // f short-dominates {f, g, h}.
    let fgh = pair(f, g_).with(h);
    assert!(dominates_locally(&g, f, fgh, false));
    assert!(set_dominates(
        &g,
        fgh,
        VertexSet::single(e),
        PairSetKind::Captured
    ));
    // The edge from g to the terminal is not dead (some completion needs it).
    assert!(g.has_edge(g_, 0));
    assert!(!edge_is_dead(&masks(&g), g_ as usize, 0));
    let set = fgh.with(e);
    assert!(second_player_wins_locally(&g, set, false));
    // Filling it in keeps the value for either side to move.
    let adj = masks(&g);
    let bits = set.iter().fold(0u32, |acc, v| acc | 1 << v);
    let mut memo = HashMap::new();
    for first in [true, false] {
        assert_eq!(
            short_wins(&adj, 0, 0, first, &mut memo),
            short_wins(&adj, bits, 0, first, &mut memo)
        );
    }
}

/// Steane's figure 11, rebuilt from its caption and the text of corollary II: `v` is joined to
/// `a`, `b` and `w`; `a` and `b` lead on through `x` and `y`, both neighbours of `w`, to the
/// terminals. Every 2-walk from `v` ends in `N[w]`, so `vw` is dead; after deleting it, `{a, v}`
/// and `{v, b}` are lost pairs.
#[test]
fn steane_figure_11_dead_edge_then_lost_pairs() {
    let (w, a, v, b, x, y) = (2, 3, 4, 5, 6, 7);
    let g = read_graph6("G?KLbG", [0, 1]).unwrap();
    assert_eq!(
        g.edges().collect::<Vec<_>>(),
        vec![
            (0, 6),
            (1, 7),
            (2, 4),
            (2, 6),
            (2, 7),
            (3, 4),
            (3, 6),
            (4, 5),
            (5, 7)
        ]
    );
    // Corollary II's count: A³(v, w) = Σ_{i≠w} A²(v, i).
    let n = g.vertex_capacity();
    let a1 = |i: usize, j: usize| u32::from(g.has_edge(i as Vertex, j as Vertex));
    let a2 = |i: usize, j: usize| (0..n).map(|k| a1(i, k) * a1(k, j)).sum::<u32>();
    let a3 = |i: usize, j: usize| (0..n).map(|k| a2(i, k) * a1(k, j)).sum::<u32>();
    let (vi, wi) = (v as usize, w as usize);
    assert_eq!(
        a3(vi, wi),
        (0..n).filter(|&i| i != wi).map(|i| a2(vi, i)).sum::<u32>()
    );
    // Corollary I does not see it; the surrounded neighbourhood N[v] - w does.
    assert!(!transverse_edges(&g)
        .iter()
        .any(|e| e.edge == (v, w) || e.edge == (w, v)));
    assert_eq!(
        surrounded_neighbourhood(&g, v, w),
        Some(VertexSet::single(v))
    );
    assert!(edge_is_dead(&masks(&g), vi, wi));
    // Before the deletion no pair is lost; after it, {a, v} and {v, b} are.
    assert!(Relations::compute(&g).lost_pairs().is_empty());
    let mut cut_edge = g.clone();
    cut_edge.remove_edge(v, w).unwrap();
    assert_eq!(
        Relations::compute(&cut_edge).lost_pairs(),
        vec![(a, v), (v, b)]
    );
    let avb = pair(a, v).with(b);
    assert!(second_player_wins_locally(&cut_edge, avb, true));
    // In the original graph too, cutting the three keeps the value for either side to move.
    let adj = masks(&g);
    let mut memo = HashMap::new();
    let bits = avb.iter().fold(0u32, |acc, u| acc | 1 << u);
    for first in [true, false] {
        assert_eq!(
            short_wins(&adj, 0, 0, first, &mut memo),
            short_wins(&adj, 0, bits, first, &mut memo)
        );
    }
    let _ = (x, y);
}
