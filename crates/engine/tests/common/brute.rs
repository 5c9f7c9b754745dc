//! An exact minimax oracle for boards of at most 25 cells, shared by the tests of the solver
//! and of the Monte Carlo search.

use std::collections::HashMap;

use ohm_engine::{CellSet, Color, Move, Position};

/// Exact minimax on boards of at most 25 cells: cells are bits `row · n + col`.
pub struct Brute {
    n: usize,
    neighbours: Vec<u32>,
    memo: HashMap<(u32, u32, bool), bool>,
}

impl Brute {
    pub fn new(n: usize) -> Brute {
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

    pub fn all(&self) -> u32 {
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

    pub fn connects(&self, stones: u32, black: bool) -> bool {
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
    pub fn wins(&mut self, black: u32, white: u32, black_to_move: bool) -> bool {
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

    pub fn masks(&self, position: &Position) -> (u32, u32) {
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

    pub fn winner(&mut self, position: &Position) -> Color {
        let (b, w) = self.masks(position);
        let black_to_move = position.to_move() == Color::Black;
        if self.wins(b, w, black_to_move) {
            position.to_move()
        } else {
            !position.to_move()
        }
    }

    pub fn winning_moves(&mut self, position: &Position) -> CellSet {
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
