//! Random games to the end of the board: the evaluation of the Monte Carlo search.
//!
//! A playout fills every empty cell, so it needs no win test until the board is full (Hex
//! has no draws: exactly one colour then connects its edges). Cells are drawn uniformly, with
//! one exception that carries most of the playouts' strength in the MoHex line of programs:
//! when the opponent intrudes into a bridge (two own stones that share two empty common
//! neighbours) or into a stone's two-cell link to its own edge, the player answers in the
//! other cell. Without it a random game breaks most virtual connections and the result
//! says little about who is ahead.
//!
//! With [`PatternWeights`] (MoHex 2.0's playout policy, [`super::MctsParams::pattern_playouts`])
//! the other moves are drawn not uniformly but in proportion to a weight learned for the
//! pattern of the cell's six neighbours as the mover sees them.

use alloc::vec;
use alloc::vec::Vec;

use crate::color::Color;
use crate::inferior::local::WINDOW;
use crate::point::Point;
use crate::Position;

/// Neighbour offsets `(dcol, drow)` in rotational order (the pattern window's first ring):
/// consecutive ones touch, so neighbours `i` and `i + 2` form a bridge whose carrier is the
/// centre and neighbour `i + 1`.
fn rotation() -> &'static [(i8, i8)] {
    &WINDOW[1..7]
}

/// What lies in one of a cell's six directions.
const OFF_BOARD: u16 = u16::MAX;
/// Off the board across Black's edge (the row above the first or below the last).
const BLACK_EDGE: u16 = u16::MAX - 1;
/// Off the board across White's edge.
const WHITE_EDGE: u16 = u16::MAX - 2;

/// Cell contents in a playout.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

/// The stone value of a colour.
#[must_use]
pub const fn stone(colour: Color) -> u8 {
    match colour {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A board's cells in compact indices (row-major, `0..width * height`) with each cell's
/// neighbours in rotational order.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: u8,
    pub height: u8,
    neighbours: Vec<[u16; 6]>,
}

impl Geometry {
    #[must_use]
    pub fn of(position: &Position) -> Geometry {
        let board = position.board();
        let (width, height) = (board.width(), board.height());
        let mut neighbours = Vec::with_capacity(usize::from(width) * usize::from(height));
        for row in 0..i16::from(height) {
            for col in 0..i16::from(width) {
                let mut around = [OFF_BOARD; 6];
                for (k, &(dc, dr)) in rotation().iter().enumerate() {
                    let (c, r) = (col + i16::from(dc), row + i16::from(dr));
                    let col_out = c < 0 || c >= i16::from(width);
                    let row_out = r < 0 || r >= i16::from(height);
                    around[k] = match (col_out, row_out) {
                        (false, false) => (r * i16::from(width) + c) as u16,
                        (false, true) => BLACK_EDGE,
                        (true, false) => WHITE_EDGE,
                        (true, true) => OFF_BOARD,
                    };
                }
                neighbours.push(around);
            }
        }
        Geometry {
            width,
            height,
            neighbours,
        }
    }

    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.neighbours.len()
    }

    /// The compact index of a board cell.
    #[must_use]
    pub fn index_of(&self, p: Point) -> usize {
        let (col, row) = p.col_row().expect("a cell");
        usize::from(row) * usize::from(self.width) + usize::from(col)
    }

    /// The cells of `position` (on this geometry's board) in compact indices.
    #[must_use]
    pub fn cells_of(&self, position: &Position) -> Vec<u8> {
        let mut cells = vec![EMPTY; self.cell_count()];
        for colour in Color::ALL {
            for p in position.stones(colour).iter() {
                cells[self.index_of(p)] = stone(colour);
            }
        }
        cells
    }

    /// The board cell of a compact index.
    #[must_use]
    pub fn point_of(&self, i: usize) -> Point {
        let w = usize::from(self.width);
        Point::cell_unchecked((i % w) as u8, (i / w) as u8)
    }

    /// The colour that owns the edge or stone in one of a cell's directions, if any.
    fn owner(cells: &[u8], n: u16) -> u8 {
        match n {
            BLACK_EDGE => BLACK,
            WHITE_EDGE => WHITE,
            OFF_BOARD => EMPTY,
            _ => cells[usize::from(n)],
        }
    }

    /// Every answer of `colour` to an intrusion at `p` into one of its bridges or edge links:
    /// the empty partner cells, written to `out` (at most six; the count is returned).
    fn bridge_answers(&self, cells: &[u8], p: usize, colour: u8, out: &mut [u16; 6]) -> usize {
        let around = &self.neighbours[p];
        let mut count = 0;
        for k in 0..6 {
            let middle = around[(k + 1) % 6];
            if middle >= WHITE_EDGE || cells[usize::from(middle)] != EMPTY {
                continue;
            }
            if Self::owner(cells, around[k]) == colour
                && Self::owner(cells, around[(k + 2) % 6]) == colour
            {
                out[count] = middle;
                count += 1;
            }
        }
        count
    }

    /// The winner of a full board (`cells` without an empty cell): Black if a chain of black
    /// stones joins the first row to the last, else White.
    #[must_use]
    pub fn full_board_winner(
        &self,
        cells: &[u8],
        stack: &mut Vec<u16>,
        seen: &mut [bool],
    ) -> Color {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        seen.fill(false);
        stack.clear();
        for (col, seen_cell) in seen.iter_mut().enumerate().take(w) {
            if cells[col] == BLACK {
                *seen_cell = true;
                stack.push(col as u16);
            }
        }
        while let Some(i) = stack.pop() {
            let i = usize::from(i);
            if i / w == h - 1 {
                return Color::Black;
            }
            for &n in &self.neighbours[i] {
                if n < WHITE_EDGE && cells[usize::from(n)] == BLACK && !seen[usize::from(n)] {
                    seen[usize::from(n)] = true;
                    stack.push(n);
                }
            }
        }
        Color::White
    }
}

