//! Players that `ohm match` can pit against each other: Ohm's own move rules and any external
//! engine that speaks GTP.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use ohm_engine::circuit::VcLinks;
use ohm_engine::mcts::MctsParams;
use ohm_engine::player::{Level, SolverSlice};
use ohm_engine::search::{LeafEvaluation, SearchParams};
use ohm_engine::{distance, Color, Move, Position};

/// Something that chooses moves.
pub trait Player {
    /// A short name for tables and records.
    fn name(&self) -> String;
    /// The move for the side to move in `position` (which is not over).
    fn choose(&mut self, position: &Position) -> Result<Move, String>;
}

/// Parses a player spec: `level:N` (Ohm at level 1..=6, optionally followed by search
/// options such as `level:4,eval=two-distance,depth=3,time=none`: see [`apply_option`]),
/// `distance`, `random[:SEED]`, or `gtp:COMMAND LINE`.
pub fn from_spec(spec: &str) -> Result<Box<dyn Player>, String> {
    let (kind, arg) = spec.split_once(':').unwrap_or((spec, ""));
    match kind {
        "distance" => Ok(Box::new(DistancePlayer)),
        "level" => {
            let mut options = arg.split(',');
            let number_text = options.next().unwrap_or("");
            let number: u8 = number_text
                .parse()
                .map_err(|_| format!("level:{number_text}: not a level number"))?;
            let mut level = *ohm_engine::player::level(number)
                .ok_or(format!("level:{number}: levels are 1 to 6"))?;
            for option in options {
                apply_level_option(&mut level, option).map_err(|e| format!("level:{arg}: {e}"))?;
            }
            Ok(Box::new(LevelPlayer {
                level,
                seed: u64::from(number),
                label: format!("level:{arg}"),
                engine: ohm_engine::player::Engine::new(),
            }))
        }
        "random" => {
            let seed = if arg.is_empty() {
                1
            } else {
                arg.parse().map_err(|_| format!("random:{arg}: bad seed"))?
            };
            Ok(Box::new(RandomPlayer { state: seed | 1 }))
        }
        "gtp" => GtpPlayer::spawn(arg).map(|p| Box::new(p) as Box<dyn Player>),
        _ => Err(format!(
            "unknown player '{spec}' (distance, random[:SEED], gtp:COMMAND)"
        )),
    }
}

