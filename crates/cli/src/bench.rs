//! `ohm bench`: the engine's benchmark suites with a real clock, printed as tables for people
//! or as raw lines (`--raw`) that `scripts/bench.sh` joins with the same suites run as wasm.

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::bench::{self, Measurement};

/// Runs `suite` (one of [`bench::SUITES`], or `all`) and returns the report text.
pub fn run(suite: &str, rounds: u32, raw: bool) -> Result<String, String> {
    let names: Vec<&str> = match suite {
        "all" => bench::SUITES.to_vec(),
        one if bench::SUITES.contains(&one) => vec![one],
        other => {
            return Err(format!(
                "unknown bench suite '{other}' ({}, all)",
                bench::SUITES.join(", ")
            ))
        }
    };
    let origin = Instant::now();
    let mut clock = move || origin.elapsed().as_nanos() as f64;
    let mut out = String::new();
    for name in names {
        let results = bench::run_suite(name, &mut clock, rounds).expect("a known suite");
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
