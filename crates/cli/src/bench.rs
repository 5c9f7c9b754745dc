//! `ohm bench`: the engine's benchmark suites with a real clock, printed as a table.

use std::fmt::Write as _;
use std::time::Instant;

use ohm_engine::bench::{self, Measurement};

/// Runs the named suite (`cellset`, or `all`) and returns the report text.
pub fn run(suite: &str, rounds: u32) -> Result<String, String> {
    let origin = Instant::now();
    let mut clock = move || origin.elapsed().as_nanos() as f64;
    let mut out = String::new();
    match suite {
        "cellset" | "all" => {
            let ours = bench::cellset_suite(&mut clock, rounds);
            let baseline = bench::sorted_vec_baseline(&mut clock, rounds);
            out.push_str(&cellset_table(&ours, &baseline));
            if suite == "all" {
                out.push('\n');
                out.push_str(&inferior_table(&mut clock));
            }
        }
        "inferior" => out.push_str(&inferior_table(&mut clock)),
        other => {
            return Err(format!(
                "unknown bench suite '{other}' (cellset, inferior, all)"
            ))
        }
    }
    Ok(out)
}

fn cellset_table(ours: &[Measurement], baseline: &[Measurement]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "CellSet ({} words, native)",
        ohm_engine::cellset::WORDS
    );
    let _ = writeln!(
        out,
        "{:<12} {:>10} {:>14} {:>18}",
        "operation", "ns/op", "sorted-Vec ns", "speed-up vs Vec"
    );
    for m in ours {
        let base = baseline.iter().find(|b| b.name == m.name);
        let (base_ns, ratio) = match base {
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

/// Inferior-cell analysis on fixed midgame positions of 11x11 and 13x13 (30 and 40 stones).
fn inferior_table(clock: &mut dyn FnMut() -> f64) -> String {
    let mut out = String::from("Inferior cells (native), per full analysis of the side to move\n");
    let _ = writeln!(
        out,
        "{:<12} {:>9} {:>10} {:>16}",
        "positions", "count", "ms/each", "moves pruned"
    );
    for (n, stones) in [(11u8, 30usize), (13, 40)] {
        let board = ohm_engine::Board::square(n).expect("valid size");
        let positions = bench::midgame_positions(board, 10, stones, 0xBE7C4 + u64::from(n));
        let name = if n == 11 { "11x11" } else { "13x13" };
        let m = bench::inferior_suite(clock, &positions, name);
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
