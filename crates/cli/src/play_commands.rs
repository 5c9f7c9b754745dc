//! GTP commands of the player: `genmove` with Ohm's levels, `param_ohm`, `time_left`, and the
//! analysis replies HexGui displays (`eval-resist`, `eval-resist-cells`, `ohm-analyze`).

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::circuit::{evaluate, CircuitParams};
use ohm_engine::connections::Connections;
use ohm_engine::player::{self, Decision, Level};
use ohm_engine::search::{self, Callbacks, Progress};
use ohm_engine::{ByColor, Color, Position};

/// The player's settings for a GTP session.
#[derive(Debug, Clone)]
pub struct PlayerSettings {
    pub level: Level,
    /// Seconds left on `color`'s clock as `time_left` last reported, with the stones to play.
    pub time_left: ByColor<Option<(f64, u32)>>,
    /// Varies the beginner levels' noise and the opening from move to move.
    pub seed: u64,
}

impl Default for PlayerSettings {
    fn default() -> Self {
        PlayerSettings {
            level: *player::level(player::DEFAULT_LEVEL).expect("the default level exists"),
            time_left: ByColor::default(),
            seed: 1,
        }
    }
}

/// A clock, no stop, no progress: what a GTP genmove needs.
fn control() -> Callbacks<impl FnMut() -> f64, impl FnMut() -> bool, impl FnMut(&Progress)> {
    let start = Instant::now();
    Callbacks {
        clock: move || start.elapsed().as_secs_f64() * 1000.0,
        stop: || false,
        progress: |_: &Progress| {},
    }
}

impl PlayerSettings {
    /// Ohm's move for `color` in `position` (played as if `color` were to move).
    pub fn genmove(&mut self, position: &Position, color: Color) -> Option<Decision> {
        let mut pos = position.clone();
        pos.set_to_move(color);
        let mut level = self.level;
        if let Some((seconds, stones)) = self.time_left[color] {
            // Spend an equal share of what is left over the moves still to come (at least 10),
            // keeping a second in reserve.
            let moves = f64::from(stones.max(pos.empty_cells().len() / 2).max(10));
            let budget = ((seconds - 1.0).max(0.1) / moves) * 1000.0;
            level.search.time_ms = Some(level.search.time_ms.map_or(budget, |t| t.min(budget)));
        }
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        player::choose_move(&pos, &level, self.seed, &mut control())
    }

    /// `param_ohm`: without arguments the settings in HexGui's `[type] name value` lines; with
    /// `name value` sets one.
    pub fn param(&mut self, args: &[&str]) -> Result<String, String> {
        let s = &mut self.level.search;
        match args {
            [] => {
                let time = s.time_ms.map_or("none".to_string(), |t| format!("{t}"));
                Ok(format!(
                    "[list/1/2/3/4/5/6] level {}\n[string] time_ms {time}\n[int] max_depth {}\n[int] width {}\n[int] root_width {}\n[int] hsearch_plies {}",
                    self.level.number, s.max_depth, s.width, s.root_width, s.hsearch_plies
                ))
            }
            ["level", n] => {
                let number: u8 = n
                    .parse()
                    .map_err(|_| format!("level '{n}' is not a number"))?;
                self.level = *player::level(number)
                    .ok_or(format!("level {number} does not exist (1 to 6)"))?;
                Ok(String::new())
            }
            ["time_ms", "none"] => {
                s.time_ms = None;
                Ok(String::new())
            }
            ["time_ms", v] => {
                let t: f64 = v
                    .parse()
                    .map_err(|_| format!("time_ms '{v}' is not a number"))?;
                if !(t > 0.0 && t.is_finite()) {
                    return Err("time_ms must be positive".into());
                }
                s.time_ms = Some(t);
                Ok(String::new())
            }
            [name @ ("max_depth" | "width" | "root_width" | "hsearch_plies"), v] => {
                let n: u32 = v
                    .parse()
                    .map_err(|_| format!("{name} '{v}' is not a number"))?;
                if n == 0 && *name != "hsearch_plies" {
                    return Err(format!("{name} must be at least 1"));
                }
                *match *name {
                    "max_depth" => &mut s.max_depth,
                    "width" => &mut s.width,
                    "root_width" => &mut s.root_width,
                    _ => &mut s.hsearch_plies,
                } = n;
                Ok(String::new())
            }
            _ => Err(
                "usage: param_ohm [level|time_ms|max_depth|width|root_width|hsearch_plies VALUE]"
                    .into(),
            ),
        }
    }
}

/// `eval-resist`: `res E rew R_white reb R_black` then each empty cell with its heat (both
/// circuits' energy), as HexGui's resistance display reads it. `E = ln(R_B / R_W)`: positive
/// means White is ahead.
pub fn eval_resist(position: &Position, level: &Level) -> String {
    let eval = evaluation(position, level);
    let mut out = format!(
        "res {} rew {} reb {}",
        number(eval.e()),
        number(eval.resistance.white),
        number(eval.resistance.black)
    );
    for p in position.empty_cells() {
        let _ = write!(out, " {p} {:.3}", eval.heat(p));
    }
    out
}

/// `eval-resist-cells c`: each empty cell with its energy in `c`'s circuit.
pub fn eval_resist_cells(position: &Position, level: &Level, color: Color) -> String {
    let eval = evaluation(position, level);
    position
        .empty_cells()
        .iter()
        .map(|p| format!("{p} {:.3}", eval.energy_at(color, p)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn evaluation(position: &Position, level: &Level) -> ohm_engine::circuit::Evaluation {
    let vcs = ByColor::from_fn(|c| Connections::build(position, c, level.hsearch));
    let params = CircuitParams::DEFAULT;
    evaluate(
        position,
        &params,
        ByColor::new(Some(&vcs.black), Some(&vcs.white)),
        true,
    )
}

fn number(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:.4}")
    }
}

/// `ohm-analyze [b|w]`: the level's search with exact scores at the root: the best moves with
/// their scores (for the side to move), the principal variation, and the proven winner if any.
pub fn analyze(position: &Position, level: &Level, color: Color, top: usize) -> String {
    let mut pos = position.clone();
    pos.set_to_move(color);
    let mut params = level.search;
    params.exact_root = true;
    let result = search::search(&pos, &params, &mut control());
    let mut out = String::new();
    for (p, score) in result.root_moves.iter().take(top) {
        let _ = writeln!(out, "{p} {}", score_text(*score));
    }
    let pv: Vec<String> = result.pv.iter().map(|p| p.to_string()).collect();
    let _ = writeln!(out, "pv {}", pv.join(" "));
    let _ = writeln!(out, "depth {} nodes {}", result.depth, result.nodes);
    let _ = write!(
        out,
        "proven {}",
        match result.proven {
            Some(c) => format!("{c} wins"),
            None => "no".to_string(),
        }
    );
    out
}

/// A score for people: `win`/`loss` for proven results, else `E` from the mover's side.
pub fn score_text(score: i32) -> String {
    if search::is_proven(score) {
        if score > 0 { "win" } else { "loss" }.to_string()
    } else {
        format!("{:+.3}", f64::from(score) / 1000.0)
    }
}
