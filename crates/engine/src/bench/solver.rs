//! The solver's benchmark: what the issue measures Ohm against (Benzene's DFPN solver on the
//! same machine). Every value the solver proves is checked against a known one: the first
//! player wins every empty board, the one-stone openings against `first-move-results.csv`,
//! the 9x9 positions against their file (each with its complete winning set, from an
//! independent solver). The same code runs natively (`ohm bench solver`) and in wasm
//! (`scripts/bench.sh solver`); the caller measures memory, since the engine cannot.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::solver::{Control, Progress, Solution, Solver, SolverParams};
use crate::{Board, CellSet, Color, Move, Point, Position};

/// The 174 positions from engine games on 9x9, each solved by an independent solver with its
/// complete winning set (a copy of `../shared/data/solved-9x9-positions.csv`).
pub const SOLVED_9X9: &str = include_str!("../../tests/data/solved-9x9-positions.csv");

/// The published puzzles of Benzene's regression collection (`regression/sgf/puzzles`: Berge,
/// Boll, Browne, Enderton, Hayward, Hein, Henderson, Little Golem; 3x3 to 11x11), one a line:
/// name, the side to move, the winner (the collection's expected answer), the position as
/// HexGui SGF. The issue measures how many have their value proven within 10 s each.
pub const PUZZLES: &str = include_str!("puzzles.txt");

/// The solver's suites: `solver` is quick (in `ohm bench all`), the others are long.
pub const SUITES: &[&str] = &[
    "solver",
    "solver-7x7",
    "solver-8x8",
    "solver-9x9",
    "solver-puzzles",
    "solver-small",
];

/// The 8x8 one-stone openings measured by default (the issue's; Benzene needs 69 and 38 s;
/// both lose for Black).
pub const DEFAULT_8X8_OPENINGS: &[&str] = &["a1", "d1"];

/// One position of a row, with the value it must have when proven.
#[derive(Clone, Debug)]
pub struct Case {
    pub position: Position,
    /// The winner with perfect play, when known.
    pub winner: Option<Color>,
    /// The complete set of winning moves, when known.
    pub winning_moves: Option<CellSet>,
}

/// A row of the benchmark: positions solved one after another.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    pub cases: Vec<Case>,
    /// One table kept across the row's positions (else a fresh table for each).
    pub shared_table: bool,
    /// The time limit per position, in milliseconds.
    pub limit_ms: Option<f64>,
}

/// What one position's solve did.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    pub index: usize,
    pub position: Position,
    pub winner: Option<Color>,
    pub best: Option<Point>,
    pub elapsed_ms: f64,
    pub work: u64,
    /// The proven value disagrees with the known one, or the named winning move is not in the
    /// known winning set.
    pub wrong: bool,
}

/// What a row did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowResult {
    pub name: String,
    pub positions: usize,
    pub proven: usize,
    pub proven_within_1s: usize,
    /// Proven values with a known value to check against, and how many of them disagreed.
    pub checked: usize,
    pub wrong: usize,
    pub elapsed_ms: f64,
    /// The longest time one position took.
    pub max_ms: f64,
    pub median_ms: f64,
    /// MID calls and node creations.
    pub work: u64,
    /// Positions analysed.
    pub created: u64,
    pub table_lookups: u64,
    pub table_hits: u64,
    /// The most bytes a table held.
    pub table_bytes: usize,
    /// The limit each position had, in milliseconds.
    pub limit_ms: Option<f64>,
    /// The winners proven, in order (`b`, `w`, `?`): the row's fingerprint.
    pub values: String,
}

