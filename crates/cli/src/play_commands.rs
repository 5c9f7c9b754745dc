//! GTP commands of the player: `genmove` with Ohm's levels, `param_ohm`, `time_left`, and the
//! analysis replies HexGui displays (`eval-resist`, `eval-resist-cells`, `ohm-analyze`).

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::circuit::{evaluate, CircuitParams};
use ohm_engine::connections::Connections;
use ohm_engine::player::{self, Decision, Level};
use ohm_engine::search::{self, Callbacks, Progress};
use ohm_engine::{ByColor, Color, Position};

/// A game's time system, as GTP's `time_settings` states it: `main` seconds for the whole
/// game, then (Canadian byo-yomi) periods of `byo_yomi` seconds for `stones` moves each,
/// a period starting afresh when its stones are played in time. Without byo-yomi
/// (`stones` 0) the main time is all there is: Benzene's `param_game game_time`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeSystem {
    pub main: f64,
    pub byo_yomi: f64,
    pub stones: u32,
}

impl TimeSystem {
    /// A clock for the whole game (`param_game game_time`).
    #[must_use]
    pub fn absolute(seconds: f64) -> TimeSystem {
        TimeSystem {
            main: seconds,
            byo_yomi: 0.0,
            stones: 0,
        }
    }

    fn has_byo_yomi(&self) -> bool {
        self.byo_yomi > 0.0 && self.stones > 0
    }

    /// A clock at the start of a game, as GTP's `time_left` states one: the main time (and
    /// 0 stones), or the first period when there is no main time.
    fn start(&self) -> (f64, u32) {
        if self.main > 0.0 || !self.has_byo_yomi() {
            (self.main, 0)
        } else {
            (self.byo_yomi, self.stones)
        }
    }
}

/// The milliseconds one move may take with `seconds` left on the clock, for `stones` moves
/// (a byo-yomi period, as GTP's `time_left` says) or for the rest of the game (`stones` 0),
/// `empty` cells on the board, under `system` when the controller stated one. A tenth of
/// the time left (at most a second) stays in reserve for the controller's and the pipe's
/// delays; in the main time the rest is shared over the moves still to come (half the
/// empty cells, at least 10), and never less than a byo-yomi period would give each move.
#[must_use]
pub fn move_budget_ms(seconds: f64, stones: u32, empty: u32, system: Option<TimeSystem>) -> f64 {
    let usable = seconds - (seconds * 0.1).min(1.0);
    let share = if stones > 0 {
        usable / f64::from(stones)
    } else {
        let moves = f64::from((empty / 2).max(10));
        let period = system
            .filter(TimeSystem::has_byo_yomi)
            .map_or(0.0, |t| 0.9 * t.byo_yomi / f64::from(t.stones));
        (usable / moves).max(period)
    };
    (share * 1000.0).max(10.0)
}

/// The player's settings for a GTP session.
#[derive(Debug, Clone)]
pub struct PlayerSettings {
    pub level: Level,
    /// Seconds left on `color`'s clock as `time_left` last reported (or as the time system
    /// started it, less the time Ohm's moves took since), with the stones to play in the
    /// current byo-yomi period (0: main time).
    pub time_left: ByColor<Option<(f64, u32)>>,
    /// The clocks' time system (`time_settings`, or `param_game game_time` for a clock
    /// without byo-yomi).
    pub time_system: Option<TimeSystem>,
    /// Varies the beginner levels' noise and the opening from move to move.
    pub seed: u64,
    /// The tables Ohm keeps from move to move.
    pub engine: player::Engine,
}

