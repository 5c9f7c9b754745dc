//! `ohm bench wins <player> [FILE]`: how often a player keeps a won position. The positions
//! are the solved 9x9 file's ([`ohm_engine::bench::solver::solved_9x9_cases`]), or those of
//! FILE in its format (any board size; `examples/middle_positions` writes 11x11 middle games),
//! where the side to move wins; a move keeps the win when it is in the position's complete
//! winning set. The player is any `ohm match` player, so an old build takes part through
//! `gtp:`.

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::bench::solver::{solved_9x9_cases, try_read_solved_cases};
use ohm_engine::Move;

use crate::players;

/// Plays `spec` (a fresh player for each position, so no table carries over) on every won
/// position of the solved 9x9 file (or of `file`) and reports the share of winning moves, the
/// time per move and the positions where the win was thrown away.
pub fn run(spec: &str, file: Option<&str>) -> Result<String, String> {
    let (cases, name) = match file {
        None => (solved_9x9_cases(), "the solved 9x9 file".to_string()),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let cases = try_read_solved_cases(&text).map_err(|e| format!("{path}: {e}"))?;
            (cases, path.to_string())
        }
    };
    let won: Vec<_> = cases
        .into_iter()
        .enumerate()
        .filter(|(_, case)| case.winner == Some(case.position.to_move()))
        .collect();
    let mut kept = 0;
    let mut thrown = Vec::new();
    let mut times = Vec::new();
    for (done, (index, case)) in won.iter().enumerate() {
        let mut player = players::from_spec(spec)?;
        let started = Instant::now();
        let mv = player.choose(&case.position)?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        let winning = case
            .winning_moves
            .expect("the file lists every winning set");
        let keeps = matches!(mv, Move::Cell(p) if winning.contains(p));
        if keeps {
            kept += 1;
        } else {
            thrown.push(format!("position {} ({mv})", index + 1));
        }
        eprint!("\r{} of {} positions, {kept} kept", done + 1, won.len());
    }
    eprintln!();
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let longest = times.iter().copied().fold(0.0, f64::max);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{spec}: a winning move in {kept} of {} won positions of {name}",
        won.len()
    );
    let _ = writeln!(
        out,
        "time per move: mean {mean:.0} ms, longest {longest:.0} ms"
    );
    if !thrown.is_empty() {
        let _ = writeln!(out, "thrown away: {}", thrown.join(", "));
    }
    Ok(out)
}
