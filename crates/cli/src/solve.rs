//! `ohm solve`: the solver for people. A position's value, its winning moves (with `--moves`,
//! every empty cell judged), the line, the work and the time; `--openings N` draws the
//! first-move map of the empty board. A progress bar runs on stderr when it is a terminal.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};

use ohm_engine::solver::{MoveJudgements, Progress, Solution, Solver, SolverParams};
use ohm_engine::{diagram, openings, Board, CellSet, Position};

use crate::solver_commands::{cell_line, cells_or_none, time_text, Clock};

/// What `ohm solve` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveOptions {
    /// Seconds for the whole command (`None`: until solved).
    pub time_s: Option<f64>,
    /// Judge every empty cell, not only the position.
    pub moves: bool,
    /// The table's size in MiB.
    pub tt_mib: u32,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time_s: None,
            moves: false,
            tt_mib: SolverParams::DEFAULT.tt_mib,
        }
    }
}

/// Marks of the pictures: winning, losing and undecided moves.
const WINS: char = '+';
const LOSES: char = '-';
const UNDECIDED: char = '?';

fn solver(options: &SolveOptions) -> Solver {
    Solver::new(SolverParams {
        time_ms: options.time_s.map(|s| s * 1000.0),
        tt_mib: options.tt_mib,
        ..SolverParams::DEFAULT
    })
}

/// `ohm solve <record>`: the report on `position`.
pub fn solve_position(position: &Position, options: &SolveOptions) -> String {
    let mut out = diagram::showboard(position);
    if let Some(winner) = position.winner() {
        let _ = writeln!(out, "{} has won: nothing to solve.", winner.title());
        return out;
    }
    let me = position.to_move();
    let _ = writeln!(
        out,
        "{} to move (move {}){}.",
        me.title(),
        position.move_count() + 1,
        if position.swap_rule() && position.move_count() == 1 {
            "; solved without the swap (the solver's moves are cells)"
        } else {
            ""
        }
    );
    let mut solver = solver(options);
    let mut bar = ProgressBar::on_stderr();
    let mut clock = Clock::with_progress(|p: &Progress| bar.show(p));
    if options.moves {
        let judged = solver.judge_moves(position, &mut clock);
        bar.clear();
        out.push_str(&value_lines(position, &judged.root, options));
        out.push_str(&judged_lines(position, &judged));
        out.push_str(&line_text(position, &mut solver, &judged.root));
        out.push_str(&work_line(
            &solver,
            judged.stats.work(),
            judged.stats.created,
            judged.elapsed_ms,
        ));
    } else {
        let solution = solver.solve(position, &mut clock);
        bar.clear();
        out.push_str(&value_lines(position, &solution, options));
        if let Some(best) = solution.best {
            let what = match solution.winner {
                Some(w) if w == me => "Winning move",
                Some(_) => "Most resistant move (loses)",
                None => "Move the search favoured (not proven)",
            };
            let all = if solution.winner == Some(me) {
                " (one of them; --moves lists every winning move)"
            } else {
                ""
            };
            let _ = writeln!(out, "{what}: {best}{all}.");
        }
        out.push_str(&line_text(position, &mut solver, &solution));
        out.push_str(&work_line(
            &solver,
            solution.stats.work(),
            solution.stats.created,
            solution.elapsed_ms,
        ));
    }
    out
}

/// The value: proven for whom, or what stopped the solve.
fn value_lines(position: &Position, solution: &Solution, options: &SolveOptions) -> String {
    let me = position.to_move();
    match solution.winner {
        Some(w) if w == me => format!("Result: {} wins (proven).\n", w.title()),
        Some(w) => format!(
            "Result: {} wins (proven): every {} move loses.\n",
            w.title(),
            me.title()
        ),
        None => format!(
            "Result: not proven (stopped by the time limit, {}).\n",
            time_text(options.time_s.map(|s| s * 1000.0))
        ),
    }
}

