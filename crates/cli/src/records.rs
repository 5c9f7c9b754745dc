//! `ohm show` and `ohm convert`: records for people and scripts.
//!
//! A record is given as a file or as its text. Errors say which notation the text was read as
//! and where it goes wrong (line, byte and a caret under the place); HSGF keeps its whole tree
//! (variations and comments) when converted to HSGF, and a conversion to a notation that
//! cannot hold them says what it leaves out.

use std::fmt::Write as _;
use std::path::Path;

use ohm_engine::notation::{self, hsgf, Format, Record, RecordError};
use ohm_engine::{diagram, Board};

/// A record read from a file or given inline.
#[derive(Clone, Debug)]
pub struct Source {
    /// The record's text.
    pub text: String,
    /// The file it came from, if any.
    pub file: Option<String>,
}

/// Reads a record from `source`: a file if such a file exists, else the text itself (so a
/// HexWorld URL or a move list can be given inline). A name that looks like a file (one word
/// with a record's extension, or a path) and is not there is an error, not a record.
pub fn read_source(source: &str) -> Result<Source, String> {
    match std::fs::read_to_string(source) {
        Ok(text) => Ok(Source {
            text,
            file: Some(source.to_string()),
        }),
        Err(_) if !Path::new(source).exists() => {
            if looks_like_a_file_name(source) {
                Err(format!("{source}: no such file"))
            } else {
                Ok(Source {
                    text: source.to_string(),
                    file: None,
                })
            }
        }
        Err(e) => Err(format!("cannot read {source}: {e}")),
    }
}

/// One word ending in a record file's extension, or a path (a `/` outside a URL): what a
/// person types to name a file, never a record's text.
fn looks_like_a_file_name(text: &str) -> bool {
    let text = text.trim();
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains("://") {
        return false;
    }
    let extension = Path::new(text)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let record_extension = matches!(
        extension.as_deref(),
        Some("sgf" | "hsgf" | "txt" | "trmph" | "hex")
    );
    let path_like = text.contains('/') && !text.starts_with(['(', '#']);
    record_extension || path_like
}

impl Source {
    /// Where an error is: `file: ` or nothing.
    fn prefix(&self) -> String {
        self.file
            .as_ref()
            .map_or_else(String::new, |f| format!("{f}: "))
    }

    /// `message`, and when `offset` is known the line and a caret under the place.
    fn error_at(&self, message: &str, offset: Option<usize>) -> String {
        let mut out = format!("{}{message}", self.prefix());
        if let Some(offset) = offset {
            let (line, shown) = notation::excerpt(&self.text, offset);
            let _ = write!(out, "\nline {line}:\n{shown}");
        }
        out
    }

    /// The record in any supported notation; plain move lists need `size` (default 11x11).
    /// The record is replayed, so an illegal move is reported (at its byte in HSGF).
    pub fn parse(&self, size: Option<Board>) -> Result<(Format, Record), String> {
        let (format, record) = parse(&self.text, size).map_err(|e| self.error_at(&e.0, e.1))?;
        if let Err(e) = record.to_position() {
            let offset = match e {
                RecordError::IllegalMove { number, .. } if format == Format::Hsgf => {
                    hsgf::parse_tree(&self.text)
                        .ok()
                        .and_then(|tree| hsgf::main_line_move_offset(&tree, number))
                }
                _ => None,
            };
            return Err(self.error_at(&format!("{format}: {e}"), offset));
        }
        Ok((format, record))
    }
}

/// Parses a record in any supported format; plain move lists need `size` (default 11x11).
/// The error is the message and the byte it points at.
pub fn parse(text: &str, size: Option<Board>) -> Result<(Format, Record), (String, Option<usize>)> {
    let size = size.or_else(|| Board::square(11).ok());
    notation::parse_any(text, size).map_err(|e| (e.to_string(), e.offset()))
}

/// The position a record reaches, drawn, with the record's facts.
pub fn show(source: &Source, size: Option<Board>) -> Result<String, String> {
    let (format, record) = source.parse(size)?;
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

/// The record re-written in `to`, and a note on what that notation leaves out (an HSGF tree's
/// variations and comments on moves), if anything.
pub fn convert(
    source: &Source,
    size: Option<Board>,
    to: Format,
) -> Result<(String, Option<String>), String> {
    let (format, record) = source.parse(size)?;
    if format == Format::Hsgf {
        let tree = hsgf::parse_tree(&source.text).map_err(|e| e.to_string())?;
        if to == Format::Hsgf {
            // The whole tree: its variations, comments and any property Ohm does not use.
            hsgf::check_variations(&tree).map_err(|e| source.error_at(&e.to_string(), e.offset))?;
            return Ok((hsgf::write_tree(&tree), None));
        }
        let left_out = hsgf::beyond_main_line(&tree);
        let text = notation::format(&record, to).map_err(|e| e.to_string())?;
        let note = (!left_out.is_empty()).then(|| {
            format!(
                "{to} holds the main line only: {left_out} of the HSGF record are left out \
                 (convert to hsgf to keep them)"
            )
        });
        return Ok((text, note));
    }
    let text = notation::format(&record, to).map_err(|e| e.to_string())?;
    Ok((text, None))
}
