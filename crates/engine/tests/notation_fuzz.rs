//! Every notation parser fed arbitrary text and bytes: no panic, and every error displays as a
//! readable message. SGF trees of any shape survive write → parse.

#![cfg(not(target_arch = "wasm32"))]

use ohm_engine::notation::hsgf::{self, GameTree, Node, Property};
use ohm_engine::notation::{self, hexworld, littlegolem, moves, trmph, Format, Record};
use ohm_engine::{Board, Color, Move, PlayedMove, Point};
use proptest::prelude::*;

/// Runs every parser on `text`; whatever they return must display and replay without panic.
fn feed(text: &str, board: Board) {
    fn shown<E: std::fmt::Display>(error: E) {
        assert!(!error.to_string().is_empty());
    }
    fn replay(record: &Record) {
        if let Err(e) = record.to_position() {
            shown(e);
        }
        for format in Format::ALL {
            if let Err(e) = notation::format(record, format) {
                shown(e);
            }
        }
    }
    match moves::parse(text, board) {
        Ok(r) => replay(&r),
        Err(e) => shown(e),
    }
    match trmph::parse(text) {
        Ok(r) => replay(&r),
        Err(e) => shown(e),
    }
    match hexworld::parse(text) {
        Ok(r) => replay(&r),
        Err(e) => shown(e),
    }
    match hsgf::parse(text) {
        Ok(r) => replay(&r),
        Err(e) => shown(e),
    }
    match littlegolem::parse(text) {
        Ok(r) => replay(&r),
        Err(e) => shown(e),
    }
    if let Ok(trees) = hsgf::parse_collection(text) {
        let again = hsgf::parse_collection(&hsgf::write_collection(&trees)).unwrap();
        assert_eq!(again, trees);
    }
    for size in [None, Some(board)] {
        match notation::parse_any(text, size) {
            Ok((_, r)) => replay(&r),
            Err(e) => shown(e),
        }
    }
}

/// Pieces of every notation's syntax, so that random strings get past the first character.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("("),
        Just(")"),
        Just(";"),
        Just("["),
        Just("]"),
        Just("\\"),
        Just("\n"),
        Just(" "),
        Just("B"),
        Just("W"),
        Just("SZ"),
        Just("GM[11]"),
        Just("AB"),
        Just("AE"),
        Just("PL"),
        Just("a1"),
        Just("s19"),
        Just("k11"),
        Just("aa"),
        Just("mf"),
        Just("z"),
        Just("0"),
        Just("swap"),
        Just("swap-pieces"),
        Just("resign"),
        Just("pass"),
        Just(":"),
        Just(":s"),
        Just(":p"),
        Just(":rb"),
        Just(":fw"),
        Just(":S"),
        Just(","),
        Just("#"),
        Just("11"),
        Just("9x11"),
        Just("c1"),
        Just("r9"),
        Just("x"),
        Just("é"),
        Just("https://hexworld.org/board/#"),
        Just("https://trmph.com/hex/board#"),
        Just("littlegolem"),
        Just("19"),
        Just("99999999999"),
    ]
    .prop_map(String::from)
}

fn board() -> impl Strategy<Value = Board> {
    (1u8..=19, 1u8..=19).prop_map(|(w, h)| Board::new(w, h).unwrap())
}

fn property() -> impl Strategy<Value = Property> {
    ("[A-Z]{1,3}", prop::collection::vec(any::<String>(), 1..3))
        .prop_map(|(id, values)| Property::new(&id, values))
}

fn node() -> impl Strategy<Value = Node> {
    prop::collection::vec(property(), 0..4).prop_map(|properties| Node { properties })
}

fn game_tree() -> impl Strategy<Value = GameTree> {
    let leaf = prop::collection::vec(node(), 1..4).prop_map(|nodes| GameTree {
        nodes,
        variations: Vec::new(),
    });
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            prop::collection::vec(node(), 1..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(nodes, variations)| GameTree { nodes, variations })
    })
}

/// Records that need not be legal: any points (edges and cells off the board too), any
/// colours, set-up anywhere.
fn wild_record() -> impl Strategy<Value = Record> {
    let played = (any::<bool>(), 0usize..400, 0u8..4).prop_map(|(white, index, kind)| PlayedMove {
        color: if white { Color::White } else { Color::Black },
        mv: match kind {
            0 => Move::Cell(Point::from_index(index % 365).unwrap()),
            1 => Move::Swap,
            2 => Move::Pass,
            _ => Move::Resign,
        },
    });
    (
        board(),
        prop::collection::vec(played, 0..12),
        any::<bool>(),
        prop::option::of(0usize..20),
    )
        .prop_map(|(board, moves, swap_rule, cursor)| {
            let mut record = Record::new(board);
            record.moves = moves;
            record.swap_rule = swap_rule;
            record.cursor = cursor;
            record
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>(), board in board()) {
        feed(&text, board);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200), board in board()) {
        feed(&String::from_utf8_lossy(&bytes), board);
    }

    #[test]
    fn notation_shaped_text_never_panics(tokens in prop::collection::vec(token(), 0..40), board in board()) {
        feed(&tokens.concat(), board);
    }

    #[test]
    fn sgf_trees_survive_write_and_parse(tree in game_tree()) {
        let text = hsgf::write_tree(&tree);
        prop_assert_eq!(hsgf::parse_tree(&text).unwrap(), tree);
    }

    #[test]
    fn formatting_any_record_never_panics(record in wild_record()) {
        for format in Format::ALL {
            match notation::format(&record, format) {
                Ok(text) => {
                    // What was written must at least parse without panicking.
                    let _ = notation::parse_any(&text, Some(record.board));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
        if let Err(e) = record.to_position() {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

fn hexboard_word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec!["R", "B", "E", "S"]).prop_map(String::from),
        (0u8..22, 1u8..22).prop_map(|(c, r)| format!("{}{r}", (b'a' + c) as char)),
        (
            "[0-9a-zA-Z*+\\-↗→↘↓↙←↖↑]{1,3}|arrow\\([0-9]{1,2}\\)",
            0u8..19,
            1u8..20
        )
            .prop_map(|(l, c, r)| format!("{l}:{}{r}", (b'a' + c) as char)),
        "\\PC{1,5}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// HexWiki diagrams: any size and contents text gives a diagram or an error that displays;
    /// a diagram written back parses to itself.
    #[test]
    fn hexboard_diagrams_never_panic_and_round_trip(
        size in "[0-9]{1,2}(x[0-9]{1,2})?|\\PC{0,4}",
        words in prop::collection::vec(hexboard_word(), 0..30),
    ) {
        use ohm_engine::notation::hexboard;
        match hexboard::parse(&size, &words.join(" ")) {
            Ok(diagram) => {
                let (size, contents) = hexboard::format(&diagram);
                prop_assert_eq!(hexboard::parse(&size, &contents).unwrap(), diagram);
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}
