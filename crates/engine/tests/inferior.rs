//! Inferior-cell analysis of Hex positions, checked against an exhaustive solver on small
//! boards: dead cells are dead by definition, fill-in never changes the winner, and the pruned
//! move set keeps a winning move.

use std::collections::HashMap;

use ohm_engine::diagram;
use ohm_engine::inferior::pattern::{PatternCell, PatternKind, PatternSet};
use ohm_engine::inferior::{analyze, hexgui_format, AnalysisOptions, InferiorCells};
use ohm_engine::shannon::dead::simplicial_vertices;
use ohm_engine::shannon::ShannonGraph;
use ohm_engine::{Board, ByColor, CellSet, Color, Point, Position};

mod common;
use common::Rng;

/// A board of at most 32 cells as bitmasks, with its own adjacency: independent of the engine.
struct Small {
    width: i32,
    height: i32,
    neighbours: Vec<u32>,
    north: u32,
    south: u32,
    west: u32,
    east: u32,
}

impl Small {
    fn new(width: i32, height: i32) -> Small {
        let index = |c: i32, r: i32| (r * width + c) as usize;
        let mut neighbours = vec![0u32; (width * height) as usize];
        let (mut north, mut south, mut west, mut east) = (0, 0, 0, 0);
        for r in 0..height {
            for c in 0..width {
                let i = index(c, r);
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                    let (nc, nr) = (c + dc, r + dr);
                    if (0..width).contains(&nc) && (0..height).contains(&nr) {
                        neighbours[i] |= 1 << index(nc, nr);
                    }
                }
                if r == 0 {
                    north |= 1 << i;
                }
                if r == height - 1 {
                    south |= 1 << i;
                }
                if c == 0 {
                    west |= 1 << i;
                }
                if c == width - 1 {
                    east |= 1 << i;
                }
            }
        }
        Small {
            width,
            height,
            neighbours,
            north,
            south,
            west,
            east,
        }
    }

    fn all(&self) -> u32 {
        ((1u64 << (self.width * self.height)) - 1) as u32
    }

    fn connects(&self, stones: u32, from: u32, to: u32) -> bool {
        let mut reached = stones & from;
        loop {
            if reached & to != 0 {
                return true;
            }
            let mut next = reached;
            for i in 0..self.neighbours.len() {
                if reached & (1 << i) != 0 {
                    next |= self.neighbours[i] & stones;
                }
            }
            if next == reached {
                return false;
            }
            reached = next;
        }
    }

    fn winner(&self, black: u32, white: u32) -> Option<Color> {
        if self.connects(black, self.north, self.south) {
            Some(Color::Black)
        } else if self.connects(white, self.west, self.east) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether `to_move` wins with perfect play.
    fn wins(
        &self,
        black: u32,
        white: u32,
        to_move: Color,
        memo: &mut HashMap<(u32, u32, bool), bool>,
    ) -> bool {
        if let Some(w) = self.winner(black, white) {
            return w == to_move;
        }
        let key = (black, white, to_move == Color::Black);
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let empty = self.all() & !black & !white;
        let mut result = false;
        for i in 0..self.neighbours.len() {
            if empty & (1 << i) != 0 {
                let (b, w) = if to_move == Color::Black {
                    (black | 1 << i, white)
                } else {
                    (black, white | 1 << i)
                };
                if !self.wins(b, w, !to_move, memo) {
                    result = true;
                    break;
                }
            }
        }
        memo.insert(key, result);
        result
    }

    /// Dead by definition: no completion of the other empty cells has a winner that depends
    /// on the colour of `cell`.
    /// (Completions are enumerated as the set of Black cells; the rest is White.)
    fn is_dead(&self, black: u32, white: u32, cell: usize) -> bool {
        let others: Vec<usize> = (0..self.neighbours.len())
            .filter(|&i| i != cell && (black | white) & (1 << i) == 0)
            .collect();
        for fill in 0..(1u32 << others.len()) {
            let mut b = black;
            for (k, &i) in others.iter().enumerate() {
                if fill & (1 << k) != 0 {
                    b |= 1 << i;
                }
            }
            let with_black = self.connects(b | 1 << cell, self.north, self.south);
            let with_white = self.connects(b, self.north, self.south);
            if with_black != with_white {
                return false;
            }
        }
        true
    }

    fn bit(&self, p: Point) -> u32 {
        let (c, r) = p.col_row().unwrap();
        1 << (r as i32 * self.width + c as i32)
    }

    fn masks(&self, stones: &ByColor<CellSet>) -> (u32, u32) {
        let fold = |set: CellSet| set.iter().fold(0, |acc, p| acc | self.bit(p));
        (fold(stones.black), fold(stones.white))
    }

    fn point(&self, i: usize) -> Point {
        Point::cell(i as u8 % self.width as u8, i as u8 / self.width as u8).unwrap()
    }
}

fn random_position(rng: &mut Rng, size: u8, empties: u32) -> Option<Position> {
    let board = Board::square(size).unwrap();
    let mut pos = Position::new(board);
    let cells: Vec<Point> = board.cells().iter().collect();
    let mut stones = ByColor {
        black: CellSet::EMPTY,
        white: CellSet::EMPTY,
    };
    let mut free = cells.clone();
    while free.len() as u32 > empties {
        let i = rng.below(free.len() as u64) as usize;
        let p = free.swap_remove(i);
        let colour = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        stones[colour].insert(p);
    }
    let to_move = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    pos.reset_to(stones, to_move);
    (pos.connected_winner().is_none()).then_some(pos)
}

fn stones_of(pos: &Position) -> ByColor<CellSet> {
    ByColor {
        black: pos.stones(Color::Black),
        white: pos.stones(Color::White),
    }
}

