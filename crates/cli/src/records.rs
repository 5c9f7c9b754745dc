//! `ohm show` and `ohm convert`: records for people and scripts.

use std::fmt::Write as _;

use ohm_engine::notation::{self, Format, Record};
use ohm_engine::{diagram, Board};

/// Reads a record from `source`: a file path if such a file exists, else the text itself (so a
/// HexWorld URL or a move list can be given inline).
pub fn read_source(source: &str) -> Result<String, String> {
    match std::fs::read_to_string(source) {
        Ok(text) => Ok(text),
        Err(_) if !std::path::Path::new(source).exists() => Ok(source.to_string()),
        Err(e) => Err(format!("cannot read {source}: {e}")),
    }
}

/// Parses a record in any supported format; plain move lists need `size` (default 11x11).
pub fn parse(text: &str, size: Option<Board>) -> Result<(Format, Record), String> {
    let size = size.or_else(|| Board::square(11).ok());
    notation::parse_any(text, size).map_err(|e| e.to_string())
}

/// The position a record reaches, drawn, with the record's facts.
pub fn show(text: &str, size: Option<Board>) -> Result<String, String> {
    let (format, record) = parse(text, size)?;
    let position = record.to_position().map_err(|e| e.to_string())?;
    let mut out = String::new();
    let _ = writeln!(out, "format: {}", format.name());
    let _ = writeln!(out, "board: {}", position.board());
    if let Some(name) = &record.info.black {
        let _ = writeln!(out, "black: {name}");
    }
    if let Some(name) = &record.info.white {
        let _ = writeln!(out, "white: {name}");
    }
    if let Some(result) = &record.info.result {
        let _ = writeln!(out, "result: {result}");
    }
    let moves: Vec<String> = record
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}.{}{}", i + 1, m.color.letter(), m.mv))
        .collect();
    let _ = writeln!(out, "moves ({}): {}", moves.len(), moves.join(" "));
    out.push_str(&diagram::showboard(&position));
    match position.winner() {
        Some(w) => {
            let _ = writeln!(out, "{w} has won");
        }
        None => {
            let _ = writeln!(out, "{} to move", position.to_move());
        }
    }
    Ok(out)
}

/// The record re-written in `to`.
pub fn convert(text: &str, size: Option<Board>, to: Format) -> Result<String, String> {
    let (_, record) = parse(text, size)?;
    // Replaying first means an illegal record is reported, not converted.
    record.to_position().map_err(|e| e.to_string())?;
    notation::format(&record, to).map_err(|e| e.to_string())
}
