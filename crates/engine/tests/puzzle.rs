//! Puzzle judging (on the solver) against brute force on small boards, its budget, and known
//! puzzles.
//! Native only: the brute force is too slow for the wasm test run.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use ohm_engine::connections::oracle::is_full_connection;
use ohm_engine::puzzle::{judge_move, solve, Budget, Judgement, Outcome, Proof, PuzzleError};
use ohm_engine::solver::{Control, NoControl, Solver};
use ohm_engine::{diagram, Board, CellSet, Color, Edge, Move, Point, Position};

mod common;
use common::Rng;

/// The oracle: does the side to move win? Plain negamax over every move (an immediate
/// connection first), memoised by board width and hash.
struct BruteForce(HashMap<(u8, u64), bool>);

impl BruteForce {
    fn side_to_move_wins(&mut self, pos: &mut Position) -> bool {
        if let Some(winner) = pos.connected_winner() {
            return winner == pos.to_move();
        }
        let key = (pos.board().width(), pos.hash());
        if let Some(&known) = self.0.get(&key) {
            return known;
        }
        let me = pos.to_move();
        let mut wins = false;
        for p in pos.empty_cells() {
            pos.play_unchecked(me, Move::Cell(p));
            let opponent_wins = self.side_to_move_wins(pos);
            pos.undo();
            if !opponent_wins {
                wins = true;
                break;
            }
        }
        self.0.insert(key, wins);
        wins
    }

    /// Does playing `cell` win for the side to move?
    fn move_wins(&mut self, position: &Position, cell: Point) -> bool {
        let mut after = position.clone();
        after.play_unchecked(position.to_move(), Move::Cell(cell));
        !self.side_to_move_wins(&mut after)
    }
}

/// A position after `stones` random moves, or `None` when the game ended on the way.
fn random_position(rng: &mut Rng, n: u8, stones: u32) -> Option<Position> {
    let mut pos = Position::new(Board::square(n).unwrap());
    for _ in 0..stones {
        let p = rng.pick(pos.empty_cells())?;
        pos.try_play(Move::Cell(p)).unwrap();
        if pos.is_over() {
            return None;
        }
    }
    Some(pos)
}

/// Every claim of `judgement` holds by brute force: the outcome, the refutation (a winning
/// answer), and the carriers (full connections of their owner).
fn check_judgement(brute: &mut BruteForce, position: &Position, judgement: &Judgement) {
    let me = position.to_move();
    let cell = judgement.cell;
    let shown = || format!("{cell} in\n{}", diagram::to_diagram(position));
    let mut after = position.clone();
    after.play_unchecked(me, Move::Cell(cell));
    match judgement.outcome {
        Outcome::Wins => {
            assert!(brute.move_wins(position, cell), "claimed win: {}", shown());
            if let Some(carrier) = judgement.winning_carrier {
                let (a, b) = Edge::of(me);
                assert!(carrier.is_subset(&after.empty_cells()), "{}", shown());
                assert_eq!(
                    is_full_connection(&after, me, a.point(), carrier, b.point()),
                    Some(true),
                    "winning carrier {carrier}: {}",
                    shown()
                );
            }
        }
        Outcome::Loses => {
            assert!(
                !brute.move_wins(position, cell),
                "claimed loss: {}",
                shown()
            );
            if let Some(reply) = judgement.refutation {
                assert!(after.empty_cells().contains(reply), "{}", shown());
                after.play_unchecked(!me, Move::Cell(reply));
                let reply_wins = !brute.side_to_move_wins(&mut after);
                assert!(reply_wins, "refutation {reply} does not win: {}", shown());
            }
            if let Some(carrier) = judgement.opponent_carrier {
                let (a, b) = Edge::of(!me);
                assert!(carrier.is_subset(&after.empty_cells()), "{}", shown());
                assert_eq!(
                    is_full_connection(&after, !me, a.point(), carrier, b.point()),
                    Some(true),
                    "opponent carrier {carrier}: {}",
                    shown()
                );
            }
        }
        Outcome::Unproven => assert!(judgement.proof.is_none()),
    }
    assert!(!judgement.explanation(&Budget::UNLIMITED).is_empty());
}

