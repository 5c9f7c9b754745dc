//! `ohm`: GTP engine (default), record tools and benchmarks. See `ohm --help`.

use std::io::{self, Write};
use std::process::ExitCode;

use ohm_cli::{bench, graph, gtp, matches, play_commands, players, records, solve};
use ohm_engine::Board;

const HELP: &str = "\
ohm — a Hex engine

usage:
  ohm [gtp]                          speak GTP (HexGui's Hex dialect) on stdin/stdout
  ohm show <record> [--size N[xM]]   draw the position a record reaches
  ohm analyze <record> [--size N[xM]] [--at N] [--level N] [--top K]
                                     the position (after N moves) explained: evaluation,
                                     proven connections, the level's best K moves (default
                                     level 4, 8 moves), its line and the move Ohm plays
  ohm solve <record> [--size N[xM]] [--at N] [--time S] [--moves] [--tt MIB]
                                     the position (after N moves) solved: who wins with
                                     perfect play, a winning move, the line, the work and the
                                     time; --moves judges every empty cell (the complete set
                                     of winning moves); --time S stops after S seconds (what
                                     is proven so far is shown, the rest said undecided)
  ohm solve --openings N[xM] [--time S] [--tt MIB]
                                     the first-move map of the empty board (no swap): every
                                     first stone winning or losing, as a picture
  ohm convert <record> --to <fmt> [--size N[xM]]
                                     rewrite a record; fmt: hsgf, lg, hexworld, trmph, moves
  ohm patterns [text]                the inferior-cell pattern library proven again: counts per
                                     claim, or (text) the library file itself
  ohm bench [suite] [--rounds N] [--raw] [--time S] [--tt MIB] [--openings a1,d1] [--vc LIMITS]
                                     benchmarks; suites: cellset, hsearch, vc, inferior,
                                     search, solver, all (these six); the long solver suites:
                                     solver-7x7 (all 49 one-stone openings, one table),
                                     solver-8x8 (--openings, default a1,d1), solver-9x9 (the
                                     174 solved positions, 10 s each), solver-puzzles (128 of
                                     the 129 published puzzles of Benzene's collection, 10 s
                                     each), solver-small (200 random solved 6x6/7x7
                                     positions, 1 s each); --time S per position;
                                     --vc sets the H-search of the vc suite and of the
                                     solver suites (theirs: preset solver): a preset (default,
                                     unlimited, root, search, expert, strongest, solver) and/or
                                     key=value,.. (full=N|none, semi=N|none, or=N|none,
                                     budget=N|none, edges=0|1, templates=0|1,
                                     intersection=0|1, or_search=0|1, captured=0|1,
                                     semi_and=0|1)
  ohm bench wins <player> [FILE]     the share of the solved 9x9 file's won positions (or
                                     FILE's, in its format) where the player (as in ohm
                                     match) plays a winning move
  ohm graph analyze [--terminals A,B|none] [--summary]
                                     Shannon-game analysis of graph6 lines read from stdin
                                     (terminals default to vertices 0 and 1; none: the plain
                                     graph); --summary: only Steane's Table 1 counts over all
                                     graphs (no simplicial vertex, no transverse edge, two or
                                     more triangle-free vertices, both), per vertex count
  ohm match <player> <player> [--games N] [--size N[xM]] [--openings a1,b2+e5,..] [--records DIR]
                                     [--first-game K]
                                     games with alternating colours and a result table;
                                     openings: comma-separated, stones joined by +
                                     (default: Black, White and Black stones apart on
                                     the outer ring, a fixed list); --first-game K plays
                                     games K.. of the match, to split one over processes;
                                     players: level:N, distance, random[:SEED], gtp:COMMAND;
                                     level:N,key=value,.. changes one level: eval=circuit|
                                     two-distance, edge=PENALTY, mtdf=0|1, depth=N, width=N,
                                     root_width=N, time=MS|none, hplies=N, inferior=N,
                                     tt=BITS, full=N, semi=N, or=N, budget=N|none,
                                     extend=N, vc=shared|all[:R]|direct[:R]|none,
                                     semilinks=FACTOR|none, vcfactor=F, walls=0|1,
                                     heat=power|current, reuse=0|1, probe=0|1,
                                     killers=0|1, countermoves=0|1, history=0|1, lazy=0|1,
                                     lazy_margin=M,
                                     fill=0|1, finish=MARGIN, lmr=N, aspiration=N, narrow=N, narrow_floor=N,
                                     frontier=N, large_frontier=N, pattern_order=W (the move
                                     patterns in the alpha-beta's order), captured=0|1,
                                     or_search=0|1, semi_and=0|1, intersection=0|1,
                                     solver=SHARE[:MAX_EMPTY], solver_small=SHARE,
                                     early_solver=SHARE:MAX_EMPTY, solver_rest=0|1,
                                     open_root=0|1, check=SHARE (the search's choice
                                     checked by the solver), check_rest=0|1 (the check
                                     gets all the time the move has left); mcts=0|1 (the Monte Carlo search
                                     on every board; 0: alpha-beta on every board; levels 5
                                     and 6 play Monte Carlo above 9x9), mcts_know=N,
                                     mcts_glance=0|1, mcts_fill=0|1, mcts_until=N (the
                                     Monte Carlo search below N stones only), mcts_above=CELLS
                                     (only on larger boards), mcts_bias=F,
                                     mcts_c=F, mcts_prior=N, mcts_expand=N, mcts_keep=0|1,
                                     mcts_nodes=N, mcts_inferior=N, mcts_lgr=0|1,
                                     mcts_inherit=N, mcts_pattern=N, mcts_pb=F,
                                     mcts_playout=P (the playouts' pattern weights, the
                                     fitted gammas to the power P; 0: uniform),
                                     mcts_abort=0|1 (end when the choice cannot change),
                                     mcts_value=N (the circuit's judgement as N virtual
                                     playouts at a node's analysis), mcts_value_scale=S,
                                     mcts_value_tempo=T
  ohm tally <dir>...                 the result table of the records ohm match wrote
                                     (one match, or its parts from --first-game runs);
                                     both print the score over the openings played with
                                     both colours too, and with --sprt ELO0,ELO1 a
                                     sequential test's verdict (e.g. --sprt 0,50)
  ohm --help | --version

<record> is a file or the record text itself: HSGF, Little Golem HSGF, a HexWorld URL or
string, a trmph URL, or a plain move list like \"a1 b2 swap-pieces c3\" (then --size applies,
default 11).";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            let _ = io::stdout().flush();
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("ohm: {message}");
            ExitCode::from(2)
        }
    }
}

