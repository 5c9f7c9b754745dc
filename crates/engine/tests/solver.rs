//! The solver against brute force and against published results.
//!
//! - every position reachable on 3x3, and every one on 4x4 up to the board's symmetries:
//!   the value against exhaustive minimax; the complete winning set on 3x3 and on a sample
//!   of 4x4 positions;
//! - random 5x5 positions: value and winning set against exhaustive minimax;
//! - every one-stone opening of 5x5 and 6x6: the value in `data/first-move-results.csv`;
//! - every claimed win of those tests replayed by the strategy checker, which shares nothing
//!   with the solver but H-search.

#[path = "common/brute.rs"]
mod brute;
mod common;

use brute::Brute;

use common::{random_undecided_position, Rng};
use ohm_engine::solver::{proof, Knowledge, NoControl, Solver, SolverParams, Stats};
use ohm_engine::{Board, CellSet, Color, Move, Point, Position};

fn position_from(board: Board, stones: &[(Color, Point)], to_move: Color) -> Position {
    let mut p = Position::new(board);
    for &(c, pt) in stones {
        p.play_unchecked(c, Move::Cell(pt));
    }
    p.set_to_move(to_move);
    p
}

/// Checks the solver's value (and, with `moves`, its complete winning set) on `position`.
/// Checks the solver's value of `position` (and with `moves` its winning set) against brute
/// force; returns the solver's statistics.
fn check_position(
    solver: &mut Solver,
    brute: &mut Brute,
    position: &Position,
    moves: bool,
) -> Stats {
    let expected = brute.winner(position);
    if moves {
        let judged = solver.judge_moves(position, &mut NoControl);
        assert_eq!(judged.root.winner, Some(expected), "value of\n{position:?}");
        assert!(judged.unknown.is_empty());
        assert_eq!(
            judged.winning,
            brute.winning_moves(position),
            "winning moves of\n{position:?}"
        );
        judged.stats
    } else {
        let solution = solver.solve(position, &mut NoControl);
        assert_eq!(solution.winner, Some(expected), "value of\n{position:?}");
        if let Some(best) = solution.best.filter(|_| expected == position.to_move()) {
            let mut after = position.clone();
            after.play_unchecked(position.to_move(), Move::Cell(best));
            assert_eq!(brute.winner(&after), expected, "{best} wins\n{position:?}");
        }
        solution.stats
    }
}

/// Every live position reachable from the empty `n x n` board, Black first, each once.
fn reachable(n: u8) -> Vec<Position> {
    let board = Board::square(n).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut frontier = vec![Position::new(board)];
    while let Some(p) = frontier.pop() {
        if !seen.insert(p.hash()) {
            continue;
        }
        if p.is_over() {
            continue;
        }
        for cell in p.empty_cells() {
            let mut next = p.clone();
            next.play_unchecked(p.to_move(), Move::Cell(cell));
            frontier.push(next);
        }
        out.push(p);
    }
    out
}

#[test]
fn every_reachable_3x3_position_has_the_right_value_and_winning_set() {
    let mut brute = Brute::new(3);
    let mut solver = Solver::new(SolverParams {
        tt_mib: 8,
        ..SolverParams::DEFAULT
    });
    let positions = reachable(3);
    assert_eq!(positions.len(), 4520);
    for p in &positions {
        check_position(&mut solver, &mut brute, p, true);
    }
}

/// The value of every position of the 4x4 board whose stone counts make it reachable (Black
/// moves first), by retrograde analysis in a table of 3^16 entries: 1 when the side to
/// move wins, 2 when it loses.
struct Table4 {
    values: Vec<u8>,
    brute: Brute,
}

impl Table4 {
    fn new() -> Table4 {
        let mut t = Table4 {
            values: vec![0; 3usize.pow(16)],
            brute: Brute::new(4),
        };
        t.value(0, 0);
        t
    }

    fn index(black: u32, white: u32) -> usize {
        let mut i = 0usize;
        for cell in (0..16).rev() {
            i = i * 3
                + if black >> cell & 1 == 1 {
                    1
                } else if white >> cell & 1 == 1 {
                    2
                } else {
                    0
                };
        }
        i
    }