#[test]
fn solving_small_boards_agrees_with_brute_force_and_proves_every_move() {
    let mut brute = BruteForce(HashMap::new());
    let mut rng = Rng(7);
    let (mut positions, mut moves, mut by_connections) = (0, 0, 0);
    for (n, stones, count) in [
        (3u8, 0u32, 1),
        (3, 1, 6),
        (3, 3, 6),
        (4, 2, 8),
        (4, 5, 10),
        (5, 12, 8),
        (5, 14, 10),
    ] {
        for _ in 0..count {
            let Some(position) = random_position(&mut rng, n, stones) else {
                continue;
            };
            let t = std::time::Instant::now();
            let solution = solve(
                &mut Solver::default(),
                &position,
                Budget::UNLIMITED,
                &mut NoControl,
            )
            .unwrap();
            eprintln!(
                "{n} {stones} solve {:?} nodes {}",
                t.elapsed(),
                solution.nodes
            );
            assert!(solution.complete);
            assert_eq!(
                solution.judgements.len() as u32,
                position.empty_cells().len()
            );
            let truth: CellSet = position
                .empty_cells()
                .iter()
                .filter(|&p| brute.move_wins(&position, p))
                .collect();
            // Without a budget every move is proven: the winning set is exactly brute force's.
            assert_eq!(
                solution.cells(Outcome::Wins),
                truth,
                "{}",
                diagram::to_diagram(&position)
            );
            assert!(solution.cells(Outcome::Unproven).is_empty());
            for judgement in &solution.judgements {
                check_judgement(&mut brute, &position, judgement);
                by_connections += usize::from(judgement.proof != Some(Proof::Solver));
            }
            if !truth.is_empty() {
                assert!(truth.is_subset(&solution.hint), "{}", solution.hint);
            }
            positions += 1;
            moves += solution.judgements.len();
        }
    }
    assert!(positions >= 35, "{positions}");
    eprintln!("{positions} positions, {moves} moves, {by_connections} proven without the solver");
}

#[test]
fn small_budgets_never_give_a_wrong_verdict() {
    let mut brute = BruteForce(HashMap::new());
    let mut rng = Rng(31);
    let (mut judged, mut proven) = (0, 0);
    for (n, stones, count) in [(4u8, 3u32, 8), (5, 11, 6), (5, 13, 8)] {
        for _ in 0..count {
            let Some(position) = random_position(&mut rng, n, stones) else {
                continue;
            };
            for nodes in [0, 20, 200] {
                let solution = solve(
                    &mut Solver::default(),
                    &position,
                    Budget::nodes(nodes),
                    &mut NoControl,
                )
                .unwrap();
                for judgement in &solution.judgements {
                    check_judgement(&mut brute, &position, judgement);
                    judged += 1;
                    proven += usize::from(judgement.outcome != Outcome::Unproven);
                }
                let cell = rng.pick(position.empty_cells()).unwrap();
                let judgement = judge_move(
                    &mut Solver::default(),
                    &position,
                    cell,
                    Budget::nodes(nodes),
                    &mut NoControl,
                )
                .unwrap();
                check_judgement(&mut brute, &position, &judgement);
            }
        }
    }
    eprintln!("small budgets: {proven} of {judged} moves proven");
    assert!(proven > 0 && proven < judged, "{proven} of {judged}");
}

#[test]
fn judging_one_move_agrees_with_brute_force() {
    let mut brute = BruteForce(HashMap::new());
    let mut rng = Rng(12);
    let mut outcomes = [0; 3];
    for (n, stones) in [(4u8, 2u32), (4, 6), (5, 11), (5, 13)] {
        for _ in 0..8 {
            let Some(position) = random_position(&mut rng, n, stones) else {
                continue;
            };
            let cell = rng.pick(position.empty_cells()).unwrap();
            let judgement = judge_move(
                &mut Solver::default(),
                &position,
                cell,
                Budget::UNLIMITED,
                &mut NoControl,
            )
            .unwrap();
            check_judgement(&mut brute, &position, &judgement);
            assert_ne!(judgement.outcome, Outcome::Unproven);
            outcomes[judgement.outcome as usize] += 1;
        }
    }
    assert!(outcomes[0] > 3 && outcomes[1] > 3, "{outcomes:?}");
}

