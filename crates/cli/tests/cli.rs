//! The real `ohm` binary, driven as HexGui and scripts drive it.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `ohm` with `args`, feeding `stdin`; returns (stdout, stderr, success).
fn ohm(args: &[&str], stdin: &str) -> (String, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ohm"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ohm starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.success(),
    )
}

/// Splits a GTP transcript into responses (each ends with a blank line).
fn responses(out: &str) -> Vec<String> {
    out.split("\n\n")
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn gtp_session_as_hexgui_drives_it() {
    let script = "\
protocol_version
name
version
1 known_command genmove
known_command frobnicate
boardsize 5 5
play b c3
play w swap-pieces
showboard
play b c3
undo
undo
play b a1
genmove w
final_score
list_commands
quit
play b b2
";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    assert_eq!(r[0], "= 2");
    assert_eq!(r[1], "= Ohm");
    assert_eq!(r[2], format!("= {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(r[3], "=1 true");
    assert_eq!(r[4], "= false");
    assert_eq!(r[5], "=");
    assert_eq!(r[6], "=");
    assert_eq!(r[7], "=");
    // After the swap the first stone is White's, mirrored (c3 is its own mirror on 5x5).
    assert!(
        r[8].starts_with("= \n") || r[8].starts_with("=\n"),
        "{}",
        r[8]
    );
    assert!(r[8].contains("3 . . W . . 3"), "{}", r[8]);
    assert!(r[8].contains("black to move"));
    assert_eq!(r[9], "? c3 is occupied");
    assert_eq!(r[10], "="); // undo swap
    assert_eq!(r[11], "="); // undo c3
    assert_eq!(r[12], "=");
    // White may swap a1 (a losing corner on 5x5, so a sensible engine does not) or answer.
    assert!(r[13].starts_with("= "), "{}", r[13]);
    assert_ne!(
        r[13], "= swap-pieces",
        "a1 loses on 5x5: swapping it would be a blunder"
    );
    assert_eq!(r[14], "? the game is not over");
    assert!(r[15].contains("genmove") && r[15].contains("hexgui-analyze_commands"));
    assert_eq!(r[16], "=");
    assert_eq!(r.len(), 17, "nothing is answered after quit");
}

#[test]
fn bad_commands_get_gtp_errors_not_crashes() {
    let script = "\
frobnicate
boardsize
boardsize 0
boardsize 20 3
boardsize x
boardsize 4 3
play
play q a1
play b zz9
play b a1
play b a1
play b t1
play b e1
genmove purple
loadsgf /nonexistent/file.sgf
undo
undo
\u{1}\u{7f}garbage\u{0}
# a comment only

name # trailing comment
";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok, "EOF ends the session cleanly");
    let r = responses(&out);
    let expected_prefixes = [
        "? unknown command: frobnicate",
        "? usage: boardsize",
        "? board size 0x0 is not supported",
        "? board size 20x3 is not supported",
        "? board size 'x' is not a number",
        "=",
        "? usage: play",
        "? 'q' is not a colour",
        "? 'zz9': column 'z'",
        "=",
        "? a1 is occupied",
        "? 't1': column 't'",
        "? e1 is not a cell of this board",
        "? 'purple' is not a colour",
        "? cannot read /nonexistent/file.sgf",
        "=",
        "? cannot undo",
        "? unknown command: garbage",
        "= Ohm",
    ];
    assert_eq!(r.len(), expected_prefixes.len(), "{r:#?}");
    for (got, want) in r.iter().zip(expected_prefixes) {
        assert!(got.starts_with(want), "got {got:?}, want {want:?}");
    }
}

#[test]
fn ohm_plays_a_whole_game_against_itself_through_gtp() {
    for size in [1, 4, 7] {
        let mut script = format!("boardsize {size}\n");
        for i in 0..size * size {
            script.push_str(if i % 2 == 0 {
                "genmove b\n"
            } else {
                "genmove w\n"
            });
        }
        script.push_str("final_score\n");
        let (out, _, ok) = ohm(&[], &script);
        assert!(ok);
        let r = responses(&out);
        let score = r
            .iter()
            .find(|x| x.starts_with("= B+") || x.starts_with("= W+"));
        assert!(
            score.is_some(),
            "size {size}: game ends with a winner\n{out}"
        );
        // Every genmove before the end is a move, after the end an error.
        let moves = r
            .iter()
            .filter(|x| x.starts_with("= ") && !x.contains('+'))
            .count();
        assert!(
            moves >= size * 2 - 1 || size == 1,
            "size {size}: {moves} moves"
        );
    }
}

#[test]
fn invalid_utf8_and_crlf_lines_are_answered() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ohm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"name\r\n\xff\xfe play\nversion\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let r = responses(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(r.len(), 3, "{r:?}");
    assert_eq!(r[0], "= Ohm");
    assert!(r[1].starts_with("? unknown command"), "{}", r[1]);
    assert!(r[2].starts_with("= "));
}

#[test]
fn help_version_and_unknown_options() {
    let (out, _, ok) = ohm(&["--help"], "");
    assert!(ok && out.contains("ohm convert"));
    let (out, _, ok) = ohm(&["--version"], "");
    assert!(ok && out.starts_with("ohm "));
    let (_, err, ok) = ohm(&["--frob"], "");
    assert!(!ok && err.contains("unknown option --frob"));
    let (_, err, ok) = ohm(&["bench", "nothing"], "");
    assert!(!ok && err.contains("unknown bench suite"));
}

#[test]
fn bench_raw_lines_carry_suite_name_time_and_checksum() {
    let (out, _, ok) = ohm(&["bench", "cellset", "--rounds", "2", "--raw"], "");
    assert!(ok);
    assert_eq!(out.lines().count(), 8, "{out}");
    for line in out.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(&words[..3], ["bench", "native", "cellset"], "{line}");
        assert!(
            words[4].parse::<f64>().is_ok() && words[6] == "checksum",
            "{line}"
        );
    }
}

#[test]
fn bench_reports_every_cellset_operation() {
    let (out, _, ok) = ohm(&["bench", "cellset", "--rounds", "2"], "");
    assert!(ok, "{out}");
    for op in [
        "and",
        "or",
        "difference",
        "intersects",
        "is_subset",
        "count",
        "iterate",
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(op)),
            "{op} missing:\n{out}"
        );
    }
}