#[test]
fn builtin_patterns_are_figure_8_five_dead_six_dominated_eleven_captured() {
    let set = PatternSet::builtin();
    let count =
        |f: &dyn Fn(PatternKind) -> bool| set.patterns().iter().filter(|p| f(p.kind)).count();
    assert_eq!(count(&|k| k == PatternKind::Dead), 5);
    assert_eq!(count(&|k| k == PatternKind::Dominated(Color::White)), 6);
    assert_eq!(count(&|k| k == PatternKind::Captured(Color::White)), 11);
    // 22 patterns in up to 24 orientations and colourings, fewer where symmetric.
    assert!(
        set.variant_count() > 22 * 6 && set.variant_count() <= 22 * 24,
        "{}",
        set.variant_count()
    );
}

#[test]
fn pattern_file_errors_are_reported_not_panicked() {
    assert!(PatternSet::parse("dead\n o\n").is_err());
    assert!(PatternSet::parse("alive x\n o\n").is_err());
    assert!(PatternSet::parse("dead x\n o Q\n").is_err());
    assert!(PatternSet::parse("dead x\n o\no\n").is_ok()); // row 1 shifted: on the grid
    assert!(PatternSet::parse("dead x\n o  o\n").is_err()); // odd spacing: off the grid
    assert!(PatternSet::parse("dominated white x\n o o\n").is_err());
    assert!(PatternSet::parse("captured purple x\n o o\n").is_err());
    assert!(PatternSet::parse("dead x\n B W\n").is_err());
}

/// Places a pattern (in its written orientation) on an empty 7x7 board around d4 and
/// returns the stones and the cells of each kind.
fn embed(cells: &[(i8, i8, PatternCell)]) -> (ByColor<CellSet>, Vec<Point>, Option<Point>) {
    let mut stones = ByColor {
        black: CellSet::EMPTY,
        white: CellSet::EMPTY,
    };
    let mut marked = Vec::new();
    let mut star = None;
    for &(dq, dr, cell) in cells {
        let p = Point::cell((3 + dq) as u8, (3 + dr) as u8).unwrap();
        match cell {
            PatternCell::Stone(c) => stones[c].insert(p),
            PatternCell::Marked => marked.push(p),
            PatternCell::Dominator => star = Some(p),
        }
    }
    (stones, marked, star)
}

fn simplicial_in_either_graph(board: Board, stones: ByColor<CellSet>, cell: Point) -> bool {
    let mut pos = Position::new(board);
    pos.reset_to(stones, Color::Black);
    Color::ALL.into_iter().any(|c| {
        let g = ShannonGraph::from_position(&pos, c);
        simplicial_vertices(&g).contains(cell.index() as u16)
    })
}

#[test]
fn every_pattern_claim_holds_in_the_reduced_graph_and_the_matcher_finds_it() {
    let board = Board::square(7).unwrap();
    let set = PatternSet::builtin();
    for pattern in set.patterns() {
        let (stones, marked, star) = embed(&pattern.cells);
        match pattern.kind {
            PatternKind::Dead => {
                for &o in &marked {
                    assert!(
                        simplicial_in_either_graph(board, stones, o),
                        "{}: {o} not dead",
                        pattern.name
                    );
                }
            }
            PatternKind::Dominated(c) => {
                let (o, star) = (marked[0], star.unwrap());
                assert!(
                    !simplicial_in_either_graph(board, stones, o),
                    "{}: reducible",
                    pattern.name
                );
                let mut after = stones;
                after[c].insert(star);
                assert!(
                    simplicial_in_either_graph(board, after, o),
                    "{}: {star} does not kill {o}",
                    pattern.name
                );
            }
            PatternKind::Captured(c) => {
                for &o in &marked {
                    assert!(
                        !simplicial_in_either_graph(board, stones, o),
                        "{}: reducible",
                        pattern.name
                    );
                    let mut after = stones;
                    for &other in marked.iter().filter(|&&p| p != o) {
                        after[c].insert(other);
                    }
                    assert!(
                        simplicial_in_either_graph(board, after, o),
                        "{}: {o} survives",
                        pattern.name
                    );
                }
            }
        }
        let matches = set.find_matches(&board, &stones);
        let want: CellSet = marked.iter().copied().collect();
        assert!(
            // A colour-exchanged twin (four-black / four-white) may be the variant that matches.
            matches
                .iter()
                .any(|m| m.kind == pattern.kind && m.marked == want),
            "{} not found where it was placed",
            pattern.name
        );
    }
}

#[test]
fn edges_count_as_stones_of_their_owner() {
    // c1 touches the north edge twice; with black b1 and d1 that is four black neighbours
    // in a row: dead.
    let pos = diagram::parse(
        ". B . B .
          . . . . .
           . . W . .
            . . . . .
             . . . . .",
    )
    .unwrap();
    let result = analyze(&pos, Color::White);
    let c1 = Point::parse("c1").unwrap();
    assert!(result.dead.contains(c1), "{:?}", result);
    assert!(result.reasons_for(c1).count() >= 1);
    // The same shape against the west edge is not dead for a black "edge".
    let pos = diagram::parse(
        ". . . . .
          B . . . .
           . . . . .
            B . . . .
             . . . . .",
    )
    .unwrap();
    let result = analyze(&pos, Color::White);
    assert!(
        !result.dead.contains(Point::parse("a3").unwrap()),
        "{:?}",
        result
    );
}

#[test]
fn a_ring_of_black_stones_captures_two_cells() {
    // Figure 5 (left) style: the two empty cells c3 d3 are surrounded by Black.
    let pos = diagram::parse(
        ". . . . . .
          . . B B . .
           . B . . B .
            . . B B . .
             . . . . . .
              . . . . . .",
    )
    .unwrap();
    let result = analyze(&pos, Color::White);
    let pair: CellSet = ["c3", "d3"]
        .iter()
        .map(|s| Point::parse(s).unwrap())
        .collect();
    assert!(
        pair.is_subset(&(result.captured.black | result.dead)),
        "{:?}",
        result
    );
    assert!(!result.consider.intersects(&pair));
}