impl RowResult {
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        if self.elapsed_ms > 0.0 {
            self.work as f64 / (self.elapsed_ms / 1000.0)
        } else {
            0.0
        }
    }

    #[must_use]
    pub fn hit_rate(&self) -> f64 {
        self.table_hits as f64 / self.table_lookups.max(1) as f64
    }

    /// Everything a table shows, as one line for scripts (`scripts/bench.sh` joins the native
    /// and the wasm ones): `solver PLATFORM NAME key=value…`; `peak` in bytes.
    #[must_use]
    pub fn raw_line(&self, platform: &str, peak: Option<u64>) -> String {
        let mib = |bytes: f64| bytes / f64::from(1 << 20);
        alloc::format!(
            "solver {platform} {} positions={} proven={} within1s={} checked={} wrong={} \
             time_ms={:.1} median_ms={:.1} max_ms={:.1} nodes={} nps={:.0} hit={:.3} \
             table_mib={:.1} peak_mib={} values={}",
            self.name,
            self.positions,
            self.proven,
            self.proven_within_1s,
            self.checked,
            self.wrong,
            self.elapsed_ms,
            self.median_ms,
            self.max_ms,
            self.work,
            self.nodes_per_second(),
            self.hit_rate(),
            mib(self.table_bytes as f64),
            peak.map_or("-".to_string(), |b| alloc::format!("{:.1}", mib(b as f64))),
            self.values
        )
    }

    /// Whether each position ran to its end (no limit stopped one), so that the work is the
    /// same on every platform.
    #[must_use]
    pub fn deterministic(&self) -> bool {
        self.proven == self.positions
    }
}

/// The rows of `suite` (see [`SUITES`]); `limit_ms` replaces each row's own time limit per
/// position, `openings_8x8` the 8x8 cells. `None` for an unknown suite or a cell that is not
/// on the 8x8 board.
#[must_use]
pub fn rows(suite: &str, limit_ms: Option<f64>, openings_8x8: &[&str]) -> Option<Vec<Row>> {
    let limit = |default: Option<f64>| limit_ms.or(default);
    let rows = match suite {
        "solver" => alloc::vec![
            empty_row(6, limit(None)),
            empty_row(7, limit(None)),
            openings_row(6, limit(None)),
        ],
        // Benzene: 280 s for all 49 (median 1.24 s, max 49.7 s).
        "solver-7x7" => alloc::vec![openings_row(7, limit(Some(600_000.0)))],
        "solver-8x8" => {
            let board = Board::square(8).expect("8 is a valid size");
            let mut rows = Vec::new();
            for name in openings_8x8 {
                let cell = Point::parse(name).ok().filter(|p| board.contains(*p))?;
                rows.push(Row {
                    name: alloc::format!("8x8-{cell}"),
                    cases: alloc::vec![opening_case(board, cell)],
                    shared_table: false,
                    limit_ms: limit(Some(600_000.0)),
                });
            }
            rows
        }
        // The independent solver proved each within 10 s.
        "solver-9x9" => alloc::vec![Row {
            name: "9x9-positions".to_string(),
            cases: solved_9x9_cases(),
            shared_table: false,
            limit_ms: limit(Some(10_000.0)),
        }],
        // Benzene proves 100 of the collection's 129 within 10 s each (128 here).
        "solver-puzzles" => alloc::vec![Row {
            name: "puzzles".to_string(),
            cases: puzzle_cases(),
            shared_table: false,
            limit_ms: limit(Some(10_000.0)),
        }],
        // Benzene proves all 200 within 1 s each (median 2-5 ms, max 0.73 s).
        "solver-small" => alloc::vec![Row {
            name: "small-positions".to_string(),
            cases: super::solved_positions(super::SOLVED_SMALL)
                .into_iter()
                .map(|solved| Case {
                    position: solved.position,
                    winner: Some(solved.winner),
                    winning_moves: None,
                })
                .collect(),
            shared_table: false,
            limit_ms: limit(Some(1_000.0)),
        }],
        _ => return None,
    };
    Some(rows)
}

fn empty_row(n: u8, limit_ms: Option<f64>) -> Row {
    Row {
        name: alloc::format!("empty-{n}x{n}"),
        cases: alloc::vec![Case {
            position: Position::new(Board::square(n).expect("a valid size")),
            // The first player wins every empty board (the strategy-stealing argument).
            winner: Some(Color::Black),
            winning_moves: None,
        }],
        shared_table: false,
        limit_ms,
    }
}

/// Every one-stone opening of the `n x n` board, one table kept across them.
fn openings_row(n: u8, limit_ms: Option<f64>) -> Row {
    let board = Board::square(n).expect("a valid size");
    Row {
        name: alloc::format!("openings-{n}x{n}"),
        cases: board
            .cells()
            .iter()
            .map(|cell| opening_case(board, cell))
            .collect(),
        shared_table: true,
        limit_ms,
    }
}

