//! GTP commands of the solver, with the names, arguments and reply formats of Benzene's DFPN
//! commands (so HexGui's buttons and Benzene's regression scripts work unchanged):
//!
//! - `dfpn-solve-state [b|w]`: the winner with perfect play (`black`, `white`), or `empty`
//!   when the time limit or the work limit stopped the solve first;
//! - `dfpn-get-pv [b|w]`: the principal variation the table holds;
//! - `dfpn-solver-find-winning [b|w]`: every winning move. Benzene lists the winning moves
//!   among those its inferior-cell analysis keeps; ours is the **complete** set: every empty
//!   cell is solved on its own (the losing ones mostly by one proof each). When the time
//!   limit leaves a move undecided, the reply is an error that says which, with the moves
//!   decided so far;
//! - `dfpn-clear-tt`, `param_dfpn` (`timelimit` in seconds, 0 for none; `tt_size` in MiB,
//!   where Benzene counts entries; and the search's other knobs);
//! - `ohm-solve-moves [b|w]` (ours): every empty cell judged, as HexGui's `pspairs`
//!   (`W` winning, `L` losing, `?` undecided).
//!
//! The solver and its table live as long as the GTP session: a position solved once is
//! answered at once afterwards, and solving a position helps its neighbours. Moves are cells
//! only: the solver knows no swap, so a position where the swap is still possible is solved
//! as if it were not.

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::solver::{Control, MoveJudgements, Progress, Solution, Solver, SolverParams};
use ohm_engine::{CellSet, Color, Position};

/// A wall clock for the solver, with an optional progress callback.
#[allow(missing_debug_implementations)]
pub struct Clock<P: FnMut(&Progress)> {
    start: Instant,
    progress: P,
}

impl Clock<fn(&Progress)> {
    /// A clock without progress reports.
    #[must_use]
    pub fn quiet() -> Clock<fn(&Progress)> {
        Clock::with_progress(|_| {})
    }
}

impl<P: FnMut(&Progress)> Clock<P> {
    pub fn with_progress(progress: P) -> Clock<P> {
        Clock {
            start: Instant::now(),
            progress,
        }
    }
}

impl<P: FnMut(&Progress)> Control for Clock<P> {
    fn now_ms(&mut self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, progress: &Progress) {
        (self.progress)(progress);
    }
}

/// The largest table `param_dfpn tt_size` accepts, in MiB.
pub const MAX_TT_MIB: u32 = 16 * 1024;

/// The GTP session's solver: its table is kept between commands.
#[derive(Debug, Default)]
pub struct SolverSession {
    solver: Solver,
}

impl SolverSession {
    #[must_use]
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// `dfpn-solve-state`: `black`, `white`, or `empty` when not proven.
    pub fn solve_state(&mut self, position: &Position) -> String {
        let solution = self.solver.solve(position, &mut Clock::quiet());
        winner_word(&solution).to_string()
    }

    /// `dfpn-get-pv`: the table's principal variation, space-separated.
    pub fn pv(&mut self, position: &Position) -> String {
        cell_line(&self.solver.principal_variation(position))
    }

    /// Every empty cell judged under the session's limits.
    pub fn judge_moves(&mut self, position: &Position) -> MoveJudgements {
        self.solver.judge_moves(position, &mut Clock::quiet())
    }

    /// `dfpn-solver-find-winning`: the complete set of winning moves, in Benzene's order (row
    /// by row), or an error naming the moves left undecided.
    pub fn find_winning(&mut self, position: &Position) -> Result<String, String> {
        let judged = self.judge_moves(position);
        if judged.unknown.is_empty() {
            return Ok(judged.winning.to_string());
        }
        Err(format!(
            "not every move was decided within the limits (timelimit {}): winning [{}], \
             losing [{}], undecided [{}]",
            time_text(self.solver.params().time_ms),
            judged.winning,
            judged.losing,
            judged.unknown
        ))
    }

    /// `ohm-solve-moves`: every empty cell with `W`, `L` or `?` (HexGui's `pspairs`).
    pub fn solve_moves(&mut self, position: &Position) -> String {
        let judged = self.judge_moves(position);
        let mut out = String::new();
        for p in position.empty_cells() {
            let mark = if judged.winning.contains(p) {
                'W'
            } else if judged.losing.contains(p) {
                'L'
            } else {
                '?'
            };
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "{p} {mark}");
        }
        out
    }

    /// `param_dfpn`: without arguments every setting as HexGui's `[type] name value` lines;
    /// with `name value` sets one.
    pub fn param(&mut self, args: &[&str]) -> Result<String, String> {
        let mut params = self.solver.params().clone();
        match args {
            [] => return Ok(param_list(&params)),
            [name, value] => set_param(&mut params, name, value)?,
            _ => {
                return Err(format!(
                    "usage: param_dfpn [NAME VALUE] ({})",
                    PARAMS.join(", ")
                ))
            }
        }
        self.solver.set_params(params);
        Ok(String::new())
    }
}