#[test]
fn hexgui_format_lists_cell_code_pairs() {
    let pos = diagram::parse(
        ". B . B .
          . . . . .
           . . W . .
            . . . . .
             . . . . .",
    )
    .unwrap();
    let result = analyze(&pos, Color::White);
    let text = hexgui_format(&result);
    assert!(text.contains("c1 fdb"), "{text}");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(tokens.len() % 2, 0, "{text}");
    for pair in tokens.chunks(2) {
        assert!(Point::parse(pair[0]).is_ok(), "{text}");
        let code = pair[1];
        assert!(
            ["fdb", "fdw", "fcb", "fcw"].contains(&code)
                || code.starts_with("id[")
                || code.starts_with("iv[")
                || code.starts_with("ir["),
            "{text}"
        );
    }
}

/// Figures gathered by the oracle tests.
#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    truly_dead: usize,
    reported_dead: usize,
    pruned: usize,
    empties: usize,
}

fn check_dead(small: &Small, pos: &Position, result: &InferiorCells, tally: &mut Tally) {
    let (black, white) = small.masks(&stones_of(pos));
    for p in result.dead {
        assert!(
            small.is_dead(black, white, small_index(small, p)),
            "{p} reported dead in\n{}",
            diagram::to_diagram(pos)
        );
    }
    for i in 0..small.neighbours.len() {
        if (black | white) & (1 << i) == 0 && small.is_dead(black, white, i) {
            tally.truly_dead += 1;
            if result.dead.contains(small.point(i)) {
                tally.reported_dead += 1;
            }
        }
    }
    // Cells dead after fill-in are dead in the filled position.
    let (fb, fw) = small.masks(&result.filled_stones(pos));
    for p in result.dead_after_fill {
        let i = small_index(small, p);
        let (fb, fw) = (fb & !(1 << i), fw & !(1 << i));
        assert!(
            small.is_dead(fb, fw, i),
            "{p} not dead after fill-in in\n{}",
            diagram::to_diagram(pos)
        );
    }
}

/// The solver's analysis with the patterns' fill-in settled before the graphs run.
fn patterns_first() -> AnalysisOptions {
    AnalysisOptions {
        patterns_first: true,
        ..ohm_engine::solver::SolverParams::DEFAULT.inferior
    }
}

fn small_index(small: &Small, p: Point) -> usize {
    let (c, r) = p.col_row().unwrap();
    r as usize * small.width as usize + c as usize
}

fn check_fill_and_moves(small: &Small, pos: &Position, tally: &mut Tally) {
    let (black, white) = small.masks(&stones_of(pos));
    let mut memo = HashMap::new();
    for (to_move, options) in Color::ALL.into_iter().flat_map(|c| {
        // The solver gives every dead cell to one colour, whoever moves.
        let dead_to = |colour| AnalysisOptions {
            dead_to: Some(colour),
            ..AnalysisOptions::SOLVER
        };
        [
            (c, AnalysisOptions::FULL),
            (c, AnalysisOptions::SOLVER),
            (c, AnalysisOptions::DEEP),
            (c, dead_to(Color::Black)),
            // What the solver runs at every node (its dead cells to White), and with the
            // patterns' fill-in settled before the graphs run (another order, another
            // fill-in).
            (c, ohm_engine::solver::SolverParams::DEFAULT.inferior),
            (c, patterns_first()),
        ]
    }) {
        let result =
            ohm_engine::inferior::analyze_with(pos, to_move, &options, &PatternSet::builtin());
        let (fb, fw) = small.masks(&result.filled_stones(pos));
        for side in Color::ALL {
            assert_eq!(
                small.wins(black, white, side, &mut memo),
                small.wins(fb, fw, side, &mut memo),
                "fill-in for {to_move:?} changes the value with {side:?} to move in\n{}\n{result:?}",
                diagram::to_diagram(pos)
            );
        }
        let empty = small.all() & !black & !white;
        tally.empties += empty.count_ones() as usize;
        tally.pruned += (empty.count_ones() - result.consider.len()) as usize;
        assert!(result.consider.iter().all(|p| empty & small.bit(p) != 0));
        if small.wins(black, white, to_move, &mut memo) {
            let winning = result.consider.iter().any(|p| {
                let (b, w) = if to_move == Color::Black {
                    (black | small.bit(p), white)
                } else {
                    (black, white | small.bit(p))
                };
                !small.wins(b, w, !to_move, &mut memo)
            });
            assert!(
                winning,
                "no winning move kept for {to_move:?} in\n{}\n{result:?}",
                diagram::to_diagram(pos)
            );
        }
    }
}

/// Calls `check` on `count` random positions of `size`x`size` with `empties` empty cells, for
/// each `(size, empties, count)` of `plan` (games already won are skipped).
fn for_sample_positions(
    rng: &mut Rng,
    plan: &[(u8, u32, u32)],
    mut check: impl FnMut(&Small, &Position),
) {
    for &(size, empties, count) in plan {
        let small = Small::new(size as i32, size as i32);
        let mut done = 0;
        while done < count {
            if let Some(pos) = random_position(rng, size, empties) {
                check(&small, &pos);
                done += 1;
            }
        }
    }
}

