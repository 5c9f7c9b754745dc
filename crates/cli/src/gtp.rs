//! The Go Text Protocol in the Hex dialect that HexGui speaks.
//!
//! A [`Session`] owns the game and answers one command line at a time; [`run`] wires it to a
//! reader and a writer. Commands live in a table of (name, handler) so each engine subsystem
//! registers its own commands here at the edge, as Benzene does; the engine crate never sees
//! protocol text.

use std::io::{self, BufRead, Write};

use ohm_engine::notation::{self, Format};
use ohm_engine::{diagram, inferior, Board, Color, Move, Position};

use crate::play_commands::{self, PlayerSettings, TimeSystem};
use crate::solver_commands::SolverSession;
use crate::vc_commands::{self, VcCache};

/// What one command produced: `= text` or `? text`.
pub type Reply = Result<String, String>;

type Handler = fn(&mut Session, &[&str]) -> Reply;

/// Every command `list_commands` announces, with its handler.
const COMMANDS: &[(&str, Handler)] = &[
    ("name", |_, _| Ok("Ohm".into())),
    ("version", |_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ("protocol_version", |_, _| Ok("2".into())),
    ("list_commands", |_, _| {
        Ok(COMMANDS
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join("\n"))
    }),
    ("known_command", Session::known_command),
    ("boardsize", Session::boardsize),
    ("clear_board", Session::clear_board),
    ("play", Session::play),
    ("genmove", Session::genmove),
    ("undo", Session::undo),
    ("showboard", Session::showboard),
    ("final_score", Session::final_score),
    ("loadsgf", Session::loadsgf),
    ("hexgui-analyze_commands", Session::analyze_commands),
    ("ohm-swap_rule", Session::swap_rule),
    ("param_game", Session::param_game),
    ("param_ohm", Session::param_ohm),
    ("time_settings", Session::time_settings),
    ("time_left", Session::time_left),
    ("eval-resist", Session::eval_resist),
    ("eval-resist-cells", Session::eval_resist_cells),
    ("ohm-analyze", Session::ohm_analyze),
    ("compute-inferior", Session::compute_inferior),
    ("compute-fillin", Session::compute_fillin),
    ("compute-dead", Session::compute_dead),
    ("vc-build", Session::vc_build),
    ("vc-between-cells", Session::vc_between_cells),
    ("vc-derivation", Session::vc_derivation),
    ("vc-winning", Session::vc_winning),
    ("vc-mustplay", Session::vc_mustplay),
    ("dfpn-solve-state", Session::dfpn_solve_state),
    ("dfpn-get-pv", Session::dfpn_get_pv),
    ("dfpn-solver-find-winning", Session::dfpn_find_winning),
    ("dfpn-clear-tt", Session::dfpn_clear_tt),
    ("param_dfpn", Session::param_dfpn),
    ("ohm-solve-moves", Session::ohm_solve_moves),
    ("quit", |_, _| Ok(String::new())),
];

/// A GTP session: the current game plus settings.
#[derive(Debug)]
pub struct Session {
    position: Position,
    /// The swap rule of the session's new games (`param_game allow_swap`, `ohm-swap_rule`);
    /// a controller's swap-pieces turns it on for its own game only.
    swap_rule: bool,
    quit: bool,
    vcs: VcCache,
    player: PlayerSettings,
    solver: SolverSession,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// 11x11 with the swap rule off, as Benzene's engines start: Ohm swaps only once a
    /// controller asks for the rule (`param_game allow_swap 1`, `ohm-swap_rule on`), and a
    /// controller's own `play w swap-pieces` (HexGui's, when its user swaps) turns it on.
    pub fn new() -> Session {
        let board = Board::square(11).expect("11 is a valid size");
        Session {
            position: Position::new(board).with_swap_rule(false),
            swap_rule: false,
            quit: false,
            vcs: VcCache::default(),
            player: PlayerSettings::default(),
            solver: SolverSession::default(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Answers one input line; `None` for blank and comment-only lines. The reply is the
    /// complete GTP response text, ending with the blank line.
    pub fn respond(&mut self, line: &str) -> Option<String> {
        let line = line.split('#').next().unwrap_or("");
        let cleaned: String = line
            .chars()
            .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
            .collect();
        let mut words: Vec<&str> = cleaned.split_whitespace().collect();
        if words.is_empty() {
            return None;
        }
        let id = if words[0].bytes().all(|b| b.is_ascii_digit()) {
            Some(words.remove(0))
        } else {
            None
        };
        let reply = match words.split_first() {
            None => Err("empty command".to_string()),
            Some((name, args)) => self.execute(name, args),
        };
        let (mark, text) = match reply {
            Ok(text) => ('=', text),
            Err(text) => ('?', text),
        };
        // A blank line ends a GTP response, so none may appear inside one.
        let lines: Vec<&str> = text
            .trim_end()
            .split('\n')
            .filter(|l| !l.trim().is_empty())
            .collect();
        let text = if text.starts_with('\n') {
            format!("\n{}", lines.join("\n"))
        } else {
            lines.join("\n")
        };
        let id = id.unwrap_or("");
        let sep = if text.is_empty() || text.starts_with('\n') {
            ""
        } else {
            " "
        };
        Some(format!("{mark}{id}{sep}{text}\n\n"))
    }

    /// Runs command `name` with `args`.
    pub fn execute(&mut self, name: &str, args: &[&str]) -> Reply {
        let Some((_, handler)) = COMMANDS.iter().find(|(n, _)| *n == name) else {
            return Err(format!("unknown command: {name}"));
        };
        if name == "quit" {
            self.quit = true;
        }
        handler(self, args)
    }

    fn known_command(&mut self, args: &[&str]) -> Reply {
        let [name] = args else {
            return Err("usage: known_command NAME".into());
        };
        Ok(COMMANDS.iter().any(|(n, _)| n == name).to_string())
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let parse = |s: &str| {
            s.parse::<u8>()
                .map_err(|_| format!("board size '{s}' is not a number"))
        };
        let (w, h) = match args {
            [n] => (parse(n)?, parse(n)?),
            [w, h] => (parse(w)?, parse(h)?),
            _ => return Err("usage: boardsize WIDTH [HEIGHT]".into()),
        };
        let board = Board::new(w, h).map_err(|e| e.to_string())?;
        self.position = Position::new(board).with_swap_rule(self.swap_rule);
        self.player.new_game();
        Ok(String::new())
    }

    fn clear_board(&mut self, _: &[&str]) -> Reply {
        self.position = Position::new(*self.position.board()).with_swap_rule(self.swap_rule);
        self.player.new_game();
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let [color, mv] = args else {
            return Err("usage: play b|w CELL|swap-pieces|resign".into());
        };
        let color = parse_color(color)?;
        let mv = Move::parse(mv).map_err(|e| format!("'{mv}': {e}"))?;
        if mv == Move::Swap && !self.position.swap_rule() {
            // The controller's game has the swap rule (HexGui plays swap-pieces when its
            // user swaps): so has this game from now on, if the swap is legal under it.
            let mut with_rule = self.position.clone();
            with_rule.set_swap_rule(true);
            with_rule
                .try_play_as(color, mv)
                .map_err(|e| e.to_string())?;
            self.position = with_rule;
            return Ok(String::new());
        }
        self.position
            .try_play_as(color, mv)
            .map_err(|e| e.to_string())?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: genmove b|w".into());
        };
        let color = parse_color(color)?;
        if self.position.is_over() {
            return Err("the game is over".into());
        }
        let decision = self
            .player
            .genmove(&self.position, color)
            .ok_or("no move: the board is full")?;
        self.position
            .try_play_as(color, decision.mv)
            .map_err(|e| e.to_string())?;
        Ok(decision.mv.to_string())
    }

    fn param_ohm(&mut self, args: &[&str]) -> Reply {
        self.player.param(args)
    }

    /// `time_settings MAIN BYO_YOMI STONES` (GTP 2): each player has `MAIN` seconds, then
    /// periods of `BYO_YOMI` seconds for `STONES` moves (Canadian byo-yomi); `BYO_YOMI` 0
    /// is a clock for the whole game, and `STONES` 0 with `BYO_YOMI` above 0 (or everything
    /// 0) no time limit, as the standard says. Both clocks start full at once and again at
    /// every new game; genmove keeps within them, and the controller's `time_left` corrects
    /// them.
    fn time_settings(&mut self, args: &[&str]) -> Reply {
        const USAGE: &str = "usage: time_settings MAIN_SECONDS BYO_YOMI_SECONDS BYO_YOMI_STONES";
        let [main, byo_yomi, stones] = args else {
            return Err(USAGE.into());
        };
        let seconds = |name: &str, text: &str| -> Result<f64, String> {
            match text.parse::<f64>() {
                Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
                _ => Err(format!(
                    "{name} '{text}' is not a number of seconds (0 or more)"
                )),
            }
        };
        let main = seconds("main time", main)?;
        let byo_yomi = seconds("byo-yomi time", byo_yomi)?;
        let stones: u32 = stones
            .parse()
            .map_err(|_| format!("byo-yomi stones '{stones}' is not a number of stones"))?;
        let unlimited = (byo_yomi > 0.0 && stones == 0) || (main == 0.0 && byo_yomi == 0.0);
        self.player
            .set_time_system((!unlimited).then_some(TimeSystem {
                main,
                byo_yomi,
                stones,
            }));
        Ok(String::new())
    }

    /// `time_left b|w SECONDS STONES`: the controller's clock; genmove keeps within it.
    fn time_left(&mut self, args: &[&str]) -> Reply {
        let [color, seconds, stones] = args else {
            return Err("usage: time_left b|w SECONDS STONES".into());
        };
        let color = parse_color(color)?;
        let seconds: f64 = seconds
            .parse()
            .map_err(|_| format!("'{seconds}' is not a number of seconds"))?;
        let stones: u32 = stones
            .parse()
            .map_err(|_| format!("'{stones}' is not a number of stones"))?;
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err("seconds must be zero or more".into());
        }
        self.player.time_left[color] = Some((seconds, stones));
        Ok(String::new())
    }

    fn eval_resist(&mut self, args: &[&str]) -> Reply {
        if args.len() > 1 {
            return Err("usage: eval-resist [b|w]".into());
        }
        Ok(play_commands::eval_resist(
            &self.position,
            &self.player.level,
        ))
    }

    fn eval_resist_cells(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: eval-resist-cells b|w".into());
        };
        let color = parse_color(color)?;
        Ok(play_commands::eval_resist_cells(
            &self.position,
            &self.player.level,
            color,
        ))
    }

    /// `ohm-analyze [b|w]`: best moves with scores, the principal variation, proven or not.
    fn ohm_analyze(&mut self, args: &[&str]) -> Reply {
        let color = match args {
            [] => self.position.to_move(),
            [c] => parse_color(c)?,
            _ => return Err("usage: ohm-analyze [b|w]".into()),
        };
        if self.position.is_over() {
            return Err("the game is over".into());
        }
        Ok(play_commands::analyze(
            &self.position,
            &self.player.level,
            color,
            8,
        ))
    }

    fn undo(&mut self, _: &[&str]) -> Reply {
        if self.position.undo() {
            Ok(String::new())
        } else {
            Err("cannot undo: no move has been played".into())
        }
    }

    fn showboard(&mut self, _: &[&str]) -> Reply {
        let pos = &self.position;
        let mut text = format!("\n{}", diagram::showboard(pos));
        match pos.winner() {
            // After a resignation the loser is "to move" again: say only who won, and how.
            Some(winner) if pos.last_move().is_some_and(|m| m.mv == Move::Resign) => {
                text.push_str(&format!("{winner} has won; {} resigned", !winner));
            }
            Some(winner) => text.push_str(&format!("{winner} has won")),
            None => text.push_str(&format!("{} to move", pos.to_move())),
        }
        Ok(text)
    }

    fn final_score(&mut self, _: &[&str]) -> Reply {
        match self.position.winner() {
            Some(Color::Black) => Ok("B+".into()),
            Some(Color::White) => Ok("W+".into()),
            None => Err("the game is not over".into()),
        }
    }

    /// `loadsgf FILE [N]`: loads a record (any format Ohm reads), up to move N if given.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let (file, upto) = match args {
            [file] => (*file, None),
            [file, n] => (
                *file,
                Some(
                    n.parse::<usize>()
                        .map_err(|_| format!("'{n}' is not a move number"))?,
                ),
            ),
            _ => return Err("usage: loadsgf FILE [MOVE_NUMBER]".into()),
        };
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        let (_, mut record) =
            notation::parse_any(&text, None).map_err(|e| format!("{file}: {e}"))?;
        if let Some(n) = upto {
            // GTP counts the move about to be played: `loadsgf f 1` is the position before move 1.
            record.moves.truncate(n.saturating_sub(1));
        }
        let mut position = record.to_position().map_err(|e| format!("{file}: {e}"))?;
        // A record read from text allows the swap its moves may hold; Ohm itself swaps only
        // under the session's rule.
        if !position.history().any(|played| played.mv == Move::Swap) {
            position.set_swap_rule(self.swap_rule);
        }
        self.position = position;
        Ok(String::new())
    }

    fn analyze_commands(&mut self, _: &[&str]) -> Reply {
        Ok(ANALYZE_COMMANDS.join("\n"))
    }

    /// `compute-inferior b|w`: dead, captured, dominated, vulnerable and reversible cells for
    /// that player to move, in HexGui's `cell code` pairs.
    fn compute_inferior(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: compute-inferior b|w".into());
        };
        let cells = inferior::analyze(&self.position, parse_color(color)?);
        Ok(inferior::hexgui_format(&cells))
    }

    /// `compute-fillin b|w`: only the fill-in (dead and captured cells with their colour).
    fn compute_fillin(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: compute-fillin b|w".into());
        };
        let mut cells = inferior::analyze(&self.position, parse_color(color)?);
        cells.dominated.clear();
        cells.vulnerable.clear();
        cells.reversible.clear();
        Ok(inferior::hexgui_format(&cells))
    }

    /// `compute-dead`: the cells dead in the position as it stands (`fd?` with the colour the
    /// fill-in would give them), before any captured set is filled.
    fn compute_dead(&mut self, args: &[&str]) -> Reply {
        if !args.is_empty() {
            return Err("usage: compute-dead".into());
        }
        let mut cells = inferior::analyze(&self.position, self.position.to_move());
        cells.captured = ohm_engine::ByColor::default();
        cells.dead_after_fill = ohm_engine::CellSet::EMPTY;
        cells.dominated.clear();
        cells.vulnerable.clear();
        cells.reversible.clear();
        Ok(inferior::hexgui_format(&cells))
    }

    /// `vc-build b|w`: builds that colour's connections and sums them up.
    fn vc_build(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: vc-build b|w".into());
        };
        let color = parse_color(color)?;
        Ok(vc_commands::summary(self.vcs.get(&self.position, color)))
    }

    /// `vc-between-cells b|w X Y`: every full and semi carrier between two ends (cells,
    /// groups through any of their stones, or edges `north south west east`).
    fn vc_between_cells(&mut self, args: &[&str]) -> Reply {
        let [color, a, b] = args else {
            return Err("usage: vc-between-cells b|w X Y".into());
        };
        let color = parse_color(color)?;
        let (a, b) = (
            vc_commands::parse_end(&self.position, a)?,
            vc_commands::parse_end(&self.position, b)?,
        );
        let vcs = self.vcs.get(&self.position, color);
        for p in [a, b] {
            if vcs.end_of(p).is_none() {
                return Err(format!(
                    "{p} is not an end for {color} (an opponent stone or edge)"
                ));
            }
        }
        Ok(vc_commands::between(vcs, a, b))
    }

    /// `vc-derivation b|w X Y`: the proof of the smallest connection between two ends.
    fn vc_derivation(&mut self, args: &[&str]) -> Reply {
        let [color, a, b] = args else {
            return Err("usage: vc-derivation b|w X Y".into());
        };
        let color = parse_color(color)?;
        let (a, b) = (
            vc_commands::parse_end(&self.position, a)?,
            vc_commands::parse_end(&self.position, b)?,
        );
        vc_commands::derivation(self.vcs.get(&self.position, color), a, b)
    }

    /// `vc-winning b|w`: the carrier of that colour's edge-to-edge connection (empty when the
    /// stones already connect), or an error when H-search finds none.
    fn vc_winning(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: vc-winning b|w".into());
        };
        let color = parse_color(color)?;
        self.vcs
            .get(&self.position, color)
            .winning_carrier()
            .map(vc_commands::cells)
            .ok_or_else(|| format!("no winning connection found for {color}"))
    }

    /// `vc-mustplay b|w`: where that colour must play against the opponent's edge-to-edge
    /// semi-connections (empty: every move loses as far as H-search knows; all empty cells when
    /// the opponent has no such threat).
    fn vc_mustplay(&mut self, args: &[&str]) -> Reply {
        let [color] = args else {
            return Err("usage: vc-mustplay b|w".into());
        };
        let color = parse_color(color)?;
        let empty = self.position.empty_cells();
        let region = self
            .vcs
            .get(&self.position, !color)
            .must_play()
            .unwrap_or(empty);
        Ok(vc_commands::cells(region & empty))
    }

    /// The position with `color` (the optional argument) to move, for the solver's commands.
    fn solver_position(&self, args: &[&str], usage: &str) -> Result<Position, String> {
        let mut position = self.position.clone();
        match args {
            [] => {}
            [color] => position.set_to_move(parse_color(color)?),
            _ => return Err(format!("usage: {usage}")),
        }
        Ok(position)
    }

    /// `dfpn-solve-state [b|w]`: the winner (`black`, `white`), or `empty` when the limits
    /// stopped the solve first (Benzene's reply).
    fn dfpn_solve_state(&mut self, args: &[&str]) -> Reply {
        let position = self.solver_position(args, "dfpn-solve-state [b|w]")?;
        Ok(self.solver.solve_state(&position))
    }

    /// `dfpn-get-pv [b|w]`: the principal variation in the solver's table.
    fn dfpn_get_pv(&mut self, args: &[&str]) -> Reply {
        let position = self.solver_position(args, "dfpn-get-pv [b|w]")?;
        Ok(self.solver.pv(&position))
    }

    /// `dfpn-solver-find-winning [b|w]`: every winning move (the complete set).
    fn dfpn_find_winning(&mut self, args: &[&str]) -> Reply {
        let position = self.solver_position(args, "dfpn-solver-find-winning [b|w]")?;
        self.solver.find_winning(&position)
    }

    /// `dfpn-clear-tt`: forgets every solved position.
    fn dfpn_clear_tt(&mut self, args: &[&str]) -> Reply {
        if !args.is_empty() {
            return Err("usage: dfpn-clear-tt".into());
        }
        self.solver.solver().clear();
        Ok(String::new())
    }

    fn param_dfpn(&mut self, args: &[&str]) -> Reply {
        self.solver.param(args)
    }

    /// `ohm-solve-moves [b|w]`: every empty cell with `W` (wins), `L` (loses) or `?`.
    fn ohm_solve_moves(&mut self, args: &[&str]) -> Reply {
        let position = self.solver_position(args, "ohm-solve-moves [b|w]")?;
        Ok(self.solver.solve_moves(&position))
    }

    /// `param_game [NAME VALUE]`, Benzene's game settings: `allow_swap 0|1` (the swap rule,
    /// as `ohm-swap_rule`) and `game_time SECONDS` (each player's clock for a whole game,
    /// run down by Ohm's own moves and set again at every new game; `none` for no clock).
    /// Without arguments, both in HexGui's parameter lines.
    fn param_game(&mut self, args: &[&str]) -> Reply {
        match args {
            [] => {
                let time = self
                    .player
                    .time_system
                    .map_or("none".to_string(), |t| format!("{}", t.main));
                Ok(format!(
                    "[bool] allow_swap {}\n[string] game_time {time}",
                    u8::from(self.position.swap_rule())
                ))
            }
            ["allow_swap", value] => {
                let allow = parse_switch(value)
                    .ok_or_else(|| format!("allow_swap '{value}' is not 0 or 1"))?;
                self.set_swap_rule(allow);
                Ok(String::new())
            }
            ["game_time", "none"] => {
                self.player.set_time_system(None);
                Ok(String::new())
            }
            ["game_time", value] => {
                let seconds: f64 = value
                    .parse()
                    .map_err(|_| format!("game_time '{value}' is not a number of seconds"))?;
                if !(seconds.is_finite() && seconds > 0.0) {
                    return Err("game_time must be a positive number of seconds".into());
                }
                self.player
                    .set_time_system(Some(TimeSystem::absolute(seconds)));
                Ok(String::new())
            }
            [name, _] => Err(format!(
                "unknown game parameter '{name}' (allow_swap, game_time)"
            )),
            _ => Err("usage: param_game [allow_swap 0|1 | game_time SECONDS|none]".into()),
        }
    }

    /// The swap rule of this game and of the session's next ones.
    fn set_swap_rule(&mut self, on: bool) {
        self.swap_rule = on;
        self.position.set_swap_rule(on);
    }

    /// `ohm-swap_rule [on|off]`: shows or sets the swap rule (whether Ohm may answer a first
    /// stone with swap-pieces; off at the start, as `param_game allow_swap`).
    fn swap_rule(&mut self, args: &[&str]) -> Reply {
        match args {
            [] => {}
            [value] => {
                let on = parse_switch(value).ok_or("usage: ohm-swap_rule [on|off]")?;
                self.set_swap_rule(on);
            }
            _ => return Err("usage: ohm-swap_rule [on|off]".into()),
        }
        Ok(if self.position.swap_rule() {
            "on"
        } else {
            "off"
        }
        .into())
    }
}