/// `--sprt ELO0,ELO1`: the two hypotheses of the sequential test, `ELO0` below `ELO1`.
fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bounds: Vec<f64> = text
        .split(',')
        .map(|v| v.trim().parse::<f64>().ok().filter(|x| x.is_finite()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("--sprt: '{text}' is not two Elo differences ELO0,ELO1"))?;
    match bounds.as_slice() {
        &[elo0, elo1] if elo0 < elo1 => Ok((elo0, elo1)),
        _ => Err(format!(
            "--sprt: '{text}' is not two Elo differences ELO0,ELO1 with ELO0 below ELO1"
        )),
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let mut positional = Vec::new();
    let mut size = None;
    let mut to = None;
    let mut rounds = 1000;
    let mut games = 100;
    let mut first_game = 1;
    let mut openings = None;
    let mut records_dir = None;
    let mut terminals = graph::Terminals::Pair([0, 1]);
    let mut summary = false;
    let mut raw = false;
    let mut vc_limits = ohm_engine::connections::HSearchLimits::DEFAULT;
    let mut vc_given = false;
    let mut at = None;
    let mut level = ohm_engine::player::DEFAULT_LEVEL;
    let mut top = 8;
    let mut solve_options = solve::SolveOptions::default();
    let mut tt_given = false;
    let mut sprt = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |flag: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match arg.as_str() {
            "--help" | "-h" => return Ok(format!("{HELP}\n")),
            "--version" | "-V" => return Ok(format!("ohm {}\n", env!("CARGO_PKG_VERSION"))),
            "--size" => size = Some(parse_size("--size", &value("--size")?)?),
            "--to" => to = Some(gtp::format_from_name(&value("--to")?)?),
            "--rounds" => {
                let v = value("--rounds")?;
                rounds = v
                    .parse()
                    .map_err(|_| format!("--rounds: '{v}' is not a number"))?;
            }
            "--games" => {
                let v = value("--games")?;
                games = v
                    .parse()
                    .map_err(|_| format!("--games: '{v}' is not a number"))?;
            }
            "--first-game" => {
                let v = value("--first-game")?;
                first_game = v.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                    format!("--first-game: '{v}' is not a game number (1, 2, ..)")
                })?;
            }
            "--raw" => raw = true,
            "--summary" => summary = true,
            "--vc" => {
                vc_limits = bench::parse_limits(&value("--vc")?)?;
                vc_given = true;
            }
            "--at" => {
                let v = value("--at")?;
                at = Some(
                    v.parse::<usize>()
                        .map_err(|_| format!("--at: '{v}' is not a move count"))?,
                );
            }
            "--level" => {
                let v = value("--level")?;
                level = v
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| ohm_engine::player::level(n).is_some())
                    .ok_or_else(|| format!("--level: '{v}' is not a level (1 to 6)"))?;
            }
            "--top" => {
                let v = value("--top")?;
                top = v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("--top: '{v}' is not a positive number"))?;
            }
            "--time" => {
                let v = value("--time")?;
                let seconds = v
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0)
                    .ok_or_else(|| format!("--time: '{v}' is not a number of seconds"))?;
                solve_options.time_s = Some(seconds);
            }
            "--tt" => {
                tt_given = true;
                let v = value("--tt")?;
                solve_options.tt_mib = v
                    .parse::<u32>()
                    .ok()
                    .filter(|&m| (1..=ohm_cli::solver_commands::MAX_TT_MIB).contains(&m))
                    .ok_or_else(|| {
                        format!(
                            "--tt: '{v}' is not a table size in MiB (1 to {})",
                            ohm_cli::solver_commands::MAX_TT_MIB
                        )
                    })?;
            }
            "--moves" => solve_options.moves = true,
            "--sprt" => sprt = Some(parse_sprt(&value("--sprt")?)?),
            "--terminals" => terminals = graph::parse_terminals(&value("--terminals")?)?,
            "--openings" => openings = Some(value("--openings")?),
            "--records" => records_dir = Some(std::path::PathBuf::from(value("--records")?)),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(arg.as_str()),
        }
    }
    match positional.as_slice() {
        [] | ["gtp"] => {
            gtp::run(io::stdin().lock(), io::stdout().lock()).map_err(|e| e.to_string())?;
            Ok(String::new())
        }
        ["show", source] => records::show(&records::read_source(source)?, size),
        ["analyze", source] => {
            let position = position_at(source, size, at)?;
            let level = ohm_engine::player::level(level).expect("checked when parsed");
            Ok(play_commands::analyze_for_people(&position, level, top))
        }
        ["solve"] => match openings {
            Some(size) => {
                let board = parse_size("--openings", &size)?;
                Ok(solve::openings_map(board, &solve_options))
            }
            None => Err("solve needs a record, or --openings N for the first-move map".into()),
        },
        ["solve", source] => {
            if openings.is_some() {
                return Err("solve: give a record or --openings, not both".into());
            }
            let position = position_at(source, size, at)?;
            Ok(solve::solve_position(&position, &solve_options))
        }
        ["convert", source] => {
            let to = to.ok_or("convert needs --to <format>")?;
            let (mut text, note) = records::convert(&records::read_source(source)?, size, to)?;
            if let Some(note) = note {
                eprintln!("ohm: note: {note}");
            }
            if !text.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
        ["match", a, b] => {
            let board = size.unwrap_or(Board::square(11).map_err(|e| e.to_string())?);
            let openings = match openings {
                None => matches::default_openings(&board),
                Some(list) => parse_openings(&list, &board)?,
            };
            let settings = matches::MatchSettings {
                board,
                games,
                first_game: first_game - 1,
                openings,
                records: records_dir,
            };
            let (mut first, mut second) = (players::from_spec(a)?, players::from_spec(b)?);
            let results =
                matches::play_match(&settings, [first.as_mut(), second.as_mut()], |i, r| {
                    let winner = if (r.winner == ohm_engine::Color::Black) == r.first_player_black {
                        a
                    } else {
                        b
                    };
                    eprintln!(
                        "game {:>4}: {winner} wins as {} in {} moves",
                        i + 1,
                        r.winner,
                        r.moves
                    );
                })?;
            Ok(matches::table(
                [a, b],
                &matches::Summary::of(&results),
                sprt,
            ))
        }
        ["tally", dirs @ ..] if !dirs.is_empty() => {
            let mut files = Vec::new();
            for dir in dirs {
                let entries =
                    std::fs::read_dir(dir).map_err(|e| format!("cannot read {dir}: {e}"))?;
                for entry in entries {
                    let path = entry.map_err(|e| format!("{dir}: {e}"))?.path();
                    if path.extension().is_some_and(|e| e == "sgf") {
                        files.push(path);
                    }
                }
            }
            // Game numbers are zero-padded, so name order is game order across split runs.
            files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
            let mut records = Vec::new();
            for path in files {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {name}: {e}"))?;
                let (_, record) =
                    records::parse(&text, size).map_err(|(e, _)| format!("{name}: {e}"))?;
                records.push((name, record));
            }
            let (names, results) = matches::tally(&records)?;
            Ok(matches::table(
                [&names[0], &names[1]],
                &matches::Summary::of(&results),
                sprt,
            ))
        }
        ["graph", "analyze"] => {
            let report = graph::analyze(io::stdin().lock(), terminals, summary);
            if report.errors.is_empty() {
                Ok(report.text)
            } else {
                print!("{}", report.text);
                Err(report.errors.join("\n"))
            }
        }
        ["patterns"] => Ok(pattern_counts()),
        ["patterns", "text"] => Ok(ohm_engine::inferior::local::library_text(
            &ohm_engine::inferior::local::generate_on_threads(),
        )),
        ["bench", "wins", player] => ohm_cli::keep_wins::run(player, None),
        ["bench", "wins", player, file] => ohm_cli::keep_wins::run(player, Some(file)),
        ["bench", suite @ ..] if suite.len() <= 1 => {
            let solver_options = bench::SolverBenchOptions {
                limit_s: solve_options.time_s,
                tt_mib: tt_given.then_some(solve_options.tt_mib),
                openings_8x8: openings.map(|list| list.split(',').map(str::to_string).collect()),
                hsearch: vc_given.then_some(vc_limits),
            };
            bench::run(
                suite.first().unwrap_or(&"all"),
                rounds,
                raw,
                &solver_options,
                vc_limits,
            )
        }
        [command, ..] => Err(format!(
            "unknown command or wrong arguments: {command} (see ohm --help)"
        )),
    }
}