#[test]
fn oracle_dead_cells_are_dead_on_small_boards() {
    let mut rng = Rng(0x5eed_dead);
    let mut tally = Tally::default();
    for_sample_positions(
        &mut rng,
        &[
            (3u8, 6u32, 60),
            (4, 9, 80),
            (4, 12, 20),
            (5, 12, 25),
            (5, 14, 5),
        ],
        |small, pos| {
            let result = analyze(pos, pos.to_move());
            check_dead(small, pos, &result, &mut tally);
            tally.positions += 1;
        },
    );
    eprintln!(
        "dead oracle: {} positions, {} truly dead cells, {} reported ({:.0}%)",
        tally.positions,
        tally.truly_dead,
        tally.reported_dead,
        100.0 * tally.reported_dead as f64 / tally.truly_dead.max(1) as f64
    );
    assert!(
        tally.truly_dead > 20,
        "the sample should contain dead cells"
    );
    assert!(tally.reported_dead > 0);
}

#[test]
fn oracle_fill_in_keeps_the_winner_and_pruning_keeps_a_winning_move() {
    let mut rng = Rng(0xf111_0001);
    let mut tally = Tally::default();
    for_sample_positions(
        &mut rng,
        &[
            (3u8, 5u32, 60),
            (4, 8, 120),
            (4, 10, 30),
            (5, 9, 50),
            (5, 10, 15),
        ],
        |small, pos| {
            check_fill_and_moves(small, pos, &mut tally);
            tally.positions += 1;
        },
    );
    eprintln!(
        "move oracle: {} positions x 2 sides, {} of {} empty cells pruned ({:.0}%)",
        tally.positions,
        tally.pruned,
        tally.empties,
        100.0 * tally.pruned as f64 / tally.empties.max(1) as f64
    );
    assert!(tally.pruned > 0);
}

#[test]
fn analysis_switched_off_prunes_nothing() {
    let pos = diagram::parse(
        ". B . B .
          . . . . .
           . . W . .
            . . . . .
             . . . . .",
    )
    .unwrap();
    let off = AnalysisOptions::NONE;
    let result =
        ohm_engine::inferior::analyze_with(&pos, Color::White, &off, &PatternSet::builtin());
    assert_eq!(result.consider, pos.empty_cells());
    assert!(result.dead.is_empty());
}

/// The same oracles on thousands of positions (about 20 s with the engine optimised, as the
/// workspace's dev profile does). `ohm bench inferior` gives the timing figures.
#[test]
fn oracle_on_thousands_of_small_positions() {
    let mut rng = Rng(0x0bad_cafe);
    let mut tally = Tally::default();
    for_sample_positions(
        &mut rng,
        &[(4u8, 10u32, 1500), (5, 11, 1500), (5, 13, 300), (4, 16, 3)],
        |small, pos| {
            let result = analyze(pos, pos.to_move());
            check_dead(small, pos, &result, &mut tally);
            // The analysis that settles the patterns first reaches its fill-in in another
            // order: its claims too.
            let settled = ohm_engine::inferior::analyze_with(
                pos,
                pos.to_move(),
                &patterns_first(),
                &PatternSet::builtin(),
            );
            check_dead(small, pos, &settled, &mut Tally::default());
            check_fill_and_moves(small, pos, &mut tally);
            tally.positions += 1;
        },
    );
    eprintln!("{tally:?}");
}

#[test]
fn a_decided_position_has_only_dead_cells() {
    let pos = diagram::parse(
        "B . .
          B . .
           B . W",
    )
    .unwrap();
    let result = analyze(&pos, Color::White);
    assert_eq!(result.dead, pos.empty_cells());
    assert_eq!(result.consider, pos.empty_cells());
}

#[test]
fn analysis_runs_on_the_largest_board() {
    let mut rng = Rng(0x1919_1919);
    let pos = loop {
        if let Some(pos) = random_position(&mut rng, 19, 361 - 150) {
            break pos;
        }
    };
    let result = analyze(&pos, pos.to_move());
    assert!(!result.consider.is_empty());
    assert!(result.consider.is_subset(&pos.empty_cells()));
    let filled = result.filled_stones(&pos);
    assert!(!filled.black.intersects(&filled.white));
    assert!((result.fill.black | result.fill.white).is_subset(&pos.empty_cells()));
}

/// Björnsson et al.'s Figure 5 (right): three marked cells form a Black-dominated set, since a
/// Black move at the dotted one captures the other two. The figure is not in our copy; this
/// is the left diagram's ring (see `a_ring_of_black_stones_captures_two_cells`) on a 5x5 board
/// with one ring stone, d2, left out as the dot: Black at d2 closes the ring and captures
/// c3 d3. White's stones sit far away so that the exhaustive solver can check the claims.
#[test]
fn bjornsson_figure_5_right_a_dominated_triple() {
    let pos = diagram::parse(
        "W W . . .
          W . B . .
           . B . . B
            . . B B .
             W W . . .",
    )
    .unwrap();
    assert_eq!(pos.to_move(), Color::Black);
    let cell = |s: &str| Point::parse(s).unwrap();
    let (dot, pair) = (cell("d2"), CellSet::single(cell("c3")).with(cell("d3")));
    let small = Small::new(5, 5);
    let (black, white) = small.masks(&stones_of(&pos));
    let bits = |set: CellSet| set.iter().fold(0, |acc, p| acc | small.bit(p));
    let mut memo = HashMap::new();
    // Without the dot the pair is not captured: a White stone on c3 would not die.
    let before = analyze(&pos, Color::Black);
    assert!(!pair.is_subset(&before.captured.black), "{before:?}");
    // Black at the dot: the pair is captured (the engine fills it in) ...
    let mut after = pos.clone();
    after.play_unchecked(Color::Black, ohm_engine::Move::Cell(dot));
    let result = analyze(&after, Color::White);
    assert!(
        pair.is_subset(&(result.captured.black | result.dead)),
        "{result:?}"
    );
    // ... and by the solver: filling it in keeps the value for either side to move.
    let black_dot = black | small.bit(dot);
    for side in Color::ALL {
        assert_eq!(
            small.wins(black_dot, white, side, &mut memo),
            small.wins(black_dot | bits(pair), white, side, &mut memo)
        );
    }
    // The local game (Observation 4.5): after the dot, a White stone on either cell of the
    // pair is dead once Black takes the other, so Black wins the set moving first at the dot.
    for m in pair.iter() {
        let other = (pair - m).first().unwrap();
        assert!(small.is_dead(black_dot | small.bit(other), white, small_index(&small, m)));
    }
    // Without the dot that fails: White on c3, Black on d3, and c3 still matters.
    assert!(!small.is_dead(
        black | small.bit(cell("d3")),
        white,
        small_index(&small, cell("c3"))
    ));
    assert!(before.consider.contains(dot), "{before:?}");
}