/// Who wins after Black's first stone on 8x8 (Henderson, Arneson and Hayward, "Solving 8x8
/// Hex", 2009): columns a to d, rows 1 to 8, `B` or `W`; the other half by the half turn.
const FIRST_MOVES_8X8: [&str; 4] = ["WWWWBWBB", "WWBBBBBW", "WWBBBBWW", "WWBBBBWW"];

/// The published winner after Black's first stone on `cell` of the 8x8 board.
fn first_move_8x8(cell: Point) -> Option<Color> {
    let (mut col, mut row) = cell.col_row()?;
    if col >= 8 || row >= 8 {
        return None;
    }
    if col >= 4 {
        (col, row) = (7 - col, 7 - row);
    }
    match FIRST_MOVES_8X8[usize::from(col)].as_bytes()[usize::from(row)] {
        b'B' => Some(Color::Black),
        _ => Some(Color::White),
    }
}

/// Black's first stone on `cell`, White to move, with the published value when known.
fn opening_case(board: Board, cell: Point) -> Case {
    let mut position = Position::new(board);
    position.play_unchecked(Color::Black, Move::Cell(cell));
    let black = |wins: bool| if wins { Color::Black } else { Color::White };
    let winner = match (board.width(), board.height()) {
        (8, 8) => first_move_8x8(cell),
        (n, m) if n == m => crate::openings::first_player_wins(n, cell).map(black),
        _ => None,
    };
    Case {
        position,
        winner,
        winning_moves: None,
    }
}

/// The positions of [`SOLVED_9X9`] with their values and winning sets.
///
/// # Panics
/// If the built-in file is malformed (a test reads it whole).
#[must_use]
pub fn solved_9x9_cases() -> Vec<Case> {
    read_solved_cases(SOLVED_9X9)
}

/// Solved positions in the solved 9x9 file's CSV format, on any square board (the size is the
/// first column): the moves from the empty board, the side to move, the winner and the
/// complete winning set.
///
/// # Panics
/// If a line is malformed (the built-in files are read whole by tests; a user's file goes
/// through [`try_read_solved_cases`]).
#[must_use]
pub fn read_solved_cases(text: &str) -> Vec<Case> {
    try_read_solved_cases(text).expect("a well-formed solved-positions file")
}

/// [`read_solved_cases`] for a file from outside: an error names the line and what is wrong
/// with it. Lines starting with `#`, the header and empty lines are skipped.
///
/// # Errors
/// A line without the six columns, with a bad board size, cell, colour or move (a cell off
/// the board or taken).
pub fn try_read_solved_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.starts_with('#') || line.starts_with("board_size") || line.is_empty() {
            continue;
        }
        let at = |what: String| alloc::format!("line {}: {what}", number + 1);
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() < 6 {
            return Err(at(alloc::format!(
                "{} columns where six are needed (board_size,num_stones,moves,to_move,winner,winning_moves)",
                fields.len()
            )));
        }
        let board = fields[0]
            .trim()
            .parse::<u8>()
            .ok()
            .and_then(|size| Board::square(size).ok())
            .ok_or_else(|| {
                at(alloc::format!(
                    "board size {:?} is not one Ohm plays",
                    fields[0]
                ))
            })?;
        let cell = |name: &str| -> Result<Point, String> {
            Point::parse(name)
                .ok()
                .filter(|p| board.contains(*p))
                .ok_or_else(|| at(alloc::format!("{name:?} is not a cell of the board")))
        };
        let mut position = Position::new(board);
        for name in fields[2].split_whitespace() {
            let point = cell(name)?;
            position
                .try_play(Move::Cell(point))
                .map_err(|e| at(alloc::format!("move {name}: {e}")))?;
        }
        let color = |s: &str| {
            Color::parse(s.trim()).ok_or_else(|| at(alloc::format!("{s:?} is not a colour")))
        };
        position.set_to_move(color(fields[3])?);
        let mut winning = CellSet::EMPTY;
        for name in fields[5].split_whitespace() {
            winning.insert(cell(name)?);
        }
        cases.push(Case {
            position,
            winner: Some(color(fields[4])?),
            winning_moves: Some(winning),
        });
    }
    Ok(cases)
}