/// Every empty cell judged: the picture and the three lists.
fn judged_lines(position: &Position, judged: &MoveJudgements) -> String {
    let me = position.to_move().title();
    let mut out =
        format!("\nEvery empty cell for {me}: {WINS} wins, {LOSES} loses, {UNDECIDED} undecided\n");
    out.push_str(&map(position, judged));
    let _ = writeln!(
        out,
        "Winning moves ({}, the complete set{}): {}",
        judged.winning.len(),
        if judged.unknown.is_empty() {
            ""
        } else {
            " of those decided"
        },
        cells_or_none(judged.winning)
    );
    let _ = writeln!(
        out,
        "Losing moves ({}): {}",
        judged.losing.len(),
        cells_or_none(judged.losing)
    );
    if !judged.unknown.is_empty() {
        let _ = writeln!(
            out,
            "Undecided ({}, the time ran out): {}",
            judged.unknown.len(),
            judged.unknown
        );
    }
    out
}

fn map(position: &Position, judged: &MoveJudgements) -> String {
    diagram::showboard_marked(position, |p| {
        Some(if judged.winning.contains(p) {
            WINS
        } else if judged.losing.contains(p) {
            LOSES
        } else {
            UNDECIDED
        })
    })
}

/// The principal variation the table holds.
fn line_text(position: &Position, solver: &mut Solver, solution: &Solution) -> String {
    let line = solver.principal_variation(position);
    if line.is_empty() {
        return match solution.winner {
            Some(w) if w == position.to_move() => String::new(),
            Some(w) => format!(
                "Line: none ({} is connected by H-search whatever happens).\n",
                w.title()
            ),
            None => String::new(),
        };
    }
    if solution.winner.is_none() {
        return format!("Line (not proven): {}\n", cell_line(&line));
    }
    let mut after = position.clone();
    for &p in &line {
        after.play_unchecked(after.to_move(), ohm_engine::Move::Cell(p));
    }
    let rest = if after.winner().is_some() {
        ""
    } else {
        ", then H-search decides the position"
    };
    format!("Line: {}{rest}\n", cell_line(&line))
}

fn work_line(solver: &Solver, work: u64, created: u64, elapsed_ms: f64) -> String {
    let table = solver.table_stats();
    let usage = solver.table_usage();
    let seconds = elapsed_ms / 1000.0;
    format!(
        "Work: {} nodes ({} positions analysed) in {seconds:.2} s, {} nodes/s; table {} \
         positions ({} MiB), hit rate {:.0}%.\n",
        grouped(work),
        grouped(created),
        grouped(if seconds > 0.0 {
            (work as f64 / seconds) as u64
        } else {
            0
        }),
        grouped(usage.positions as u64),
        usage.bytes / (1 << 20),
        100.0 * table.hits as f64 / table.lookups.max(1) as f64
    )
}

/// `ohm solve --openings N`: the first-move map of the empty board (no swap), checked against
/// the published results on the sizes they cover.
pub fn openings_map(board: Board, options: &SolveOptions) -> String {
    let position = Position::new(board);
    let mut solver = solver(options);
    let mut bar = ProgressBar::on_stderr();
    let mut clock = Clock::with_progress(|p: &Progress| bar.show(p));
    let judged = solver.judge_moves(&position, &mut clock);
    bar.clear();
    let mut out = format!(
        "First moves on the empty {board} board, Black to play, no swap: {WINS} wins, {LOSES} \
         loses, {UNDECIDED} undecided\n"
    );
    out.push_str(&map(&position, &judged));
    let _ = writeln!(
        out,
        "Winning first moves ({} of {}): {}",
        judged.winning.len(),
        board.cell_count(),
        cells_or_none(judged.winning)
    );
    if !judged.unknown.is_empty() {
        let _ = writeln!(
            out,
            "Undecided ({}, the time ran out): {}",
            judged.unknown.len(),
            judged.unknown
        );
    }
    if board.width() == board.height() {
        out.push_str(&compare_with_published(board.width(), &judged));
    }
    out.push_str(&work_line(
        &solver,
        judged.stats.work(),
        judged.stats.created,
        judged.elapsed_ms,
    ));
    out
}