/// The position a record reaches after `at` moves (all of them by default).
fn position_at(
    source: &str,
    size: Option<Board>,
    at: Option<usize>,
) -> Result<ohm_engine::Position, String> {
    let (_, record) = records::read_source(source)?.parse(size)?;
    let count = match at {
        Some(n) if n > record.moves.len() => {
            return Err(format!(
                "--at {n}: the record has only {} moves",
                record.moves.len()
            ))
        }
        Some(n) => n,
        None => record.moves.len(),
    };
    record.to_position_at(count).map_err(|e| e.to_string())
}

/// `ohm patterns`: proves the inferior-cell library again and counts its patterns per claim.
fn pattern_counts() -> String {
    use ohm_engine::inferior::local::{self, Claim};
    let generated = local::generate_on_threads();
    let mut out =
        String::from("Inferior-cell library, proven now (one pattern per symmetry class)\n");
    for claim in Claim::ALL {
        let n = generated.iter().filter(|p| p.claim == claim).count();
        out.push_str(&format!("{:<12} {n:>5}\n", claim.name()));
    }
    let same = local::library_text(&generated) == ohm_engine::inferior::matcher::LIBRARY;
    out.push_str(&format!(
        "total        {:>5}; the built-in library.txt is {}",
        generated.len(),
        if same {
            "this output"
        } else {
            "OUT OF DATE (ohm patterns text > crates/engine/src/inferior/library.txt)"
        }
    ));
    out
}