/// A clock that advances `step` ms at every reading.
struct Ticking {
    now: f64,
    step: f64,
}

impl Control for Ticking {
    fn now_ms(&mut self) -> f64 {
        self.now += self.step;
        self.now
    }
}

#[test]
fn an_exhausted_budget_leaves_moves_unproven_instead_of_hanging() {
    let position = Position::new(Board::square(7).unwrap());
    let mut clock = Ticking {
        now: 0.0,
        step: 1.0,
    };
    let d4 = Point::parse("d4").unwrap();
    let judgement = judge_move(
        &mut Solver::default(),
        &position,
        d4,
        Budget::time(0.0),
        &mut clock,
    )
    .unwrap();
    assert_eq!(judgement.outcome, Outcome::Unproven);
    assert!(judgement
        .explanation(&Budget::time(3000.0))
        .contains("within 3.0 s"));
    let solution = solve(
        &mut Solver::default(),
        &position,
        Budget::time(0.0),
        &mut clock,
    )
    .unwrap();
    assert!(!solution.complete);
    assert_eq!(solution.cells(Outcome::Unproven).len(), 49);
    // A short budget on a clock that moves stops too, with whatever it proved.
    let solution = solve(
        &mut Solver::default(),
        &position,
        Budget::time(50.0),
        &mut clock,
    )
    .unwrap();
    assert!(!solution.complete);
}

#[test]
fn finished_games_and_occupied_cells_are_errors() {
    let position = diagram::parse(
        "B . .
          B W .
           B W .",
    )
    .unwrap();
    assert_eq!(
        solve(
            &mut Solver::default(),
            &position,
            Budget::UNLIMITED,
            &mut NoControl
        )
        .unwrap_err(),
        PuzzleError::GameOver
    );
    let position = diagram::parse(
        "B . .
          . W .
           . . .",
    )
    .unwrap();
    let b2 = Point::parse("b2").unwrap();
    assert_eq!(
        judge_move(
            &mut Solver::default(),
            &position,
            b2,
            Budget::UNLIMITED,
            &mut NoControl
        )
        .unwrap_err(),
        PuzzleError::NotAnEmptyCell(b2)
    );
    let off_board = Point::parse("d4").unwrap();
    assert!(judge_move(
        &mut Solver::default(),
        &position,
        off_board,
        Budget::UNLIMITED,
        &mut NoControl
    )
    .is_err());
}

/// The tutorial puzzles of the embeddable board (web/examples): a HexWorld string, the only
/// winning move of the side to move, and a plausible wrong move with its refutations (the one
/// the comment names first; any listed reply passes, each proven winning by `ohm solve`).
const TUTORIAL_PUZZLES: [(&str, &str, &str, &str); 3] = [
    // f1 joins Black's e2 e3 d3 to the north edge and takes the cell White needs: after f2,
    // White's f1 joins d1 e1 to the east edge (and d1 reaches the west by c3 b4).
    ("6c1,a6c3d3b4e3d1e2e1", "f1", "f2", "f1"),
    // b6 links Black's c4 to the south edge (bridges b5/c5 and a7/b7) and takes the cell
    // White's c6 needs towards the west edge; the natural c5 is answered by b6 (or by c2,
    // d2 or a7: White's complete winning set after c5, by `ohm solve`).
    ("7c1,f1f3e2d4c4d3c3c6", "b6", "c5", "b6 c2 d2 a7"),
    // Black's chain f2 e3 d4 c5 reaches north by the bridge f1/g1 and needs one step to b7
    // on the south row: c6; after d6, White's c6 joins b6 to d5 and cuts Black off.
    ("7c1,f2f3e3e4c5c1d4d5b7b6", "c6", "d6", "c6"),
];

