//! The worker's analyses of a position, turned into the protocol's plain data: H-search
//! (winning connections, must-play regions, the connections between two ends with their
//! proofs), inferior cells with their reasons, and the circuit evaluation.
//!
//! Everything is computed by `ohm_engine`; this module only chooses what to run and writes the
//! results with cell names, so that the page never needs the engine's types.

use ohm_engine::circuit::{self, CircuitParams};
use ohm_engine::connections::{templates, Connections, Derivation, HSearchLimits, Kind};
use ohm_engine::inferior::{self, explain, InferiorCells};
use ohm_engine::player;
use ohm_engine::search::{self, Callbacks, Progress, SearchParams};
use ohm_engine::{ByColor, CellSet, Color, Point, Position};

use crate::protocol::{
    Analysis, BestMoves, Between, CellHeat, CircuitView, ConnectionView, EndPair, ErrorKind,
    InferiorCell, InferiorKind, Overlays, ScoredMove, Side, SideConnections, BEST_MOVES_SHOWN,
    BEST_MOVES_TIME_MS,
};

/// Proof steps sent per connection; longer proofs end with a line saying how many were left
/// out (a learner reads the first steps, and the message stays small).
pub const MAX_STEPS: usize = 60;

/// Why an analysis was refused.
pub type Failure = (ErrorKind, String);

/// Runs the analyses `overlays` and `between` ask for on `position`. The ends are checked
/// before anything is computed.
pub fn analyze(
    position: &Position,
    overlays: Overlays,
    between: Option<&EndPair>,
) -> Result<Analysis, Failure> {
    let ends = between.map(|pair| parse_ends(position, pair)).transpose()?;
    let mut analysis = Analysis {
        to_move: Some(position.to_move().into()),
        ..Analysis::default()
    };
    // H-search runs once per colour and serves every part that needs it.
    let needs = |color: Color| {
        overlays.connections || overlays.circuit || ends.is_some_and(|(c, _, _)| c == color)
    };
    let stores = ByColor::new(
        needs(Color::Black)
            .then(|| Connections::build(position, Color::Black, HSearchLimits::DEFAULT)),
        needs(Color::White)
            .then(|| Connections::build(position, Color::White, HSearchLimits::DEFAULT)),
    );
    if overlays.connections {
        analysis.black = stores.black.as_ref().map(side_connections);
        analysis.white = stores.white.as_ref().map(side_connections);
    }
    if overlays.inferior {
        let cells = inferior::analyze(position, position.to_move());
        analysis.inferior = Some(inferior_cells(&cells));
    }
    if overlays.circuit {
        let evaluation = circuit::evaluate(
            position,
            &CircuitParams::DEFAULT,
            ByColor::new(stores.black.as_ref(), stores.white.as_ref()),
            true,
        );
        let e = evaluation.e();
        analysis.circuit = Some(CircuitView {
            black_win: evaluation.win_probability(Color::Black),
            e: e.is_finite().then_some(e),
            heat: position
                .empty_cells()
                .iter()
                .map(|cell| CellHeat {
                    cell: cell.to_string(),
                    black: evaluation.energy_at(Color::Black, cell),
                    white: evaluation.energy_at(Color::White, cell),
                })
                .collect(),
        });
    }
    if overlays.graph {
        analysis.graph = Some(graph(position));
    }
    if let Some((color, a, b)) = ends {
        let store = stores[color]
            .as_ref()
            .expect("built for the colour of the ends");
        analysis.between = Some(connections_between(store, a, b));
    }
    Ok(analysis)
}

/// The best moves of the side to move: a search with the default level's parameters, every
/// root move searched with the full window so that the listed scores are exact, stopped after
/// about [`BEST_MOVES_TIME_MS`] of `now_ms`'s clock (the last finished iteration counts).
pub fn best_moves(position: &Position, now_ms: &dyn Fn() -> f64) -> BestMoves {
    let level = player::level(player::DEFAULT_LEVEL).expect("the default level exists");
    let params = SearchParams {
        exact_root: true,
        time_ms: Some(BEST_MOVES_TIME_MS),
        ..level.search_for(position)
    };
    let mut control = Callbacks {
        clock: || now_ms(),
        stop: || false,
        progress: |_: &Progress| {},
    };
    let result = search::search(position, &params, &mut control);
    BestMoves {
        moves: result
            .root_moves
            .iter()
            .take(BEST_MOVES_SHOWN)
            .map(|&(cell, score)| ScoredMove::new(cell, score))
            .collect(),
        pv: result.pv.iter().map(ToString::to_string).collect(),
        depth: result.depth,
        nodes: result.nodes,
        proven: result.proven.map(Side::from),
    }
}

