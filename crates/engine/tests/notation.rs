//! Game records: every notation round-trips random legal games it can hold, refuses the ones
//! it cannot, and reads real records from HexGui, Little Golem, HexWorld and trmph as expected.

#![cfg(not(target_arch = "wasm32"))]

use ohm_engine::notation::{self, hexworld, hsgf, littlegolem, moves, Format, FormatError, Record};
use ohm_engine::{
    distance, Board, Color, Move, PlayError, PlayedMove, Point, Position, SwapRefusal,
};
use proptest::prelude::*;

mod common;
use common::Rng;

/// What a random game may contain.
#[derive(Clone, Copy)]
struct Spice {
    passes: bool,
    setup: bool,
}

/// A random legal game: sizes 1..=19 (a third non-square), swap as move 2 when allowed and
/// drawn, passes and set-up stones when asked, a resignation at the end sometimes.
fn random_game(seed: u64, spice: Spice) -> Position {
    let mut rng = Rng(seed | 1);
    let width = 1 + rng.below(19) as u8;
    let height = if rng.below(3) == 0 {
        1 + rng.below(19) as u8
    } else {
        width
    };
    let board = Board::new(width, height).unwrap();
    let mut position = Position::new(board).with_swap_rule(board.is_square());
    let with_setup = spice.setup && rng.below(2) == 0;
    if with_setup {
        for _ in 0..=rng.below(6) {
            let cells = position.empty_cells();
            let Some(p) = cells
                .iter()
                .nth(rng.below(cells.len().max(1) as u64) as usize)
            else {
                break;
            };
            let color = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            position.set_stone(p, Some(color)).unwrap();
        }
        if rng.below(2) == 0 {
            position.set_to_move(!position.to_move());
        }
        if position.is_over() {
            return position;
        }
    }
    let length = rng.below(u64::from(board.cell_count()) + 1);
    while (position.move_count() as u64) < length && !position.is_over() {
        // Swapping after set-up is left out: the mirrored cell may hold a set-up stone.
        if position.move_count() == 1
            && !with_setup
            && rng.below(3) == 0
            && position.check(Move::Swap).is_ok()
        {
            position.try_play(Move::Swap).unwrap();
            continue;
        }
        if spice.passes && rng.below(12) == 0 {
            position.try_play(Move::Pass).unwrap();
            continue;
        }
        let empty = position.empty_cells();
        let Some(p) = empty
            .iter()
            .nth(rng.below(empty.len().max(1) as u64) as usize)
        else {
            break;
        };
        position.try_play(Move::Cell(p)).unwrap();
    }
    if !position.is_over() && rng.below(4) == 0 {
        position.try_play(Move::Resign).unwrap();
    }
    position
}

/// Reads `text` back as `format` and checks it replays to the same game.
fn check_round_trip(record: &Record, position: &Position, format: Format) {
    let text = notation::format(record, format).unwrap_or_else(|e| panic!("{format}: {e}"));
    let parsed = match format {
        Format::Moves => moves::parse(&text, record.board).unwrap(),
        _ => {
            let (detected, parsed) = notation::parse_any(&text, None)
                .unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
            // A Little Golem record without a cell move has no two-letter move to be
            // recognised by, and reads as HSGF; read it as what it is.
            let has_cell = record.moves.iter().any(|m| matches!(m.mv, Move::Cell(_)));
            if format == Format::LittleGolem && !has_cell {
                littlegolem::parse(&text).unwrap()
            } else {
                assert_eq!(detected, format, "{text}");
                parsed
            }
        }
    };
    assert_eq!(parsed.board, record.board, "{format}: {text}");
    assert_eq!(parsed.moves, record.moves, "{format}: {text}");
    assert_eq!(parsed.setup, record.setup, "{format}: {text}");
    assert_eq!(parsed.to_move, record.to_move, "{format}: {text}");
    assert_eq!(parsed.swap_rule, record.swap_rule, "{format}: {text}");
    let replayed = parsed
        .to_position()
        .unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
    assert_eq!(&replayed, position, "{format}: {text}");
    assert_eq!(replayed.winner(), position.winner());
}