/// A proof by connection is checked by the oracle: the carrier is a full connection of its
/// owner (after the move, and the refutation for losses).
fn check_connection_proof(position: &Position, judgement: &Judgement) {
    let me = position.to_move();
    let mut after = position.clone();
    after.play_unchecked(me, Move::Cell(judgement.cell));
    let (owner, carrier) = match judgement.outcome {
        Outcome::Wins => (me, judgement.winning_carrier),
        _ => {
            if let Some(reply) = judgement.refutation {
                after.play_unchecked(!me, Move::Cell(reply));
            }
            (!me, judgement.opponent_carrier)
        }
    };
    let carrier = carrier.expect("a proof by connection names its carrier");
    let (a, b) = Edge::of(owner);
    assert_eq!(
        is_full_connection(&after, owner, a.point(), carrier, b.point()),
        Some(true),
        "{} {:?}",
        judgement.cell,
        judgement.outcome
    );
}

fn refutation_list_holds(list: &str, refutation: Point) -> bool {
    list.split(' ')
        .any(|cell| Point::parse(cell).unwrap() == refutation)
}

#[test]
fn tutorial_puzzles_have_their_one_winning_move_and_refute_the_wrong_one() {
    for (hexworld, winning, wrong, refutations) in TUTORIAL_PUZZLES {
        let position = ohm_engine::notation::hexworld::parse(hexworld)
            .unwrap()
            .to_position()
            .unwrap();
        assert_eq!(position.to_move(), Color::Black, "{hexworld}");
        let solution = solve(
            &mut Solver::default(),
            &position,
            Budget::nodes(100_000),
            &mut NoControl,
        )
        .unwrap();
        assert!(solution.complete, "{hexworld}");
        let winning = Point::parse(winning).unwrap();
        assert_eq!(
            solution.cells(Outcome::Wins),
            CellSet::single(winning),
            "{hexworld}"
        );
        assert!(solution.cells(Outcome::Unproven).is_empty(), "{hexworld}");
        assert!(solution.hint.contains(winning), "{hexworld}");
        for judgement in &solution.judgements {
            if judgement.proof == Some(Proof::OpponentConnection)
                || judgement.proof == Some(Proof::MoverConnection)
            {
                check_connection_proof(&position, judgement);
            }
        }
        let right = judge_move(
            &mut Solver::default(),
            &position,
            winning,
            Budget::nodes(100_000),
            &mut NoControl,
        )
        .unwrap();
        assert_eq!(right.outcome, Outcome::Wins, "{hexworld}");
        let wrong = Point::parse(wrong).unwrap();
        let verdict = judge_move(
            &mut Solver::default(),
            &position,
            wrong,
            Budget::nodes(100_000),
            &mut NoControl,
        )
        .unwrap();
        assert_eq!(verdict.outcome, Outcome::Loses, "{hexworld}");
        // Any of the listed winning replies (which one the search meets first depends on
        // what H-search finds inside it).
        let refutation = verdict.refutation.expect("a refutation");
        assert!(
            refutation_list_holds(refutations, refutation),
            "{hexworld}: {refutation}"
        );
        let explanation = verdict.explanation(&Budget::UNLIMITED);
        assert!(
            explanation.contains(&format!("White's {refutation}")),
            "{explanation}"
        );
    }
}

#[test]
fn a_5x5_puzzle_with_one_winning_move_matches_brute_force() {
    // Black to move; b4 is the only winning move, and several losing moves need the search
    // (no single connection shows them).
    let position = ohm_engine::notation::hexworld::parse("5c1,d3d2a1c5b1a2e2d5b3e4e3c1")
        .unwrap()
        .to_position()
        .unwrap();
    let mut brute = BruteForce(HashMap::new());
    let solution = solve(
        &mut Solver::default(),
        &position,
        Budget::UNLIMITED,
        &mut NoControl,
    )
    .unwrap();
    let b4 = Point::parse("b4").unwrap();
    let truth: CellSet = position
        .empty_cells()
        .iter()
        .filter(|&p| brute.move_wins(&position, p))
        .collect();
    assert_eq!(truth, CellSet::single(b4));
    assert_eq!(solution.cells(Outcome::Wins), truth);
    let by_search = solution
        .judgements
        .iter()
        .filter(|j| j.proof == Some(Proof::Solver))
        .count();
    assert!(by_search >= 2, "{by_search}");
    for judgement in &solution.judgements {
        check_judgement(&mut brute, &position, judgement);
    }
}

