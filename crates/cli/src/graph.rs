//! `ohm graph analyze`: Shannon-game analysis of general graphs given in graph6, one per line.

use std::io::BufRead;

use ohm_engine::shannon::{graph6, report};

/// What `ohm graph analyze` found: the report of every good line, and one message per
/// malformed line (the other lines are still analysed).
#[derive(Debug, Default)]
pub struct GraphReport {
    pub text: String,
    pub errors: Vec<String>,
}

/// Reads graph6 lines from `input`: per graph its line number, the graph6 text, and every
/// finding of [`report::describe`]. `terminals` are the two terminal vertices.
pub fn analyze(input: impl BufRead, terminals: [u16; 2]) -> GraphReport {
    let mut out = String::new();
    let mut errors = Vec::new();
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
        match graph6::read_graph6(text, terminals) {
            Ok(graph) => {
                out.push_str(&format!(
                    "graph {} {text} terminals {} {}\n",
                    n + 1,
                    terminals[0],
                    terminals[1]
                ));
                out.push_str(&report::describe(&graph));
                out.push('\n');
            }
            Err(e) => errors.push(format!("line {}: {e}", n + 1)),
        }
    }
    GraphReport { text: out, errors }
}

/// Parses `--terminals a,b`.
pub fn parse_terminals(text: &str) -> Result<[u16; 2], String> {
    let bad = || format!("--terminals: '{text}' is not two vertex numbers like 0,1");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    Ok([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyze_reports_theorem_10_sets_and_surrounded_neighbourhoods() {
        // A lost set of two cut-dominated pairs (Steane's theorem 10), then Steane's figure 11
        // as rebuilt in the engine's tests: the edge 4-2 is dead.
        let report = analyze("GK}`es\n# a comment\nG?KLbG\n".as_bytes(), [0, 1]);
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
        let report = analyze("Bw\nB x\n".as_bytes(), [0, 1]);
        assert_eq!(report.errors.len(), 1);
        assert!(report.errors[0].starts_with("line 2:"));
        assert!(report.text.contains("graph 1 Bw"));
        assert_eq!(parse_terminals("3, 4"), Ok([3, 4]));
        assert!(parse_terminals("3").is_err());
    }
}