#[test]
fn show_and_convert_records_between_formats() {
    let url = "https://hexworld.org/board/#5c1,c3:sa1";
    let (out, err, ok) = ohm(&["show", url], "");
    assert!(ok, "{err}");
    assert!(out.contains("format: hexworld"), "{out}");
    assert!(out.contains("1.Bc3 2.Wswap-pieces 3.Ba1"), "{out}");
    assert!(out.contains("white to move"), "{out}");

    let (sgf, err, ok) = ohm(&["convert", url, "--to", "hsgf"], "");
    assert!(ok, "{err}");
    assert!(
        sgf.contains("SZ[5]") && sgf.contains(";W[swap-pieces]") && sgf.contains(";B[a1]"),
        "{sgf}"
    );
    let (trmph, _, ok) = ohm(&["convert", &sgf, "--to", "trmph"], "");
    assert!(ok);
    assert!(trmph.trim_end().ends_with("#5,c3c3a1"), "{trmph}");
    let (moves, _, ok) = ohm(&["convert", trmph.trim(), "--to", "moves"], "");
    assert!(ok);
    assert_eq!(moves.trim(), "c3 swap-pieces a1");
    let (back, _, ok) = ohm(
        &["convert", moves.trim(), "--size", "5", "--to", "hexworld"],
        "",
    );
    assert!(ok);
    assert!(back.contains("5c1,c3:sa1"), "{back}");
}

#[test]
fn records_with_errors_are_reported_not_converted() {
    let (_, err, ok) = ohm(&["convert", "a1 a1", "--size", "3", "--to", "hsgf"], "");
    assert!(!ok);
    assert!(err.contains("move 2"), "{err}");
    let (_, err, ok) = ohm(&["show", "(;FF[4]GM[11]SZ[3];B[a1"], "");
    assert!(!ok && err.starts_with("ohm: "), "{err}");
    let (_, err, ok) = ohm(&["convert", "a1", "--to", "pdf"], "");
    assert!(!ok && err.contains("unknown format 'pdf'"), "{err}");
    let (_, err, ok) = ohm(&["convert", "a1"], "");
    assert!(!ok && err.contains("--to"), "{err}");
}

#[test]
fn a_bad_hsgf_move_is_an_hsgf_error_at_its_byte_with_a_caret() {
    let sgf = "(;FF[4]GM[11]SZ[5];B[e5];W[zz])";
    let (_, err, ok) = ohm(&["convert", sgf, "--to", "hexworld"], "");
    assert!(!ok);
    let byte = sgf.find("zz").unwrap();
    assert!(
        err.starts_with(&format!("ohm: HSGF: move 2, [zz] at byte {byte}:")),
        "{err}"
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1], "line 1:");
    assert_eq!(lines[2], sgf);
    assert_eq!(lines[3], format!("{}^", " ".repeat(byte)));
    // A move the rules refuse is pointed at too.
    let sgf = "(;FF[4]GM[11]SZ[5];B[e5];W[e5])";
    let (_, err, ok) = ohm(&["show", sgf], "");
    assert!(
        !ok && err.contains("HSGF: move 2 (white e5) is illegal"),
        "{err}"
    );
    assert!(
        err.ends_with(&format!("{}^\n", " ".repeat(sgf.rfind("e5").unwrap()))),
        "{err}"
    );
}

#[test]
fn a_file_name_that_is_not_there_is_said_so() {
    for name in ["nothing-here.sgf", "games/nothing.hsgf", "./missing.txt"] {
        let (_, err, ok) = ohm(&["show", name], "");
        assert!(!ok);
        assert_eq!(err, format!("ohm: {name}: no such file\n"));
    }
    // Inline records are still records.
    let (out, _, ok) = ohm(&["show", "a1 b2", "--size", "3"], "");
    assert!(ok && out.contains("format: moves"), "{out}");
}

#[test]
fn converting_hsgf_keeps_comments_and_variations_or_says_what_is_left_out() {
    let sgf = "(;FF[4]GM[11]SZ[5]C[A short game.];B[c3]C[The centre.](;W[b4]C[A block.];B[d2])(;W[d3]C[Another try.]))";
    let (out, err, ok) = ohm(&["convert", sgf, "--to", "hsgf"], "");
    assert!(ok, "{err}");
    assert!(err.is_empty(), "{err}");
    for kept in [
        "C[A short game.]",
        ";B[c3]C[The centre.]",
        "(;W[b4]C[A block.];B[d2])",
        "(;W[d3]C[Another try.])",
    ] {
        assert!(out.contains(kept), "{kept} lost: {out}");
    }
    let (out, err, ok) = ohm(&["convert", sgf, "--to", "hexworld"], "");
    assert!(ok);
    assert!(out.contains("5c1,c3b4d2"), "{out}");
    assert!(
        err.contains("HexWorld holds the main line only: 1 variation and 3 comments"),
        "{err}"
    );
    // An illegal move in a side variation is refused, with its byte.
    let bad = "(;FF[4]GM[11]SZ[5];B[c3](;W[b4])(;W[c3]))";
    let (_, err, ok) = ohm(&["convert", bad, "--to", "hsgf"], "");
    assert!(!ok && err.contains("move 2 (W[c3]) at byte"), "{err}");
}