/// A playout's board and the list of its empty cells (with each cell's place in the list,
/// so a chosen cell leaves it in constant time).
#[derive(Clone, Debug)]
pub struct PlayoutBoard {
    pub cells: Vec<u8>,
    empty: Vec<u16>,
    place: Vec<u16>,
    stack: Vec<u16>,
    seen: Vec<bool>,
    /// The pattern-weighted draw, when the playouts have one.
    patterns: Option<PatternDraw>,
}

impl PlayoutBoard {
    #[must_use]
    pub fn new(geometry: &Geometry) -> PlayoutBoard {
        let n = geometry.cell_count();
        PlayoutBoard {
            cells: vec![EMPTY; n],
            empty: Vec::with_capacity(n),
            place: vec![0; n],
            stack: Vec::with_capacity(n),
            seen: vec![false; n],
            patterns: None,
        }
    }

    /// A board whose playouts draw their moves by the first ring's pattern weights.
    #[must_use]
    pub fn with_patterns(geometry: &Geometry, weights: PatternWeights) -> PlayoutBoard {
        PlayoutBoard {
            patterns: Some(PatternDraw::new(geometry, weights)),
            ..PlayoutBoard::new(geometry)
        }
    }

    /// Sets the board to `cells` (as the position at the tree's leaf stands).
    pub fn reset(&mut self, geometry: &Geometry, cells: &[u8]) {
        self.cells.copy_from_slice(cells);
        self.empty.clear();
        for (i, &c) in cells.iter().enumerate() {
            if c == EMPTY {
                self.place[i] = self.empty.len() as u16;
                self.empty.push(i as u16);
            }
        }
        if let Some(patterns) = &mut self.patterns {
            patterns.reset(geometry, cells);
        }
    }

    fn take(&mut self, geometry: &Geometry, i: usize, colour: u8) {
        let at = usize::from(self.place[i]);
        let last = self.empty.pop().expect("an empty cell");
        if usize::from(last) != i {
            self.empty[at] = last;
            self.place[usize::from(last)] = at as u16;
        }
        self.cells[i] = colour;
        if let Some(patterns) = &mut self.patterns {
            patterns.take(geometry, &self.cells, i, colour);
        }
    }

    /// A move for `colour` drawn from the empty cells: uniformly, or by their pattern
    /// weights.
    fn draw(&self, colour: u8, rng: &mut crate::player::Rng) -> usize {
        match &self.patterns {
            Some(patterns) => patterns
                .draw(colour, rng)
                .unwrap_or_else(|| usize::from(self.empty[0])),
            None => usize::from(self.empty[rng.below(self.empty.len() as u64) as usize]),
        }
    }

