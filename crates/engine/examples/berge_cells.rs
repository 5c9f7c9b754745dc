//! Draws each of Berge's five puzzles with the full inferior-cell analysis for the side to
//! move: `x` dead, `b`/`w` captured by Black/White, `d` dominated (pruned), `v` vulnerable
//! (pruned), `o` kept; with `JUDGE=seconds` also the solver's complete winning set (a time
//! limit per puzzle). `berge_cells [index]`.
use ohm_engine::bench::{berge_position, BERGE_PUZZLES};
use ohm_engine::diagram;
use ohm_engine::inferior::{analyze, hexgui_format};
use ohm_engine::solver::{Control, Solver, SolverParams};
use ohm_engine::Color;

struct Clock(std::time::Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

fn main() {
    let only: Option<usize> = std::env::args().nth(1).and_then(|a| a.parse().ok());
    for (i, (name, _, _)) in BERGE_PUZZLES.iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let position = berge_position(i);
        let cells = analyze(&position, position.to_move());
        let dominated: Vec<_> = cells.dominated.iter().map(|(p, _)| *p).collect();
        let vulnerable: Vec<_> = cells.vulnerable.iter().map(|(p, _)| *p).collect();
        let empty = position.empty_cells();
        let text = diagram::showboard_marked(&position, |p| {
            if !empty.contains(p) {
                None
            } else if (cells.dead | cells.dead_after_fill).contains(p) {
                Some('x')
            } else if cells.captured[Color::Black].contains(p) {
                Some('b')
            } else if cells.captured[Color::White].contains(p) {
                Some('w')
            } else if cells.consider.contains(p) {
                Some('o')
            } else if vulnerable.contains(&p) {
                Some('v')
            } else if dominated.contains(&p) {
                Some('d')
            } else {
                Some('?')
            }
        });
        println!(
            "{} ({:?} to move): {} of {} ignored\n{text}\n{}\n",
            name,
            position.to_move(),
            empty.len() - cells.consider.len(),
            empty.len(),
            hexgui_format(&cells)
        );
        if let Some(seconds) = std::env::var("JUDGE")
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
        {
            let mut params = SolverParams::DEFAULT;
            params.time_ms = Some(seconds * 1000.0);
            let judged =
                Solver::new(params).judge_moves(&position, &mut Clock(std::time::Instant::now()));
            let list = |set: ohm_engine::CellSet| {
                set.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "winning: {}\nlosing: {}\nwinning but ignored: {}\n",
                list(judged.winning),
                list(judged.losing),
                list(judged.winning - cells.consider)
            );
        }
    }
}
