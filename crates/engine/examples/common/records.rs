//! Match records for the probes: the HexGui SGF files of an `ohm match --records` directory,
//! read with the engine's own reader ([`ohm_engine::notation::hsgf`]).
use ohm_engine::notation::{hsgf, Record};
use ohm_engine::{Move, Point};
use std::path::PathBuf;

/// The records of games on a `size` x `size` board in `dir`, in file-name order, each with its
/// path and its moves as cells; a file that is not such a record, or whose moves are not all
/// cells (a swap, a pass, a resignation), is skipped.
pub fn read_dir(dir: &str, size: u8) -> Vec<(PathBuf, Record, Vec<Point>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let record = hsgf::parse(&text).ok()?;
            let square = record.board.width() == size && record.board.height() == size;
            let cells = record
                .moves
                .iter()
                .map(|played| match played.mv {
                    Move::Cell(p) => Some(p),
                    _ => None,
                })
                .collect::<Option<Vec<Point>>>()?;
            square.then_some((path, record, cells))
        })
        .collect()
}