    /// The winner of `cells`, a full board.
    pub fn winner_of_full(&mut self, geometry: &Geometry, cells: &[u8]) -> Color {
        geometry.full_board_winner(cells, &mut self.stack, &mut self.seen)
    }

    /// Plays the game out from here, `to_move` first, `last` the cell of the move just played
    /// (answered if it broke a bridge); returns the winner.
    pub fn play_out(
        &mut self,
        geometry: &Geometry,
        to_move: Color,
        last: Option<usize>,
        rng: &mut crate::player::Rng,
    ) -> Color {
        self.play_out_with(geometry, to_move, last, rng, None)
    }

    /// As [`PlayoutBoard::play_out`]; with `replies`, a move that answers no bridge
    /// intrusion is the mover's last good reply to the move before it where that cell is
    /// empty, and the playout's moves are appended to the replies' record for
    /// [`Replies::learn`].
    pub fn play_out_with(
        &mut self,
        geometry: &Geometry,
        mut to_move: Color,
        mut last: Option<usize>,
        rng: &mut crate::player::Rng,
        mut replies: Option<&mut Replies>,
    ) -> Color {
        let mut answers = [0u16; 6];
        while !self.empty.is_empty() {
            let colour = stone(to_move);
            let mut chosen = None;
            if let Some(p) = last {
                let count = geometry.bridge_answers(&self.cells, p, colour, &mut answers);
                if count > 0 {
                    chosen = Some(usize::from(answers[rng.below(count as u64) as usize]));
                } else if let Some(replies) = replies.as_deref() {
                    chosen = replies.reply(colour, p).filter(|&r| self.cells[r] == EMPTY);
                }
            }
            let i = chosen.unwrap_or_else(|| self.draw(colour, rng));
            self.take(geometry, i, colour);
            if let Some(replies) = replies.as_deref_mut() {
                replies.moves.push(i as u16);
            }
            last = Some(i);
            to_move = !to_move;
        }
        geometry.full_board_winner(&self.cells, &mut self.stack, &mut self.seen)
    }
}

/// No reply stored.
const NO_REPLY: u16 = u16::MAX;

/// The last-good-reply policy with forgetting (Baier and Drake 2010): for each colour and
/// each cell its opponent played, the reply that colour made to it in the latest playout it
/// won, dropped again when a playout that made the same reply is lost. Replies carry what
/// the search learns about local fights (which answer saves a template, which intrusion
/// breaks it) from one playout to the next, beyond the fixed bridge answers.
#[derive(Clone, Debug)]
pub struct Replies {
    /// `[colour slot * cells + previous cell]`: the reply's cell, or [`NO_REPLY`].
    best: Vec<u16>,
    cells: usize,
    /// The moves of the current descent and playout in order (the root's last move, the
    /// tree's moves, then the playout's), the first by `first_mover`.
    moves: Vec<u16>,
    first_mover: Color,
}

impl Replies {
    #[must_use]
    pub fn new(cells: usize) -> Replies {
        Replies {
            best: vec![NO_REPLY; 2 * cells],
            cells,
            moves: Vec::with_capacity(cells + 1),
            first_mover: Color::Black,
        }
    }

    /// Starts the record of a descent: the move that led to the root (`root_last`, if any),
    /// then the tree's moves from the root, whose mover is `root_mover`.
    pub fn begin(
        &mut self,
        root_last: Option<usize>,
        root_mover: Color,
        tree_moves: impl Iterator<Item = u16>,
    ) {
        self.moves.clear();
        self.first_mover = root_mover;
        if let Some(l) = root_last {
            self.moves.push(l as u16);
            self.first_mover = !root_mover;
        }
        self.moves.extend(tree_moves);
    }

    fn slot(&self, colour: u8, previous: usize) -> usize {
        usize::from(colour == WHITE) * self.cells + previous
    }

    /// `colour`'s stored reply to the opponent's move at `previous`.
    #[must_use]
    pub fn reply(&self, colour: u8, previous: usize) -> Option<usize> {
        let r = self.best[self.slot(colour, previous)];
        (r != NO_REPLY).then_some(usize::from(r))
    }

