//! Benzene-style regression: `data/puzzles.tst` through the real `ohm` binary, every numbered
//! reply compared with the file's `#? [expected]`; and every expected answer verified on its
//! own by the strategy checker (see the file's header).

use std::io::Write;
use std::process::{Command, Stdio};

use ohm_engine::solver::{proof, NoControl, Solver};
use ohm_engine::{Board, Color, Move, Point, Position};

const FILE: &str = include_str!("data/puzzles.tst");

/// A numbered command of the file with its expected reply.
#[derive(Debug)]
struct Expectation {
    id: String,
    command: String,
    expected: String,
    /// The position the command is sent in.
    position: Position,
}

/// The file's numbered commands, with the positions its `boardsize` and `play` lines make.
fn expectations() -> Vec<Expectation> {
    let mut out: Vec<Expectation> = Vec::new();
    let mut position = Position::new(Board::square(11).unwrap());
    for (number, line) in FILE.lines().enumerate() {
        let at = || format!("puzzles.tst line {}", number + 1);
        if let Some(expected) = line.strip_prefix("#? ") {
            let last = out
                .last_mut()
                .unwrap_or_else(|| panic!("{}: no command", at()));
            let text = expected.trim();
            assert!(text.starts_with('[') && text.ends_with(']'), "{}", at());
            last.expected = text[1..text.len() - 1].to_string();
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [first, ..] if first.starts_with('#') => {}
            ["boardsize", w, h] => {
                position =
                    Position::new(Board::new(w.parse().unwrap(), h.parse().unwrap()).unwrap());
            }
            ["play", color, cell] => {
                let color = Color::parse(color).unwrap();
                position
                    .try_play_as(color, Move::Cell(Point::parse(cell).unwrap()))
                    .unwrap_or_else(|e| panic!("{}: {e}", at()));
            }
            ["dfpn-clear-tt"] => {}
            [id, command @ ..] if id.bytes().all(|b| b.is_ascii_digit()) => out.push(Expectation {
                id: (*id).to_string(),
                command: command.join(" "),
                expected: String::new(),
                position: position.clone(),
            }),
            _ => panic!("{}: unexpected line {line}", at()),
        }
    }
    out
}

#[test]
fn the_regression_file_passes_through_the_real_binary() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ohm"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ohm starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(FILE.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let replies = String::from_utf8(out.stdout).unwrap();
    let expectations = expectations();
    assert!(expectations.len() >= 80, "{}", expectations.len());
    let mut failures = Vec::new();
    for e in &expectations {
        let reply = replies
            .split("\n\n")
            .find(|r| r.starts_with(&format!("={} ", e.id)) || *r == format!("={}", e.id))
            .unwrap_or_else(|| panic!("no success reply to {} {}:\n{replies}", e.id, e.command));
        let text = reply[1 + e.id.len()..].trim();
        if text != e.expected {
            failures.push(format!(
                "{} {}: [{text}], expected [{}]",
                e.id, e.command, e.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `color`'s turn in `position`, and who wins there by a checked strategy.
fn checked_winner(solver: &mut Solver, position: &Position, color: Color) -> Color {
    let mut position = position.clone();
    position.set_to_move(color);
    if let Some(winner) = position.winner() {
        return winner;
    }
    let strategy = solver
        .strategy(&position, &mut NoControl)
        .unwrap_or_else(|| panic!("no strategy in\n{position:?}"));
    let report = proof::check(&strategy, &mut NoControl)
        .unwrap_or_else(|e| panic!("the strategy fails the check: {e}\n{position:?}"));
    assert!(report.positions > 0);
    strategy.winner
}

#[test]
fn every_expected_answer_is_verified_by_the_strategy_checker() {
    let mut solver = Solver::default();
    for e in expectations() {
        let words: Vec<&str> = e.command.split_whitespace().collect();
        let color = Color::parse(words[1]).unwrap();
        match words[0] {
            "dfpn-solve-state" => {
                let winner = checked_winner(&mut solver, &e.position, color);
                assert_eq!(winner.name(), e.expected, "{} {}", e.id, e.command);
            }
            "dfpn-solver-find-winning" => {
                let expected: Vec<Point> = e
                    .expected
                    .split_whitespace()
                    .map(|c| Point::parse(c).unwrap())
                    .collect();
                let mut position = e.position.clone();
                position.set_to_move(color);
                for cell in position.empty_cells() {
                    let mut after = position.clone();
                    after.play_unchecked(color, Move::Cell(cell));
                    let winner = checked_winner(&mut solver, &after, !color);
                    assert_eq!(
                        winner == color,
                        expected.contains(&cell),
                        "{} {}: {cell}",
                        e.id,
                        e.command
                    );
                }
            }
            other => panic!("no verification for {other}"),
        }
    }
}