/// Every empty cell of `position` solved for its side to move, as the (winning, losing) moves;
/// `None` when a solve ends unproven (each within `solver`'s own limits, one table for all).
/// What the examples that write solved-position files share.
pub fn partition_moves(
    solver: &mut Solver,
    position: &Position,
    control: &mut dyn Control,
) -> Option<(CellSet, CellSet)> {
    let me = position.to_move();
    let mut winning = CellSet::EMPTY;
    let mut losing = CellSet::EMPTY;
    for cell in position.empty_cells() {
        let mut after = position.clone();
        after.play_unchecked(me, Move::Cell(cell));
        let winner = after
            .connected_winner()
            .or_else(|| solver.solve(&after, control).winner)?;
        if winner == me {
            winning.insert(cell);
        } else {
            losing.insert(cell);
        }
    }
    Some((winning, losing))
}

/// The positions of [`PUZZLES`] with their known winners.
///
/// # Panics
/// If the built-in file is malformed (a test reads it whole).
#[must_use]
pub fn puzzle_cases() -> Vec<Case> {
    PUZZLES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.splitn(4, ' ');
            let (Some(name), Some(to_move), Some(winner), Some(sgf)) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                panic!("a puzzle line: {line}");
            };
            let (_, record) =
                crate::notation::parse_any(sgf, None).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            let mut position = record
                .to_position()
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            position.set_to_move(Color::parse(to_move).expect("a colour"));
            Case {
                position,
                winner: Color::parse(winner),
                winning_moves: None,
            }
        })
        .collect()
}

/// The caller's clock (milliseconds) for the solver, with no stop and no progress.
struct Timer<'c>(&'c mut dyn FnMut() -> f64);

impl Control for Timer<'_> {
    fn now_ms(&mut self) -> f64 {
        (self.0)()
    }
    fn progress(&mut self, _: &Progress) {}
}

/// Solves `row`'s positions in order with `params` (its time limit replaced by the row's);
/// `clock_ms` is the caller's clock in milliseconds; `each` hears about every position as it
/// is done (long rows print them).
pub fn run_row(
    row: &Row,
    params: &SolverParams,
    clock_ms: &mut dyn FnMut() -> f64,
    each: &mut dyn FnMut(&CaseResult),
) -> RowResult {
    let params = SolverParams {
        time_ms: row.limit_ms,
        ..params.clone()
    };
    let mut solver = Solver::new(params.clone());
    let mut out = RowResult {
        name: row.name.clone(),
        positions: row.cases.len(),
        limit_ms: row.limit_ms,
        ..RowResult::default()
    };
    let mut times = Vec::new();
    let mut timer = Timer(clock_ms);
    for (index, case) in row.cases.iter().enumerate() {
        if index > 0 && !row.shared_table {
            note_table(&solver, &mut out);
            solver = Solver::new(params.clone());
        }
        let solution = solver.solve(&case.position, &mut timer);
        let wrong = is_wrong(case, &solution);
        out.elapsed_ms += solution.elapsed_ms;
        out.max_ms = out.max_ms.max(solution.elapsed_ms);
        times.push(solution.elapsed_ms);
        out.work += solution.stats.work();
        out.created += solution.stats.created;
        if solution.winner.is_some() {
            out.proven += 1;
            if solution.elapsed_ms <= 1000.0 {
                out.proven_within_1s += 1;
            }
            if case.winner.is_some() {
                out.checked += 1;
            }
        }
        out.wrong += usize::from(wrong);
        out.values.push(match solution.winner {
            Some(Color::Black) => 'b',
            Some(Color::White) => 'w',
            None => '?',
        });
        each(&CaseResult {
            index,
            position: case.position.clone(),
            winner: solution.winner,
            best: solution.best,
            elapsed_ms: solution.elapsed_ms,
            work: solution.stats.work(),
            wrong,
        });
    }
    note_table(&solver, &mut out);
    times.sort_by(f64::total_cmp);
    out.median_ms = times.get(times.len() / 2).copied().unwrap_or(0.0);
    out
}