/// The names `param_dfpn` knows, in the order it lists them.
const PARAMS: &[&str] = &[
    "timelimit",
    "tt_size",
    "max_nodes",
    "epsilon",
    "widening_base",
    "widening_factor",
    "weak_delta",
    "proof_set_pruning",
    "max_full",
    "max_semi",
    "max_or",
];

fn param_list(p: &SolverParams) -> String {
    let flag = |b: bool| u8::from(b);
    format!(
        "[string] timelimit {}\n[string] tt_size {}\n[string] max_nodes {}\n\
         [string] epsilon {}\n[string] widening_base {}\n[string] widening_factor {}\n\
         [bool] weak_delta {}\n[bool] proof_set_pruning {}\n[string] max_full {}\n\
         [string] max_semi {}\n[string] max_or {}",
        p.time_ms.map_or(0.0, |ms| ms / 1000.0),
        p.tt_mib,
        p.max_nodes.unwrap_or(0),
        p.epsilon,
        p.widening_base,
        p.widening_factor,
        flag(p.weak_delta),
        flag(p.proof_set_pruning),
        p.hsearch.max_full,
        p.hsearch.max_semi,
        p.hsearch.max_or,
    )
}

fn set_param(p: &mut SolverParams, name: &str, value: &str) -> Result<(), String> {
    let number = || {
        value
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| format!("{name} '{value}' is not a number (0 or more)"))
    };
    let count = |min: u32| {
        value
            .parse::<u32>()
            .ok()
            .filter(|&v| v >= min)
            .ok_or_else(|| format!("{name} '{value}' is not a whole number of at least {min}"))
    };
    let flag = || match value {
        "1" | "true" | "on" => Ok(true),
        "0" | "false" | "off" => Ok(false),
        _ => Err(format!("{name} '{value}' is not 0 or 1")),
    };
    match name {
        "timelimit" => {
            let seconds = number()?;
            p.time_ms = (seconds > 0.0).then_some(seconds * 1000.0);
        }
        "tt_size" => {
            let mib = count(1)?;
            if mib > MAX_TT_MIB {
                return Err(format!(
                    "tt_size is the table's size in MiB (1 to {MAX_TT_MIB}; Benzene counts \
                     entries instead): {mib} is too large"
                ));
            }
            p.tt_mib = mib;
        }
        "max_nodes" => {
            let n = value
                .parse::<u64>()
                .map_err(|_| format!("max_nodes '{value}' is not a whole number (0: none)"))?;
            p.max_nodes = (n > 0).then_some(n);
        }
        "epsilon" => p.epsilon = number()? as f32,
        "widening_base" => p.widening_base = count(1)?,
        "widening_factor" => {
            let f = number()?;
            if !(f > 0.0 && f <= 1.0) {
                return Err(format!("widening_factor must be in (0, 1], not {value}"));
            }
            p.widening_factor = f as f32;
        }
        "weak_delta" => p.weak_delta = flag()?,
        "proof_set_pruning" => p.proof_set_pruning = flag()?,
        "max_full" => p.hsearch.max_full = count(1)?,
        "max_semi" => p.hsearch.max_semi = count(1)?,
        "max_or" => p.hsearch.max_or = count(1)?,
        _ => {
            return Err(format!(
                "unknown parameter '{name}' ({})",
                PARAMS.join(", ")
            ))
        }
    }
    Ok(())
}

/// Benzene's word for a solve's result.
#[must_use]
pub fn winner_word(solution: &Solution) -> &'static str {
    match solution.winner {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "empty",
    }
}

/// Cells separated by spaces.
pub fn cell_line(cells: &[ohm_engine::Point]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A time limit for people: `none`, or seconds.
#[must_use]
pub fn time_text(time_ms: Option<f64>) -> String {
    time_ms.map_or_else(|| "none".to_string(), |ms| format!("{} s", ms / 1000.0))
}

/// The cells of `set` as a list, `none` when empty.
#[must_use]
pub fn cells_or_none(set: CellSet) -> String {
    if set.is_empty() {
        "none".to_string()
    } else {
        set.to_string()
    }
}