    /// Whether the side to move (Black when the counts are equal) wins.
    fn value(&mut self, black: u32, white: u32) -> bool {
        let i = Table4::index(black, white);
        if self.values[i] != 0 {
            return self.values[i] == 1;
        }
        let black_to_move = black.count_ones() == white.count_ones();
        let result = if self.brute.connects(black, true) {
            black_to_move
        } else if self.brute.connects(white, false) {
            !black_to_move
        } else {
            let mut empty = 0xFFFF & !black & !white;
            // Every child, so that every reachable position gets its value.
            let mut wins = false;
            while empty != 0 {
                let c = empty.trailing_zeros();
                empty &= empty - 1;
                let child = if black_to_move {
                    self.value(black | 1 << c, white)
                } else {
                    self.value(black, white | 1 << c)
                };
                wins |= !child;
            }
            wins
        };
        self.values[i] = if result { 1 } else { 2 };
        result
    }
}

/// The 4x4 board turned half a turn: the same position for the same players.
fn rotated(mask: u32) -> u32 {
    (0..16).fold(0, |m, c| m | (mask >> c & 1) << (15 - c))
}

#[test]
fn every_reachable_4x4_position_has_the_right_value() {
    let oracle = Table4::new();
    let board = Board::square(4).unwrap();
    let cells: Vec<Point> = (0..16)
        .map(|c| Point::cell(c % 4, c / 4).unwrap())
        .collect();
    // Every live reachable position, one of each pair the half turn maps to each other (the
    // reflection that exchanges the colours would also exchange who moves first).
    let mut classes = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(0u32, 0u32)];
    while let Some((b, w)) = stack.pop() {
        if !seen.insert((b, w)) {
            continue;
        }
        if oracle.brute.connects(b, true) || oracle.brute.connects(w, false) {
            continue;
        }
        let black_to_move = b.count_ones() == w.count_ones();
        let mut empty = 0xFFFF & !b & !w;
        while empty != 0 {
            let c = empty.trailing_zeros();
            empty &= empty - 1;
            stack.push(if black_to_move {
                (b | 1 << c, w)
            } else {
                (b, w | 1 << c)
            });
        }
        if (rotated(b), rotated(w)) >= (b, w) {
            classes.push((b, w));
        }
    }
    assert_eq!(
        seen.len(),
        9_386_235,
        "every reachable position, live or decided"
    );
    let position = |b: u32, w: u32| {
        let mut stones = ohm_engine::ByColor::<CellSet>::default();
        for (c, &cell) in cells.iter().enumerate() {
            if b >> c & 1 == 1 {
                stones.black.insert(cell);
            } else if w >> c & 1 == 1 {
                stones.white.insert(cell);
            }
        }
        let mut p = Position::new(board);
        let to_move = if b.count_ones() == w.count_ones() {
            Color::Black
        } else {
            Color::White
        };
        p.reset_to(stones, to_move);
        p
    };
    // Two threads, each with its own solver; every 211th class also has its winning set
    // checked.
    let halves: Vec<Vec<(u32, u32)>> = vec![
        classes.iter().copied().step_by(2).collect(),
        classes.iter().copied().skip(1).step_by(2).collect(),
    ];
    let oracle = &oracle.values;
    std::thread::scope(|scope| {
        for half in &halves {
            scope.spawn(|| {
                let mut solver = Solver::new(SolverParams {
                    tt_mib: 32,
                    ..SolverParams::DEFAULT
                });
                for (k, &(b, w)) in half.iter().enumerate() {
                    let p = position(b, w);
                    let mover_wins = oracle[Table4::index(b, w)] == 1;
                    let expected = if mover_wins {
                        p.to_move()
                    } else {
                        !p.to_move()
                    };
                    if k % 211 == 0 {
                        let judged = solver.judge_moves(&p, &mut NoControl);
                        assert_eq!(judged.root.winner, Some(expected), "{p:?}");
                        let mut winning = CellSet::EMPTY;
                        for cell in p.empty_cells() {
                            let c = cells.iter().position(|&x| x == cell).unwrap();
                            let (nb, nw) = if p.to_move() == Color::Black {
                                (b | 1 << c, w)
                            } else {
                                (b, w | 1 << c)
                            };
                            if oracle[Table4::index(nb, nw)] == 2 {
                                winning.insert(cell);
                            }
                        }
                        assert_eq!(judged.winning, winning, "winning moves of\n{p:?}");
                    } else {
                        let solution = solver.solve(&p, &mut NoControl);
                        assert_eq!(solution.winner, Some(expected), "{p:?}");
                    }
                }
            });
        }
    });
}