fn note_table(solver: &Solver, out: &mut RowResult) {
    let stats = solver.table_stats();
    out.table_lookups += stats.lookups;
    out.table_hits += stats.hits;
    out.table_bytes = out.table_bytes.max(solver.table_usage().bytes);
}

/// A proven value that disagrees with the known one, or a winning move outside the known
/// winning set.
fn is_wrong(case: &Case, solution: &Solution) -> bool {
    let Some(winner) = solution.winner else {
        return false;
    };
    if case.winner.is_some_and(|known| known != winner) {
        return true;
    }
    let mover = case.position.to_move();
    match (case.winning_moves, solution.best) {
        (Some(set), Some(best)) if winner == mover => !set.contains(best),
        _ => false,
    }
}

/// The rows of `suite` as the generic [`super::Measurement`]s (`ohm bench all`'s raw lines and
/// the wasm test): the checksum is the work when no limit stopped a solve, else the number
/// of wrong values (zero on every platform).
#[must_use]
pub fn measurements(suite: &str, clock_ns: super::Clock<'_>) -> Option<Vec<super::Measurement>> {
    let rows = rows(suite, None, DEFAULT_8X8_OPENINGS)?;
    let mut clock_ms = || clock_ns() / 1e6;
    Some(
        rows.iter()
            .map(|row| {
                let result = run_row(row, &SolverParams::DEFAULT, &mut clock_ms, &mut |_| {});
                measurement(&result)
            })
            .collect(),
    )
}

/// One row as a [`super::Measurement`] (see [`measurements`]).
#[must_use]
pub fn measurement(result: &RowResult) -> super::Measurement {
    // A benchmark's few row names live as long as the program.
    let name: &'static str = result.name.clone().leak();
    super::Measurement {
        suite: "solver",
        name,
        operations: result.positions as u64,
        nanos_per_op: result.elapsed_ms * 1e6 / result.positions.max(1) as f64,
        checksum: if result.deterministic() {
            result.work
        } else {
            result.wrong as u64
        },
        found: alloc::vec![
            ("proven", result.proven as u64),
            ("wrong", result.wrong as u64),
            ("nodes", result.work),
            ("nodes/s", result.nodes_per_second() as u64),
            ("hit %", (100.0 * result.hit_rate()) as u64),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solved_9x9_file_reads_whole() {
        let cases = solved_9x9_cases();
        assert_eq!(cases.len(), 174);
        for case in &cases {
            let winning = case.winning_moves.expect("a winning set");
            assert!(winning.is_subset(&case.position.empty_cells()));
            // The side to move wins exactly when it has a winning move.
            assert_eq!(
                case.winner == Some(case.position.to_move()),
                !winning.is_empty()
            );
        }
    }

    #[test]
    fn the_puzzle_file_reads_whole() {
        let cases = puzzle_cases();
        assert_eq!(cases.len(), 128);
        for case in &cases {
            let (width, height) = (
                case.position.board().width(),
                case.position.board().height(),
            );
            assert!((3..=11).contains(&width) && width == height);
            assert!(!case.position.is_over());
        }
    }

    #[test]
    fn the_small_positions_read_whole() {
        let rows = rows("solver-small", None, &[]).expect("a suite");
        assert_eq!(rows[0].cases.len(), 200);
    }

    #[test]
    fn every_suite_has_rows_with_known_values() {
        for suite in SUITES {
            let rows = rows(suite, None, DEFAULT_8X8_OPENINGS).expect("a suite");
            assert!(rows
                .iter()
                .all(|r| r.cases.iter().all(|c| c.winner.is_some())));
        }
        assert!(rows("solver-8x8", None, &["i1"]).is_none());
        // The published 8x8 map is symmetric under the half turn and has 32 wins for Black.
        let board = Board::square(8).unwrap();
        let black_wins = board
            .cells()
            .iter()
            .filter(|&p| first_move_8x8(p) == Some(Color::Black))
            .count();
        assert_eq!(black_wins, 32);
        assert_eq!(
            first_move_8x8(Point::parse("h1").unwrap()),
            Some(Color::Black)
        );
        assert_eq!(
            first_move_8x8(Point::parse("e4").unwrap()),
            Some(Color::Black)
        );
        assert!(rows("nonsense", None, &[]).is_none());
    }
}
