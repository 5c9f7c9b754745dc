//! The circuit evaluation: the solver against dense Gaussian elimination, degenerate networks,
//! and the colour/transpose symmetry of `E`.

use ohm_engine::circuit::{evaluate, CircuitParams, Network, VcLinks};
use ohm_engine::connections::{Connections, HSearchLimits};
use ohm_engine::{position, Board, ByColor, Color, Move, Point, Position};

mod common;
use common::Rng;

/// The oracle: resistance between `s` and `t` by Gaussian elimination with partial pivoting
/// on the dense reduced Laplacian of the nodes reachable from `s` (infinite when `t` is not).
fn dense_resistance(n: usize, links: &[(usize, usize, f64)], s: usize, t: usize) -> f64 {
    let mut reach = vec![false; n];
    reach[s] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, _) in links {
            if reach[a] != reach[b] {
                reach[a] = true;
                reach[b] = true;
                changed = true;
            }
        }
    }
    if !reach[t] {
        return f64::INFINITY;
    }
    let unknowns: Vec<usize> = (0..n).filter(|&v| reach[v] && v != s && v != t).collect();
    let index = |v: usize| unknowns.iter().position(|&u| u == v);
    let m = unknowns.len();
    let mut a = vec![vec![0.0; m + 1]; m];
    for &(x, y, r) in links {
        let g = 1.0 / r;
        for (p, q) in [(x, y), (y, x)] {
            if let Some(i) = index(p) {
                a[i][i] += g;
                match index(q) {
                    Some(j) => a[i][j] -= g,
                    None if q == s => a[i][m] += g,
                    None => {}
                }
            }
        }
    }
    for col in 0..m {
        let pivot = (col..m)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap();
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (row, values) in a.iter_mut().enumerate() {
            if row != col {
                let f = values[col] / pivot_row[col];
                for (v, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    let potential = |v: usize| match index(v) {
        Some(i) => a[i][m] / a[i][i],
        None if v == s => 1.0,
        None => 0.0,
    };
    let current: f64 = links
        .iter()
        .map(|&(x, y, r)| {
            if x == s && y != s {
                (1.0 - potential(y)) / r
            } else if y == s && x != s {
                (1.0 - potential(x)) / r
            } else {
                0.0
            }
        })
        .sum();
    1.0 / current
}

#[test]
fn solver_agrees_with_dense_gaussian_elimination_on_random_networks() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut infinite = 0;
    for case in 0..300 {
        let n = 2 + rng.below(24) as usize;
        let link_count = rng.below(3 * n as u64 + 1) as usize;
        let mut links = Vec::new();
        let mut network = Network::new(n as u32);
        for _ in 0..link_count {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if a == b {
                continue;
            }
            let r = 0.1 + rng.below(1000) as f64 / 100.0;
            links.push((a, b, r));
            network.add_link(a as u32, b as u32, r);
        }
        let (s, t) = (0, n - 1);
        let expected = dense_resistance(n, &links, s, t);
        let solution = network.solve(s as u32, t as u32);
        if expected.is_infinite() {
            infinite += 1;
            assert!(solution.resistance.is_infinite(), "case {case}");
        } else {
            let err = (solution.resistance - expected).abs() / expected.max(1.0);
            assert!(
                err < 1e-9,
                "case {case}: {} vs {expected}",
                solution.resistance
            );
        }
        assert!(solution.potentials.iter().all(|v| v.is_finite()));
    }
    // The generator produced both connected and disconnected networks.
    assert!(infinite > 10 && infinite < 290, "{infinite}");
}

#[test]
fn series_and_parallel_laws_and_degenerate_networks() {
    // 1 Ω and 2 Ω in series, in parallel with 3 Ω: 1.5 Ω.
    let mut net = Network::new(3);
    net.add_link(0, 1, 1.0);
    net.add_link(1, 2, 2.0);
    net.add_link(0, 2, 3.0);
    assert!((net.solve(0, 2).resistance - 1.5).abs() < 1e-12);
    // A short circuit joins source and sink: zero resistance, no NaN.
    let mut short = Network::new(3);
    short.add_link(0, 1, 0.0);
    short.add_link(1, 2, 0.0);
    short.add_link(0, 2, 5.0);
    let s = short.solve(0, 2);
    assert_eq!(s.resistance, 0.0);
    assert!(s.potentials.iter().all(|v| v.is_finite()));
    // A dangling part and an isolated node change nothing; open links are left out.
    let mut dangling = Network::new(5);
    dangling.add_link(0, 1, 2.0);
    dangling.add_link(1, 2, 4.0);
    dangling.add_link(2, 3, 7.0);
    dangling.add_link(3, 4, f64::INFINITY);
    assert!((dangling.solve(0, 1).resistance - 2.0).abs() < 1e-12);
    assert!(dangling.solve(0, 4).resistance.is_infinite());
}

fn transposed_swapped(pos: &Position) -> Position {
    let board = pos.board().transposed();
    let mut t = Position::new(board);
    for color in Color::ALL {
        for p in pos.stones(color) {
            t.set_stone(p.mirrored(), Some(!color)).unwrap();
        }
    }
    t.set_to_move(!pos.to_move());
    t
}

fn random_position(rng: &mut Rng, w: u8, h: u8, stones: u32) -> Position {
    let mut pos = Position::new(Board::new(w, h).unwrap());
    for _ in 0..stones {
        let empty: Vec<Point> = pos.empty_cells().iter().collect();
        if empty.is_empty() || pos.is_over() {
            break;
        }
        let p = empty[rng.below(empty.len() as u64) as usize];
        pos.try_play(Move::Cell(p)).unwrap();
    }
    pos
}

#[test]
fn transposing_the_board_and_swapping_colours_negates_e() {
    let mut rng = Rng(77);
    let variants = [
        VcLinks::None,
        VcLinks::Direct { resistance: 2.0 },
        VcLinks::SharedNeighbours,
        VcLinks::ALL_PAIRS,
    ];
    for case in 0..80 {
        let vc_links = variants[case % variants.len()];
        // All-pairs links show every pair H-search connects, and which pairs a build with count
        // limits connects may depend on the order it meets them in: there the closure
        // (no limits, small boards) makes both sides' connections mirror images.
        let all_pairs = matches!(vc_links, VcLinks::AllPairs { .. });
        let span = if all_pairs { 4 } else { 7 };
        let (w, h) = (2 + rng.below(span) as u8, 2 + rng.below(span) as u8);
        let stones = rng.below(u64::from(w) * u64::from(h) / 2) as u32;
        let pos = random_position(&mut rng, w, h, stones);
        let t = transposed_swapped(&pos);
        let params = CircuitParams {
            vc_links,
            ..CircuitParams::DEFAULT
        };
        let limits = if all_pairs {
            HSearchLimits::UNLIMITED
        } else {
            HSearchLimits::DEFAULT
        };
        let vcs = |p: &Position| ByColor::from_fn(|c| Connections::build(p, c, limits));
        let (a, b) = (vcs(&pos), vcs(&t));
        let ea = evaluate(
            &pos,
            &params,
            ByColor::new(Some(&a.black), Some(&a.white)),
            true,
        );
        let eb = evaluate(
            &t,
            &params,
            ByColor::new(Some(&b.black), Some(&b.white)),
            true,
        );
        let (x, y) = (ea.e(), eb.e());
        assert!(!x.is_nan() && !y.is_nan());
        if x.is_finite() {
            assert!((x + y).abs() < 1e-9, "case {case}: {x} vs {y}");
        } else {
            assert_eq!(x, -y);
        }
        for c in pos.empty_cells() {
            let d = ea.energy_at(Color::Black, c) - eb.energy_at(Color::White, c.mirrored());
            assert!(d.abs() < 1e-9, "case {case} energy at {c}");
        }
    }
}

#[test]
fn known_resistances_and_the_sign_of_e() {
    // 1x1 board: one empty cell, linked to both edges by 1 Ω each: R = 2 for both players.
    let empty = Position::new(Board::square(1).unwrap());
    let e = evaluate(
        &empty,
        &CircuitParams::DEFAULT,
        ByColor::new(None, None),
        true,
    );
    assert!((e.resistance.black - 2.0).abs() < 1e-12);
    assert_eq!(e.e(), 0.0);
    assert_eq!(e.win_probability(Color::Black), 0.5);
    // The cell carries all the current: its links dissipate the whole power (counted once
    // per link end: 1.0).
    assert!((e.energy_at(Color::Black, Point::parse("a1").unwrap()) - 1.0).abs() < 1e-12);

    // Black stone in the centre of 3x3: Black is ahead, E < 0, Black's win chance > 1/2.
    let pos = position!(
        ". . .
          . B .
           . . ."
    );
    let e = evaluate(
        &pos,
        &CircuitParams::DEFAULT,
        ByColor::new(None, None),
        true,
    );
    assert!(e.e() < 0.0 && e.score_for(Color::Black) > 0.0);
    assert!(e.win_probability(Color::Black) > 0.5);
    let p = e.win_probability(Color::Black) + e.win_probability(Color::White);
    assert!((p - 1.0).abs() < 1e-12);

    // A connected Black chain: R_B = 0, R_W = inf, E = -inf, probability exactly 1.
    let won = position!(
        ". B .
          . B W
           W B ."
    );
    let e = evaluate(
        &won,
        &CircuitParams::DEFAULT,
        ByColor::new(None, None),
        true,
    );
    assert_eq!(e.resistance.black, 0.0);
    assert!(e.resistance.white.is_infinite());
    assert_eq!(e.e(), f64::NEG_INFINITY);
    assert_eq!(e.win_probability(Color::Black), 1.0);
    assert!(e.energy[Color::Black].iter().all(|v| *v == 0.0));
}

#[test]
fn the_current_heat_is_each_cells_share_of_the_current() {
    // With `current_heat` a cell's heat is the share of the total current its links carry,
    // in and out: 2 for a cell every path crosses, between 0 and 2 elsewhere, and the
    // resistances do not change.
    let current = CircuitParams {
        current_heat: true,
        ..CircuitParams::DEFAULT
    };
    let empty = Position::new(Board::square(1).unwrap());
    let e = evaluate(&empty, &current, ByColor::new(None, None), true);
    assert!((e.energy_at(Color::Black, Point::parse("a1").unwrap()) - 2.0).abs() < 1e-9);
    // A Black wall across White's way with one gap: every White path goes through b2.
    let gap = position!(
        ". B .
          . . .
           . B ."
    );
    let e = evaluate(&gap, &current, ByColor::new(None, None), true);
    assert!((e.energy_at(Color::White, Point::parse("b2").unwrap()) - 2.0).abs() < 1e-9);
    let mut rng = Rng(57);
    for case in 0..40 {
        let stones = rng.below(10) as u32;
        let pos = random_position(&mut rng, 5, 5, stones);
        let by_current = evaluate(&pos, &current, ByColor::new(None, None), true);
        let by_power = evaluate(
            &pos,
            &CircuitParams::DEFAULT,
            ByColor::new(None, None),
            true,
        );
        assert_eq!(by_current.resistance, by_power.resistance, "case {case}");
        for color in Color::ALL {
            for c in pos.empty_cells() {
                let (i, w) = (by_current.energy_at(color, c), by_power.energy_at(color, c));
                assert!((-1e-9..=2.0 + 1e-9).contains(&i), "case {case} {c}: {i}");
                // Each link's drop is at most the unit voltage, so its power share is at
                // most its current share.
                assert!(w <= i + 1e-12, "case {case} {c}: {i} {w}");
            }
        }
    }
}

#[test]
fn virtual_connections_lower_the_resistance() {
    // Two Black stones forming bridges towards both edges on 4x4.
    let pos = position!(
        ". . . .
          . B . .
           . . . .
            . . B ."
    );
    let vcs = ByColor::from_fn(|c| Connections::build(&pos, c, HSearchLimits::DEFAULT));
    let with = |links| {
        let params = CircuitParams {
            vc_links: links,
            ..CircuitParams::DEFAULT
        };
        evaluate(
            &pos,
            &params,
            ByColor::new(Some(&vcs.black), Some(&vcs.white)),
            false,
        )
        .resistance
        .black
    };
    let plain = with(VcLinks::None);
    assert!(with(VcLinks::SharedNeighbours) < plain - 1e-6);
    assert!(with(VcLinks::Direct { resistance: 2.0 }) < plain - 1e-6);
    assert!(with(VcLinks::ALL_PAIRS) < plain - 1e-6);
    let with_semis = evaluate(
        &pos,
        &CircuitParams {
            vc_links: VcLinks::ALL_PAIRS,
            semi_factor: Some(2.0),
            ..CircuitParams::DEFAULT
        },
        ByColor::new(Some(&vcs.black), Some(&vcs.white)),
        false,
    )
    .resistance
    .black;
    assert!(with_semis <= with(VcLinks::ALL_PAIRS) + 1e-9);
    // The tempo option links the side to move's semis only: the other side's circuit keeps
    // its resistance, the mover's can only fall.
    let mover = pos.to_move();
    let conns = ByColor::new(Some(&vcs.black), Some(&vcs.white));
    let plain = evaluate(&pos, &CircuitParams::DEFAULT, conns, false).resistance;
    let tempo = evaluate(
        &pos,
        &CircuitParams {
            mover_semi_factor: Some(2.0),
            ..CircuitParams::DEFAULT
        },
        conns,
        false,
    )
    .resistance;
    assert!((tempo[!mover] - plain[!mover]).abs() < 1e-12);
    assert!(tempo[mover] <= plain[mover] + 1e-9);
}

/// The oracle for two-distance: the definition iterated to its fixed point, Bellman-Ford
/// style. A cell next to the edge (or to an own chain touching it) is at 1; any other empty
/// cell is one more than the second smallest distance among its neighbours, where the
/// neighbours of a cell are the adjacent empty cells and the empty cells around adjacent own
/// chains (found here by flood fill from each stone).
fn two_distance_oracle(pos: &Position, color: Color, from: ohm_engine::Edge) -> Vec<u32> {
    let board = pos.board();
    let own = pos.stones(color);
    let empty = pos.empty_cells();
    let chain_around = |stone: Point| {
        let mut chain = ohm_engine::CellSet::single(stone);
        loop {
            let mut grown = chain;
            for p in chain {
                grown |= board.neighbours(p) & own;
            }
            if grown == chain {
                break;
            }
            chain = grown;
        }
        let mut around = ohm_engine::CellSet::EMPTY;
        for p in chain {
            around |= board.neighbours(p);
        }
        around
    };
    let mut dist = vec![u32::MAX; ohm_engine::point::POINT_COUNT];
    loop {
        let mut changed = false;
        for x in empty {
            let near = board.neighbours(x);
            let mut at_start = near.contains(from.point());
            let mut reach = near & empty;
            for stone in near & own {
                let around = chain_around(stone);
                at_start |= around.contains(from.point());
                reach |= around & empty;
            }
            reach.remove(x);
            let d = if at_start {
                1
            } else {
                let mut ds: Vec<u32> = reach.iter().map(|y| dist[y.index()]).collect();
                ds.sort_unstable();
                match ds.get(1) {
                    Some(&second) if second != u32::MAX => second + 1,
                    _ => u32::MAX,
                }
            };
            if d < dist[x.index()] {
                dist[x.index()] = d;
                changed = true;
            }
        }
        if !changed {
            return dist;
        }
    }
}

#[test]
fn two_distances_agree_with_the_definition_on_random_positions() {
    use ohm_engine::distance::two_distances;
    let mut rng = Rng(0x2D15_7A2C);
    for case in 0..150 {
        let (w, h) = (2 + rng.below(8) as u8, 2 + rng.below(8) as u8);
        let stones = rng.below(u64::from(w) * u64::from(h) * 2 / 3) as u32;
        let pos = random_position(&mut rng, w, h, stones);
        for color in Color::ALL {
            let (a, b) = ohm_engine::Edge::of(color);
            for edge in [a, b] {
                let fast = two_distances(&pos, color, edge);
                let slow = two_distance_oracle(&pos, color, edge);
                for x in pos.empty_cells() {
                    assert_eq!(
                        fast[x.index()],
                        slow[x.index()],
                        "case {case}: {color:?} from {edge:?} at {x} in\n{}",
                        ohm_engine::diagram::to_diagram(&pos)
                    );
                }
            }
        }
    }
}

#[test]
fn two_distance_potential_bounds_the_shortest_path_and_respects_symmetry() {
    use ohm_engine::distance::{potential, shortest_path, two_distance_score, UNREACHABLE};
    let mut rng = Rng(0x9E37_79B9);
    for _ in 0..150 {
        let (w, h) = (2 + rng.below(8) as u8, 2 + rng.below(8) as u8);
        let stones = rng.below(u64::from(w) * u64::from(h) / 2) as u32;
        let pos = random_position(&mut rng, w, h, stones);
        let t = transposed_swapped(&pos);
        for color in Color::ALL {
            let p = potential(&pos, color);
            let d = shortest_path(&pos, color);
            if d == 0 {
                assert_eq!(p.value, 0);
            } else if d == UNREACHABLE {
                assert_eq!(p.value, UNREACHABLE);
            } else {
                // A cell on the two-distance path is counted from both edges.
                assert!(p.value > d, "{p:?} vs shortest path {d}");
            }
            assert_eq!(potential(&t, !color), p);
            assert_eq!(
                two_distance_score(&t, !color),
                two_distance_score(&pos, color)
            );
        }
    }
    // The empty board: both sides alike; a lone centre stone helps its owner.
    let empty = Position::new(Board::square(7).unwrap());
    assert_eq!(two_distance_score(&empty, Color::Black), 0);
    let mut centre = empty.clone();
    centre
        .try_play(Move::Cell(Point::parse("d4").unwrap()))
        .unwrap();
    assert!(two_distance_score(&centre, Color::Black) > 0);
}