/// Every claim of the generated library, wherever it matches on random small boards, checked
/// by the property that defines it, with the exhaustive solver: dead cells never change a
/// completion's winner; a captured pair filled with its owner keeps the value for either
/// side to move; a dominated move loses whenever its dominator does; a vulnerable stone is
/// dead once the killer is played; after a reversible move and its reverser's answer, the
/// position is worth what it would be with two opponent stones there.
#[test]
fn oracle_every_library_claim_holds_where_it_matches() {
    use ohm_engine::inferior::{Claim, Library};
    let library = Library::builtin();
    let mut rng = Rng(0x11b7_a7e5);
    let mut seen = std::collections::HashMap::<Claim, usize>::new();
    for_sample_positions(
        &mut rng,
        &[
            (3u8, 5u32, 150),
            (4, 8, 300),
            (4, 11, 80),
            (5, 10, 150),
            (5, 13, 20),
        ],
        |small, pos| {
            let stones = stones_of(pos);
            let mut memo = HashMap::new();
            for m in library.find_matches(pos.board(), &stones) {
                *seen.entry(m.claim).or_default() += 1;
                check_library_match(small, pos, &m, &mut memo);
            }
        },
    );
    eprintln!("library matches checked: {seen:?}");
    for claim in [
        Claim::Dead,
        Claim::Captured,
        Claim::Dominated,
        Claim::Vulnerable,
        Claim::Reversible,
    ] {
        assert!(
            seen.get(&claim).copied().unwrap_or(0) > 10,
            "{claim:?}: {seen:?}"
        );
    }
}

/// Every pattern of the generated library placed on a board just large enough for its known
/// positions, the rest filled at random (a few cells left empty), and checked there by the
/// exhaustive solver like the matches above; the matcher must report it. The random boards
/// above seldom hold the larger patterns (a pair with both rings around it known), so this
/// reaches each one that fits in 32 cells.
#[test]
fn oracle_every_library_pattern_holds_where_it_is_placed() {
    use ohm_engine::inferior::local::{BLACK, EMPTY, UNKNOWN, WHITE, WINDOW};
    use ohm_engine::inferior::Library;
    const MOST_EMPTY: u32 = 12;
    let library = Library::builtin();
    let mut rng = Rng(0x5eed_0f1a);
    let (mut placed, mut too_big) = (0, 0);
    for p in library.patterns() {
        let known: Vec<(i8, i8, u8)> = p
            .cells
            .iter()
            .zip(WINDOW)
            .filter(|&(&state, _)| state != UNKNOWN)
            .map(|(&state, (q, r))| (q, r, state))
            .collect();
        let q_min = known.iter().map(|k| k.0).min().unwrap();
        let r_min = known.iter().map(|k| k.1).min().unwrap();
        let width = i32::from(known.iter().map(|k| k.0).max().unwrap() - q_min + 1);
        let height = i32::from(known.iter().map(|k| k.1).max().unwrap() - r_min + 1);
        if width * height > 32 {
            too_big += 1;
            continue;
        }
        let board = Board::new(width as u8, height as u8).unwrap();
        let small = Small::new(width, height);
        let at = |(q, r): (i8, i8)| board.cell((q - q_min) as u8, (r - r_min) as u8).unwrap();
        let pattern_empty = known.iter().filter(|k| k.2 == EMPTY).count() as u32;
        for _ in 0..2 {
            let mut stones = ByColor {
                black: CellSet::EMPTY,
                white: CellSet::EMPTY,
            };
            for &(q, r, state) in &known {
                match state {
                    BLACK => stones.black.insert(at((q, r))),
                    WHITE => stones.white.insert(at((q, r))),
                    _ => {}
                }
            }
            let pattern_cells: CellSet = known.iter().map(|&(q, r, _)| at((q, r))).collect();
            let mut spare_empty = MOST_EMPTY.saturating_sub(pattern_empty);
            for cell in board.cells().iter().filter(|c| !pattern_cells.contains(*c)) {
                if spare_empty > 0 && rng.below(3) == 0 {
                    spare_empty -= 1;
                } else if rng.below(2) == 0 {
                    stones.black.insert(cell);
                } else {
                    stones.white.insert(cell);
                }
            }
            let mut pos = Position::new(board);
            pos.reset_to(stones, Color::Black);
            let (cell, partner) = (at(WINDOW[0]), at(WINDOW[p.partner as usize]));
            let matches = library.find_matches(&board, &stones);
            assert!(
                matches.iter().any(|m| m.claim == p.claim
                    && m.colour == p.colour
                    && m.cell == cell
                    && (p.claim == ohm_engine::inferior::Claim::Dead || m.partner == partner)),
                "the matcher misses {} placed here\n{}",
                p.to_line(),
                diagram::to_diagram(&pos)
            );
            let mut memo = HashMap::new();
            for m in &matches {
                check_library_match(&small, &pos, m, &mut memo);
            }
        }
        placed += 1;
    }
    eprintln!("library patterns placed and checked: {placed} (larger than 32 cells: {too_big})");
    assert!(
        placed > library.patterns().len() / 2,
        "{placed} placed, {too_big} too big"
    );
}