/// Whether the map agrees with `first-move-results.csv` (5x5 to 7x7).
fn compare_with_published(n: u8, judged: &MoveJudgements) -> String {
    let known: Vec<_> = openings::solved_openings()
        .filter(|&(size, _, _)| size == n)
        .collect();
    if known.is_empty() {
        return String::new();
    }
    let wrong: CellSet = known
        .iter()
        .filter(|&&(_, p, wins)| {
            (wins && judged.losing.contains(p)) || (!wins && judged.winning.contains(p))
        })
        .map(|&(_, p, _)| p)
        .collect();
    let decided = known
        .iter()
        .filter(|&&(_, p, _)| !judged.unknown.contains(p))
        .count();
    if wrong.is_empty() {
        format!(
            "Agrees with the published first-move results (first-move-results.csv) on all {decided} cells decided.\n"
        )
    } else {
        format!("DISAGREES with the published first-move results on: {wrong}\n")
    }
}

/// Digits in groups of three: `1,234,567`.
#[must_use]
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal: the share of the
/// root's moves decided, the work and the time.
#[derive(Debug)]
pub struct ProgressBar {
    enabled: bool,
    drawn: bool,
}

impl ProgressBar {
    #[must_use]
    pub fn on_stderr() -> ProgressBar {
        ProgressBar {
            enabled: std::io::stderr().is_terminal(),
            drawn: false,
        }
    }

    pub fn show(&mut self, progress: &Progress) {
        if !self.enabled {
            return;
        }
        let _ = std::io::stderr().write_all(progress_line(progress).as_bytes());
        self.drawn = true;
    }

    /// Erases the bar so the report starts on a clean line.
    pub fn clear(&mut self) {
        if self.drawn {
            let _ = std::io::stderr().write_all(b"\r\x1b[K");
            self.drawn = false;
        }
    }
}

/// The bar's text: `\r[#####-----] 12/49 moves decided (3 win) 123,456 nodes 12.3 s`.
#[must_use]
pub fn progress_line(progress: &Progress) -> String {
    const WIDTH: usize = 30;
    let total = progress.root_moves.len();
    let wins = progress
        .root_moves
        .iter()
        .filter(|m| m.wins() == Some(true))
        .count();
    let decided = progress
        .root_moves
        .iter()
        .filter(|m| m.wins().is_some())
        .count();
    let filled = (decided * WIDTH).checked_div(total).unwrap_or(0);
    format!(
        "\r\x1b[K[{}{}] {decided}/{total} moves decided ({wins} win), {} nodes, {:.1} s",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled),
        grouped(progress.work),
        progress.elapsed_ms / 1000.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ohm_engine::solver::{Bounds, RootMove};
    use ohm_engine::Point;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn the_progress_line_counts_decided_moves() {
        let mv = |name| Point::parse(name).unwrap();
        let progress = Progress {
            work: 12_345,
            created: 10_000,
            elapsed_ms: 1500.0,
            root_moves: vec![
                RootMove {
                    mv: mv("a1"),
                    bounds: Bounds::LOSS,
                },
                RootMove {
                    mv: mv("b1"),
                    bounds: Bounds::WIN,
                },
                RootMove {
                    mv: mv("c1"),
                    bounds: Bounds::UNKNOWN,
                },
                RootMove {
                    mv: mv("d1"),
                    bounds: Bounds::UNKNOWN,
                },
            ],
        };
        let line = progress_line(&progress);
        assert!(line.contains(&format!("[{}{}]", "#".repeat(15), "-".repeat(15))));
        assert!(line.ends_with("2/4 moves decided (1 win), 12,345 nodes, 1.5 s"));
    }
}