/// HexGui's analyze-command list: `type/label/command`.
const ANALYZE_COMMANDS: &[&str] = &[
    "string/Show Board/showboard",
    "none/Swap rule/ohm-swap_rule",
    "param/Game Parameters/param_game",
    "param/Ohm Parameters/param_ohm",
    "pspairs/Resistance/eval-resist",
    "pspairs/Energy (Black)/eval-resist-cells b",
    "pspairs/Energy (White)/eval-resist-cells w",
    "string/Analyze/ohm-analyze %m",
    "inferior/Inferior Cells/compute-inferior %m",
    "inferior/Fill-in/compute-fillin %m",
    "inferior/Dead Cells/compute-dead",
    "none/VC Build/vc-build %m",
    "vc/VCs Between Cells/vc-between-cells %m %p %p",
    "string/VC Derivation/vc-derivation %m %p %p",
    "plist/Winning Carrier/vc-winning %m",
    "plist/Must-play Region/vc-mustplay %m",
    "param/DFPN Param/param_dfpn",
    "none/DFPN Clear TT/dfpn-clear-tt",
    "var/DFPN Get PV/dfpn-get-pv %m",
    "string/DFPN Solve State/dfpn-solve-state %m",
    "plist/DFPN Find Winning/dfpn-solver-find-winning %m",
    "pspairs/Solve Every Move/ohm-solve-moves %m",
];

/// An on/off setting as GTP controllers write it (`1`, `true`, `on`; `0`, `false`, `off`;
/// any case); `None` for anything else.
fn parse_switch(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" => Some(true),
        "0" | "false" | "off" => Some(false),
        _ => None,
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    Color::parse(text).ok_or_else(|| format!("'{text}' is not a colour (b, w, black, white)"))
}

/// Reads commands from `input` until EOF or `quit`, writing replies to `output`.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut session = Session::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // A controller that sends invalid UTF-8 gets an error reply for that line, not a dead engine.
        let line = String::from_utf8_lossy(&bytes);
        if let Some(reply) = session.respond(&line) {
            output.write_all(reply.as_bytes())?;
            output.flush()?;
        }
        if session.has_quit() {
            break;
        }
    }
    Ok(())
}

/// Format names `ohm convert --to` accepts.
pub fn format_from_name(name: &str) -> Result<Format, String> {
    Format::from_name(name)
        .ok_or_else(|| format!("unknown format '{name}' (hsgf, lg, hexworld, trmph, moves)"))
}