impl Default for PlayerSettings {
    fn default() -> Self {
        PlayerSettings {
            level: *player::level(player::DEFAULT_LEVEL).expect("the default level exists"),
            time_left: ByColor::default(),
            time_system: None,
            seed: 1,
            engine: player::Engine::new(),
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
    /// A new game: with a time system set, both players' clocks start full again.
    pub fn new_game(&mut self) {
        if let Some(system) = self.time_system {
            let start = Some(system.start());
            self.time_left = ByColor::new(start, start);
        }
    }

    /// Sets (or, with `None`, removes) the time system; the clocks start full at once.
    /// Removing it removes the clocks it set (a controller's `time_left` stands until then).
    pub fn set_time_system(&mut self, system: Option<TimeSystem>) {
        let had_clock = self.time_system.is_some();
        self.time_system = system;
        match system {
            Some(_) => self.new_game(),
            None if had_clock => self.time_left = ByColor::default(),
            None => {}
        }
    }

    /// `color`'s move took `seconds`: its clock, if it has one, runs down by that much, and
    /// under byo-yomi the main time gives way to a period, a period's stones count down and
    /// a period played out in time starts again (the controller's next `time_left` corrects
    /// whatever this gets wrong).
    fn spent(&mut self, color: Color, seconds: f64) {
        let Some((left, stones)) = self.time_left[color] else {
            return;
        };
        let left = left - seconds;
        let byo_yomi = self.time_system.filter(TimeSystem::has_byo_yomi);
        let (left, stones) = match (stones, byo_yomi) {
            // The main time ran out during the move: the rest came out of the first period.
            (0, Some(t)) if left <= 0.0 => (t.byo_yomi + left, t.stones),
            (0, _) => (left, 0),
            // The period's last stone in time: a new period.
            (1, Some(t)) if left >= 0.0 => (t.byo_yomi, t.stones),
            // A period of unknown length stays one until the controller says more.
            (1, None) => (left, 1),
            (n, _) => (left, n - 1),
        };
        self.time_left[color] = Some((left.max(0.0), stones));
    }

    /// Ohm's move for `color` in `position` (played as if `color` were to move).
    pub fn genmove(&mut self, position: &Position, color: Color) -> Option<Decision> {
        let mut pos = position.clone();
        pos.set_to_move(color);
        let mut level = self.level;
        if let Some((seconds, stones)) = self.time_left[color] {
            let empty = pos.empty_cells().len();
            let budget = move_budget_ms(seconds, stones, empty, self.time_system);
            level.search.time_ms = Some(level.search.time_ms.map_or(budget, |t| t.min(budget)));
        }
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let start = Instant::now();
        let decision = self
            .engine
            .choose_move(&pos, &level, self.seed, &mut control());
        self.spent(color, start.elapsed().as_secs_f64());
        decision
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
    let mut params = level.search_for(&pos);
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

/// `ohm analyze <record>`: what `eval-resist`, the inferior-cell commands and `ohm-analyze`
/// say about a position, written for a person: the board, the circuit's evaluation with the
/// displayed win chance, the winning connections H-search proves, the level's best moves with
/// exact scores and the line it expects, and the move Ohm would play there (with its reason:
/// a won position is converted, a lost one resisted).
pub fn analyze_for_people(position: &Position, level: &Level, top: usize) -> String {
    let mut out = ohm_engine::diagram::showboard(position);
    if let Some(winner) = position.winner() {
        let _ = writeln!(out, "{} has won: nothing to analyze.", winner.title());
        return out;
    }
    let me = position.to_move();
    let _ = writeln!(
        out,
        "{} to move (move {}).",
        me.title(),
        position.move_count() + 1
    );

    let eval = evaluation(position, level);
    let lead = match eval.e() {
        e if e < 0.0 => "Black is ahead",
        e if e > 0.0 => "White is ahead",
        _ => "even",
    };
    let _ = writeln!(
        out,
        "\nCircuit: E = ln(R_black / R_white) = {} ({lead}); R_black {}, R_white {}.",
        number(eval.e()),
        number(eval.resistance.black),
        number(eval.resistance.white)
    );
    let _ = writeln!(
        out,
        "Displayed chance (not calibrated): Black {:.0}%, White {:.0}%.",
        100.0 * eval.win_probability(Color::Black),
        100.0 * eval.win_probability(Color::White)
    );
    let mut hot: Vec<_> = position
        .empty_cells()
        .iter()
        .map(|p| (p, eval.heat(p)))
        .collect();
    hot.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let hot: Vec<String> = hot
        .iter()
        .take(8)
        .map(|(p, h)| format!("{p} {h:.3}"))
        .collect();
    let _ = writeln!(
        out,
        "Hottest cells (both circuits' energy): {}.",
        hot.join(", ")
    );

    let _ = writeln!(out, "\nProven by H-search:");
    let mut hsearch_winner = None;
    for color in [me, !me] {
        let vcs = Connections::build(position, color, level.hsearch);
        if vcs.winning_carrier().is_some() || (color == me && vcs.edge_semis().next().is_some()) {
            hsearch_winner = Some(color);
        }
        let line = if let Some(carrier) = vcs.winning_carrier() {
            format!(
                "{} is connected edge to edge by a virtual connection (carrier of {} cells: {}): {} wins.",
                color.title(),
                carrier.len(),
                cell_list(carrier),
                color.title()
            )
        } else if let Some(id) = vcs.edge_semis().next() {
            let semi = vcs.get(id);
            let key = semi.key.map_or(String::new(), |k| format!(" (key {k})"));
            if color == me {
                format!(
                    "{} holds an edge-to-edge semi-connection{key} and is to move: {} wins.",
                    color.title(),
                    color.title()
                )
            } else {
                let region = vcs
                    .must_play()
                    .map(|r| r & position.empty_cells())
                    .unwrap_or_default();
                format!(
                    "{} threatens to connect by semi-connections{key}; {} must play in: {}.",
                    color.title(),
                    me.title(),
                    if region.is_empty() {
                        "nowhere, every threat cannot be stopped at once".to_string()
                    } else {
                        cell_list(region)
                    }
                )
            }
        } else {
            format!("{}: no winning connection found.", color.title())
        };
        let _ = writeln!(out, "  {line}");
    }

    let mut params = level.search_for(position);
    params.exact_root = true;
    let started = Instant::now();
    let result = search::search(position, &params, &mut control());
    // Levels 5 and 6 play the Monte Carlo search on large boards; the explanation is the
    // alpha-beta search's, whose scores are E.
    let search_name = if level.mcts.is_some_and(|m| m.plays(position)) {
        "alpha-beta search (its move below comes from the Monte Carlo search on this board)"
    } else {
        "search"
    };
    let _ = writeln!(
        out,
        "\nLevel {} ({}) {search_name}: depth {}, {} nodes, {:.2} s{}.",
        level.number,
        level.name,
        result.depth,
        result.nodes,
        started.elapsed().as_secs_f64(),
        if result.stopped {
            ", stopped by the time limit"
        } else {
            ""
        }
    );
    let _ = writeln!(out, "Best moves for {} (E from its side):", me.title());
    for (rank, (p, score)) in result.root_moves.iter().take(top).enumerate() {
        let _ = writeln!(
            out,
            "  {:>2}. {p:<4} {}",
            rank + 1,
            score_for_people(*score)
        );
    }
    let pv: Vec<String> = result.pv.iter().map(|p| p.to_string()).collect();
    let _ = writeln!(out, "Expected line: {}", pv.join(" "));
    let _ = writeln!(
        out,
        "Result: {}",
        match (result.proven, hsearch_winner) {
            (Some(c), _) => format!("proven, {} wins (search).", c.title()),
            (None, Some(c)) => format!("proven, {} wins (H-search).", c.title()),
            (None, None) => "not proven (a heuristic evaluation).".to_string(),
        }
    );

    let mut settings = PlayerSettings {
        level: *level,
        ..PlayerSettings::default()
    };
    if let Some(decision) = settings.genmove(position, me) {
        let why = match decision.reason {
            player::Reason::Swap => "the first stone is too strong to leave",
            player::Reason::Opening => "a balanced opening under the swap rule",
            player::Reason::Converting => "keeps the winning connection",
            player::Reason::Solved => "the solver proves it wins",
            player::Reason::Resisting => {
                "the opponent has won; the most resistant intrusion into its carrier"
            }
            player::Reason::Search => "the search's choice",
            player::Reason::Book => "the opening book's reply to the first stone",
        };
        let _ = writeln!(out, "Ohm plays: {} ({why}).", decision.mv);
    }
    out
}

/// A root score for people: proven wins and losses in words, else `E` from the mover's side.
fn score_for_people(score: i32) -> String {
    if search::is_proven(score) {
        if score > 0 {
            "proven win"
        } else {
            "proven loss"
        }
        .to_string()
    } else if score <= -(search::PROVEN - 1) {
        // Every searched reply of a narrowed node lost: not a proof.
        "loses in every line searched (not proven)".to_string()
    } else if score >= search::PROVEN - 1 {
        "wins against every reply searched (not proven)".to_string()
    } else {
        format!("{:+.3}", f64::from(score) / 1000.0)
    }
}

fn cell_list(cells: ohm_engine::CellSet) -> String {
    cells
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const BYO_YOMI: TimeSystem = TimeSystem {
        main: 0.0,
        byo_yomi: 2.0,
        stones: 1,
    };

    #[test]
    fn a_byo_yomi_period_is_shared_over_its_own_stones() {
        // Two seconds for one move: most of them, not a tenth of what is left.
        assert_eq!(move_budget_ms(2.0, 1, 60, Some(BYO_YOMI)), 1800.0);
        assert_eq!(move_budget_ms(20.0, 5, 60, None), 3800.0);
        // In the main time: over half the empty cells (at least 10), a second kept back.
        assert_eq!(move_budget_ms(41.0, 0, 80, None), 1000.0);
        assert_eq!(move_budget_ms(11.0, 0, 6, None), 1000.0);
        // Main time nearly gone: never less than a byo-yomi period gives a move.
        let system = TimeSystem {
            main: 60.0,
            ..BYO_YOMI
        };
        assert_eq!(move_budget_ms(1.0, 0, 80, Some(system)), 1800.0);
        assert_eq!(move_budget_ms(0.0, 0, 80, None), 10.0);
    }

    #[test]
    fn the_clock_runs_down_into_byo_yomi_and_periods_start_again() {
        let mut settings = PlayerSettings::default();
        settings.set_time_system(Some(TimeSystem {
            main: 3.0,
            byo_yomi: 10.0,
            stones: 2,
        }));
        assert_eq!(settings.time_left[Color::Black], Some((3.0, 0)));
        settings.spent(Color::Black, 1.0);
        assert_eq!(settings.time_left[Color::Black], Some((2.0, 0)));
        // The main time runs out during the move: the rest comes out of the first period.
        settings.spent(Color::Black, 3.0);
        assert_eq!(settings.time_left[Color::Black], Some((9.0, 2)));
        settings.spent(Color::Black, 4.0);
        assert_eq!(settings.time_left[Color::Black], Some((5.0, 1)));
        // The period's last stone in time: a fresh period.
        settings.spent(Color::Black, 4.0);
        assert_eq!(settings.time_left[Color::Black], Some((10.0, 2)));
        assert_eq!(settings.time_left[Color::White], Some((3.0, 0)));
        // Byo-yomi only: the clocks start in the first period; removing the system removes
        // the clocks it set.
        settings.set_time_system(Some(BYO_YOMI));
        assert_eq!(settings.time_left[Color::White], Some((2.0, 1)));
        settings.set_time_system(None);
        assert_eq!(settings.time_left[Color::White], None);
    }

    #[test]
    fn a_controllers_period_of_unknown_length_stays_a_period() {
        let mut settings = PlayerSettings::default();
        settings.time_left[Color::White] = Some((20.0, 2));
        settings.spent(Color::White, 5.0);
        assert_eq!(settings.time_left[Color::White], Some((15.0, 1)));
        settings.spent(Color::White, 5.0);
        assert_eq!(settings.time_left[Color::White], Some((10.0, 1)));
        settings.time_left[Color::White] = Some((30.0, 0));
        settings.spent(Color::White, 40.0);
        assert_eq!(settings.time_left[Color::White], Some((0.0, 0)));
    }
}