/// Checks one match of the generated library on a small board by the property that defines
/// its claim, with the exhaustive solver (see [`oracle_every_library_claim_holds_where_it_matches`]).
fn check_library_match(
    small: &Small,
    pos: &Position,
    m: &ohm_engine::inferior::LibraryMatch,
    memo: &mut HashMap<(u32, u32, bool), bool>,
) {
    use ohm_engine::inferior::Claim;
    let (black, white) = small.masks(&stones_of(pos));
    let picture = || diagram::to_diagram(pos);
    let play = |b: u32, w: u32, colour: Color, bit: u32| match colour {
        Color::Black => (b | bit, w),
        Color::White => (b, w | bit),
    };
    // The two positions have the same winner whichever side moves first.
    let same_value =
        |a: (u32, u32), b: (u32, u32), memo: &mut HashMap<_, _>, what: &dyn Fn(Color) -> String| {
            for side in Color::ALL {
                assert_eq!(
                    small.wins(a.0, a.1, side, memo),
                    small.wins(b.0, b.1, side, memo),
                    "{}\n{}",
                    what(side),
                    picture()
                );
            }
        };
    let (c, d) = (small.bit(m.cell), small.bit(m.partner));
    let (x, y) = (m.colour, !m.colour);
    match m.claim {
        Claim::Dead => assert!(
            small.is_dead(black, white, small_index(small, m.cell)),
            "{m:?}\n{}",
            picture()
        ),
        Claim::Captured => same_value(
            (black, white),
            play(black, white, x, c | d),
            memo,
            &|side| format!("{m:?} with {side:?} to move"),
        ),
        Claim::Dominated => {
            let (cb, cw) = play(black, white, x, c);
            let (db, dw) = play(black, white, x, d);
            if !small.wins(cb, cw, y, memo) {
                assert!(
                    !small.wins(db, dw, y, memo),
                    "{m:?}: the dominator loses where the cell wins\n{}",
                    picture()
                );
            }
        }
        Claim::Vulnerable => {
            let (b, w) = play(black, white, x, c);
            let (b, w) = play(b, w, y, d);
            let (b, w) = (b & !c, w & !c);
            assert!(
                small.is_dead(b, w, small_index(small, m.cell)),
                "{m:?}: the stone survives its killer\n{}",
                picture()
            );
        }
        Claim::Reversible => {
            // The answer leaves the stone no better than the opponent's own.
            let (b, w) = play(black, white, x, c);
            same_value(
                play(b, w, y, d),
                play(black, white, y, c | d),
                memo,
                &|side| format!("{m:?}: the answer leaves the stone alive, {side:?} to move"),
            );
        }
        Claim::PermanentlyInferior => {}
    }
}

/// The pruning rule keeps a cell when the relations would otherwise remove every move:
/// vulnerable cells killing each other in a cycle, dominations in a cycle, a killer that is
/// itself pruned.
#[test]
fn pruning_never_removes_every_move_whatever_the_relations() {
    use ohm_engine::inferior::prune;
    let p = |s: &str| Point::parse(s).unwrap();
    let set = |cells: &[&str]| cells.iter().map(|s| p(s)).collect::<CellSet>();
    let empty = set(&["a1", "b1", "c1"]);
    // A three-cycle of killers: a1 dies to b1, b1 to c1, c1 to a1.
    let cycle = vec![
        (p("a1"), set(&["b1"])),
        (p("b1"), set(&["c1"])),
        (p("c1"), set(&["a1"])),
    ];
    let kept = prune(empty, &[], &cycle);
    assert!(!kept.is_empty());
    // A mutual domination cycle keeps one of its cells.
    let dominated = vec![
        (p("a1"), set(&["b1"])),
        (p("b1"), set(&["c1"])),
        (p("c1"), set(&["a1"])),
    ];
    assert_eq!(prune(empty, &dominated, &[]).len(), 1);
    // Both at once, on every order of the lists.
    for rotation in 0..3 {
        let mut v = cycle.clone();
        v.rotate_left(rotation);
        let mut d = dominated.clone();
        d.rotate_right(rotation);
        let kept = prune(empty, &d, &v);
        assert!(!kept.is_empty(), "{kept:?}");
        // The guard: some kept, non-vulnerable cell is nobody's chosen killer, or a dominated
        // chain leads to a kept cell.
    }
    // Random relations on random sets: never empty.
    let mut rng = Rng(0x9e11);
    let cells: Vec<Point> = Board::square(4).unwrap().cells().iter().collect();
    for _ in 0..2000 {
        let empty: CellSet = cells
            .iter()
            .copied()
            .filter(|_| rng.below(2) == 0)
            .collect();
        if empty.is_empty() {
            continue;
        }
        let mut relation = || {
            let mut out = Vec::new();
            for c in empty {
                if rng.below(2) == 0 {
                    let by: CellSet = empty.iter().filter(|_| rng.below(3) == 0).collect();
                    out.push((c, by));
                }
            }
            out
        };
        let (d, v) = (relation(), relation());
        assert!(!prune(empty, &d, &v).is_empty());
    }
}