/// Black's chance by the plain circuit in the start position and after every move.
fn graph(position: &Position) -> Vec<f64> {
    let mut line = position.clone();
    let mut chances = Vec::with_capacity(position.move_count() + 1);
    loop {
        let evaluation = circuit::evaluate(
            &line,
            &CircuitParams::DEFAULT,
            ByColor::new(None, None),
            false,
        );
        chances.push(evaluation.win_probability(Color::Black));
        if !line.undo() {
            break;
        }
    }
    chances.reverse();
    chances
}

/// The colour and the two points of `pair`, or why they are not ends of that colour.
fn parse_ends(position: &Position, pair: &EndPair) -> Result<(Color, Point, Point), Failure> {
    let color = Color::from(pair.color);
    let board = position.board();
    let end = |text: &String| -> Result<Point, Failure> {
        let point = Point::parse(text)
            .ok()
            .filter(|p| board.contains(*p))
            .ok_or_else(|| {
                (
                    ErrorKind::BadEnd,
                    format!("{text:?} is not a cell or an edge of this board"),
                )
            })?;
        if position.color_at(point) == Some(!color) {
            let what = if point.is_edge() { "edge" } else { "stone" };
            return Err((
                ErrorKind::BadEnd,
                format!(
                    "{point} is {}'s {what}, not an end of {}",
                    (!color).title(),
                    color.title()
                ),
            ));
        }
        Ok(point)
    };
    Ok((color, end(&pair.ends[0])?, end(&pair.ends[1])?))
}

fn names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|p| p.to_string()).collect()
}

fn side_connections(store: &Connections) -> SideConnections {
    let counts = store.counts();
    SideConnections {
        winning: store.winning_carrier().map(names),
        must_play: store.must_play().map(names),
        full_count: counts.full,
        semi_count: counts.semi,
    }
}

/// Every stored full and semi connection between the ends of `a` and `b`.
pub fn connections_between(store: &Connections, a: Point, b: Point) -> Between {
    let color: Side = store.color().into();
    let view = |id| {
        let connection = store.get(id);
        let rule = match store.derivation(id) {
            Derivation::Base => "the ends touch".to_string(),
            Derivation::And { via, .. } => format!("AND over {via}"),
            Derivation::Or { semis, .. } => format!("OR of {} semi-connections", semis.len()),
            Derivation::Inherited { stones, .. } => {
                let played: Vec<String> = stones.iter().map(ToString::to_string).collect();
                let verb = if stones.len() == 1 { "was" } else { "were" };
                format!("kept after {} {verb} played", played.join(", "))
            }
            Derivation::EdgeTemplate { name, source } => {
                format!("edge template {name} ({})", templates::origin(source))
            }
        };
        ConnectionView {
            full: connection.kind == Kind::Full,
            carrier: names(connection.carrier),
            key: connection.key.map(|k| k.to_string()),
            rule,
            steps: proof_steps(&store.proof(id)),
        }
    };
    Between {
        color,
        // The ends as the person picked them (a stone stands for its whole group).
        ends: [a.to_string(), b.to_string()],
        same_group: store.same_end(a, b),
        full: store.full_between(a, b).map(view).collect(),
        semi: store.semi_between(a, b).map(view).collect(),
    }
}

/// The proof's deductions, one a step, at most [`MAX_STEPS`].
fn proof_steps(proof: &str) -> Vec<String> {
    let lines: Vec<&str> = proof.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut steps: Vec<String> = lines
        .iter()
        .take(MAX_STEPS)
        .map(|l| l.trim().to_string())
        .collect();
    if lines.len() > MAX_STEPS {
        steps.push(format!(
            "… and {} more deductions (ohm's vc-derivation prints them all).",
            lines.len() - MAX_STEPS
        ));
    }
    steps
}