#[test]
fn random_5x5_positions_have_the_right_value_and_winning_set() {
    random_5x5_positions_checked(0x5_5, 60, SolverParams::DEFAULT);
}

/// Connections carried from position to position by updates only as long as the stones
/// allow (never built from scratch while a later position holds the earlier one's stones;
/// stone by stone, or all of a position's new stones in one update), and never (built at
/// every position): the values and winning sets stay right.
#[test]
fn connections_updated_or_built_give_the_same_truth() {
    for (scratch_updates, update_at_once) in [(0, false), (u32::MAX, false), (u32::MAX, true)] {
        random_5x5_positions_checked(
            0x5_6,
            30,
            SolverParams {
                scratch_updates,
                update_at_once,
                ..SolverParams::DEFAULT
            },
        );
    }
}

/// The choice by work at the root and below it, with visits paused after a few units of
/// work (so that the search returns to a node many times before a child is decided), and
/// plain df-pn: the values and winning sets of random 5x5 positions stay right, and so do
/// the values of the 6x6 openings, where the visits do pause.
#[test]
fn choosing_by_work_with_short_visits_keeps_the_truth() {
    for (root_work_weight, weighed_plies) in [(0.0, 1), (1.0, 1), (2.0, 3)] {
        let params = SolverParams {
            root_work_weight,
            weighed_plies,
            root_visit_share: 0.05,
            min_weighed_visit: 3,
            ..SolverParams::DEFAULT
        };
        random_5x5_positions_checked(0x5_7, 30, params.clone());
        let stats = check_openings_with(6, false, params);
        assert_eq!(
            stats.paused_visits > 0,
            root_work_weight > 0.0,
            "visits paused: {}",
            stats.paused_visits
        );
    }
}

/// Checks `count` random undecided 5x5 positions against brute force (value and winning
/// set); returns the solver's statistics over all of them.
fn random_5x5_positions_checked(seed: u64, count: usize, params: SolverParams) -> Stats {
    let board = Board::square(5).unwrap();
    let mut rng = Rng(seed);
    let mut brute = Brute::new(5);
    let mut solver = Solver::new(SolverParams {
        tt_mib: 16,
        ..params
    });
    let mut checked = 0;
    let mut stats = Stats::default();
    while checked < count {
        let stones = 9 + rng.below(6) as usize;
        let Some(p) = random_undecided_position(&mut rng, board, stones) else {
            continue;
        };
        if checked % 2 == 1 {
            solver.clear();
        }
        stats.add(&check_position(&mut solver, &mut brute, &p, true));
        checked += 1;
    }
    stats
}

#[test]
fn strategies_of_small_positions_pass_the_checker() {
    let mut solver = Solver::default();
    let board = Board::square(4).unwrap();
    let mut rng = Rng(44);
    for _ in 0..20 {
        let mut p = Position::new(board);
        for _ in 0..rng.below(5) {
            let cell = rng.pick(p.empty_cells()).unwrap();
            p.play_unchecked(p.to_move(), Move::Cell(cell));
        }
        if p.is_over() {
            continue;
        }
        let strategy = solver.strategy(&p, &mut NoControl).expect("4x4 is solved");
        let report =
            proof::check(&strategy, &mut NoControl).unwrap_or_else(|e| panic!("{e}\n{p:?}"));
        assert!(report.positions > 0);
    }
}

