//! `ohm bench`: the engine's benchmark suites with a real clock, printed as tables for people
//! or as raw lines (`--raw`) that `scripts/bench.sh` joins with the same suites run as wasm.

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::bench::{self, Measurement};
use ohm_engine::solver::SolverParams;

/// The solver suites' settings (`ohm bench solver… --time S --tt MIB --openings a1,d1`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolverBenchOptions {
    /// Seconds per position, replacing each row's own limit.
    pub limit_s: Option<f64>,
    /// The table's size in MiB (default: the solver's).
    pub tt_mib: Option<u32>,
    /// The 8x8 openings (default a1 and d1).
    pub openings_8x8: Option<Vec<String>>,
    /// The solver's H-search (default: the solver's, [`ohm_engine::solver::SOLVER_HSEARCH`]).
    pub hsearch: Option<HSearchLimits>,
}

use ohm_engine::connections::HSearchLimits;

/// Runs `suite` (one of [`bench::SUITES`], a long solver suite, or `all`) and returns the
/// report text; the `vc` suite runs H-search at `vc_limits`.
pub fn run(
    suite: &str,
    rounds: u32,
    raw: bool,
    solver_options: &SolverBenchOptions,
    vc_limits: HSearchLimits,
) -> Result<String, String> {
    let names: Vec<&str> = match suite {
        "all" => bench::SUITES.to_vec(),
        one if bench::SUITES.contains(&one) || bench::solver::SUITES.contains(&one) => vec![one],
        other => {
            return Err(format!(
                "unknown bench suite '{other}' ({}, {}, all)",
                bench::SUITES.join(", "),
                bench::solver::SUITES[1..].join(", ")
            ))
        }
    };
    let origin = Instant::now();
    let mut clock = move || origin.elapsed().as_nanos() as f64;
    let mut out = String::new();
    for name in names {
        if bench::solver::SUITES.contains(&name) {
            if !raw && !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&solver_suite(name, raw, solver_options)?);
            continue;
        }
        let results = if name == "vc" {
            bench::vc_suite(&mut clock, vc_limits)
        } else {
            bench::run_suite(name, &mut clock, rounds).expect("a known suite")
        };
        if raw {
            for m in &results {
                let _ = writeln!(
                    out,
                    "bench native {} {} {:.3} ns/op checksum {:x}",
                    m.suite, m.name, m.nanos_per_op, m.checksum
                );
            }
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        match name {
            "cellset" => {
                let baseline = bench::sorted_vec_baseline(&mut clock, rounds);
                out.push_str(&cellset_table(&results, &baseline));
            }
            "inferior" => out.push_str(&inferior_table(&results)),
            // H-search: one colour's full build at default limits, and incremental updates.
            "hsearch" => out.push_str(&found_table(
                "H-search (native), one colour, default limits",
                &results,
            )),
            // The node count is the search's fingerprint; the pruned rows use inferior cells.
            "vc" => out.push_str(&vc_table(&results, &vc_limits)),
            "search" => out.push_str(&found_table(
                "Search (native): depth 3, every root move, width 10 below, no time limit",
                &results,
            )),
            _ => unreachable!("every suite has a table"),
        }
    }
    Ok(out)
}

fn cellset_table(ours: &[Measurement], baseline: &[Measurement]) -> String {
    let mut out = format!("CellSet ({} words, native)\n", ohm_engine::cellset::WORDS);
    let _ = writeln!(
        out,
        "{:<12} {:>10} {:>14} {:>18}",
        "operation", "ns/op", "sorted-Vec ns", "speed-up vs Vec"
    );
    for m in ours {
        let (base_ns, ratio) = match baseline.iter().find(|b| b.name == m.name) {
            Some(b) => (
                format!("{:.2}", b.nanos_per_op),
                format!("{:.1}x", b.nanos_per_op / m.nanos_per_op),
            ),
            None => ("-".into(), "-".into()),
        };
        let _ = writeln!(
            out,
            "{:<12} {:>10.2} {:>14} {:>18}",
            m.name, m.nanos_per_op, base_ns, ratio
        );
    }
    out
}

/// Inferior-cell analysis on the fixed midgame positions (10 each of 11x11 with 30 stones and
/// 13x13 with 40), for the side to move.
fn inferior_table(results: &[Measurement]) -> String {
    let mut out = String::from("Inferior cells (native), one full analysis per position\n");
    let _ = writeln!(
        out,
        "{:<12} {:>9} {:>10} {:>16}",
        "positions", "count", "ms/each", "moves pruned"
    );
    for m in results {
        let (pruned, legal) = (m.checksum >> 32, m.checksum & 0xFFFF_FFFF);
        let share = 100.0 * pruned as f64 / legal.max(1) as f64;
        let _ = writeln!(
            out,
            "{:<12} {:>9} {:>10.2} {:>9}/{:<5} {:.0}%",
            m.name,
            m.operations,
            m.nanos_per_op / 1e6,
            pruned,
            legal,
            share
        );
    }
    out
}

