//! The glue between the app and the engine's notations: importing a pasted or loaded text
//! (with the place where it goes wrong), exporting the game, and the URL fragment.

use ohm_engine::notation::{self, hexworld, hsgf, Format, FormatError, RecordError};
use ohm_engine::Board;

use crate::tree::{MoveTree, NodeId, TreeError};

/// An import that failed: what is wrong, and the byte offset in the text where, if known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    pub message: String,
    pub offset: Option<usize>,
}

impl ImportError {
    /// The line (1-based) and the text of that line with a caret under the offset, for people.
    #[must_use]
    pub fn excerpt(&self, text: &str) -> Option<(usize, String)> {
        Some(notation::excerpt(text, self.offset?))
    }
}

/// Reads `text` in any notation Ohm knows; a bare move list is read on `board`. HSGF keeps its
/// variations. Nothing is changed on failure: the caller replaces its game only on `Ok`.
pub fn import(text: &str, board: Board) -> Result<(Format, MoveTree, NodeId), ImportError> {
    let (format, record) = notation::parse_any(text, Some(board)).map_err(|e| ImportError {
        offset: e.offset(),
        message: e.to_string(),
    })?;
    let made = if format == Format::Hsgf {
        MoveTree::from_hsgf(text)
    } else {
        MoveTree::from_record(&record)
    };
    let (tree, at) = made.map_err(|e| ImportError {
        message: match &e {
            TreeError::Record(_) => format!("{format}: {e}"),
            _ => e.to_string(),
        },
        offset: match &e {
            TreeError::Record(RecordError::IllegalMove { number, .. })
                if format == Format::Hsgf =>
            {
                hsgf::parse_tree(text)
                    .ok()
                    .and_then(|sgf| hsgf::main_line_move_offset(&sgf, *number))
            }
            TreeError::Variation { offset, .. } => *offset,
            _ => None,
        },
    })?;
    Ok((format, tree, at))
}

/// The game in `format`: HSGF holds the whole tree, the others the line through `at` (with
/// HexWorld's cursor at `at`).
pub fn export(tree: &MoveTree, at: NodeId, format: Format) -> Result<String, FormatError> {
    match format {
        Format::Hsgf => Ok(hsgf::write_tree(&tree.to_hsgf())),
        other => notation::format(&tree.record_of_line(at), other),
    }
}

/// The URL fragment (without `#`) of the line through `at` in HexWorld's syntax, if HexWorld
/// can hold it (it has no set-up stones).
#[must_use]
pub fn fragment(tree: &MoveTree, at: NodeId) -> Option<String> {
    hexworld::to_fragment(&tree.record_of_line(at)).ok()
}

/// The game a URL fragment describes, if it is a HexWorld string.
pub fn from_fragment(fragment: &str) -> Result<(MoveTree, NodeId), ImportError> {
    let body = fragment.trim_start_matches('#');
    let record = hexworld::parse(body).map_err(|e| ImportError {
        offset: Some(e.offset),
        message: format!("HexWorld: {e}"),
    })?;
    MoveTree::from_record(&record).map_err(|e| ImportError {
        message: e.to_string(),
        offset: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(n: u8) -> Board {
        Board::square(n).unwrap()
    }

    #[test]
    fn every_format_imports_and_exports_back() {
        let cases = [
            (
                "(;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];B[e8])",
                Format::Hsgf,
            ),
            (
                "(;FF[4]EV[hex.mc.2010.x]SZ[13];W[mf];B[swap];W[ed])",
                Format::LittleGolem,
            ),
            ("https://hexworld.org/board/#11c1,f6:se8", Format::HexWorld),
            ("https://trmph.com/hex/board#11,f6f6e8", Format::Trmph),
            ("f6 swap-pieces e8", Format::Moves),
        ];
        for (text, expected) in cases {
            let (format, tree, at) =
                import(text, board(11)).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(format, expected, "{text}");
            assert_eq!(tree.depth(at), 3, "{text}");
            let written = export(&tree, at, format).unwrap();
            let (_, again, again_at) = import(&written, board(11)).unwrap();
            assert_eq!(
                again.record_of_line(again_at).moves,
                tree.record_of_line(at).moves,
                "{written}"
            );
        }
    }

    #[test]
    fn a_malformed_import_says_where() {
        let text = "https://hexworld.org/board/#11c1,f6zz9";
        let error = import(text, board(11)).unwrap_err();
        assert_eq!(error.offset, Some(text.find("zz").unwrap()));
        let (line, shown) = error.excerpt(text).unwrap();
        assert_eq!(line, 1);
        assert!(shown.ends_with("^"), "{shown}");
        let sgf = "(;FF[4]GM[11]SZ[5]\n;B[c3];W[c3])";
        let error = import(sgf, board(11)).unwrap_err();
        assert!(error.message.contains("move 2"), "{}", error.message);
        assert_eq!(error.offset, Some(sgf.rfind("c3").unwrap()));
        // A bad HSGF move is an HSGF error at that move, with a caret under it.
        let sgf = "(;FF[4]GM[11]SZ[5];B[e5];W[zz])";
        let error = import(sgf, board(11)).unwrap_err();
        assert!(
            error.message.starts_with("HSGF: move 2, [zz]"),
            "{}",
            error.message
        );
        assert_eq!(error.offset, Some(sgf.find("zz").unwrap()));
        let (_, shown) = error.excerpt(sgf).unwrap();
        assert_eq!(
            shown.lines().nth(1).unwrap().len(),
            sgf.find("zz").unwrap() + 1
        );
        let broken = "(;FF[4]GM[11]SZ[5]\n;B[c3";
        let error = import(broken, board(11)).unwrap_err();
        assert_eq!(error.excerpt(broken).unwrap().0, 2);
    }

    #[test]
    fn the_fragment_round_trips_with_its_cursor() {
        let (tree, at) = from_fragment("#7c1,d4,c5e2").unwrap();
        assert_eq!(tree.depth(at), 1);
        assert_eq!(fragment(&tree, at).as_deref(), Some("7c1,d4,c5e2"));
        let end = tree.line_end(at);
        assert_eq!(fragment(&tree, end).as_deref(), Some("7c1,d4c5e2"));
        assert!(from_fragment("#7c1,z9").is_err());
    }
}