/// One entry per inferior cell, the strongest statement first: captured, dead, dominated,
/// vulnerable, reversible; each with the engine's explanation in words ([`explain::describe`]), which names
/// the dominating or killing cells.
fn inferior_cells(cells: &InferiorCells) -> Vec<InferiorCell> {
    let mut out: Vec<InferiorCell> = Vec::new();
    let fill_of = |p: Point| {
        Color::ALL
            .into_iter()
            .find(|&c| cells.fill[c].contains(p))
            .map(Side::from)
    };
    let reason = |p: Point| explain::describe(cells, p).unwrap_or_default();
    let mut seen = CellSet::EMPTY;
    for color in Color::ALL {
        for p in cells.captured[color] - seen {
            seen.insert(p);
            out.push(InferiorCell {
                cell: p.to_string(),
                kind: InferiorKind::Captured,
                fill: Some(color.into()),
                by: Vec::new(),
                reason: reason(p),
            });
        }
    }
    for p in (cells.dead | cells.dead_after_fill) - seen {
        seen.insert(p);
        out.push(InferiorCell {
            cell: p.to_string(),
            kind: InferiorKind::Dead,
            fill: fill_of(p),
            by: Vec::new(),
            reason: reason(p),
        });
    }
    for (kind, list) in [
        (InferiorKind::Dominated, &cells.dominated),
        (InferiorKind::Vulnerable, &cells.vulnerable),
        (InferiorKind::Reversible, &cells.reversible),
    ] {
        for (p, by) in list {
            if seen.contains(*p) {
                continue;
            }
            seen.insert(*p);
            out.push(InferiorCell {
                cell: p.to_string(),
                kind,
                fill: None,
                by: names(*by),
                reason: reason(*p),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ohm_engine::Move;

    fn position(size: u8, moves: &[&str]) -> Position {
        let mut position = Position::new(ohm_engine::Board::square(size).unwrap());
        for mv in moves {
            position.try_play(Move::parse(mv).unwrap()).unwrap();
        }
        position
    }

    fn pair(color: Side, a: &str, b: &str) -> EndPair {
        EndPair {
            color,
            ends: [a.into(), b.into()],
        }
    }

    #[test]
    fn reversible_cells_are_listed_with_their_answer_unless_a_stronger_claim_holds() {
        let mut cells = inferior::analyze(&position(5, &[]), Color::Black);
        let cell = |name: &str| Point::parse(name).unwrap();
        // a1 is dominated on the empty board: the stronger claim is the one listed.
        cells
            .reversible
            .push((cell("a1"), CellSet::single(cell("b1"))));
        cells
            .reversible
            .push((cell("c3"), CellSet::single(cell("d3"))));
        let listed = inferior_cells(&cells);
        let kind = |name: &str| listed.iter().find(|c| c.cell == name).map(|c| c.kind);
        assert_eq!(kind("a1"), Some(InferiorKind::Dominated));
        let c3 = listed.iter().find(|c| c.cell == "c3").expect("c3 listed");
        assert_eq!(c3.kind, InferiorKind::Reversible);
        assert_eq!(c3.by, vec!["d3".to_string()]);
        assert!(
            c3.reason
                .starts_with("reversible: if Black plays here, White answers at d3"),
            "{}",
            c3.reason
        );
    }

    const CONNECTIONS: Overlays = Overlays {
        connections: true,
        inferior: false,
        circuit: false,
        graph: false,
        best_moves: false,
    };

    #[test]
    fn a_centre_stone_on_5x5_is_a_proven_win_and_leaves_white_nothing() {
        let analysis = analyze(&position(5, &["c3"]), CONNECTIONS, None).unwrap();
        let black = analysis.black.unwrap();
        let carrier = black.winning.expect("ziggurats to both edges");
        assert!(carrier.len() >= 8, "{carrier:?}");
        assert!(
            !carrier.contains(&"c3".to_string()),
            "a carrier holds empty cells only"
        );
        assert_eq!(black.must_play, Some(vec![]), "no White move stops it");
        assert_eq!(analysis.white.unwrap().winning, None);
        assert!(analysis.inferior.is_none() && analysis.circuit.is_none());
        assert_eq!(analysis.to_move, Some(Side::White));
    }

    #[test]
    fn a_bridge_has_one_full_and_two_semi_carriers_with_their_proofs() {
        let position = position(7, &["c3", "a7", "d4"]);
        let between = analyze(
            &position,
            Overlays::default(),
            Some(&pair(Side::Black, "c3", "d4")),
        )
        .unwrap()
        .between
        .unwrap();
        assert_eq!(between.ends, ["c3", "d4"]);
        assert!(!between.same_group);
        assert_eq!(between.full.len(), 1);
        assert_eq!(between.full[0].carrier, ["d3", "c4"]);
        assert!(between.full[0].full && between.full[0].key.is_none());
        assert_eq!(between.full[0].rule, "OR of 2 semi-connections");
        let last = between.full[0].steps.last().unwrap();
        assert!(last.contains("Apply OR"), "{last}");
        let keys: Vec<_> = between
            .semi
            .iter()
            .map(|s| s.key.clone().unwrap())
            .collect();
        assert_eq!(keys, ["d3", "c4"]);
        for semi in &between.semi {
            assert_eq!(semi.carrier, [semi.key.clone().unwrap()]);
            assert!(semi.rule.starts_with("AND over"), "{}", semi.rule);
            assert!(!semi.steps.is_empty());
        }
        assert!(analysis_is_empty_but_between(&position));
    }

    fn analysis_is_empty_but_between(position: &Position) -> bool {
        let a = analyze(
            position,
            Overlays::default(),
            Some(&pair(Side::Black, "north", "c3")),
        )
        .unwrap();
        a.black.is_none() && a.inferior.is_none() && a.between.is_some()
    }

    #[test]
    fn ends_name_groups_and_edges() {
        // c3 and c4 are one group; north is Black's edge.
        let position = position(5, &["c3", "a5", "c4"]);
        let between = analyze(
            &position,
            Overlays::default(),
            Some(&pair(Side::Black, "c4", "c3")),
        )
        .unwrap()
        .between
        .unwrap();
        assert!(between.same_group);
        assert!(between.full.is_empty() && between.semi.is_empty());
        let to_edge = analyze(
            &position,
            Overlays::default(),
            Some(&pair(Side::Black, "c4", "north")),
        )
        .unwrap()
        .between
        .unwrap();
        assert_eq!(
            to_edge.ends,
            ["c4", "north"],
            "the end picked, not its group's stone"
        );
        assert!(!to_edge.full.is_empty(), "c3 is two rows from the top");
    }

    #[test]
    fn bad_ends_are_refused() {
        let position = position(5, &["c3", "b2"]);
        for (side, a, b) in [
            (Side::Black, "c3", "b2"),   // White's stone
            (Side::Black, "c3", "west"), // White's edge
            (Side::White, "c3", "a1"),   // Black's stone
            (Side::Black, "c3", "f1"),   // off the board
            (Side::Black, "zz", "a1"),   // not a name
        ] {
            let failure = analyze(&position, CONNECTIONS, Some(&pair(side, a, b))).unwrap_err();
            assert_eq!(failure.0, ErrorKind::BadEnd, "{a} {b}: {}", failure.1);
        }
    }

    #[test]
    fn dead_cells_come_with_their_fill_colour_and_a_reason() {
        // Black b1 and d1 with White c3: c1 touches the north edge twice and both stones.
        let cells = analyze(
            &position(5, &["b1", "c3", "d1"]),
            Overlays {
                inferior: true,
                ..Overlays::default()
            },
            None,
        )
        .unwrap()
        .inferior
        .unwrap();
        let c1 = cells.iter().find(|c| c.cell == "c1").expect("c1 is dead");
        assert_eq!(c1.kind, InferiorKind::Dead);
        assert!(c1.fill.is_some());
        assert!(!c1.reason.is_empty());
        let mut names: Vec<&str> = cells.iter().map(|c| c.cell.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), cells.len(), "one entry per cell");
    }

    #[test]
    fn the_circuit_favours_the_player_with_the_centre() {
        let circuit = analyze(
            &position(7, &["d4"]),
            Overlays {
                circuit: true,
                ..Overlays::default()
            },
            None,
        )
        .unwrap()
        .circuit
        .unwrap();
        assert!(circuit.black_win > 0.5, "{}", circuit.black_win);
        assert!(
            circuit.e.unwrap() < 0.0,
            "E is positive when White is ahead"
        );
        assert_eq!(circuit.heat.len(), 48);
        assert!(circuit
            .heat
            .iter()
            .all(|h| h.black >= 0.0 && h.white >= 0.0));
        assert!(circuit.heat.iter().any(|h| h.black > 0.0));
        // A finished game: one side connected, E infinite.
        let won = analyze(
            &position(2, &["a1", "b1", "a2"]),
            Overlays {
                circuit: true,
                ..Overlays::default()
            },
            None,
        )
        .unwrap()
        .circuit
        .unwrap();
        assert_eq!(won.e, None);
        assert!((won.black_win - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_graph_has_a_point_per_position_and_ends_with_the_winner() {
        let overlays = Overlays {
            graph: true,
            ..Overlays::default()
        };
        let graph = analyze(&position(3, &["b2", "a2", "b1", "c1"]), overlays, None)
            .unwrap()
            .graph
            .unwrap();
        assert_eq!(graph.len(), 5);
        assert!((graph[0] - 0.5).abs() < 1e-9, "the empty board is even");
        assert!(graph[1] > 0.5, "the centre stone helps Black");
        // b3 wins for Black: the last point is certain.
        let won = analyze(
            &position(3, &["b2", "a2", "b1", "c1", "b3"]),
            overlays,
            None,
        )
        .unwrap()
        .graph
        .unwrap();
        assert!((won[5] - 1.0).abs() < 1e-9, "{won:?}");
    }

    #[test]
    fn every_position_of_small_games_is_analysed_without_failing() {
        let all = Overlays {
            connections: true,
            inferior: true,
            circuit: true,
            graph: true,
            best_moves: false,
        };
        // Fill boards of 1x1 to 4x3 in a scrambled order, past the end of the game.
        for (width, height) in [(1, 1), (2, 2), (3, 2), (3, 3), (4, 3)] {
            let board = ohm_engine::Board::new(width, height).unwrap();
            let cells: Vec<Point> = board.cells().iter().collect();
            let mut position = Position::new(board);
            for k in 0..cells.len() {
                let cell = cells[(k * 5 + 3) % cells.len()];
                let color = position.to_move();
                if position.color_at(cell).is_some() {
                    continue;
                }
                if position.try_play(Move::Cell(cell)).is_err() {
                    break; // the game is over
                }
                let (e1, e2) = ohm_engine::Edge::of(color);
                let ends = EndPair {
                    color: color.into(),
                    ends: [cell.to_string(), e1.name().to_string()],
                };
                let analysis = analyze(&position, all, Some(&ends)).unwrap();
                assert_eq!(analysis.graph.unwrap().len(), position.move_count() + 1);
                let between = analysis.between.unwrap();
                assert_eq!(
                    between.same_group,
                    position.same_group(cell, e1.point()),
                    "a stone is one end with the edge its chain touches"
                );
                let edge_to_edge = EndPair {
                    color: color.into(),
                    ends: [e1.name().to_string(), e2.name().to_string()],
                };
                let proven = analyze(&position, Overlays::default(), Some(&edge_to_edge))
                    .unwrap()
                    .between
                    .unwrap();
                let winning = analysis
                    .black
                    .as_ref()
                    .zip(analysis.white.as_ref())
                    .map(|(b, w)| {
                        if color == Color::Black {
                            b.winning.is_some()
                        } else {
                            w.winning.is_some()
                        }
                    });
                // A proven win is exactly an edge-to-edge full connection (or a chain of stones).
                assert_eq!(
                    winning,
                    Some(proven.same_group || !proven.full.is_empty()),
                    "{width}x{height} after {k} moves"
                );
            }
        }
    }

    #[test]
    fn long_proofs_are_cut_with_a_note() {
        let text: String = (0..70).map(|i| format!("step {i}\n")).collect();
        let steps = proof_steps(&text);
        assert_eq!(steps.len(), MAX_STEPS + 1);
        assert!(steps.last().unwrap().contains("10 more"));
        assert_eq!(proof_steps("a\n\nb\n"), ["a", "b"]);
    }
}