    /// Learns from the recorded moves of a game `winner` won: the winner's replies are
    /// stored, the loser's forgotten where they are the stored ones.
    pub fn learn(&mut self, winner: Color) {
        let mut mover = self.first_mover;
        for k in 1..self.moves.len() {
            mover = !mover;
            let (previous, reply) = (usize::from(self.moves[k - 1]), self.moves[k]);
            let slot = self.slot(stone(mover), previous);
            if mover == winner {
                self.best[slot] = reply;
            } else if self.best[slot] == reply {
                self.best[slot] = NO_REPLY;
            }
        }
    }
}

/// A cell's state in a first-ring pattern, as one side sees it (the codes of
/// [`crate::policy`]: empty 0, own 1, the opponent's 2, off the board beyond a corner 3).
fn pattern_state(owner: u16, cells: &[u8], view: u8) -> u16 {
    let o = match owner {
        BLACK_EDGE => BLACK,
        WHITE_EDGE => WHITE,
        OFF_BOARD => return 3,
        _ => cells[usize::from(owner)],
    };
    match o {
        EMPTY => 0,
        o if o == view => 1,
        _ => 2,
    }
}

/// The playouts' move weights by first-ring pattern: for each raw pattern code (the six
/// neighbours in rotational order, two bits each, seen by the mover, White's on the
/// transposed board as [`crate::policy::Cells::features`] reads it), the gamma of its
/// canonical form (`super::playout_weights`) scaled to an integer, so that the running
/// sums of a playout never drift.
#[derive(Clone, Debug)]
pub struct PatternWeights {
    by_code: Vec<u32>,
    /// For each geometry direction, the pattern position White's view puts it at.
    white_position: [u8; 6],
}

impl PatternWeights {
    /// The weights fitted by `examples/policy_train.rs --first-ring`, each gamma raised to
    /// `power` ([`super::MctsParams::pattern_playouts`]).
    #[must_use]
    pub fn learned(power: f32) -> PatternWeights {
        let mut gammas = super::playout_weights::FIRST_RING;
        for gamma in &mut gammas {
            *gamma = libm::powf(*gamma, power);
        }
        PatternWeights::from_gammas(&gammas)
    }

    /// Weights from gammas by canonical code (the smaller of a code and its half-turn).
    #[must_use]
    pub fn from_gammas(gammas: &[f32; crate::policy::NEAR_CODES]) -> PatternWeights {
        let by_code = (0..crate::policy::NEAR_CODES)
            .map(|code| {
                let gamma = gammas[code.min(crate::policy::near_half_turn(code))];
                // A gamma's scale is free: 1 is 1024, the rarest moves keep a chance.
                libm::roundf(gamma * 1024.0).clamp(1.0, (1 << 20) as f32) as u32
            })
            .collect();
        let mut white_position = [0u8; 6];
        for (k, &(dc, dr)) in rotation().iter().enumerate() {
            let i = rotation()
                .iter()
                .position(|&offset| offset == (dr, dc))
                .expect("the transpose maps the neighbours onto themselves");
            white_position[k] = i as u8;
        }
        PatternWeights {
            by_code,
            white_position,
        }
    }
}

/// The weighted draw of a playout's moves: each empty cell's first-ring pattern code and
/// weight for each colour, kept as the stones fall (a stone changes only its neighbours'
/// patterns), and the weights' sums by row, so that a draw scans a row's sums and then one
/// row's cells.
#[derive(Clone, Debug)]
struct PatternDraw {
    weights: PatternWeights,
    width: usize,
    /// `[view][cell]`, view 0 Black's and 1 White's: the pattern code.
    code: [Vec<u16>; 2],
    /// `[view][cell]`: the weight (0 for a stone).
    weight: [Vec<u32>; 2],
    /// `[view][row]`: the sum of the row's weights.
    row_sum: [Vec<u64>; 2],
    total: [u64; 2],
}

impl PatternDraw {
    fn new(geometry: &Geometry, weights: PatternWeights) -> PatternDraw {
        let n = geometry.cell_count();
        let rows = usize::from(geometry.height);
        PatternDraw {
            weights,
            width: usize::from(geometry.width),
            code: [vec![0; n], vec![0; n]],
            weight: [vec![0; n], vec![0; n]],
            row_sum: [vec![0; rows], vec![0; rows]],
            total: [0; 2],
        }
    }

