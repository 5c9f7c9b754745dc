//! Time per move of every level on 11x11, natively and in wasm32 (Node): a measurement, not a
//! check. Natively it is ignored unless asked for:
//! `cargo test --release -p ohm-engine --test search_level_times -- --ignored --nocapture`;
//! in wasm it runs only when compiled with `OHM_LEVEL_TIMES` set:
//! `OHM_LEVEL_TIMES=1 cargo test --release -p ohm-engine --target wasm32-unknown-unknown
//! --test search_level_times -- --nocapture`.
//! Each level plays `player::choose_move` with its own time limit (the browser's setting) on
//! three opening positions (2 stones) and three middle-game positions (20 stones); the table
//! gives the mean and the largest time per move.

use ohm_engine::bench::midgame_positions;
use ohm_engine::player::{choose_move, LEVELS};
use ohm_engine::search::{Callbacks, Progress};
use ohm_engine::{Board, Position};

fn positions() -> Vec<(&'static str, Position)> {
    let board = Board::square(11).expect("valid");
    let mut out: Vec<(&'static str, Position)> = midgame_positions(board, 3, 2, 0x0B5E_0001)
        .into_iter()
        .map(|p| ("opening", p))
        .collect();
    out.extend(
        midgame_positions(board, 3, 20, 0x0B5E_0002)
            .into_iter()
            .map(|p| ("midgame", p)),
    );
    out
}

/// One line per level: `level N mean-ms max-ms` over the positions, with `now` in ms, and the
/// longest time between two polls of the stop flag (how long a stop can take).
fn level_times(now: &dyn Fn() -> f64, platform: &str) -> Vec<String> {
    let positions = positions();
    let mut lines = Vec::new();
    for level in &LEVELS {
        let mut times = Vec::new();
        let mut longest_gap: f64 = 0.0;
        for (kind, position) in &positions {
            let mut last_poll: Option<f64> = None;
            let mut control = Callbacks {
                clock: || now(),
                stop: || {
                    let t = now();
                    if let Some(last) = last_poll {
                        longest_gap = longest_gap.max(t - last);
                    }
                    last_poll = Some(t);
                    false
                },
                progress: |_: &Progress| {},
            };
            let start = now();
            let decision = choose_move(position, level, 1, &mut control);
            let ms = now() - start;
            assert!(decision.is_some(), "a {kind} position has a move");
            times.push(ms);
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        lines.push(format!(
            "level-time {platform} level {} mean {mean:.0} ms max {max:.0} ms, longest between polls {longest_gap:.1} ms (limit {:.0} ms, {} positions)",
            level.number,
            level.search.time_ms.unwrap_or(f64::INFINITY),
            times.len()
        ));
    }
    lines
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn time_per_move_per_level_native() {
    let origin = std::time::Instant::now();
    let now = move || origin.elapsed().as_secs_f64() * 1000.0;
    for line in level_times(&now, "native") {
        println!("{line}");
    }
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen::prelude::wasm_bindgen;
    use wasm_bindgen_test::{console_log, wasm_bindgen_test};

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    #[wasm_bindgen_test]
    fn time_per_move_per_level_wasm() {
        if option_env!("OHM_LEVEL_TIMES").is_none() {
            return;
        }
        for line in super::level_times(&performance_now, "wasm") {
            console_log!("{line}");
        }
    }
}