/// A suite whose measurements carry what the work found: one row per measurement with the
/// time per operation and each found value, headed by the found values' names.
fn found_table(title: &str, results: &[Measurement]) -> String {
    let mut out = format!(
        "{title}\n{:<22} {:>6} {:>10}",
        "positions", "count", "ms/each"
    );
    if let Some(first) = results.first() {
        for (name, _) in &first.found {
            let _ = write!(out, " {name:>10}");
        }
    }
    out.push('\n');
    for m in results {
        let _ = write!(
            out,
            "{:<22} {:>6} {:>10.3}",
            m.name,
            m.operations,
            m.nanos_per_op / 1e6
        );
        for (_, v) in &m.found {
            let _ = write!(out, " {v:>10}");
        }
        out.push('\n');
    }
    out
}

/// A solver suite: each row run with a real clock and its peak memory (the process's peak
/// resident set, reset before each row where Linux allows it), as a table or raw lines.
fn solver_suite(suite: &str, raw: bool, options: &SolverBenchOptions) -> Result<String, String> {
    let openings: Vec<&str> = match &options.openings_8x8 {
        Some(list) => list.iter().map(String::as_str).collect(),
        None => bench::solver::DEFAULT_8X8_OPENINGS.to_vec(),
    };
    let rows = bench::solver::rows(suite, options.limit_s.map(|s| s * 1000.0), &openings)
        .ok_or_else(|| {
            format!(
                "--openings: {} are not all cells of 8x8",
                openings.join(",")
            )
        })?;
    let params = SolverParams {
        tt_mib: options.tt_mib.unwrap_or(SolverParams::DEFAULT.tt_mib),
        hsearch: options.hsearch.unwrap_or(SolverParams::DEFAULT.hsearch),
        ..SolverParams::DEFAULT
    };
    let long = suite != "solver";
    let origin = Instant::now();
    let mut clock_ms = move || origin.elapsed().as_secs_f64() * 1000.0;
    let mut results = Vec::new();
    let mut cpu = Vec::new();
    for row in &rows {
        memory::reset_peak();
        let cpu_before = memory::cpu_seconds();
        let result = bench::solver::run_row(row, &params, &mut clock_ms, &mut |case| {
            if long {
                eprintln!("{}", case_line(&row.name, row.cases.len(), case));
            }
        });
        if let (Some(before), Some(after)) = (cpu_before, memory::cpu_seconds()) {
            cpu.push(format!("{} {:.2} s", result.name, after - before));
        }
        results.push((result, memory::peak_bytes()));
    }
    let mut out = String::new();
    if raw {
        for (r, peak) in &results {
            let m = bench::solver::measurement(r);
            let _ = writeln!(
                out,
                "bench native {} {} {:.3} ns/op checksum {:x}",
                m.suite, m.name, m.nanos_per_op, m.checksum
            );
            let _ = writeln!(out, "{}", r.raw_line("native", *peak));
        }
        return Ok(out);
    }
    let _ = writeln!(
        out,
        "Solver (native, one thread), table {} MiB; every proven value checked",
        params.tt_mib
    );
    out.push_str(&solver_table(&results));
    if !cpu.is_empty() {
        // On a shared machine the wall times above include waiting for a core; the CPU
        // time is what the solver itself used.
        let _ = writeln!(out, "CPU time of this process per row: {}", cpu.join(", "));
    }
    Ok(out)
}

/// Benzene's figures on this machine (issue 14), beside ours.
fn anchor(name: &str) -> &'static str {
    match name {
        "empty-7x7" => "0.21 s",
        "openings-6x6" => "6.9 s",
        "openings-7x7" => "280 s",
        "8x8-a1" => "69 s",
        "8x8-b1" => "~80 s",
        "8x8-c1" => "70 s",
        "8x8-d1" => "38 s",
        "8x8-e1" => "56 s",
        "8x8-f1" => "66 s",
        "8x8-g1" => "139 s",
        "9x9-positions" => "174 in 10 s",
        "puzzles" => "100 in 10 s",
        "small-positions" => "200 in 1 s",
        _ => "",
    }
}

fn solver_table(results: &[(bench::solver::RowResult, Option<u64>)]) -> String {
    let mut out = format!(
        "{:<14} {:>5} {:>7} {:>5} {:>5} {:>9} {:>8} {:>8} {:>11} {:>8} {:>5} {:>6} {:>6}  {}\n",
        "row",
        "count",
        "proven",
        "≤1 s",
        "wrong",
        "time s",
        "median s",
        "max s",
        "nodes",
        "nodes/s",
        "hit%",
        "tt MiB",
        "peak",
        "Benzene"
    );
    for (r, peak) in results {
        let _ = writeln!(
            out,
            "{:<14} {:>5} {:>7} {:>5} {:>5} {:>9.2} {:>8.2} {:>8.2} {:>11} {:>8.0} {:>5.1} {:>6.0} {:>6}  {}",
            r.name,
            r.positions,
            r.proven,
            r.proven_within_1s,
            if r.checked == 0 { "-".to_string() } else { r.wrong.to_string() },
            r.elapsed_ms / 1000.0,
            r.median_ms / 1000.0,
            r.max_ms / 1000.0,
            r.work,
            r.nodes_per_second(),
            100.0 * r.hit_rate(),
            r.table_bytes as f64 / f64::from(1 << 20),
            peak.map_or("-".to_string(), |b| format!("{:.0}M", b as f64 / f64::from(1 << 20))),
            anchor(&r.name)
        );
    }
    let limits: Vec<String> = results
        .iter()
        .filter_map(|(r, _)| r.limit_ms.map(|ms| format!("{} {} s", r.name, ms / 1000.0)))
        .collect();
    if !limits.is_empty() {
        let _ = writeln!(out, "time limit per position: {}", limits.join(", "));
    }
    out.push_str(
        "nodes: MID calls and positions analysed; peak: the process's peak resident memory \
         during the row; wrong: proven values (or named winning moves) that disagree with the \
         known ones\n",
    );
    out
}

