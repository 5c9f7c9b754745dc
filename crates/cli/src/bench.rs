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
        }
        other => return Err(format!("unknown bench suite '{other}' (cellset, all)")),
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