#[test]
fn showboard_after_a_resignation_says_who_won_not_who_is_to_move() {
    let (out, _, ok) = ohm(&[], "boardsize 3\nplay b b2\nplay w resign\nshowboard\n");
    assert!(ok);
    let board = &responses(&out)[3];
    assert!(board.ends_with("black has won; white resigned"), "{board}");
    assert!(!board.contains("to move"), "{board}");
    let (out, _, _) = ohm(
        &[],
        "boardsize 2\nplay b a1\nplay w b1\nplay b a2\nshowboard\n",
    );
    let board = &responses(&out)[4];
    assert!(board.ends_with("black has won"), "{board}");
    // A set-up position is not the start of a game: no swap after its first move.
    let (_, err, ok) = ohm(
        &[
            "show",
            "(;GM[11]SZ[5]AB[c3]AW[b2]PL[B];B[a1];W[swap-pieces])",
        ],
        "",
    );
    assert!(
        !ok && err.contains("there is no swap after set-up stones"),
        "{err}"
    );
}

#[test]
fn loadsgf_loads_a_record_up_to_a_move() {
    let dir = std::env::temp_dir().join(format!("ohm-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;FF[4]GM[11]SZ[4]PB[a]PW[b];B[b2];W[c2];B[b3])").unwrap();
    let path = file.to_str().unwrap();
    let (out, _, ok) = ohm(
        &[],
        &format!("loadsgf {path}\nshowboard\nloadsgf {path} 2\nshowboard\nplay b c2\n"),
    );
    assert!(ok);
    let r = responses(&out);
    assert_eq!(r[0], "=");
    assert!(
        r[1].contains("white to move") && r[1].contains(" 3 . B . . 3"),
        "{}",
        r[1]
    );
    assert_eq!(r[2], "=");
    assert!(
        r[3].contains("white to move") && !r[3].contains("W"),
        "{}",
        r[3]
    );
    assert_eq!(r[4], "=");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_against_ohm_over_gtp_writes_records_and_a_table() {
    let dir = std::env::temp_dir().join(format!("ohm-match-test-{}", std::process::id()));
    let engine = format!("gtp:{}", env!("CARGO_BIN_EXE_ohm"));
    let (out, err, ok) = ohm(
        &[
            "match",
            "random:3",
            &engine,
            "--games",
            "4",
            "--size",
            "4",
            "--openings",
            "a1,d4",
            "--records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("random:3 vs gtp:"), "{out}");
    assert!(out.contains("95% CI"), "{out}");
    assert_eq!(
        err.lines().filter(|l| l.starts_with("game ")).count(),
        4,
        "{err}"
    );
    let records: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(records.len(), 4);
    // Each record replays to a finished game whose result names the connected side.
    for entry in records {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let (out, err, ok) = ohm(&["show", &text], "");
        assert!(ok, "{err}");
        let winner = if text.contains("RE[B+]") {
            "black has won"
        } else {
            "white has won"
        };
        assert!(out.contains(winner), "{text}\n{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let (_, err, ok) = ohm(
        &[
            "match",
            "distance",
            "gtp:/nonexistent/engine",
            "--games",
            "1",
        ],
        "",
    );
    assert!(!ok && err.contains("cannot start"), "{err}");
    let (_, err, ok) = ohm(&["match", "distance", "oracle"], "");
    assert!(!ok && err.contains("unknown player 'oracle'"), "{err}");
}

#[test]
fn inferior_cell_commands_answer_in_hexgui_pairs() {
    let script = "boardsize 5\nplay b c3\nplay w c2\nplay b b4\ncompute-inferior w\ncompute-fillin w\ncompute-dead\ncompute-inferior\nhexgui-analyze_commands\n";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    let pairs = |reply: &str| -> Vec<(String, String)> {
        let words: Vec<&str> = reply.trim_start_matches('=').split_whitespace().collect();
        assert_eq!(words.len() % 2, 0, "cell code pairs: {reply}");
        words
            .chunks(2)
            .map(|w| (w[0].to_string(), w[1].to_string()))
            .collect()
    };
    let inferior = pairs(&r[4]);
    assert!(
        !inferior.is_empty(),
        "this position has captured cells: {}",
        r[4]
    );
    for (cell, code) in &inferior {
        assert!(
            !["c3", "c2", "b4"].contains(&cell.as_str()),
            "{cell} is a stone"
        );
        assert!(
            ["fdb", "fdw", "fcb", "fcw"].contains(&code.as_str())
                || code.starts_with("id[")
                || code.starts_with("iv["),
            "{code}"
        );
    }
    // The fill-in is the inferior answer without the dominated and vulnerable cells.
    let fillin = pairs(&r[5]);
    let filled: Vec<_> = inferior
        .iter()
        .filter(|(_, c)| c.starts_with('f'))
        .cloned()
        .collect();
    assert_eq!(fillin, filled);
    assert!(r[6].starts_with('='));
    assert!(r[7].starts_with("? usage: compute-inferior"));
    assert!(r[8].contains("inferior/Inferior Cells/compute-inferior %m"));
}

#[test]
fn graph_analyze_reads_graph6_lines() {
    // D?{ : five vertices, 0 and 1 terminals; vertices 2 and 3 hang on 4 only as a clique.
    let (out, _, ok) = ohm(&["graph", "analyze"], "D?{\n\n# a comment\nCx\n");
    assert!(ok);
    assert!(out.contains("graph 1 D?{ terminals 0 1"), "{out}");
    assert!(out.contains("graph 4 Cx terminals 0 1"), "{out}");
    assert!(out.contains("simplicial: 2 3"), "{out}");
    let (out, err, ok) = ohm(&["graph", "analyze", "--terminals", "2,3"], "D?{\nbad~\n");
    assert!(!ok);
    assert!(out.contains("terminals 2 3"), "{out}");
    assert!(err.contains("line 2"), "{err}");
    let (_, err, ok) = ohm(&["graph", "analyze", "--terminals", "x"], "");
    assert!(!ok && err.contains("--terminals"), "{err}");
}

/// Steane, "Threat, support and dead edges in the Shannon game", section 6, Table 1: connected
/// graphs on n vertices, those with no simplicial vertex, with no transverse edge, with at
/// least two triangle-free vertices, and with both of the last two.
const STEANE_TABLE_1: [[u64; 6]; 8] = [
    [1, 1, 0, 1, 0, 0],
    [2, 1, 0, 0, 1, 0],
    [3, 2, 0, 0, 1, 0],
    [4, 6, 1, 1, 3, 1],
    [5, 21, 4, 2, 10, 2],
    [6, 112, 24, 9, 52, 7],
    [7, 853, 191, 46, 363, 34],
    [8, 11117, 3094, 507, 4022, 327],
];

#[test]
fn graph_summary_without_terminals_reproduces_steanes_table_1() {
    // nauty's `geng -c n` for n = 1..8, committed as test data (see tests/data/geng/README.md).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/geng");
    let mut input = String::new();
    for n in 1..=8 {
        input.push_str(&std::fs::read_to_string(dir.join(format!("connected-{n}.g6"))).unwrap());
    }
    let (out, err, ok) = ohm(
        &["graph", "analyze", "--terminals", "none", "--summary"],
        &input,
    );
    assert!(ok, "{err}");
    let rows: Vec<Vec<u64>> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    let expected: Vec<Vec<u64>> = STEANE_TABLE_1.iter().map(|r| r.to_vec()).collect();
    assert_eq!(rows, expected, "{out}");
    assert!(out.lines().last().unwrap().trim_start().starts_with("all"));
    // Without --summary, each graph gets the findings that need no terminals.
    let (out, _, ok) = ohm(&["graph", "analyze", "--terminals", "none"], "@\nA_\n");
    assert!(ok);
    assert!(
        out.contains("graph 1 @\nterminals: none\nsimplicial: 0\n"),
        "{out}"
    );
    assert!(
        out.contains("graph 2 A_\nterminals: none\nsimplicial: 0 1\ntransverse edges: 0-1 1-0\n"),
        "{out}"
    );
}

#[test]
fn bench_hsearch_reports_builds_updates_and_counts() {
    let (out, err, ok) = ohm(&["bench", "hsearch"], "");
    assert!(ok, "{err}");
    for name in [
        "empty-9x9",
        "empty-11x11",
        "empty-13x13",
        "mid-11x11",
        "mid-13x13",
        "update-11x11",
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}: {out}"));
        assert!(line.split_whitespace().count() >= 3, "{line}");
    }
}

#[test]
fn bench_inferior_reports_both_board_sizes_and_pruning() {
    let (out, err, ok) = ohm(&["bench", "inferior"], "");
    assert!(ok, "{err}");
    for size in ["11x11", "13x13"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(size))
            .unwrap_or_else(|| panic!("{size}: {out}"));
        assert!(line.contains('%') && line.contains('/'), "{line}");
    }
}

#[test]
fn vc_commands_show_the_bridge_the_winning_carrier_and_the_mustplay() {
    let script =
        "boardsize 5\nplay b b2\nplay b c3\nvc-between-cells b b2 c3\nvc-derivation b b2 c3\n\
                  boardsize 3\nplay b b2\nvc-winning b\nvc-mustplay w\nvc-winning w\nvc-build b\n\
                  vc-between-cells b b2 west\nvc-between-cells b b2 t9\nvc-derivation b a1 c3\n";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    // The bridge: one full carrier {c2, b3}, and a semi-connection keyed at each of its cells.
    let bridge: Vec<&str> = r[3].trim_start_matches("= ").lines().collect();
    assert!(
        bridge.contains(&"black b2 c3 full or [ c2 b3 ] [ ]"),
        "{bridge:?}"
    );
    assert!(
        bridge.contains(&"black b2 c3 semi and [ c2 ] [ ] c2"),
        "{bridge:?}"
    );
    assert!(
        bridge.contains(&"black b2 c3 semi and [ b3 ] [ ] b3"),
        "{bridge:?}"
    );
    assert!(
        r[4].contains("Apply OR: (b2,[c2,b3],c3) is VC."),
        "{}",
        r[4]
    );
    // On 3x3 a centre stone wins: two-cell edge templates to both edges.
    assert_eq!(r[7], "= b1 c1 a3 b3");
    assert_eq!(
        r[8], "=",
        "White has nowhere to play against a full connection"
    );
    assert_eq!(r[9], "? no winning connection found for white");
    assert!(
        r[10].starts_with("= ends ") && r[10].contains("winning yes"),
        "{}",
        r[10]
    );
    assert_eq!(
        r[11],
        "? west is not an end for black (an opponent stone or edge)"
    );
    assert!(r[12].starts_with("? 't9'"), "{}", r[12]);
    assert!(r[13].starts_with("= "), "{}", r[13]);
}

/// A HexGui-style game: the person's moves with `play`, Ohm's with `genmove`, `showboard`
/// after each, then `final_score`; run interactively, one command at a time.
#[test]
fn hexgui_drives_a_whole_game_against_ohm() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ohm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |command: &str| -> String {
        writeln!(stdin, "{command}").unwrap();
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            if line == "\n" {
                break;
            }
            reply.push_str(&line);
        }
        reply
    };
    assert_eq!(ask("boardsize 6 6"), "=\n");
    assert_eq!(ask("clear_board"), "=\n");
    assert_eq!(ask("param_ohm level 3"), "=\n");
    // The person plays the first empty cell of the board each time (a weak but legal player).
    let mut over = false;
    for _ in 0..36 {
        let board = ask("showboard");
        if board.contains("has won") {
            over = true;
            break;
        }
        let first_empty = board
            .lines()
            .skip(2)
            .take(6)
            .enumerate()
            .find_map(|(row, line)| {
                let cells: Vec<&str> = line.split_whitespace().skip(1).take(6).collect();
                cells
                    .iter()
                    .position(|c| *c == ".")
                    .map(|col| format!("{}{}", (b'a' + col as u8) as char, row + 1))
            })
            .expect("a cell is empty while nobody has won");
        assert_eq!(ask(&format!("play b {first_empty}")), "=\n");
        if ask("showboard").contains("has won") {
            over = true;
            break;
        }
        let reply = ask("genmove w");
        assert!(reply.starts_with("= "), "{reply}");
    }
    assert!(over, "the game ends");
    assert_eq!(
        ask("final_score"),
        "= W+\n",
        "Ohm beats a player who fills the board in order"
    );
    assert_eq!(ask("quit"), "=\n");
    assert!(child.wait().unwrap().success());
}

#[test]
fn player_analysis_commands() {
    let script = "boardsize 7\nplay b d4\nparam_ohm level 2\neval-resist\neval-resist-cells w\nohm-analyze w\n\
                  time_left w 30 0\ngenmove w\nparam_ohm\nparam_ohm level 0\ntime_left w x 0\n";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    assert!(r[3].starts_with("= res "), "{}", r[3]);
    let words: Vec<&str> = r[3].split_whitespace().collect();
    // res E rew R_w reb R_b, then a value for each of the 48 empty cells.
    assert_eq!(words.len(), 1 + 6 + 48 * 2, "{}", r[3]);
    let e: f64 = words[2].parse().unwrap();
    assert!(
        e < 0.0,
        "Black's centre stone puts Black ahead: E = ln(R_B/R_W) < 0, got {e}"
    );
    assert_eq!(
        r[4].split_whitespace().count(),
        1 + 48 * 2,
        "the reply mark, then cell value pairs"
    );
    assert!(r[5].contains("pv ") && r[5].contains("proven "), "{}", r[5]);
    assert_eq!(r[6], "=");
    assert!(r[7].starts_with("= ") && r[7].len() > 3);
    assert!(r[8].contains("level 2"), "{}", r[8]);
    assert_eq!(r[9], "? level 0 does not exist (1 to 6)");
    assert!(r[10].starts_with("? 'x' is not a number"), "{}", r[10]);
}

#[test]
fn sprt_bounds_are_checked_before_any_record_is_read() {
    for (bounds, ok) in [
        ("50,0", false),
        ("0,x", false),
        ("5", false),
        ("0,50", true),
    ] {
        let (_, err, success) = ohm(&["tally", "/nonexistent-records", "--sprt", bounds], "");
        assert!(!success, "{bounds}: no records to read");
        if ok {
            assert!(
                err.contains("cannot read /nonexistent-records"),
                "{bounds}: {err}"
            );
        } else {
            assert!(
                err.contains(&format!("--sprt: '{bounds}' is not two Elo differences")),
                "{bounds}: {err}"
            );
        }
    }
}

#[test]
fn time_settings_starts_the_clocks_as_gtp_states_them() {
    // gogui-twogtp and other controllers send GTP 2's time_settings: main time, then
    // byo-yomi periods. The clock it sets shows as param_game's game_time; byo-yomi without
    // stones, or nothing at all, is no time limit.
    let script = "boardsize 5\nknown_command time_settings\ntime_settings 0 2 1\ngenmove b\n\
                  time_settings 300 0 0\nparam_game\ntime_settings 30 10 0\nparam_game\n\
                  time_settings 1 2\ntime_settings -3 0 0\ntime_settings 5 x 1\n\
                  time_settings 5 5 many\ntime_settings 0 0 0\nparam_game\ngenmove w\n";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    assert_eq!(r[1], "= true");
    assert_eq!(r[2], "=");
    assert!(
        ohm_engine::Point::parse(r[3].strip_prefix("= ").expect("a move")).is_ok(),
        "{}",
        r[3]
    );
    assert_eq!(r[4], "=");
    assert_eq!(r[5], "= [bool] allow_swap 0\n[string] game_time 300");
    assert_eq!(r[7], "= [bool] allow_swap 0\n[string] game_time none");
    assert_eq!(
        r[8],
        "? usage: time_settings MAIN_SECONDS BYO_YOMI_SECONDS BYO_YOMI_STONES"
    );
    assert_eq!(
        r[9],
        "? main time '-3' is not a number of seconds (0 or more)"
    );
    assert_eq!(
        r[10],
        "? byo-yomi time 'x' is not a number of seconds (0 or more)"
    );
    assert_eq!(r[11], "? byo-yomi stones 'many' is not a number of stones");
    assert_eq!(r[12], "=");
    assert_eq!(r[13], "= [bool] allow_swap 0\n[string] game_time none");
    assert!(r[14].starts_with("= "), "{}", r[14]);
}

#[test]
fn param_game_sets_the_swap_rule_and_a_game_clock_as_benzene_does() {
    // As Benzene's engines, Ohm starts without the swap rule: a controller that plays
    // without swap never gets swap-pieces back, even for a first stone worth swapping (e1 on
    // 9x9); `param_game allow_swap 1` turns the rule on, and a controller's own
    // swap-pieces (HexGui's, when its user swaps) is accepted with the rule off.
    let script = "boardsize 9\nparam_game\nparam_ohm level 1\nplay b e1\ngenmove w\nundo\n\
                  param_game allow_swap 1\ngenmove w\nohm-swap_rule\nparam_game game_time 20\n\
                  param_game\nclear_board\nplay b e1\ngenmove w\nparam_game game_time none\n\
                  param_game allow_swap maybe\nparam_game speed 3\nparam_game game_time -1\n\
                  param_game game_time\nhexgui-analyze_commands\nparam_game allow_swap 0\n\
                  clear_board\nplay b e1\nplay w swap-pieces\nohm-swap_rule\nplay b e1\n\
                  clear_board\nohm-swap_rule\n";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    assert_eq!(r[1], "= [bool] allow_swap 0\n[string] game_time none");
    let answer = r[4].strip_prefix("= ").expect("a move");
    assert!(
        answer != "swap-pieces" && ohm_engine::Point::parse(answer).is_ok(),
        "no swap unless the controller asks for the rule: {answer}"
    );
    assert_eq!(r[7], "= swap-pieces", "e1 is worth swapping on 9x9");
    assert_eq!(r[8], "= on");
    assert_eq!(r[10], "= [bool] allow_swap 1\n[string] game_time 20");
    let answer = r[13]
        .strip_prefix("= ")
        .expect("a move within the game clock");
    assert!(!answer.is_empty(), "{answer}");
    assert_eq!(r[14], "=");
    assert_eq!(r[15], "? allow_swap 'maybe' is not 0 or 1");
    assert_eq!(
        r[16],
        "? unknown game parameter 'speed' (allow_swap, game_time)"
    );
    assert_eq!(r[17], "? game_time must be a positive number of seconds");
    assert!(r[18].starts_with("? usage: param_game"), "{}", r[18]);
    assert!(
        r[19].contains("param/Game Parameters/param_game"),
        "{}",
        r[19]
    );
    assert_eq!(r[20], "=");
    assert_eq!(r[22], "=");
    assert_eq!(r[23], "=", "the controller's swap is played");
    assert_eq!(r[24], "= on", "and the game has the swap rule from then on");
    assert_eq!(
        r[25], "=",
        "e1 is empty again: the swapped stone is White's on a5"
    );
    assert_eq!(r[27], "= off", "the next game has the session's rule again");

    // A loaded record follows the session's rule too (records read from text allow swap).
    let file = std::env::temp_dir().join(format!("ohm-swap-{}.sgf", std::process::id()));
    std::fs::write(&file, "(;FF[4]GM[11]SZ[9];B[e1])").unwrap();
    let script = format!(
        "param_ohm level 1\nloadsgf {0}\ngenmove w\nparam_game allow_swap 1\nloadsgf {0}\ngenmove w\n",
        file.display()
    );
    let (out, _, ok) = ohm(&[], &script);
    std::fs::remove_file(&file).ok();
    assert!(ok);
    let r = responses(&out);
    assert_ne!(r[2], "= swap-pieces", "{}", r[2]);
    assert_eq!(r[5], "= swap-pieces");
}

#[test]
fn analyze_explains_a_position_for_a_person() {
    // 3x3 with Black's stone in the centre: Black's two bridges to the edges are a proven win.
    let (out, err, ok) = ohm(&["analyze", "b2", "--size", "3", "--level", "2"], "");
    assert!(ok, "{err}");
    assert!(out.contains("White to move (move 2)."), "{out}");
    assert!(
        out.contains("Black is connected edge to edge by a virtual connection"),
        "{out}"
    );
    // Level 2 searches without H-search, so the proof is H-search's.
    assert!(
        out.contains("Result: proven, Black wins (H-search)."),
        "{out}"
    );
    let (out, _, ok) = ohm(&["analyze", "b2", "--size", "3", "--level", "4"], "");
    assert!(
        ok && out.contains("Result: proven, Black wins (search)."),
        "{out}"
    );

    // An open 9x9 middle game: the level's best moves, as many as asked, and Ohm's move.
    let record = "(;FF[4]GM[11]SZ[9];B[e5];W[d5];B[c7];W[g3])";
    let (out, err, ok) = ohm(&["analyze", record, "--level", "3", "--top", "5"], "");
    assert!(ok, "{err}");
    assert!(out.contains("Black to move (move 5)."), "{out}");
    assert!(
        out.contains("Circuit: E = ln(R_black / R_white) = "),
        "{out}"
    );
    let ranked = out
        .lines()
        .filter(|l| {
            l.trim_start()
                .split('.')
                .next()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(ranked, 5, "{out}");
    assert!(out.contains("Result: not proven"), "{out}");
    assert!(out.contains("Ohm plays: "), "{out}");
    assert!(out.contains("Level 3 (club) search: depth"), "{out}");
    // Level 5 plays the Monte Carlo search on 11x11: the explanation says whose ranking it is.
    let (out, err, ok) = ohm(&["analyze", "f6 e7", "--size", "11", "--level", "5"], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("Level 5 (expert) alpha-beta search (its move below comes from the Monte Carlo search on this board): depth"),
        "{out}"
    );
    assert!(out.contains("Ohm plays: "), "{out}");

    // --at stops the record early; a finished game and bad options get clear answers.
    let (out, _, ok) = ohm(&["analyze", record, "--at", "1", "--level", "1"], "");
    assert!(ok && out.contains("White to move (move 2)."), "{out}");
    let (out, _, ok) = ohm(&["analyze", "a1 b1 a2 b2 a3", "--size", "3"], "");
    assert!(ok && out.contains("Black has won"), "{out}");
    let (_, err, ok) = ohm(&["analyze", record, "--at", "9"], "");
    assert!(
        !ok && err.contains("--at 9: the record has only 4 moves"),
        "{err}"
    );
    let (_, err, ok) = ohm(&["analyze", record, "--level", "7"], "");
    assert!(
        !ok && err.contains("--level: '7' is not a level (1 to 6)"),
        "{err}"
    );
    let (_, err, ok) = ohm(&["analyze", "(;FF[4]GM[11]SZ[9];B[z5])"], "");
    assert!(!ok && !err.is_empty() && !err.contains("panicked"), "{err}");
}

/// The solver's commands with Benzene's names and reply formats; the table is kept between
/// commands and sized by `param_dfpn tt_size`.
#[test]
fn dfpn_commands_answer_as_benzene_does() {
    let script = "\
boardsize 5 5
1 dfpn-solver-find-winning b
2 dfpn-solve-state
play b a1
3 dfpn-solve-state w
4 dfpn-solve-state
5 dfpn-get-pv w
undo
play b c3
6 dfpn-solve-state w
7 dfpn-get-pv w
dfpn-clear-tt
8 dfpn-get-pv w
9 param_dfpn
param_dfpn timelimit 2.5
param_dfpn tt_size 8
10 param_dfpn
11 param_dfpn tt_size 2097152
12 param_dfpn frobnicate 1
13 dfpn-solve-state x
14 ohm-solve-moves w
15 hexgui-analyze_commands
16 dfpn-clear-tt now
";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    let reply = |id: &str| {
        r.iter()
            .find(|x| {
                x.starts_with(&format!("={id} "))
                    || x.starts_with(&format!("?{id} "))
                    || **x == format!("={id}")
            })
            .unwrap_or_else(|| panic!("no reply {id} in {out}"))
            .clone()
    };
    // The complete set of Black's winning first moves on 5x5, row by row as Benzene lists them
    // (crates/engine/data/first-move-results.csv).
    assert_eq!(reply("1"), "=1 e1 b2 c2 d2 e2 b3 c3 d3 a4 b4 c4 d4 a5");
    assert_eq!(reply("2"), "=2 black");
    // a1 loses for Black: White, to move, wins; as if Black were to move again, Black wins.
    assert_eq!(reply("3"), "=3 white");
    assert_eq!(reply("4"), "=4 white");
    let pv = reply("5");
    let pv: Vec<&str> = pv["=5 ".len()..].split(' ').collect();
    assert!(pv.iter().all(|c| c.len() == 2 && *c != "a1"), "{pv:?}");
    assert_eq!(reply("6"), "=6 black");
    // H-search decides the position at once: the loser has no line to show.
    assert_eq!(reply("7"), "=7");
    // A cleared table knows no line.
    assert_eq!(reply("8"), "=8");
    let params = reply("9");
    for line in [
        "[string] timelimit 0",
        "[string] tt_size 64",
        "[string] epsilon 0.25",
    ] {
        assert!(params.contains(line), "{params}");
    }
    let params = reply("10");
    assert!(params.contains("[string] timelimit 2.5"), "{params}");
    assert!(params.contains("[string] tt_size 8"), "{params}");
    assert!(reply("11").starts_with("?11 tt_size is the table's size in MiB"));
    assert!(reply("12").starts_with("?12 unknown parameter 'frobnicate'"));
    assert!(reply("13").starts_with("?13 'x' is not a colour"));
    // With c3 played, every White move loses.
    let marks = reply("14");
    assert_eq!(marks.matches(" L").count(), 24, "{marks}");
    assert!(!marks.contains(" W") && !marks.contains(" ?"), "{marks}");
    let commands = reply("15");
    for c in [
        "dfpn-solve-state %m",
        "dfpn-solver-find-winning %m",
        "dfpn-get-pv %m",
        "dfpn-clear-tt",
        "param/DFPN Param/param_dfpn",
    ] {
        assert!(commands.contains(c), "{commands}");
    }
    assert_eq!(reply("16"), "?16 usage: dfpn-clear-tt");
}

/// The solver's table outlives `boardsize`, so a position's key must say its board: the empty
/// 4x4 and 5x5 boards once hashed alike, and 5x5 was answered with 4x4's winning moves.
#[test]
fn the_solver_table_tells_board_sizes_apart() {
    let script = "\
boardsize 4
1 dfpn-solver-find-winning b
boardsize 5
2 dfpn-solver-find-winning b
boardsize 4 5
3 dfpn-solve-state b
boardsize 5 4
4 dfpn-solve-state b
";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    let reply = |id: &str| {
        r.iter()
            .find(|x| x.starts_with(&format!("={id}")))
            .unwrap_or_else(|| panic!("no reply {id} in {out}"))
            .clone()
    };
    assert_eq!(reply("1"), "=1 d1 c2 b3 a4");
    assert_eq!(reply("2"), "=2 e1 b2 c2 d2 e2 b3 c3 d3 a4 b4 c4 d4 a5");
    // Black joins top and bottom: the shorter distance between them wins the narrow boards.
    let (narrow, wide) = (reply("3"), reply("4"));
    assert_ne!(narrow, wide, "{out}");
}

/// A time limit too short to decide every move: `dfpn-solve-state` says `empty` (Benzene's
/// word for unproven), `dfpn-solver-find-winning` says which moves are undecided.
#[test]
fn dfpn_commands_under_a_time_limit_claim_nothing_unproven() {
    let script = "\
boardsize 8 8
param_dfpn timelimit 0.05
1 dfpn-solve-state
2 dfpn-solver-find-winning b
";
    let (out, _, ok) = ohm(&[], script);
    assert!(ok);
    let r = responses(&out);
    assert_eq!(r[2], "=1 empty");
    assert!(
        r[3].starts_with("?2 not every move was decided within the limits (timelimit 0.05 s)"),
        "{}",
        r[3]
    );
}

/// `ohm solve`: the value, a winning move, the line and the work; `--moves` judges every cell;
/// no progress bar when stderr is not a terminal.
#[test]
fn solve_reports_the_value_the_moves_and_the_work() {
    let (out, err, ok) = ohm(&["solve", "c3 c2", "--size", "5"], "");
    assert!(ok, "{err}");
    assert_eq!(err, "", "no progress bar into a pipe");
    assert!(out.contains("Black to move (move 3)."), "{out}");
    assert!(out.contains("Result: Black wins (proven)."), "{out}");
    assert!(out.contains("Winning move: "), "{out}");
    assert!(out.contains("Work: "), "{out}");

    let (out, _, ok) = ohm(&["solve", "c3 c2", "--size", "5", "--moves"], "");
    assert!(ok);
    // Checked by brute force in the engine's tests: Black's complete winning set here.
    assert!(
        out.contains("Winning moves (6, the complete set): e1 a2 b2 d2 b3 a4"),
        "{out}"
    );
    assert!(out.contains("Losing moves (17): "), "{out}");
    assert!(out.contains(" 1 - - - - + 1"), "the picture: {out}");

    // A lost position: every move loses, and the record's --at is honoured.
    let (out, _, ok) = ohm(&["solve", "c3 a1 b2", "--size", "5", "--at", "1"], "");
    assert!(ok);
    assert!(out.contains("White to move (move 2)"), "{out}");
    assert!(
        out.contains("Result: Black wins (proven): every White move loses."),
        "{out}"
    );
}

/// `ohm solve --openings 5`: the first-move map, checked against the published results.
#[test]
fn solve_openings_draws_the_first_move_map() {
    let (out, _, ok) = ohm(&["solve", "--openings", "5"], "");
    assert!(ok);
    let expected = "\
   a b c d e
 1 - - - - + 1
  2 - + + + + 2
   3 - + + + - 3
    4 + + + + - 4
     5 + - - - - 5";
    assert!(out.contains(expected), "{out}");
    assert!(out.contains("Winning first moves (13 of 25): e1 b2 c2 d2 e2 b3 c3 d3 a4 b4 c4 d4 a5"));
    assert!(
        out.contains("Agrees with the published first-move results"),
        "{out}"
    );
}

/// Too little time: nothing unproven is called proven.
#[test]
fn solve_under_a_time_limit_says_what_is_undecided() {
    let (out, _, ok) = ohm(&["solve", "--openings", "8", "--time", "0.05"], "");
    assert!(ok);
    assert!(out.contains("Undecided ("), "{out}");
    let (out, _, ok) = ohm(&["solve", "8,", "--time", "0.05"], "");
    assert!(ok);
    assert!(
        out.contains("Result: not proven (stopped by the time limit, 0.05 s)."),
        "{out}"
    );
    assert!(!out.contains("Winning move"), "{out}");
}

#[test]
fn solve_rejects_bad_input_with_a_clear_error() {
    for (args, message) in [
        (vec!["solve"], "solve needs a record, or --openings N"),
        (
            vec!["solve", "--openings", "7x"],
            "--openings: '7x' is not N or WxH",
        ),
        (
            vec!["solve", "--openings", "30"],
            "--openings: board size 30x30 is not supported",
        ),
        (
            vec!["solve", "a1", "--openings", "5"],
            "give a record or --openings, not both",
        ),
        (
            vec!["solve", "a1", "--time", "soon"],
            "--time: 'soon' is not a number of seconds",
        ),
        (
            vec!["solve", "a1", "--time", "-1"],
            "--time: '-1' is not a number of seconds",
        ),
        (
            vec!["solve", "a1", "--tt", "0"],
            "--tt: '0' is not a table size in MiB",
        ),
        (
            vec!["solve", "a1 b2", "--at", "3"],
            "--at 3: the record has only 2 moves",
        ),
        (
            vec!["solve", "a1 a1"],
            "move 2 (white a1) is illegal: a1 is occupied",
        ),
        (vec!["solve", "missing.sgf"], "missing.sgf: no such file"),
    ] {
        let (out, err, ok) = ohm(&args, "");
        assert!(!ok, "{args:?} should fail: {out}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// The solver's benchmark rows: raw lines for `scripts/bench.sh`, the people's table, and
/// the checks against known values (here with limits small enough for a test).
#[test]
fn bench_solver_rows_report_work_values_and_memory() {
    let (out, err, ok) = ohm(
        &[
            "bench",
            "solver-8x8",
            "--openings",
            "a1,h1",
            "--time",
            "0.05",
            "--raw",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("bench native solver 8x8-a1 "), "{out}");
    let line = out
        .lines()
        .find(|l| l.starts_with("solver native 8x8-h1 "))
        .unwrap_or_else(|| panic!("{out}"));
    for key in [
        "positions=1 ",
        "wrong=0 ",
        "nodes=",
        "nps=",
        "hit=",
        "peak_mib=",
    ] {
        assert!(line.contains(key), "{line}");
    }
    // Each position's result goes to stderr as it is done.
    assert!(err.contains("8x8-a1 1/1 a1: "), "{err}");

    let (out, _, ok) = ohm(&["bench", "solver-9x9", "--time", "0.02"], "");
    assert!(ok);
    assert!(out.contains("9x9-positions    174 "), "{out}");
    assert!(
        out.contains("time limit per position: 9x9-positions 0.02 s"),
        "{out}"
    );

    let (_, err, ok) = ohm(&["bench", "solver-8x8", "--openings", "a1,z9"], "");
    assert!(!ok);
    assert!(
        err.contains("--openings: a1,z9 are not all cells of 8x8"),
        "{err}"
    );
}

#[test]
fn bench_wins_counts_the_won_positions_a_player_keeps() {
    // The distance player is instant; the count of won positions is the file's.
    let (out, err, ok) = ohm(&["bench", "wins", "distance"], "");
    assert!(ok, "{err}");
    assert!(
        out.contains("won positions of the solved 9x9 file") && out.contains(" of 79 "),
        "{out}"
    );
    assert!(out.contains("time per move"), "{out}");
    let (_, err, ok) = ohm(&["bench", "wins", "level:9"], "");
    assert!(!ok && err.contains("level"), "{err}");
}

#[test]
fn bench_wins_reads_a_solved_file_and_names_a_bad_line() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let sample = dir.join("middle-11x11-sample.csv");
    let (out, err, ok) = ohm(&["bench", "wins", "distance", sample.to_str().unwrap()], "");
    assert!(ok, "{err}");
    assert!(out.contains(" of 2 won positions of "), "{out}");
    let bad = std::env::temp_dir().join(format!("ohm-bad-solved-{}.csv", std::process::id()));
    for (text, message) in [
        (
            "11,3,a1 b2 zz,black,black,a2\n",
            "line 1: \"zz\" is not a cell",
        ),
        (
            "# a comment\n11,2,a1 a1,black,black,a2\n",
            "line 2: move a1",
        ),
        ("11,2,a1 b2\n", "line 1: 3 columns where six are needed"),
        ("11,2,a1 b2,green,black,a2\n", "\"green\" is not a colour"),
    ] {
        std::fs::write(&bad, text).unwrap();
        let (_, err, ok) = ohm(&["bench", "wins", "distance", bad.to_str().unwrap()], "");
        assert!(!ok && err.contains(message), "{text}: {err}");
    }
    std::fs::remove_file(&bad).ok();
    let (_, err, ok) = ohm(&["bench", "wins", "distance", "/no/such/file.csv"], "");
    assert!(!ok && err.contains("/no/such/file.csv"), "{err}");
}