#[test]
fn a_strategy_with_a_wrong_move_fails_the_check() {
    let mut solver = Solver::default();
    let p = Position::new(Board::square(3).unwrap());
    let mut strategy = solver.strategy(&p, &mut NoControl).unwrap();
    assert_eq!(strategy.winner, Color::Black);
    // Black's first move replaced by a losing corner.
    let a1 = Point::parse("a1").unwrap();
    strategy.moves.insert(p.hash(), a1);
    assert!(proof::check(&strategy, &mut NoControl).is_err());
    let _ = position_from;
}

/// The published first-move results of `size`, from `data/first-move-results.csv`.
fn first_move_results(size: u8) -> Vec<(Point, bool)> {
    include_str!("../data/first-move-results.csv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board_size"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse::<u8>().ok()? == size)
                .then(|| (Point::parse(f[1]).unwrap(), f[2].trim() == "1"))
        })
        .collect()
}

/// Every one-stone opening of `size` gets the published value, and every claimed win passes
/// the strategy checker (`check_strategies`), one table kept across the openings.
fn check_openings(size: u8, check_strategies: bool) {
    check_openings_with(size, check_strategies, SolverParams::DEFAULT);
}

/// [`check_openings`] with the solver's `params`; returns its statistics over the openings.
fn check_openings_with(size: u8, check_strategies: bool, params: SolverParams) -> Stats {
    let board = Board::square(size).unwrap();
    let mut solver = Solver::new(SolverParams {
        tt_mib: 64,
        ..params
    });
    let mut stats = Stats::default();
    let results = first_move_results(size);
    assert_eq!(results.len(), usize::from(size) * usize::from(size));
    for (cell, black_wins) in results {
        let mut p = Position::new(board);
        p.play_unchecked(Color::Black, Move::Cell(cell));
        let solution = solver.solve(&p, &mut NoControl);
        stats.add(&solution.stats);
        let expected = if black_wins {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(
            solution.winner,
            Some(expected),
            "{size}x{size} opening {cell}"
        );
        if check_strategies {
            let strategy = solver
                .strategy(&p, &mut NoControl)
                .unwrap_or_else(|| panic!("a strategy for {cell}"));
            proof::check(&strategy, &mut NoControl)
                .unwrap_or_else(|e| panic!("{size}x{size} opening {cell}: {e}"));
        }
    }
    stats
}

#[test]
fn every_5x5_opening_has_the_published_value_and_a_checked_strategy() {
    check_openings(5, true);
}

#[test]
fn every_6x6_opening_has_the_published_value() {
    check_openings(6, false);
}

/// A row of `data/solved-9x9-positions.csv`: the position, its winner and its complete set
/// of winning moves (computed by an independent DFPN solver).
struct Solved9 {
    position: Position,
    winner: Color,
    winning: CellSet,
}

fn solved_9x9_positions() -> Vec<Solved9> {
    include_str!("data/solved-9x9-positions.csv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board_size"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let mut position = Position::new(Board::square(9).unwrap());
            for m in f[2].split_whitespace() {
                let cell = Point::parse(m).unwrap();
                position.play_unchecked(position.to_move(), Move::Cell(cell));
            }
            assert_eq!(position.to_move().name(), f[3]);
            Solved9 {
                position,
                winner: Color::parse(f[4]).unwrap(),
                winning: f[5]
                    .split_whitespace()
                    .map(|m| Point::parse(m).unwrap())
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn what_the_solver_proves_on_solved_9x9_positions_is_right() {
    let positions = solved_9x9_positions();
    assert_eq!(positions.len(), 174);
    let mut solver = Solver::new(SolverParams {
        tt_mib: 32,
        max_nodes: Some(200),
        ..SolverParams::DEFAULT
    });
    let mut proven = 0;
    for (i, s) in positions.iter().enumerate() {
        let solution = solver.solve(&s.position, &mut NoControl);
        if let Some(winner) = solution.winner {
            proven += 1;
            assert_eq!(winner, s.winner, "position {i}\n{:?}", s.position);
            if winner == s.position.to_move() {
                let best = solution.best.expect("a won position names its move");
                assert!(s.winning.contains(best), "{best} in position {i}");
            }
        }
        if i % 12 == 0 {
            // Each move judged on its own: what is proven winning is winning, what is proven
            // losing is not.
            let judged = solver.judge_moves(&s.position, &mut NoControl);
            assert!(judged.winning.is_subset(&s.winning), "position {i}");
            assert!(!judged.losing.intersects(&s.winning), "position {i}");
        }
    }
    assert!(proven >= 100, "{proven} of 174 proven within 200 nodes");
}

#[test]
fn decomposed_5x5_positions_have_the_right_value_and_winning_set() {
    // Positions where a group cuts the board (the solver drops moves in the parts the
    // cutting colour holds by a full connection).
    let board = Board::square(5).unwrap();
    let mut rng = Rng(0xDEC0);
    let mut brute = Brute::new(5);
    let mut solver = Solver::new(SolverParams {
        tt_mib: 16,
        ..SolverParams::DEFAULT
    });
    let mut checked = 0;
    let mut tries = 0;
    while checked < 40 {
        tries += 1;
        assert!(tries < 200_000, "too few decomposed positions");
        let stones = 9 + rng.below(7) as usize;
        let Some(p) = random_undecided_position(&mut rng, board, stones) else {
            continue;
        };
        if Color::ALL
            .iter()
            .all(|&c| ohm_engine::inferior::decompose(&p, c).is_none())
        {
            continue;
        }
        check_position(&mut solver, &mut brute, &p, true);
        checked += 1;
    }
}

/// While `judge_moves` solves one move after another, its progress reports speak of the judged
/// position: its moves as root moves (decided or open), and the work summed over the solves.
#[test]
fn judging_moves_reports_progress_about_the_judged_position() {
    use ohm_engine::solver::{Control, Progress};
    struct Recorder(Vec<Progress>);
    impl Control for Recorder {
        fn progress(&mut self, progress: &Progress) {
            self.0.push(progress.clone());
        }
    }
    let position = Position::new(Board::square(5).unwrap());
    let mut recorder = Recorder(Vec::new());
    let judged = Solver::default().judge_moves(&position, &mut recorder);
    let last = recorder.0.last().expect("progress reports");
    let empty = position.empty_cells();
    let moves: CellSet = last.root_moves.iter().map(|m| m.mv).collect();
    assert_eq!(moves, empty, "every empty cell is a root move");
    let winning: CellSet = last
        .root_moves
        .iter()
        .filter(|m| m.wins() == Some(true))
        .map(|m| m.mv)
        .collect();
    let losing: CellSet = last
        .root_moves
        .iter()
        .filter(|m| m.wins() == Some(false))
        .map(|m| m.mv)
        .collect();
    assert_eq!(winning, judged.winning);
    assert_eq!(losing, judged.losing);
    assert_eq!(last.work, judged.stats.work());
    // After the root's solve, the reports' work never goes back.
    let root_work = judged.root.stats.work();
    let later: Vec<u64> = recorder
        .0
        .iter()
        .map(|p| p.work)
        .skip_while(|&w| w < root_work)
        .collect();
    assert!(later.windows(2).all(|w| w[0] <= w[1]), "{later:?}");
}

/// The moves an unfinished solve leaves open (what the player's search then chooses among)
/// hold a winning move whenever the mover wins, and a root move it proves losing is losing:
/// checked on the solved 9x9 positions (each with its complete winning set), each stopped
/// after a few nodes.
#[test]
fn an_unfinished_solve_keeps_a_winning_move_open() {
    let mut narrowed = 0;
    let mut checked = 0;
    for (i, s) in solved_9x9_positions().iter().enumerate() {
        for nodes in [20, 200] {
            let mut solver = Solver::new(SolverParams {
                tt_mib: 4,
                max_nodes: Some(nodes),
                ..SolverParams::DEFAULT
            });
            let solution = solver.solve(&s.position, &mut NoControl);
            for m in &solution.root_moves {
                if m.wins() == Some(false) {
                    assert!(!s.winning.contains(m.mv), "{} proven losing in {i}", m.mv);
                }
            }
            let Some(open) = solution.open_moves() else {
                continue;
            };
            checked += 1;
            if open.len() < s.position.empty_cells().len() {
                narrowed += 1;
            }
            if s.winner == s.position.to_move() {
                assert!(open.intersects(&s.winning), "no winning move open in {i}");
            }
        }
    }
    assert!(
        checked >= 50 && narrowed >= 50,
        "{narrowed} of {checked} unfinished roots narrowed"
    );
}

/// A proof set is a claim: the winner wins even when the loser holds every empty cell
/// outside it. The root's proof of random 5x5 positions (the solved positions' proofs
/// shrunk by the loser's fill-in, [`SolverParams::shrink_proofs`], and not) against brute
/// force on that board, with the same player to move.
#[test]
fn proof_sets_hold_against_brute_force() {
    let board = Board::square(5).unwrap();
    let mut brute = Brute::new(5);
    for shrink in [true, false] {
        let mut rng = Rng(0x5_b);
        let mut solver = Solver::new(SolverParams {
            tt_mib: 16,
            shrink_proofs: shrink,
            ..SolverParams::DEFAULT
        });
        let (mut checked, mut smaller) = (0, 0);
        while checked < 80 {
            let stones = 7 + rng.below(8) as usize;
            let Some(p) = random_undecided_position(&mut rng, board, stones) else {
                continue;
            };
            let (winner, proof) = solved_with_proof(&mut solver, &p);
            assert_eq!(
                brute.winner(&with_loser_outside(&p, proof, winner)),
                winner,
                "the proof {proof:?} of\n{p:?}\nwith the loser on every other cell"
            );
            smaller += usize::from(!(p.empty_cells() - proof).is_empty());
            checked += 1;
        }
        assert!(smaller > 20, "proofs smaller than the board: {smaller}");
    }
}

/// Shrinking a proof ([`Knowledge::shrink_proof`]) keeps a proof: the unshrunk root proofs
/// of random 5x5 positions, shrunk, still hold against brute force, and a third of them
/// do shrink.
#[test]
fn shrunk_proofs_hold_against_brute_force() {
    let board = Board::square(5).unwrap();
    let mut brute = Brute::new(5);
    let params = SolverParams {
        tt_mib: 16,
        shrink_proofs: false,
        ..SolverParams::DEFAULT
    };
    let knowledge = Knowledge::of(&params);
    let mut solver = Solver::new(params);
    let mut rng = Rng(0x5_9);
    let (mut checked, mut shrunk_some) = (0, 0);
    while checked < 100 {
        let stones = 8 + rng.below(7) as usize;
        let Some(p) = random_undecided_position(&mut rng, board, stones) else {
            continue;
        };
        let (winner, proof) = solved_with_proof(&mut solver, &p);
        let shrunk = knowledge.shrink_proof(&p, proof, winner);
        assert!(shrunk.is_subset(&proof));
        assert_eq!(
            brute.winner(&with_loser_outside(&p, shrunk, winner)),
            winner,
            "{proof:?} shrunk to {shrunk:?} in\n{p:?}\nwith the loser on every other cell"
        );
        shrunk_some += usize::from(shrunk != proof);
        checked += 1;
    }
    assert!(shrunk_some > 10, "proofs shrunk: {shrunk_some}");
}

/// The winner of `position` and the root's proof, from a fresh table.
fn solved_with_proof(solver: &mut Solver, position: &Position) -> (Color, CellSet) {
    solver.clear();
    let solution = solver.solve(position, &mut NoControl);
    let (Some(winner), Some(proof)) = (solution.winner, solution.proof) else {
        panic!("unsolved\n{position:?}");
    };
    (winner, proof)
}

/// `position` with `winner`'s opponent on every empty cell outside `proof`, the same player
/// to move: the board on which a proof claims the winner still wins.
fn with_loser_outside(position: &Position, proof: CellSet, winner: Color) -> Position {
    let mut held = position.clone();
    for cell in position.empty_cells() - proof {
        held.place_unchecked(!winner, cell);
    }
    held.set_to_move(position.to_move());
    held
}