/// Fill-in and pruning never lose the value: in every solved 9x9 position of
/// `tests/data/solved-9x9-positions.csv` (from `../shared/data/`) where the side to move wins,
/// the considered moves contain a winning move, with all recognisers, with the solver's
/// option set and with the local games of small regions; and no considered move is declared
/// dead or captured.
#[test]
fn solved_positions_keep_a_winning_move_in_the_considered_set() {
    use ohm_engine::inferior::analyze_with;
    let text = include_str!("data/solved-9x9-positions.csv");
    let board = Board::square(9).unwrap();
    let (mut checked, mut wins, mut pruned, mut legal) = (0, 0, 0u32, 0u32);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("board_size"))
    {
        let fields: Vec<&str> = line.split(',').collect();
        let record = ohm_engine::notation::moves::parse(fields[2], board).expect("moves");
        let position = record.to_position().expect("legal record");
        let to_move = Color::parse(fields[3]).unwrap();
        let winner = Color::parse(fields[4]).unwrap();
        assert_eq!(position.to_move(), to_move, "{line}");
        let winning: CellSet = fields[5]
            .split_whitespace()
            .map(|s| Point::parse(s).unwrap())
            .collect();
        for options in [
            AnalysisOptions::FULL,
            AnalysisOptions::SOLVER,
            AnalysisOptions::DEEP,
            ohm_engine::solver::SolverParams::DEFAULT.inferior,
            patterns_first(),
        ] {
            let cells = analyze_with(&position, to_move, &options, &PatternSet::builtin());
            legal += position.empty_cells().len();
            pruned += position.empty_cells().len() - cells.consider.len();
            if winner == to_move {
                assert!(
                    cells.consider.intersects(&winning),
                    "no winning move kept ({options:?}) in {line}\nconsider {}",
                    cells.consider
                );
                wins += 1;
            }
            checked += 1;
        }
    }
    eprintln!("{checked} analyses, {wins} won for the mover, {pruned} of {legal} moves pruned");
    assert!(checked >= 300 && wins > 100);
}

/// The generated library proves everything Figure 8's hand-written file claims: each of its
/// patterns, placed on an empty board, is matched by the library with the same claim.
#[test]
fn the_generated_library_subsumes_figure_8() {
    use ohm_engine::inferior::{Claim, Library};
    let board = Board::square(7).unwrap();
    let library = Library::builtin();
    for pattern in PatternSet::builtin().patterns() {
        let (stones, marked, star) = embed(&pattern.cells);
        let found = library.find_matches(&board, &stones);
        let ok = match pattern.kind {
            PatternKind::Dead => marked
                .iter()
                .all(|&o| found.iter().any(|m| m.claim == Claim::Dead && m.cell == o)),
            PatternKind::Captured(c) => marked.iter().all(|&o| {
                found.iter().any(|m| {
                    m.claim == Claim::Captured
                        && m.colour == c
                        && m.cell == o
                        && marked.contains(&m.partner)
                })
            }),
            PatternKind::Dominated(c) => {
                let (o, star) = (marked[0], star.unwrap());
                found.iter().any(|m| {
                    m.claim == Claim::Dominated && m.colour == c && m.cell == o && m.partner == star
                }) && found.iter().any(|m| {
                    m.claim == Claim::Vulnerable
                        && m.colour == !c
                        && m.cell == o
                        && m.partner == star
                })
            }
        };
        assert!(
            ok,
            "{} ({:?}) not proven by the library: {found:?}",
            pattern.name, pattern.kind
        );
    }
}

/// Dead regions are dead by definition, and a decomposition's parts decide the value as the
/// theory says (the opponent of the cutting group wins moving first iff some part is a win
/// moving first; the cutting colour moving first iff it wins one part moving first and all
/// the others moving second), by the exhaustive solver.
#[test]
fn oracle_dead_regions_and_decompositions() {
    use ohm_engine::inferior::{dead_regions, decompose};
    let mut rng = Rng(0xdec0_4405);
    let (mut regions, mut decompositions) = (0, 0);
    for_sample_positions(
        &mut rng,
        &[(3u8, 4u32, 300), (4, 7, 1500), (5, 10, 600)],
        |small, pos| {
            let (black, white) = small.masks(&stones_of(pos));
            for p in dead_regions(pos) {
                regions += 1;
                assert!(
                    small.is_dead(black, white, small_index(small, p)),
                    "{p} in a dead region\n{}",
                    diagram::to_diagram(pos)
                );
            }
            let mut memo = HashMap::new();
            for splitter in Color::ALL {
                let Some(d) = decompose(pos, splitter) else {
                    continue;
                };
                decompositions += 1;
                let parts: Vec<(u32, u32)> = (0..d.parts.len())
                    .map(|i| small.masks(&stones_of(&d.part_position(pos, i))))
                    .collect();
                let other = !splitter;
                let other_wins = small.wins(black, white, other, &mut memo);
                let by_parts = parts
                    .iter()
                    .any(|&(b, w)| small.wins(b, w, other, &mut memo));
                assert_eq!(other_wins, by_parts, "{d:?}\n{}", diagram::to_diagram(pos));
                let splitter_wins = small.wins(black, white, splitter, &mut memo);
                let by_parts = (0..parts.len()).any(|i| {
                    let (b, w) = parts[i];
                    small.wins(b, w, splitter, &mut memo)
                        && parts
                            .iter()
                            .enumerate()
                            .all(|(j, &(b, w))| j == i || !small.wins(b, w, other, &mut memo))
                });
                assert_eq!(
                    splitter_wins,
                    by_parts,
                    "{d:?}\n{}",
                    diagram::to_diagram(pos)
                );
            }
        },
    );
    eprintln!("{regions} dead-region cells, {decompositions} decompositions checked");
    assert!(regions > 20 && decompositions > 20);
}