#[test]
fn a_first_move_the_opponent_may_swap_is_never_judged() {
    // On 3x3 b2 wins for the first player, but under the swap rule White would take it over.
    let position = Position::new(Board::square(3).unwrap()).with_swap_rule(true);
    let b2 = Point::parse("b2").unwrap();
    let judgement = judge_move(
        &mut Solver::default(),
        &position,
        b2,
        Budget::UNLIMITED,
        &mut NoControl,
    )
    .unwrap();
    assert_eq!(judgement.outcome, Outcome::Unproven);
    let solution = solve(
        &mut Solver::default(),
        &position,
        Budget::UNLIMITED,
        &mut NoControl,
    )
    .unwrap();
    assert_eq!(solution.cells(Outcome::Unproven).len(), 9);
    let without_swap = Position::new(Board::square(3).unwrap());
    let judgement = judge_move(
        &mut Solver::default(),
        &without_swap,
        b2,
        Budget::UNLIMITED,
        &mut NoControl,
    )
    .unwrap();
    assert_eq!(judgement.outcome, Outcome::Wins);
}

/// The caller's solver keeps its table between judgements (going back to a solved puzzle
/// costs nothing), and a judgement's budget does not outlive it.
#[test]
fn the_solver_remembers_solved_puzzles_and_forgets_budgets() {
    let (hexworld, winning, wrong, _) = TUTORIAL_PUZZLES[1];
    let position = ohm_engine::notation::hexworld::parse(hexworld)
        .unwrap()
        .to_position()
        .unwrap();
    let mut solver = Solver::default();
    let first = solve(
        &mut solver,
        &position,
        Budget::nodes(1_000_000),
        &mut NoControl,
    )
    .unwrap();
    assert!(first.complete);
    assert_eq!(
        solver.params().max_nodes,
        None,
        "the budget is the call's only"
    );
    let again = solve(&mut solver, &position, Budget::UNLIMITED, &mut NoControl).unwrap();
    assert_eq!(again.cells(Outcome::Wins), first.cells(Outcome::Wins));
    assert!(
        again.nodes * 10 <= first.nodes,
        "{} then {}",
        first.nodes,
        again.nodes
    );
    for cell in [winning, wrong] {
        let cell = Point::parse(cell).unwrap();
        let judgement = judge_move(
            &mut solver,
            &position,
            cell,
            Budget::nodes(0),
            &mut NoControl,
        )
        .unwrap();
        assert_eq!(
            Some(judgement.outcome),
            first.judgement(cell).map(|j| j.outcome)
        );
    }
}

/// Solving a puzzle reports its progress as the moves decided so far.
#[test]
fn solving_reports_the_moves_decided_so_far() {
    use ohm_engine::solver::Progress;
    struct Last(Option<Progress>);
    impl Control for Last {
        fn progress(&mut self, progress: &Progress) {
            self.0 = Some(progress.clone());
        }
    }
    let position = ohm_engine::notation::hexworld::parse("5c1,d3d2a1c5b1a2e2d5b3e4e3c1")
        .unwrap()
        .to_position()
        .unwrap();
    let mut last = Last(None);
    let solution = solve(
        &mut Solver::default(),
        &position,
        Budget::UNLIMITED,
        &mut last,
    )
    .unwrap();
    let progress = last.0.expect("progress was reported");
    let winning: CellSet = progress
        .root_moves
        .iter()
        .filter(|m| m.wins() == Some(true))
        .map(|m| m.mv)
        .collect();
    assert_eq!(winning, solution.cells(Outcome::Wins));
}