    /// The bit position of geometry direction `k` in a view's pattern code.
    fn shift(&self, view: usize, k: usize) -> u16 {
        2 * if view == 0 {
            k as u16
        } else {
            u16::from(self.weights.white_position[k])
        }
    }

    fn reset(&mut self, geometry: &Geometry, cells: &[u8]) {
        for view in 0..2 {
            self.row_sum[view].fill(0);
            self.total[view] = 0;
            let colour = if view == 0 { BLACK } else { WHITE };
            for i in 0..cells.len() {
                if cells[i] != EMPTY {
                    self.weight[view][i] = 0;
                    continue;
                }
                let mut code = 0u16;
                for (k, &n) in geometry.neighbours[i].iter().enumerate() {
                    code |= pattern_state(n, cells, colour) << self.shift(view, k);
                }
                self.code[view][i] = code;
                let w = self.weights.by_code[usize::from(code)];
                self.weight[view][i] = w;
                self.row_sum[view][i / self.width] += u64::from(w);
                self.total[view] += u64::from(w);
            }
        }
    }

    fn set_weight(&mut self, view: usize, i: usize, w: u32) {
        let old = u64::from(self.weight[view][i]);
        self.weight[view][i] = w;
        let row = &mut self.row_sum[view][i / self.width];
        *row = *row - old + u64::from(w);
        self.total[view] = self.total[view] - old + u64::from(w);
    }

    /// `colour` has just taken the cell `i` (already set in `cells`).
    fn take(&mut self, geometry: &Geometry, cells: &[u8], i: usize, colour: u8) {
        for view in 0..2 {
            self.set_weight(view, i, 0);
            let state: u16 = if colour == [BLACK, WHITE][view] { 1 } else { 2 };
            for (k, &n) in geometry.neighbours[i].iter().enumerate() {
                if n >= WHITE_EDGE || cells[usize::from(n)] != EMPTY {
                    continue;
                }
                // The neighbour sees the new stone in the opposite direction, where its
                // pattern had an empty cell (code 0).
                let n = usize::from(n);
                let code = self.code[view][n] | state << self.shift(view, (k + 3) % 6);
                self.code[view][n] = code;
                let w = self.weights.by_code[usize::from(code)];
                self.set_weight(view, n, w);
            }
        }
    }