/// The reduced graphs read from the stones ([`ohm_engine::inferior::reduced`]) give the same
/// simplicial cells and the same mutually supporting and threatening pairs as the generic
/// graph recognisers of [`ohm_engine::shannon`], on random positions of every size.
#[test]
fn reduced_graphs_agree_with_the_generic_recognisers() {
    use ohm_engine::inferior::reduced::ReducedGraph;
    use ohm_engine::shannon::relations::Relations;
    let mut rng = Rng(0x7ed0_c3d5);
    let (mut pairs, mut simplicial) = (0, 0);
    for size in [3u8, 4, 5, 6, 7, 9, 11] {
        let cells = u32::from(size) * u32::from(size);
        for _ in 0..60 {
            let empties = cells / 4 + rng.below(u64::from(cells / 2)) as u32;
            let Some(pos) = random_position(&mut rng, size, empties) else {
                continue;
            };
            let stones = stones_of(&pos);
            for colour in Color::ALL {
                let graph = ShannonGraph::from_position(&pos, colour);
                let reduced = ReducedGraph::new(pos.board(), &stones, colour);
                let points = |v: &[(u16, u16)]| -> Vec<(Point, Point)> {
                    let p = |x: u16| Point::from_index(usize::from(x)).unwrap();
                    let mut out: Vec<_> = v.iter().map(|&(a, b)| (p(a), p(b))).collect();
                    out.sort_unstable();
                    out
                };
                let generic_simplicial: CellSet = simplicial_vertices(&graph)
                    .iter()
                    .map(|v| Point::from_index(usize::from(v)).unwrap())
                    .collect();
                assert_eq!(
                    reduced.simplicial(),
                    generic_simplicial,
                    "{colour:?}\n{}",
                    diagram::to_diagram(&pos)
                );
                let relations = Relations::compute(&graph);
                let found = reduced.mutual_pairs();
                assert_eq!(
                    found.captured,
                    points(&relations.captured_pairs()),
                    "captured, {colour:?}\n{}",
                    diagram::to_diagram(&pos)
                );
                assert_eq!(
                    found.lost,
                    points(&relations.lost_pairs()),
                    "lost, {colour:?}\n{}",
                    diagram::to_diagram(&pos)
                );
                for v in pos.empty_cells() {
                    assert_eq!(
                        reduced.neighbours(v),
                        graph
                            .neighbours(v.index() as u16)
                            .iter()
                            .map(|x| Point::from_index(usize::from(x)).unwrap())
                            .collect::<CellSet>(),
                        "{v} {colour:?}\n{}",
                        diagram::to_diagram(&pos)
                    );
                }
                pairs += found.captured.len() + found.lost.len();
                simplicial += generic_simplicial.len();
            }
        }
    }
    eprintln!("{pairs} mutual pairs, {simplicial} simplicial cells compared");
    assert!(pairs > 50 && simplicial > 50);
}

/// Every claim of the small regions' local games ([`ohm_engine::inferior::subgames`]) against
/// the exhaustive solver: a captured region filled with its owner keeps the value for either
/// side to move; a dominated move wins only if its dominator wins; a vulnerable stone answered
/// by its killer is worth no more than the opponent's stone there (either side to move).
#[test]
fn oracle_every_local_game_claim_holds() {
    use ohm_engine::inferior::reduced::ReducedGraph;
    use ohm_engine::inferior::subgames::{region_claims, Wanted};
    let mut rng = Rng(0x5ab9_a3e5);
    let (mut captured, mut dominated, mut vulnerable) = (0usize, 0usize, 0usize);
    for_sample_positions(
        &mut rng,
        &[
            (3u8, 5u32, 100),
            (4, 8, 250),
            (4, 11, 60),
            (5, 10, 120),
            (5, 13, 15),
        ],
        |small, pos| {
            let stones = stones_of(pos);
            let (black, white) = small.masks(&stones);
            let graphs = ByColor {
                black: ReducedGraph::new(pos.board(), &stones, Color::Black),
                white: ReducedGraph::new(pos.board(), &stones, Color::White),
            };
            let empty = pos.empty_cells();
            let mut memo = HashMap::new();
            let picture = || diagram::to_diagram(pos);
            let play = |b: u32, w: u32, colour: Color, bits: u32| match colour {
                Color::Black => (b | bits, w),
                Color::White => (b, w | bits),
            };
            let claims = region_claims(pos.board(), &graphs, empty, 5, Wanted::Captured);
            for (proof, owner) in &claims.captured {
                captured += 1;
                let set = proof.region.iter().fold(0, |m, p| m | small.bit(p));
                let (fb, fw) = play(black, white, *owner, set);
                for side in Color::ALL {
                    assert_eq!(
                        small.wins(black, white, side, &mut memo),
                        small.wins(fb, fw, side, &mut memo),
                        "{proof:?} captured by {owner:?}, {side:?} to move\n{}",
                        picture()
                    );
                }
            }
            for player in Color::ALL {
                let claims =
                    region_claims(pos.board(), &graphs, empty, 5, Wanted::MovesFor(player));
                for (cell, by, colour, proof) in &claims.dominated {
                    dominated += 1;
                    let (cb, cw) = play(black, white, *colour, small.bit(*cell));
                    let (db, dw) = play(black, white, *colour, small.bit(*by));
                    if !small.wins(cb, cw, !*colour, &mut memo) {
                        assert!(
                            !small.wins(db, dw, !*colour, &mut memo),
                            "{cell} dominated by {by} for {colour:?} ({proof:?})\n{}",
                            picture()
                        );
                    }
                }
                for (cell, killer, colour, proof) in &claims.vulnerable {
                    vulnerable += 1;
                    let (c, k) = (small.bit(*cell), small.bit(*killer));
                    let (ab, aw) = play(black, white, *colour, c);
                    let (ab, aw) = play(ab, aw, !*colour, k);
                    let (bb, bw) = play(black, white, !*colour, c | k);
                    for side in Color::ALL {
                        assert_eq!(
                            small.wins(ab, aw, side, &mut memo),
                            small.wins(bb, bw, side, &mut memo),
                            "{cell} vulnerable to {killer} for {colour:?} ({proof:?}), \
                             {side:?} to move\n{}",
                            picture()
                        );
                    }
                }
            }
        },
    );
    eprintln!(
        "local games: {captured} captured regions, {dominated} dominations, \
         {vulnerable} vulnerable moves checked"
    );
    assert!(captured > 20 && dominated > 20 && vulnerable > 20);
}