fn can_hold(record: &Record, format: Format) -> bool {
    let has = |wanted: Move| record.moves.iter().any(|m| m.mv == wanted);
    match format {
        Format::Hsgf => true,
        Format::HexWorld | Format::Moves => !record.has_setup(),
        Format::LittleGolem => !record.has_setup() && record.board.is_square() && !has(Move::Pass),
        Format::Trmph => {
            !record.has_setup()
                && record.board.is_square()
                && !has(Move::Pass)
                && !has(Move::Resign)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_notation_round_trips_the_games_it_can_hold(
        seed in any::<u64>(),
        passes in any::<bool>(),
        setup in any::<bool>(),
    ) {
        let position = random_game(seed, Spice { passes, setup });
        let record = Record::from_position(&position);
        prop_assert_eq!(&record.to_position().unwrap(), &position);
        for format in Format::ALL {
            if can_hold(&record, format) {
                check_round_trip(&record, &position, format);
            } else {
                prop_assert!(notation::format(&record, format).is_err(), "{} held {:?}", format, record);
            }
        }
    }

    #[test]
    fn hexworld_keeps_the_cursor(seed in any::<u64>(), cut in any::<u16>()) {
        let position = random_game(seed, Spice { passes: true, setup: false });
        let mut record = Record::from_position(&position);
        let cursor = usize::from(cut) % (record.moves.len() + 1);
        record.cursor = Some(cursor);
        let text = hexworld::format(&record).unwrap();
        let parsed = hexworld::parse(&text).unwrap();
        let expected = (cursor < record.moves.len()).then_some(cursor);
        prop_assert_eq!(parsed.cursor, expected, "{}", text);
        prop_assert_eq!(parsed.to_position_at(cursor).unwrap(), record.to_position_at(cursor).unwrap());
    }
}

#[test]
fn from_position_keeps_set_up_stones_and_side_to_move() {
    let mut position = Position::new(Board::square(5).unwrap()).with_swap_rule(true);
    position
        .set_stone(Point::parse("c3").unwrap(), Some(Color::White))
        .unwrap();
    position.set_to_move(Color::White);
    position
        .try_play(Move::Cell(Point::parse("b2").unwrap()))
        .unwrap();
    let record = Record::from_position(&position);
    assert_eq!(record.setup.white.len(), 1);
    assert!(record.setup.black.is_empty());
    assert_eq!(record.to_move, Some(Color::White));
    assert_eq!(
        record.moves,
        [PlayedMove {
            color: Color::White,
            mv: Move::Cell(Point::parse("b2").unwrap())
        }]
    );
    let text = hsgf::format(&record);
    assert!(text.contains("AW[c3]PL[W];W[b2]"), "{text}");
    assert_eq!(hsgf::parse(&text).unwrap().to_position().unwrap(), position);
    for format in [
        Format::LittleGolem,
        Format::HexWorld,
        Format::Trmph,
        Format::Moves,
    ] {
        assert_eq!(
            notation::format(&record, format),
            Err(FormatError::Setup { format })
        );
    }
}

#[test]
fn an_illegal_move_is_named_by_number() {
    let record = moves::parse("a1 b2 a1", Board::square(3).unwrap()).unwrap();
    let error = record.to_position().unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 3 (black a1) is illegal: a1 is occupied"
    );
    let record = moves::parse("a1 b1 swap", Board::square(3).unwrap()).unwrap();
    assert_eq!(
        record.to_position().unwrap_err().to_string(),
        "move 3 (black swap-pieces) is illegal: swap is only allowed as the second move"
    );
}

fn cells(names: &str) -> Vec<Move> {
    names
        .split_whitespace()
        .map(|name| Move::parse(name).unwrap())
        .collect()
}

fn moves_of(record: &Record) -> Vec<Move> {
    record.moves.iter().map(|m| m.mv).collect()
}

#[test]
fn a_hexgui_file() {
    // As HexGui writes it: FF, AP, GM, SZ, then moves, lines broken at 72 columns.
    let text = "(;FF[4]AP[HexGui:0.9.GIT]GM[11]SZ[9]PB[wolve]PW[mohex]RE[W+]\n\
                ;B[c7];W[swap-pieces];B[e5];W[d6];B[d7];W[e6];B[f5];W[f6];B[g5];W[g6]\n\
                ;B[h5];W[h6];B[i5];W[i6];B[resign])\n";
    let (format, record) = notation::parse_any(text, None).unwrap();
    assert_eq!(format, Format::Hsgf);
    assert_eq!(record.board, Board::square(9).unwrap());
    assert_eq!(record.info.white.as_deref(), Some("mohex"));
    assert_eq!(
        moves_of(&record),
        cells("c7 swap e5 d6 d7 e6 f5 f6 g5 g6 h5 h6 i5 i6 resign")
    );
    let position = record.to_position().unwrap();
    assert_eq!(position.winner(), Some(Color::White));
    // After the swap White holds g3, the mirror of c7.
    assert!(position
        .stones(Color::White)
        .contains(Point::parse("g3").unwrap()));
}

#[test]
fn a_little_golem_record() {
    // A championship game exported by littlegolem.net (PB moves first, in the `W` nodes).
    let text = "(;FF[4]EV[hex.ch.23.1.1]PB[Daniel Sepczuk]PW[Maciej Celuch]SZ[13]RE[W]GC[ game #1139802]SO[http://www.littlegolem.com];W[mf];B[swap];W[kj];B[ie];W[fh];B[ed];W[cd];B[cb];W[dd];B[fb];W[db];B[ii];W[ef];B[dj];W[ld];B[kd];W[hi];B[hl];W[ej];B[dk];W[el];B[fg];W[dg];B[dh];W[eh];B[eg];W[kf];B[ke];W[le];B[lc];W[gf];B[gg];W[hf];B[ig];W[hg];B[gh];W[hh];B[fk];W[resign])";
    let (format, record) = notation::parse_any(text, None).unwrap();
    assert_eq!(format, Format::LittleGolem);
    assert_eq!(record.board, Board::square(13).unwrap());
    assert_eq!(record.info.black.as_deref(), Some("Daniel Sepczuk"));
    assert_eq!(record.info.event.as_deref(), Some("hex.ch.23.1.1"));
    assert_eq!(record.moves.len(), 39);
    assert_eq!(&moves_of(&record)[..6], cells("f13 swap j11 e9 h6 d5"));
    assert_eq!(record.moves[0].color, Color::Black);
    assert_eq!(record.moves[1].color, Color::White);
    // Every move replays legally, and the first player's resignation makes PW, White, the
    // winner that RE[W] names.
    let position = record.to_position().unwrap();
    assert_eq!(
        record.moves[38],
        PlayedMove {
            color: Color::Black,
            mv: Move::Resign
        }
    );
    assert_eq!(position.winner(), Some(Color::White));
    assert_eq!(record.info.result.as_deref(), Some("W+R"));
    assert_eq!(
        littlegolem::parse(&littlegolem::format(&record).unwrap()).unwrap(),
        record
    );
}

#[test]
fn a_little_golem_win_is_shown_as_won() {
    // hex.mc.2010.oct.1.11, game #1254910: PW resigned (`B[resign]`) and RE[B] names PB.
    // Read row-then-column, PB (Black) is one bridge-and-template chain from edge to edge
    // (3 empty cells on its shortest path) while PW needs 9: the position a player resigns.
    // Read column-then-row, the same stones would leave PW 4 cells from winning, against 9.
    let text = "(;FF[4]EV[hex.mc.2010.oct.1.11]PB[Maciej Celuch]PW[pensando]SZ[13]RE[B]GC[ game #1254910]SO[http://www.littlegolem.com];W[mf];B[gg];W[de];B[df];W[ji];B[if];W[ld];B[jg];W[jf];B[ig];W[kg];B[kc];W[mb];B[ma];W[lb];B[la];W[kb];B[ka];W[jb];B[ja];W[hc];B[hb];W[fd];B[fc];W[ib];B[ia];W[gc];B[gb];W[cd];B[da];W[eb];B[dd];W[ce];B[dc];W[cc];B[db];W[bb];B[le];W[kf];B[ke];W[je];B[il];W[jj];B[kk];W[hk];B[resign])";
    let record = littlegolem::parse(text).unwrap();
    assert_eq!(record.info.result.as_deref(), Some("B+R"));
    let mut position = record.to_position().unwrap();
    assert_eq!(position.winner(), Some(Color::Black));
    assert!(position.undo(), "take back the resignation");
    assert_eq!(distance::shortest_path(&position, Color::Black), 3);
    assert_eq!(distance::shortest_path(&position, Color::White), 9);
    // The ladder before it: Black walls column b from the bottom, White crawls up column a.
    for (index, name) in ["b13", "a13", "b12", "a12", "b11", "a11"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(
            record.moves[12 + index].mv,
            Move::Cell(Point::parse(name).unwrap())
        );
    }
}

#[test]
fn hexworld_urls() {
    let (format, record) = notation::parse_any(
        "https://hexworld.org/board/#15c1,e6:sf7i8g10j10l6i4h3b4c13h13l10l9l8m8m9n8k12o8",
        None,
    )
    .unwrap();
    assert_eq!(format, Format::HexWorld);
    assert_eq!(record.board, Board::square(15).unwrap());
    assert_eq!(
        moves_of(&record),
        cells("e6 swap f7 i8 g10 j10 l6 i4 h3 b4 c13 h13 l10 l9 l8 m8 m9 n8 k12 o8")
    );
    record.to_position().unwrap();
    let (_, rotated) = notation::parse_any("11r9c1,b4:sh4g8i8h3g4g3i3j1j3k1i2i1", None).unwrap();
    assert_eq!(&moves_of(&rotated)[..4], cells("b4 swap h4 g8"));
    let resigned = hexworld::parse("#9c1,b3:sc6d2c4:rw").unwrap();
    assert_eq!(
        resigned.moves.last().unwrap(),
        &PlayedMove {
            color: Color::White,
            mv: Move::Resign
        }
    );
    assert_eq!(resigned.to_position().unwrap().winner(), Some(Color::Black));
}

#[test]
fn a_trmph_url() {
    let (format, record) = notation::parse_any(
        "https://trmph.com/hex/board#13,g1a7g2b7g3c7g4d7g5e7g6f7g8h7g9i7g10j7g11k7g12l7g13m7",
        None,
    )
    .unwrap();
    assert_eq!(format, Format::Trmph);
    assert_eq!(record.moves.len(), 24);
    assert_eq!(
        record.moves[23],
        PlayedMove {
            color: Color::White,
            mv: Move::Cell(Point::parse("m7").unwrap())
        }
    );
    let position = record.to_position().unwrap();
    // Black's column and White's row both wait for g7.
    assert_eq!(position.winner(), None);
    let mut black_wins = position.clone();
    black_wins
        .try_play(Move::Cell(Point::parse("g7").unwrap()))
        .unwrap();
    assert_eq!(black_wins.winner(), Some(Color::Black));
}

#[test]
fn parse_any_recognises_or_explains() {
    let board = Some(Board::square(7).unwrap());
    assert_eq!(
        notation::parse_any("a1 b2 swap", board).unwrap().0,
        Format::Moves
    );
    assert_eq!(
        notation::parse_any("#7,a1a1b2", None).unwrap().0,
        Format::Trmph
    );
    assert_eq!(
        notation::parse_any("7,a1b2", None).unwrap().0,
        Format::HexWorld
    );
    assert_eq!(
        notation::parse_any("(;SZ[7];B[a1])", None).unwrap().0,
        Format::Hsgf
    );
    assert_eq!(
        notation::parse_any("(;SZ[7];W[aa])", None).unwrap().0,
        Format::LittleGolem
    );
    assert_eq!(
        notation::parse_any("  ", board),
        Err(notation::ParseError::Empty)
    );
    assert_eq!(
        notation::parse_any("a1 b2", None),
        Err(notation::ParseError::NeedsBoardSize)
    );
    let error = notation::parse_any("hello world", board).unwrap_err();
    assert_eq!(error.format(), Some(Format::Moves));
    assert!(error.to_string().contains("'hello'"), "{error}");
    let error = notation::parse_any("(;SZ[7];B[a1]", None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "HSGF: at byte 0: '(' is never closed by ')'"
    );
}

#[test]
fn format_names_round_trip() {
    for format in Format::ALL {
        assert_eq!(Format::from_name(format.name()), Some(format));
    }
    assert_eq!(Format::from_name("SGF"), Some(Format::Hsgf));
    assert_eq!(Format::from_name("LG"), Some(Format::LittleGolem));
    assert_eq!(Format::from_name("png"), None);
}

#[test]
fn non_square_boards_are_refused_where_they_do_not_fit() {
    let record = Record::new(Board::new(4, 6).unwrap());
    assert_eq!(hexworld::to_fragment(&record).unwrap(), "4x6c1,");
    assert_eq!(hexworld::parse("#4x6c1,").unwrap().board, record.board);
    assert!(hsgf::format(&record).contains("SZ[4:6]"));
    for format in [Format::LittleGolem, Format::Trmph] {
        assert!(matches!(
            notation::format(&record, format),
            Err(FormatError::NotSquare { .. })
        ));
    }
}

#[test]
fn a_swap_after_set_up_stones_is_refused() {
    // A set-up position is not the start of a game: no swap after its first move.
    let text = "(;GM[11]SZ[3]AW[c3]PL[B];B[b1];W[swap-pieces])";
    let record = hsgf::parse(text).unwrap();
    let error = record.to_position().unwrap_err();
    assert!(matches!(
        error,
        notation::RecordError::IllegalMove {
            number: 2,
            reason: PlayError::SwapNotAllowed(SwapRefusal::AfterSetup),
            ..
        }
    ));
    assert_eq!(
        error.to_string(),
        "move 2 (white swap-pieces) is illegal: there is no swap after set-up stones"
    );
}