    /// A cell drawn in proportion to its weight for `colour`, or `None` if no cell has one.
    fn draw(&self, colour: u8, rng: &mut crate::player::Rng) -> Option<usize> {
        let view = usize::from(colour == WHITE);
        let total = self.total[view];
        if total == 0 {
            return None;
        }
        let mut x = rng.below(total);
        for (row, &sum) in self.row_sum[view].iter().enumerate() {
            if x >= sum {
                x -= sum;
                continue;
            }
            let start = row * self.width;
            for (i, &w) in self.weight[view][start..start + self.width]
                .iter()
                .enumerate()
            {
                if x < u64::from(w) {
                    return Some(start + i);
                }
                x -= u64::from(w);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Rng;
    use crate::Board;

    #[test]
    fn a_full_board_has_the_winner_of_its_position() {
        let position = Position::new(Board::square(5).unwrap());
        let geometry = Geometry::of(&position);
        let mut board = PlayoutBoard::new(&geometry);
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            board.reset(&geometry, &vec![EMPTY; geometry.cell_count()]);
            let winner = board.play_out(&geometry, Color::Black, None, &mut rng);
            let mut full = position.clone();
            for (i, &c) in board.cells.iter().enumerate() {
                let colour = if c == BLACK {
                    Color::Black
                } else {
                    Color::White
                };
                full.place_unchecked(colour, geometry.point_of(i));
            }
            assert_eq!(full.connected_winner(), Some(winner));
        }
    }

    #[test]
    fn the_kept_patterns_are_those_the_policy_reads() {
        // Gammas that tell every canonical code apart, so that a weight names its pattern.
        let mut gammas = [0.0f32; crate::policy::NEAR_CODES];
        for (code, g) in gammas.iter_mut().enumerate() {
            *g = 1.0 + code as f32 / 8.0;
        }
        let weights = PatternWeights::from_gammas(&gammas);
        for size in [5u8, 7] {
            let position = Position::new(Board::square(size).unwrap());
            let geometry = Geometry::of(&position);
            let n = geometry.cell_count();
            let mut board = PlayoutBoard::with_patterns(&geometry, weights.clone());
            let mut rng = Rng::new(u64::from(size));
            for round in 0..40 {
                // A random start (as a tree's leaf), then stones one by one (as a playout).
                let mut cells = vec![EMPTY; n];
                for c in &mut cells {
                    *c = [EMPTY, EMPTY, BLACK, WHITE][rng.below(4) as usize];
                }
                board.reset(&geometry, &cells);
                let mut colour = if round % 2 == 0 { BLACK } else { WHITE };
                while !board.empty.is_empty() {
                    let patterns = board.patterns.as_ref().unwrap();
                    let view = crate::policy::Cells {
                        width: size,
                        height: size,
                        cells: &board.cells,
                    };
                    for mover in [BLACK, WHITE] {
                        let v = usize::from(mover == WHITE);
                        let mut sum = 0u64;
                        for i in 0..n {
                            let w = patterns.weight[v][i];
                            sum += u64::from(w);
                            if board.cells[i] == EMPTY {
                                let near = view.features(i, mover, None, None).near;
                                assert_eq!(
                                    w,
                                    1024 + 128 * u32::from(near),
                                    "cell {i}, mover {mover}"
                                );
                            } else {
                                assert_eq!(w, 0);
                            }
                        }
                        assert_eq!(patterns.total[v], sum);
                    }
                    let i = board.draw(colour, &mut rng);
                    assert_eq!(board.cells[i], EMPTY);
                    board.take(&geometry, i, colour);
                    colour = 3 - colour;
                }
            }
        }
    }

    #[test]
    fn the_weights_power_softens_the_fitted_gammas() {
        // Power 0 is the uniform draw; 1 the fitted gammas; between, every weight between.
        let uniform = PatternWeights::learned(0.0);
        assert!(uniform.by_code.iter().all(|&w| w == 1024));
        let fitted = PatternWeights::learned(1.0);
        let soft = PatternWeights::learned(0.5);
        assert!(fitted.by_code.iter().any(|&w| w != 1024));
        for (code, (&f, &s)) in fitted.by_code.iter().zip(&soft.by_code).enumerate() {
            assert!(
                s.min(1024) >= f.min(1024) && s.max(1024) <= f.max(1024),
                "code {code}"
            );
        }
    }

    #[test]
    fn the_winner_s_replies_are_kept_and_the_loser_s_forgotten() {
        let mut replies = Replies::new(25);
        // Black 3, White 7, Black 9, White 4; Black wins: Black's reply 9 to 7 is kept,
        // White's replies are not stored.
        replies.begin(None, Color::Black, [3, 7, 9, 4].into_iter());
        replies.learn(Color::Black);
        assert_eq!(replies.reply(BLACK, 7), Some(9));
        assert_eq!(replies.reply(WHITE, 3), None);
        // White's 7 led to the root, then Black 9, White 1; White wins: Black's 9 answering
        // 7 loses and is forgotten; White's 1 answering 9 is kept.
        replies.begin(Some(7), Color::Black, [9, 1].into_iter());
        replies.learn(Color::White);
        assert_eq!(replies.reply(BLACK, 7), None);
        assert_eq!(replies.reply(WHITE, 9), Some(1));
    }

    #[test]
    fn an_intruded_bridge_is_answered() {
        // Black stones on b2 and c3 (compact 6 and 12 on 5x5) share c2 (7) and b3 (11).
        let position = Position::new(Board::square(5).unwrap());
        let geometry = Geometry::of(&position);
        let mut cells = vec![EMPTY; 25];
        cells[6] = BLACK;
        cells[12] = BLACK;
        cells[7] = WHITE;
        let mut out = [0u16; 6];
        let n = geometry.bridge_answers(&cells, 7, BLACK, &mut out);
        assert_eq!(&out[..n], &[11]);
        // A stone on the second row keeps its link to the edge.
        let mut cells = vec![EMPTY; 25];
        cells[7] = BLACK; // c2
        cells[2] = WHITE; // c1
        let n = geometry.bridge_answers(&cells, 2, BLACK, &mut out);
        assert_eq!(&out[..n], &[3]);
    }
}