fn case_line(row: &str, count: usize, case: &bench::solver::CaseResult) -> String {
    let what = match case.position.last_move() {
        Some(m) if count > 1 || row.starts_with("8x8") => format!(" {}", m.mv),
        _ => String::new(),
    };
    format!(
        "{row} {}/{count}{what}: {} in {:.2} s, {} nodes{}",
        case.index + 1,
        match case.winner {
            Some(w) => format!("{w} wins"),
            None => "not proven".to_string(),
        },
        case.elapsed_ms / 1000.0,
        case.work,
        if case.wrong { " WRONG" } else { "" }
    )
}

/// The process's peak memory (Linux: `VmHWM`, reset through `/proc/self/clear_refs`) and CPU time.
mod memory {
    pub fn reset_peak() {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }

    /// The CPU time this process has used (Linux: `/proc/self/schedstat`, in nanoseconds).
    pub fn cpu_seconds() -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/schedstat").ok()?;
        let nanos: u64 = stat.split_whitespace().next()?.parse().ok()?;
        Some(nanos as f64 / 1e9)
    }

    /// Peak resident bytes since the last reset, where the system says.
    pub fn peak_bytes() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
}

/// The connections suite: counts and build times on 11x11, root detection on solved positions,
/// the tree's per-node update.
fn vc_table(results: &[Measurement], limits: &HSearchLimits) -> String {
    let mut out = format!("H-search (native), both colours\n{limits:?}\n");
    let _ = writeln!(
        out,
        "{:<16} {:>10}  what it found",
        "measurement", "ms/each"
    );
    for m in results {
        let _ = write!(out, "{:<16} {:>10.3} ", m.name, m.nanos_per_op / 1e6);
        match m.name {
            name if name.starts_with("root") => {
                let _ = write!(out, " detected {} of {}", m.found[0].1, m.found[1].1);
            }
            name if name.starts_with("node") => {
                let _ = write!(
                    out,
                    " {:.1} us per node (play, update both, undo both), {} nodes",
                    m.nanos_per_op / 1e3,
                    m.found[0].1
                );
            }
            _ => {
                for (name, value) in &m.found {
                    let _ = write!(out, " {name} {value}");
                }
            }
        }
        out.push('\n');
    }
    out
}

/// `--vc`: a preset and/or `key=value` changes, comma-separated (`search,full=16,or=none`).
pub fn parse_limits(text: &str) -> Result<HSearchLimits, String> {
    let mut limits = HSearchLimits::DEFAULT;
    for item in text.split(',').filter(|s| !s.is_empty()) {
        let Some((key, value)) = item.split_once('=') else {
            limits = match item {
                "default" => HSearchLimits::DEFAULT,
                "unlimited" => HSearchLimits::UNLIMITED,
                "search" => ohm_engine::player::SEARCH_HSEARCH,
                "expert" => ohm_engine::player::EXPERT_HSEARCH,
                "strongest" => ohm_engine::player::STRONGEST_HSEARCH,
                "solver" => ohm_engine::solver::SOLVER_HSEARCH,
                "root" => ohm_engine::player::ROOT_HSEARCH,
                other => return Err(format!("--vc: unknown preset '{other}'")),
            };
            continue;
        };
        let count = || -> Result<u64, String> {
            if value == "none" {
                return Ok(u64::MAX);
            }
            value
                .parse()
                .map_err(|_| format!("--vc: {key}: '{value}' is not a number or none"))
        };
        let flag = || match value {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(format!("--vc: {key}: '{value}' is not 0 or 1")),
        };
        let narrow = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        match key {
            "full" => limits.max_full = narrow(count()?),
            "semi" => limits.max_semi = narrow(count()?),
            "or" => limits.max_or = narrow(count()?),
            "budget" => limits.budget = count()?,
            "edges" => limits.and_over_edges = flag()?,
            "templates" => limits.edge_templates = flag()?,
            "intersection" => limits.full_intersection = flag()?,
            "or_search" => limits.or_search = flag()?,
            "captured" => limits.captured = flag()?,
            "semi_and" => limits.semi_and = flag()?,
            _ => return Err(format!("--vc: unknown key '{key}'")),
        }
    }
    Ok(limits)
}
