//! `ohm match`: games between two players with alternating colours from a fixed set of
//! openings, with records and a result table (win rate with its 95% Wilson interval and the
//! Elo difference it implies).

use std::fmt::Write as _;
use std::path::PathBuf;

use ohm_engine::notation::{self, Format, Record};
use ohm_engine::{Board, Color, Move, Point, Position};

use crate::players::Player;

/// How a match is played.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    pub board: Board,
    pub games: u32,
    /// Opening stones (Black's first move); each is played twice, colours exchanged, so a
    /// lopsided opening favours neither player.
    pub openings: Vec<Point>,
    /// Where to write one HSGF record per game, if anywhere.
    pub records: Option<PathBuf>,
}

/// The default openings: every cell of the two outer rings, in board order. Hex's strong
/// openings are central, so these keep games open; exchanging colours cancels what bias remains.
pub fn default_openings(board: &Board) -> Vec<Point> {
    board
        .cells()
        .iter()
        .filter(|p| {
            let (c, r) = p.col_row().expect("a cell");
            let ring = c
                .min(r)
                .min(board.width() - 1 - c)
                .min(board.height() - 1 - r);
            ring <= 1
        })
        .collect()
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// Which of the two players (0 = first named, 1 = second) played Black.
    pub first_player_black: bool,
    pub winner: Color,
    pub moves: usize,
}

/// Plays the match, calling `on_game` after each game (for progress output).
pub fn play_match(
    settings: &MatchSettings,
    players: [&mut dyn Player; 2],
    mut on_game: impl FnMut(u32, &GameResult),
) -> Result<Vec<GameResult>, String> {
    if settings.openings.is_empty() {
        return Err("no openings to play".into());
    }
    if let Some(dir) = &settings.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let [first, second] = players;
    let mut results = Vec::new();
    for game in 0..settings.games {
        let opening = settings.openings[(game / 2) as usize % settings.openings.len()];
        let first_player_black = game % 2 == 0;
        let mut position = Position::new(settings.board);
        position
            .try_play(Move::Cell(opening))
            .map_err(|e| format!("opening {opening}: {e}"))?;
        while !position.is_over() {
            let black_to_move = position.to_move() == Color::Black;
            let player: &mut dyn Player = if black_to_move == first_player_black {
                &mut *first
            } else {
                &mut *second
            };
            let mv = player
                .choose(&position)
                .map_err(|e| format!("game {}: {e}", game + 1))?;
            position
                .try_play(mv)
                .map_err(|e| format!("game {}: {} played {mv}: {e}", game + 1, player.name()))?;
        }
        let winner = position
            .winner()
            .expect("the loop ends when the game is over");
        let result = GameResult {
            first_player_black,
            winner,
            moves: position.move_count(),
        };
        if let Some(dir) = &settings.records {
            let mut record = Record::from_position(&position);
            let (black, white) = if first_player_black {
                (&*first, &*second)
            } else {
                (&*second, &*first)
            };
            record.info.black = Some(black.name());
            record.info.white = Some(white.name());
            record.info.result = Some(format!("{}+", winner.letter()));
            let text = notation::format(&record, Format::Hsgf).map_err(|e| e.to_string())?;
            let file = dir.join(format!("game-{:04}.sgf", game + 1));
            std::fs::write(&file, text)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
        on_game(game, &result);
        results.push(result);
    }
    Ok(results)
}

/// Win-rate summary of the first player against the second.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub games: u32,
    pub first_wins: u32,
    pub first_wins_as_black: u32,
    pub first_wins_as_white: u32,
    pub black_wins: u32,
    /// 95% Wilson score interval of the first player's win rate.
    pub interval: (f64, f64),
}

impl Summary {
    pub fn of(results: &[GameResult]) -> Summary {
        let games = results.len() as u32;
        let first_won = |r: &GameResult| (r.winner == Color::Black) == r.first_player_black;
        let count =
            |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count() as u32;
        let first_wins = count(&first_won);
        Summary {
            games,
            first_wins,
            first_wins_as_black: count(&|r| first_won(r) && r.first_player_black),
            first_wins_as_white: count(&|r| first_won(r) && !r.first_player_black),
            black_wins: count(&|r| r.winner == Color::Black),
            interval: wilson_interval(first_wins, games),
        }
    }

    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.5
        } else {
            f64::from(self.first_wins) / f64::from(self.games)
        }
    }
}

/// The 95% Wilson score interval for `wins` out of `games`.
pub fn wilson_interval(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_985;
    let n = f64::from(games);
    let p = f64::from(wins) / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Elo difference implied by a win rate (±infinity at 0 and 1).
pub fn elo(win_rate: f64) -> f64 {
    // `+ 0.0` turns an even score's -0 into 0.
    -400.0 * (1.0 / win_rate - 1.0).log10() + 0.0
}

/// The result table for people.
pub fn table(names: [&str; 2], summary: &Summary) -> String {
    let mut out = String::new();
    let (lo, hi) = summary.interval;
    let _ = writeln!(out, "{} vs {}: {} games", names[0], names[1], summary.games);
    let _ = writeln!(
        out,
        "{:<24} wins {:>4} ({:>3} as Black, {:>3} as White)  rate {:.3}  95% CI [{:.3}, {:.3}]",
        names[0],
        summary.first_wins,
        summary.first_wins_as_black,
        summary.first_wins_as_white,
        summary.win_rate(),
        lo,
        hi
    );
    let _ = writeln!(
        out,
        "{:<24} wins {:>4}",
        names[1],
        summary.games - summary.first_wins
    );
    let _ = writeln!(
        out,
        "Elo difference {:+.0} (95% CI {:+.0} .. {:+.0}); Black won {} of {}",
        elo(summary.win_rate()),
        elo(lo),
        elo(hi),
        summary.black_wins,
        summary.games
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let (lo, hi) = wilson_interval(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(100, 100);
        assert!(
            (lo - 0.9630).abs() < 1e-3 && (hi - 1.0).abs() < 1e-12,
            "{lo} {hi}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn elo_of_even_and_three_to_one() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
    }

    #[test]
    fn default_openings_are_the_outer_two_rings() {
        let board = Board::square(9).unwrap();
        assert_eq!(default_openings(&board).len(), 81 - 25);
        let tiny = Board::square(3).unwrap();
        assert_eq!(default_openings(&tiny).len(), 9);
    }
}
