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