/// One `key=value` change to a level, for comparisons in `ohm match`:
/// `mcts=0|1` (0: the alpha-beta search on every board; 1: the Monte Carlo search,
/// [`ohm_engine::mcts`], on every board with its default knobs, where levels 5 and 6 play it
/// on boards larger than 9x9 only) and its knobs `mcts_know=N` (visits before a node's
/// analysis), `mcts_glance=0|1`, `mcts_fill=0|1`,
/// `mcts_until=N` (the Monte Carlo search below N stones only, alpha-beta after),
/// `mcts_above=CELLS` (the Monte Carlo search only on boards of more cells, alpha-beta on the others),
/// `mcts_bias=F` (RAVE), `mcts_c=F` (UCB), `mcts_prior=N`, `mcts_expand=N`, `mcts_keep=0|1`,
/// `mcts_nodes=N`, `mcts_inferior=N`, `mcts_lgr=0|1` (the last good reply), `mcts_inherit=N`
/// (RAVE inherited from the grandparent), `mcts_pattern=N` (the move patterns' prior),
/// `mcts_pb=F` (the move patterns' progressive bias), `mcts_playout=P` (pattern-weighted
/// playouts, the fitted gammas to the power P), `mcts_abort=0|1` (the search ends when its
/// choice cannot change) ([`MctsParams`]); `pattern_order=W` (the
/// move patterns' weight in the alpha-beta's move order, [`SearchParams::pattern_order`]);
/// `solver=SHARE[:MAX_EMPTY]` (the solver's share of each move, in positions with at most
/// MAX_EMPTY empty cells, on every board; `solver=0`: none), `solver_small=SHARE` (the share
/// on boards up to 9x9 alone), `early_solver=SHARE:MAX_EMPTY` (a share for the positions with
/// more empty cells than the slice's own limit, up to MAX_EMPTY), `solver_rest=0|1` (the time the search leaves
/// goes back to the solver), `open_root=0|1` (the search's root keeps only the moves the solver's
/// slice has not proven losing), `check=SHARE` (the search's choice checked by the solver in up
/// to SHARE of the move's time, the next best moves when it is proven losing; 0: no check),
/// `check_rest=0|1` (the check gets all the time the move has left),
/// or a search option ([`apply_option`]): `eval=circuit|two-distance`,
/// `edge=PENALTY`, `mtdf=0|1`, `killers=0|1`, `countermoves=0|1`, `history=0|1`, `lazy=0|1` (leaves judged from their parent's
/// connections), `lazy_margin=M` (a leaf judged from them first, its own connections only
/// when that score falls within M of the window), `fill=0|1` (the circuit judges positions after fill-in), `filled_leaves=0|1` (each leaf judged on its filled-in board with that board's own H-search), `odd=0|1` (the move from the deepest finished odd iteration, not an even one after it), `even=0|1` (iterative deepening over depths 1, 2, 4, 6, ...: Wolve's even depths), `small_even=0|1` (the level's even depths on boards up to 9x9: levels 5 and 6 have them), `aspiration=N` (from depth 3 the root first searched in a window of half-width N around the score two plies shallower), `fill_path=0|1` (the tree on filled-in boards: each move's dead and captured cells given to their owners, the connections updated to them), `reply=K` (a leaf with the root's opponent to move scored as his best of his K hottest replies, circuit solves only), `block=0|1` (a leaf after a one-step threat to the edge, a ladder's push, judged after the block too), `pushes=0|1` (0: a node's moves leave out the side to move's pushes of a second-row ladder without an escape), `lmr=N` (late move reductions from the N-th move), `narrow=N` (from the third iteration the root's best N moves, when the whole root would not fit), `narrow_floor=N` (then as few as N, the most that fit), `frontier=N` (the width one ply above the leaves), `large_frontier=N` (that width on boards larger than 9x9 only, levels 5 and 6: 8), `finish=MARGIN` (an iteration starts when the time left covers this share of
/// its predicted cost), `depth=N`, `width=N`, `root_width=N`, `time=MS|none`, `hplies=N`
/// (plies with H-search), `inferior=N` (plies with inferior-cell pruning), `tt=BITS`, `full=N`,
/// `semi=N`, `or=N`, `budget=N|none`, `captured=0|1`, `or_search=0|1`, `semi_and=0|1`, `intersection=0|1` (the tree's H-search limits and rules), `extend=N` (forced-move
/// extension for must-play regions of at most N cells), `vc=shared|all|all:R|direct|direct:R|none` (how
/// virtual connections enter the circuit: shared neighbours, every fully connected pair of
/// ends linked (two groups by resistance R, or not), a direct link of resistance R, default 2,
/// or not at all), `tempo=F|none` (with `vc=all`, the side to move's pairs joined only by a semi-connection linked at F times a full link's resistance), `semilinks=F|none` (with `vc=all`, pairs joined only by a semi-connection
/// linked too, at F times a full connection's resistance), `vcfactor=F` (a full connection's
/// link at F times the resistance of the adjacency it stands for), `walls=0|1` (the links
/// across the opponent's bridges and second-row templates cut), `heat=power|current` (the
/// move order by the power share around a cell or the current share through it), `reuse=0|1`
/// (moves scored from the table before they are played), `probe=0|1` (the moves one ply
/// above the leaves chosen by a probe of the position after each).
fn apply_level_option(level: &mut Level, option: &str) -> Result<(), String> {
    if let Some(value) = option.strip_prefix("solver_rest=") {
        level.solver.rest = switch("solver_rest", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("open_root=") {
        level.solver.open_root = switch("open_root", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("mcts=") {
        level.mcts = switch("mcts", value)?.then_some(MctsParams::DEFAULT);
        return Ok(());
    }
    if let Some((key, value)) = option
        .split_once('=')
        .filter(|(key, _)| key.starts_with("mcts_"))
    {
        let mcts = level
            .mcts
            .as_mut()
            .ok_or(format!("{key}: give mcts=1 first"))?;
        let number = || {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or(format!("{key}: '{value}' is not a number"))
        };
        match key {
            "mcts_expand" => mcts.expand_visits = number()? as u32,
            "mcts_know" => mcts.knowledge_visits = number()? as u32,
            "mcts_inferior" => mcts.inferior_visits = number()? as u32,
            "mcts_bias" => mcts.rave_bias = number()?,
            "mcts_c" => mcts.exploration = number()?,
            "mcts_prior" => mcts.prior_games = number()?,
            "mcts_nodes" => mcts.max_nodes = number()? as u32,
            "mcts_keep" => mcts.keep_tree = switch(key, value)?,
            "mcts_glance" => mcts.glance = switch(key, value)?,
            "mcts_fill" => mcts.fill_in = switch(key, value)?,
            "mcts_lgr" => mcts.last_good_reply = switch(key, value)?,
            "mcts_inherit" => mcts.inherited_rave = number()? as f32,
            "mcts_pattern" => mcts.pattern_prior = number()? as f32,
            "mcts_pb" => mcts.progressive_bias = number()? as f32,
            "mcts_playout" => mcts.pattern_playouts = number()? as f32,
            "mcts_abort" => mcts.early_abort = switch(key, value)?,
            "mcts_value" => mcts.value_prior = number()? as f32,
            "mcts_value_scale" => mcts.value_scale = number()? as f32,
            "mcts_value_tempo" => mcts.value_tempo = number()? as f32,
            "mcts_until" => mcts.until_stones = number()? as u32,
            "mcts_above" => mcts.larger_than_cells = number()? as u32,
            _ => return Err(format!("unknown option '{key}'")),
        }
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("large_frontier=") {
        level.large_board_frontier = value
            .parse()
            .map_err(|_| format!("large_frontier: '{value}' is not a width"))?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("book=") {
        level.opening_book = switch("book", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("small_even=") {
        level.small_board_even_depths = switch("small_even", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("check_rest=") {
        level.solver.check_rest = switch("check_rest", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("check=") {
        level.solver.check = parse_share("check", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("solver_small=") {
        level.solver.small_board_share = parse_share("solver_small", value)?;
        return Ok(());
    }
    if let Some(value) = option.strip_prefix("early_solver=") {
        let (share, max_empty) = value
            .split_once(':')
            .ok_or(format!("early_solver: '{value}' is not SHARE:MAX_EMPTY"))?;
        level.solver.early_share = parse_share("early_solver", share)?;
        level.solver.early_max_empty = parse_empty_cells("early_solver", max_empty)?;
        return Ok(());
    }
    let Some(value) = option.strip_prefix("solver=") else {
        return apply_option(&mut level.search, option);
    };
    let (share, max_empty) = value.split_once(':').unwrap_or((value, "361"));
    let share = parse_share("solver", share)?;
    let max_empty = parse_empty_cells("solver", max_empty)?;
    level.solver = SolverSlice {
        share,
        small_board_share: share,
        max_empty,
        nodes: level.solver.nodes.max(2000),
        ..level.solver
    };
    Ok(())
}

/// An on/off option's `value`: `1` or `0`.
fn switch(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(format!("{key}: '{value}' (0, 1)")),
    }
}

/// `text` as a share of a move's time, from 0 to 1, or an error naming `key`.
fn parse_share(key: &str, text: &str) -> Result<f64, String> {
    text.parse()
        .ok()
        .filter(|s: &f64| (0.0..=1.0).contains(s))
        .ok_or(format!("{key}: '{text}' is not a share from 0 to 1"))
}

/// `text` as a number of empty cells, or an error naming `key`.
fn parse_empty_cells(key: &str, text: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("{key}: '{text}' is not a number of empty cells"))
}

/// `text` as a finite number above 0.
fn positive(text: &str) -> Option<f64> {
    text.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && *x > 0.0)
}

fn apply_option(search: &mut SearchParams, option: &str) -> Result<(), String> {
    let (key, value) = option
        .split_once('=')
        .ok_or(format!("option '{option}' is not key=value"))?;
    let number = || {
        value
            .parse::<u32>()
            .map_err(|_| format!("{key}: '{value}' is not a number"))
    };
    match key {
        "eval" => {
            search.evaluation = match value {
                "circuit" => LeafEvaluation::Circuit,
                "two-distance" => LeafEvaluation::TwoDistance,
                _ => return Err(format!("eval: '{value}' (circuit, two-distance)")),
            }
        }
        "vc" => {
            search.circuit.vc_links = match value {
                "shared" => VcLinks::SharedNeighbours,
                "none" => VcLinks::None,
                "direct" => VcLinks::DIRECT,
                "all" => VcLinks::ALL_PAIRS,
                _ => {
                    let resistance = |r: &str| {
                        positive(r).ok_or(format!("vc: '{r}' is not a positive resistance"))
                    };
                    if let Some(r) = value.strip_prefix("all:") {
                        VcLinks::AllPairs {
                            groups: Some(resistance(r)?),
                        }
                    } else if let Some(r) = value.strip_prefix("direct:") {
                        VcLinks::Direct {
                            resistance: resistance(r)?,
                        }
                    } else {
                        return Err(format!(
                            "vc: '{value}' (shared, all, all:RESISTANCE, direct, direct:RESISTANCE, none)"
                        ));
                    }
                }
            }
        }
        "walls" => search.circuit.cut_opponent_bridges = switch(key, value)?,
        "heat" => {
            search.circuit.current_heat = match value {
                "current" => true,
                "power" => false,
                _ => return Err(format!("heat: '{value}' (power, current)")),
            };
        }
        "vcfactor" => {
            search.circuit.full_factor =
                positive(value).ok_or(format!("vcfactor: '{value}' is not a positive factor"))?;
        }
        "tempo" if value == "none" => search.circuit.mover_semi_factor = None,
        "tempo" => {
            search.circuit.mover_semi_factor = Some(
                positive(value)
                    .ok_or(format!("tempo: '{value}' is not a positive factor or none"))?,
            );
        }
        "semilinks" if value == "none" => search.circuit.semi_factor = None,
        "semilinks" => {
            search.circuit.semi_factor = Some(positive(value).ok_or(format!(
                "semilinks: '{value}' is not a positive factor or none"
            ))?);
        }
        "depth" => search.max_depth = number()?,
        "edge" => search.edge_penalty = number()? as i32,
        "mtdf" => search.mtdf = number()? != 0,
        "killers" => search.killers = number()? != 0,
        "reuse" => search.reuse_children = switch(key, value)?,
        "probe" => search.frontier_probe = switch(key, value)?,
        "countermoves" => search.countermoves = number()? != 0,
        "history" => search.history = number()? != 0,
        "lazy" => search.lazy_leaves = number()? != 0,
        "lazy_margin" => {
            search.lazy_margin = value
                .parse::<i32>()
                .ok()
                .filter(|m| *m >= 0)
                .ok_or(format!("{key}: '{value}' is not a margin (0 or more)"))?;
        }
        "fill" => search.fill_in = number()? != 0,
        "filled_leaves" => search.filled_leaves = switch(key, value)?,
        "odd" => search.odd_depths = switch(key, value)?,
        "even" => search.even_depths = switch(key, value)?,
        "aspiration" => search.aspiration = number()? as i32,
        "fill_path" => search.fill_path = switch(key, value)?,
        "reply" => search.reply_leaves = number()?,
        "block" => search.edge_block_leaves = switch(key, value)?,
        "pushes" => search.prune_ladder_pushes = !switch(key, value)?,
        "lmr" => search.late_reduction = number()?,
        "narrow" => search.narrow_root = number()?,
        "narrow_floor" => search.narrow_floor = number()?,
        "frontier" => search.frontier_width = number()?,
        "finish" => {
            search.finish_margin = value
                .parse::<f64>()
                .ok()
                .filter(|m| (0.0..=4.0).contains(m))
                .ok_or(format!("finish: '{value}' is not a margin from 0 to 4"))?;
        }
        "pattern_order" => {
            search.pattern_order = value
                .parse::<f32>()
                .ok()
                .filter(|w| (0.0..=4.0).contains(w))
                .ok_or(format!("{key}: '{value}' is not a weight from 0 to 4"))?;
        }
        "width" => search.width = number()?,
        "root_width" => search.root_width = number()?,
        "time" if value == "none" => search.time_ms = None,
        "time" => search.time_ms = Some(f64::from(number()?)),
        "hplies" => search.hsearch_plies = number()?,
        "inferior" => search.inferior_plies = number()?,
        "extend" => search.forced_extension = number()?,
        "tt" => {
            search.tt_bits = Some(number()?)
                .filter(|bits| (4..=26).contains(bits))
                .ok_or(format!(
                    "tt: '{value}' is not 4 to 26 (log2 of the table's slots)"
                ))?;
        }
        "captured" | "or_search" | "semi_and" | "intersection" => {
            let limits = search
                .hsearch
                .as_mut()
                .ok_or(format!("{key}: this level runs no H-search in its tree"))?;
            let on = number()? != 0;
            match key {
                "captured" => limits.captured = on,
                "or_search" => limits.or_search = on,
                "semi_and" => limits.semi_and = on,
                _ => limits.full_intersection = on,
            }
        }
        "full" | "semi" | "or" | "budget" => {
            let limits = search
                .hsearch
                .as_mut()
                .ok_or(format!("{key}: this level runs no H-search in its tree"))?;
            if key == "budget" {
                limits.budget = if value == "none" {
                    u64::MAX
                } else {
                    value
                        .parse()
                        .map_err(|_| format!("budget: '{value}' is not a number or none"))?
                };
                return Ok(());
            }
            let n = number()?;
            match key {
                "full" => limits.max_full = n,
                "semi" => limits.max_semi = n,
                _ => limits.max_or = n,
            }
        }
        _ => return Err(format!("unknown option '{key}'")),
    }
    Ok(())
}

/// Ohm at one of its levels, with its own clock.
#[derive(Debug)]
pub struct LevelPlayer {
    level: ohm_engine::player::Level,
    seed: u64,
    label: String,
    engine: ohm_engine::player::Engine,
}

impl Player for LevelPlayer {
    fn name(&self) -> String {
        self.label.clone()
    }
    fn choose(&mut self, position: &Position) -> Result<Move, String> {
        let start = std::time::Instant::now();
        let mut control = ohm_engine::search::Callbacks {
            clock: move || start.elapsed().as_secs_f64() * 1000.0,
            stop: || false,
            progress: |_: &ohm_engine::search::Progress| {},
        };
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.engine
            .choose_move(position, &self.level, self.seed, &mut control)
            .map(|d| d.mv)
            .ok_or_else(|| "no move available".into())
    }
}

/// The baseline: [`distance::best_move_by_distance`].
#[derive(Debug)]
pub struct DistancePlayer;

impl Player for DistancePlayer {
    fn name(&self) -> String {
        "distance".into()
    }
    fn choose(&mut self, position: &Position) -> Result<Move, String> {
        distance::best_move_by_distance(position)
            .map(Move::Cell)
            .ok_or_else(|| "no move available".into())
    }
}

/// A uniformly random empty cell (xorshift; deterministic per seed).
#[derive(Debug)]
pub struct RandomPlayer {
    state: u64,
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, position: &Position) -> Result<Move, String> {
        let empty = position.empty_cells();
        if empty.is_empty() {
            return Err("no move available".into());
        }
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let index = (self.state % u64::from(empty.len())) as usize;
        Ok(Move::Cell(
            empty.iter().nth(index).expect("index below len"),
        ))
    }
}

/// An external GTP engine run as a child process. Before each `genmove` it is brought up to
/// date with the moves it has not seen (a new game or an undo resets it from the start).
#[derive(Debug)]
pub struct GtpPlayer {
    command: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// The moves the engine has been told, in order.
    known: Vec<(Color, Move)>,
    known_board: Option<(u8, u8)>,
}

impl GtpPlayer {
    pub fn spawn(command_line: &str) -> Result<GtpPlayer, String> {
        let mut words = command_line.split_whitespace();
        let program = words
            .next()
            .ok_or("gtp: needs a command line, e.g. gtp:ohm")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command_line}': {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Ok(GtpPlayer {
            command: command_line.into(),
            child,
            stdin,
            stdout,
            known: Vec::new(),
            known_board: None,
        })
    }

    /// Sends one command and returns the reply text (without `= `), or the engine's error.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.died(e))?;
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).map_err(|e| self.died(e))? == 0 {
                return Err(format!(
                    "{}: closed its output after '{command}'",
                    self.command
                ));
            }
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            if !line.trim().is_empty() {
                reply.push_str(&line);
            }
        }
        let reply = reply.trim_end().to_string();
        match reply.strip_prefix('=') {
            Some(ok) => Ok(ok
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim()
                .to_string()),
            None => Err(format!(
                "{} answered '{command}' with: {reply}",
                self.command
            )),
        }
    }

    fn died(&self, e: std::io::Error) -> String {
        format!("{}: {e}", self.command)
    }

    fn sync(&mut self, position: &Position) -> Result<(), String> {
        let board = (position.board().width(), position.board().height());
        let history: Vec<(Color, Move)> = position.history().map(|m| (m.color, m.mv)).collect();
        let in_sync = self.known_board == Some(board) && history.starts_with(&self.known);
        if !in_sync {
            self.send(&format!("boardsize {} {}", board.0, board.1))?;
            self.send("clear_board")?;
            self.known.clear();
            self.known_board = Some(board);
        }
        for &(color, mv) in &history[self.known.len()..] {
            self.send(&format!("play {} {mv}", color.letter()))?;
            self.known.push((color, mv));
        }
        Ok(())
    }
}

impl Player for GtpPlayer {
    fn name(&self) -> String {
        self.command.clone()
    }
    fn choose(&mut self, position: &Position) -> Result<Move, String> {
        self.sync(position)?;
        let color = position.to_move();
        let reply = self.send(&format!("genmove {}", color.letter()))?;
        let mv = Move::parse(&reply)
            .map_err(|e| format!("{}: genmove answered '{reply}': {e}", self.command))?;
        // The engine has played it on its own board.
        self.known.push((color, mv));
        Ok(mv)
    }
}

impl Drop for GtpPlayer {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level_four() -> SearchParams {
        ohm_engine::player::LEVELS[3].search
    }

    #[test]
    fn vc_option_picks_the_circuit_variant() {
        let mut search = level_four();
        assert_eq!(search.circuit.vc_links, VcLinks::ALL_PAIRS);
        apply_option(&mut search, "vc=none").unwrap();
        assert_eq!(search.circuit.vc_links, VcLinks::None);
        apply_option(&mut search, "vc=direct").unwrap();
        assert_eq!(search.circuit.vc_links, VcLinks::Direct { resistance: 2.0 });
        apply_option(&mut search, "vc=direct:3.5").unwrap();
        assert_eq!(search.circuit.vc_links, VcLinks::Direct { resistance: 3.5 });
        apply_option(&mut search, "vc=all").unwrap();
        assert_eq!(search.circuit.vc_links, VcLinks::ALL_PAIRS);
        apply_option(&mut search, "vc=all:0.5").unwrap();
        assert_eq!(
            search.circuit.vc_links,
            VcLinks::AllPairs { groups: Some(0.5) }
        );
        apply_option(&mut search, "vc=shared").unwrap();
        assert_eq!(search.circuit.vc_links, VcLinks::SharedNeighbours);
        apply_option(&mut search, "semilinks=2.5").unwrap();
        assert_eq!(search.circuit.semi_factor, Some(2.5));
        apply_option(&mut search, "semilinks=none").unwrap();
        assert_eq!(search.circuit.semi_factor, None);
    }

    #[test]
    fn the_monte_carlo_options_need_mcts_first() {
        let mut level = *ohm_engine::player::level(6).unwrap();
        // Level 6's own Monte Carlo search (boards larger than 9x9) takes the knobs at once.
        apply_level_option(&mut level, "mcts_know=600").unwrap();
        assert_eq!(level.mcts.map(|m| m.knowledge_visits), Some(600));
        apply_level_option(&mut level, "mcts=0").unwrap();
        assert_eq!(level.mcts, None);
        let error = apply_level_option(&mut level, "mcts_until=12").unwrap_err();
        assert!(error.contains("give mcts=1 first"), "{error}");
        apply_level_option(&mut level, "mcts=1").unwrap();
        assert_eq!(level.mcts.map(|m| m.larger_than_cells), Some(0));
        apply_level_option(&mut level, "mcts_until=12").unwrap();
        assert_eq!(level.mcts.map(|m| m.until_stones), Some(12));
        apply_level_option(&mut level, "mcts_above=81").unwrap();
        assert_eq!(level.mcts.map(|m| m.larger_than_cells), Some(81));
        let error = apply_level_option(&mut level, "mcts_until=some").unwrap_err();
        assert!(error.contains("'some' is not a number"), "{error}");
        assert_eq!(level.mcts.map(|m| m.early_abort), Some(false));
        apply_level_option(&mut level, "mcts_abort=1").unwrap();
        assert_eq!(level.mcts.map(|m| m.early_abort), Some(true));
        let error = apply_level_option(&mut level, "mcts_abort=2").unwrap_err();
        assert!(error.contains("mcts_abort"), "{error}");
    }

    #[test]
    fn levels_five_and_six_search_even_depths_on_small_boards_only() {
        use ohm_engine::{Board, Position};
        let nine = Position::new(Board::square(9).unwrap());
        let eleven = Position::new(Board::square(11).unwrap());
        let mut level = *ohm_engine::player::level(6).unwrap();
        assert!(level.search_for(&nine).even_depths);
        assert!(!level.search_for(&eleven).even_depths);
        apply_level_option(&mut level, "small_even=0").unwrap();
        assert!(!level.search_for(&nine).even_depths);
        let error = apply_level_option(&mut level, "small_even=yes").unwrap_err();
        assert!(error.contains("small_even"), "{error}");
        let four = ohm_engine::player::level(4).unwrap();
        assert!(!four.search_for(&nine).even_depths);
    }

    #[test]
    fn the_check_takes_a_share_and_optionally_the_rest_of_the_move() {
        let mut level = *ohm_engine::player::level(6).unwrap();
        assert!(level.solver.check == 0.0 && !level.solver.check_rest);
        apply_level_option(&mut level, "check=0.1").unwrap();
        apply_level_option(&mut level, "check_rest=1").unwrap();
        assert!(level.solver.check == 0.1 && level.solver.check_rest);
        for option in ["check_rest=2", "check=1.5", "check=some"] {
            let error = apply_level_option(&mut level, option).unwrap_err();
            let key = option.split('=').next().unwrap();
            assert!(error.contains(key), "{option}: {error}");
        }
    }

    #[test]
    fn early_solver_sets_the_share_beyond_the_slice_and_keeps_the_slice() {
        use ohm_engine::{Board, Move, Point, Position};
        let mut eleven = Position::new(Board::square(11).unwrap());
        for name in [
            "a1", "f6", "c3", "i9", "d8", "h4", "e5", "g7", "b9", "j2", "k5",
        ] {
            eleven.play_unchecked(eleven.to_move(), Move::Cell(Point::parse(name).unwrap()));
        }
        let mut level = *ohm_engine::player::level(6).unwrap();
        apply_level_option(&mut level, "early_solver=0.2:110").unwrap();
        assert_eq!(level.solver.share_in(&eleven), 0.2, "110 empty cells");
        eleven.play_unchecked(eleven.to_move(), Move::Cell(Point::parse("k6").unwrap()));
        assert_eq!(level.solver.share_in(&eleven), 0.2, "109 empty cells");
        apply_level_option(&mut level, "solver=0.5:81").unwrap();
        assert_eq!(
            level.solver.early_share, 0.2,
            "solver= keeps the early share"
        );
        for (option, words) in [
            ("early_solver=0.2", "SHARE:MAX_EMPTY"),
            ("early_solver=2:110", "not a share"),
            ("early_solver=0.2:many", "not a number of empty cells"),
        ] {
            let error = apply_level_option(&mut level, option).unwrap_err();
            assert!(
                error.contains("early_solver") && error.contains(words),
                "{error}"
            );
        }
    }

    #[test]
    fn filled_leaves_is_a_switch() {
        let mut search = level_four();
        assert!(!search.filled_leaves);
        apply_option(&mut search, "filled_leaves=1").unwrap();
        assert!(search.filled_leaves);
        let error = apply_option(&mut search, "filled_leaves=yes").unwrap_err();
        assert!(error.contains("filled_leaves"), "{error}");
    }

    #[test]
    fn odd_depths_tempo_fill_path_lazy_margin_and_reply_are_options() {
        let mut search = level_four();
        assert!(!search.odd_depths);
        apply_option(&mut search, "odd=1").unwrap();
        assert!(search.odd_depths);
        apply_option(&mut search, "even=1").unwrap();
        assert!(search.even_depths);
        apply_option(&mut search, "even=0").unwrap();
        assert!(!search.even_depths);
        apply_option(&mut search, "fill_path=1").unwrap();
        assert!(search.fill_path);
        assert_eq!(search.circuit.mover_semi_factor, None);
        apply_option(&mut search, "tempo=2").unwrap();
        assert_eq!(search.circuit.mover_semi_factor, Some(2.0));
        apply_option(&mut search, "tempo=none").unwrap();
        assert_eq!(search.circuit.mover_semi_factor, None);
        apply_option(&mut search, "lazy_margin=500").unwrap();
        assert_eq!(search.lazy_margin, 500);
        assert_eq!(search.reply_leaves, 0);
        apply_option(&mut search, "reply=8").unwrap();
        assert_eq!(search.reply_leaves, 8);
        assert!(!search.edge_block_leaves && !search.prune_ladder_pushes);
        apply_option(&mut search, "block=1").unwrap();
        apply_option(&mut search, "pushes=0").unwrap();
        assert!(search.edge_block_leaves && search.prune_ladder_pushes);
        for option in [
            "lazy_margin=-1",
            "lazy_margin=3000000000",
            "tempo=0",
            "tempo=-1",
            "tempo=inf",
            "odd=maybe",
            "even=2",
            "fill_path=2",
            "reply=-1",
            "reply=many",
            "block=yes",
            "pushes=2",
        ] {
            let error = apply_option(&mut search, option).unwrap_err();
            let key = option.split('=').next().unwrap();
            assert!(error.contains(key), "{option}: {error}");
        }
    }

    #[test]
    fn bad_options_are_explained() {
        let mut search = level_four();
        for (option, message) in [
            ("vc=direct:-1", "not a positive resistance"),
            ("vc=direct:inf", "not a positive resistance"),
            ("vc=wires", "shared, all, all:RESISTANCE, direct"),
            ("vc=all:0", "not a positive resistance"),
            ("semilinks=-1", "not a positive factor"),
            ("vcfactor=0", "not a positive factor"),
            ("walls=yes", "walls: 'yes'"),
            ("depth=deep", "not a number"),
            ("colour=red", "unknown option"),
            ("depth", "not key=value"),
        ] {
            let error = apply_option(&mut search, option).unwrap_err();
            assert!(error.contains(message), "{option}: {error}");
        }
        assert_eq!(search, level_four(), "a rejected option changes nothing");
    }
}
