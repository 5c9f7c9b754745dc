//! `ohm graph analyze`: Shannon-game analysis of general graphs given in graph6, one per line,
//! between two terminals or with none; `--summary` counts Steane's Table 1 over all of them.

use std::fmt::Write as _;
use std::io::BufRead;

use ohm_engine::shannon::census::{Census, CensusRow, CensusTally};
use ohm_engine::shannon::{graph6, report, ShannonGraph, Vertex};

/// The terminals of every graph read: two vertices, or none (the plain graph, as Steane's
/// statistics on small graphs count it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terminals {
    Pair([Vertex; 2]),
    None,
}

/// What `ohm graph analyze` found: the report of every good line (or, with `summary`, the
/// table of all of them), and one message per malformed line (the other lines are still
/// analysed).
#[derive(Debug, Default)]
pub struct GraphReport {
    pub text: String,
    pub errors: Vec<String>,
}

/// Reads graph6 lines from `input`: per graph its line number, the graph6 text, and every
/// finding of [`report::describe`] (with terminals) or [`report::describe_without_terminals`].
/// With `summary`, only the counts of Steane's Table 1 ([`summary_table`]).
pub fn analyze(input: impl BufRead, terminals: Terminals, summary: bool) -> GraphReport {
    let mut out = String::new();
    let mut errors = Vec::new();
    let mut tally = CensusTally::default();
    for (n, line) in input.lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                errors.push(format!("line {}: {e}", n + 1));
                continue;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let graph = match terminals {
            Terminals::Pair(pair) => graph6::read_graph6(text, pair),
            Terminals::None => graph6::read_graph6_without_terminals(text),
        };
        let graph: ShannonGraph = match graph {
            Ok(graph) => graph,
            Err(e) => {
                errors.push(format!("line {}: {e}", n + 1));
                continue;
            }
        };
        if summary {
            tally.add(&Census::of(&graph));
            continue;
        }
        match terminals {
            Terminals::Pair([a, b]) => {
                let _ = writeln!(out, "graph {} {text} terminals {a} {b}", n + 1);
                out.push_str(&report::describe(&graph));
            }
            Terminals::None => {
                let _ = writeln!(out, "graph {} {text}", n + 1);
                out.push_str(&report::describe_without_terminals(&graph));
            }
        }
        out.push('\n');
    }
    if summary {
        out = summary_table(&tally, terminals);
    }
    GraphReport { text: out, errors }
}

/// Steane's Table 1 over the graphs read: per vertex count (non-terminal vertices), the
/// graphs, those with no simplicial vertex (S-free), with no transverse edge, with at least
/// two triangle-free vertices, and with both of the last two; then the total.
#[must_use]
pub fn summary_table(tally: &CensusTally, terminals: Terminals) -> String {
    let mut out = String::new();
    match terminals {
        Terminals::None => out.push_str("# no terminals: every vertex counts\n"),
        Terminals::Pair([a, b]) => {
            let _ = writeln!(out, "# terminals {a} and {b}: the other vertices count");
        }
    }
    let _ = writeln!(
        out,
        "{:>8} {:>10} {:>10} {:>14} {:>18} {:>10}",
        "vertices", "graphs", "S-free", "transverse-free", "2+ triangle-free", "both"
    );
    let row = |out: &mut String, label: String, r: &CensusRow| {
        let _ = writeln!(
            out,
            "{label:>8} {:>10} {:>10} {:>14} {:>18} {:>10}",
            r.graphs, r.simplicial_free, r.transverse_free, r.two_triangle_free, r.both
        );
    };
    for r in tally.rows() {
        row(&mut out, r.vertices.to_string(), r);
    }
    if tally.rows().len() != 1 {
        row(&mut out, "all".to_string(), &tally.total());
    }
    out
}

/// Parses `--terminals a,b` or `--terminals none`.
pub fn parse_terminals(text: &str) -> Result<Terminals, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(Terminals::None);
    }
    let bad = || format!("--terminals: '{text}' is not two vertex numbers like 0,1, or none");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok(Terminals::Pair([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_reports_theorem_10_sets_and_surrounded_neighbourhoods() {
        // A lost set of two cut-dominated pairs (Steane's theorem 10), then Steane's figure 11
        // as rebuilt in the engine's tests: the edge 4-2 is dead.
        let report = analyze(
            "GK}`es\n# a comment\nG?KLbG\n".as_bytes(),
            Terminals::Pair([0, 1]),
            false,
        );
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert!(
            report.text.contains("theorem 10 lost sets: {2>5 6>3}\n"),
            "{}",
            report.text
        );
        assert!(report.text.contains("theorem 10 captured sets: \n"));
        assert!(
            report
                .text
                .contains("surrounded-neighbourhood edges: 4-2\n"),
            "{}",
            report.text
        );
        assert!(report.text.contains("graph 3 G?KLbG terminals 0 1\n"));
    }

    #[test]
    fn analyze_reports_bad_lines_and_goes_on() {
        let report = analyze("Bw\nB x\n".as_bytes(), Terminals::Pair([0, 1]), false);
        assert_eq!(report.errors.len(), 1);
        assert!(report.errors[0].starts_with("line 2:"));
        assert!(report.text.contains("graph 1 Bw"));
        assert_eq!(parse_terminals("3, 4"), Ok(Terminals::Pair([3, 4])));
        assert_eq!(parse_terminals("none"), Ok(Terminals::None));
        assert!(parse_terminals("3").is_err());
    }

    #[test]
    fn without_terminals_every_vertex_counts() {
        // The path 0-1-2 and the triangle: ends and corners are simplicial; the path's edges
        // (at a pendant vertex) and the triangle's are all transverse.
        let report = analyze("Bg\nBw\n".as_bytes(), Terminals::None, false);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert!(
            report
                .text
                .contains("graph 1 Bg\nterminals: none\nsimplicial: 0 2\n"),
            "{}",
            report.text
        );
        assert!(report.text.contains("triangle-free: 0 1 2\n"));
        let summary = analyze("Bg\nBw\nCF\n".as_bytes(), Terminals::None, true);
        let lines: Vec<&str> = summary.text.lines().collect();
        assert_eq!(lines[0], "# no terminals: every vertex counts");
        let numbers =
            |line: &str| -> Vec<String> { line.split_whitespace().map(str::to_string).collect() };
        assert_eq!(numbers(lines[2]), ["3", "2", "0", "0", "1", "0"]);
        assert_eq!(numbers(lines[3])[..2], ["4", "1"]);
        assert_eq!(numbers(lines[4])[..2], ["all", "3"]);
    }
}