/// `--openings a1,b2+e5,...`: openings separated by commas, the stones of one opening (Black's,
/// White's, ...) by `+`.
fn parse_openings(list: &str, board: &Board) -> Result<Vec<Vec<ohm_engine::Point>>, String> {
    list.split(',')
        .map(|opening| {
            let stones = opening
                .split('+')
                .map(|name| {
                    let p = ohm_engine::Point::parse(name)
                        .map_err(|e| format!("--openings: '{name}': {e}"))?;
                    if p.is_cell() && board.contains(p) {
                        Ok(p)
                    } else {
                        Err(format!(
                            "--openings: {p} is not a cell of the {board} board"
                        ))
                    }
                })
                .collect::<Result<Vec<_>, String>>()?;
            let mut position = ohm_engine::Position::new(*board);
            for &p in &stones {
                position
                    .try_play(ohm_engine::Move::Cell(p))
                    .map_err(|e| format!("--openings: '{opening}': {e}"))?;
            }
            if position.is_over() {
                return Err(format!("--openings: '{opening}' ends the game"));
            }
            Ok(stones)
        })
        .collect()
}

fn parse_size(flag: &str, text: &str) -> Result<Board, String> {
    let bad = || format!("{flag}: '{text}' is not N or WxH");
    let (w, h) = match text.split_once(['x', 'X', ':']) {
        Some((w, h)) => (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?),
        None => {
            let n = text.parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    Board::new(w, h).map_err(|e| format!("{flag}: {e}"))
}
