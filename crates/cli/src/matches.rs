//! `ohm match`: games between two players with alternating colours from a fixed set of
//! openings, with records and a result table (win rate with its 95% Wilson interval, the Elo
//! difference it implies, and how many games were distinct).

use std::fmt::Write as _;
use std::path::PathBuf;

use ohm_engine::notation::{self, Format, Record};
use ohm_engine::player::Rng;
use ohm_engine::{Board, Color, Move, Point, Position};

use crate::players::Player;

/// How a match is played.
#[derive(Debug, Clone)]
pub struct MatchSettings {
    pub board: Board,
    pub games: u32,
    /// The index of the first game (0 for a whole match): games `first_game..first_game +
    /// games` are played, with the openings and colours they have in a whole match, so one
    /// match can be split over several processes.
    pub first_game: u32,
    /// Openings: the first moves of each game (Black's, then White's, ...); each is played
    /// twice, colours exchanged, so a lopsided opening favours neither player.
    pub openings: Vec<Vec<Point>>,
    /// Where to write one HSGF record per game, if anywhere.
    pub records: Option<PathBuf>,
}

/// The cells of the outer ring, in board order.
fn outer_ring(board: &Board) -> Vec<Point> {
    board
        .cells()
        .iter()
        .filter(|p| {
            let (c, r) = p.col_row().expect("a cell");
            c == 0 || r == 0 || c + 1 == board.width() || r + 1 == board.height()
        })
        .collect()
}

/// The default openings: three stones on the outer ring, Black's, White's and Black's again,
/// no two adjacent, then White to move; drawn by a fixed generator (the same list on every
/// run), no opening twice, every outer cell opening for Black.
///
/// **Balanced.** The side to move after the opening has the initiative, which in Hex is worth
/// more than an edge stone: after two such stones (one each, Black to move) Black won 73 of
/// 100 games of level 4 against level 4 on 9x9, and 75 of 120 of level 3's. Giving Black an
/// extra edge stone for White's tempo evens it out: Black won 64 of 120 at level 3 on 9x9
/// (see the closing notes of issue 4 for level 4 and 11x11). A lopsided opening set blurs a
/// match: the side to move wins a won opening whoever plays it, so the stronger player's edge
/// shows only in the games the opening left open.
///
/// **Varied.** The strong levels play without noise, so a one-stone opening fixes the whole
/// game and different one-stone openings soon meet in the same lines; three independent
/// stones make every game of a 100-game match its own (`ohm match` counts distinct games).
pub fn default_openings(board: &Board) -> Vec<Vec<Point>> {
    let ring = outer_ring(board);
    let wanted = ring.len() * 4;
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: usize| (rng.next_u64() >> 33) as usize % n;
    let apart = |stones: &[Point]| {
        stones.iter().enumerate().all(|(i, &a)| {
            stones[i + 1..]
                .iter()
                .all(|&b| a != b && !board.neighbours(a).contains(b))
        })
    };
    let mut openings: Vec<Vec<Point>> = Vec::new();
    // Each outer cell in turn opens for Black; White's stone and Black's second at random.
    for attempt in 0..wanted * 16 {
        if openings.len() == wanted {
            break;
        }
        let opening = vec![
            ring[attempt % ring.len()],
            ring[next(ring.len())],
            ring[next(ring.len())],
        ];
        if apart(&opening) && !openings.contains(&opening) {
            openings.push(opening);
        }
    }
    if openings.is_empty() {
        // Boards too small for three stones apart: one stone each.
        return ring.into_iter().map(|p| vec![p]).collect();
    }
    openings
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// The game's index in the whole match (0-based): games `2k` and `2k + 1` play the same
    /// opening with the colours exchanged.
    pub game: u32,
    /// Which of the two players (0 = first named, 1 = second) played Black.
    pub first_player_black: bool,
    pub winner: Color,
    pub moves: usize,
    /// Every move, the opening's included.
    pub history: Vec<Move>,
    /// Each player's thinking time in this game (first named, second).
    pub thinking: [Thinking; 2],
}

impl GameResult {
    /// The result of the finished game `position`.
    fn of(
        game: u32,
        position: &Position,
        first_player_black: bool,
        thinking: [Thinking; 2],
    ) -> GameResult {
        GameResult {
            game,
            first_player_black,
            winner: position.winner().expect("a finished game"),
            moves: position.move_count(),
            history: position.history().map(|m| m.mv).collect(),
            thinking,
        }
    }
}

/// Time spent choosing moves.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Thinking {
    pub moves: u32,
    pub total_ms: f64,
    pub longest_ms: f64,
}

impl Thinking {
    fn add(&mut self, ms: f64) {
        self.moves += 1;
        self.total_ms += ms;
        self.longest_ms = self.longest_ms.max(ms);
    }

    fn merge(&mut self, other: &Thinking) {
        self.moves += other.moves;
        self.total_ms += other.total_ms;
        self.longest_ms = self.longest_ms.max(other.longest_ms);
    }

    /// Mean milliseconds per move (0 without moves).
    pub fn mean_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_ms / f64::from(self.moves)
        }
    }
}

/// An opening as `ohm match --openings` takes it: `a1+c3`.
pub fn opening_name(opening: &[Point]) -> String {
    opening
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("+")
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
    for game in settings.first_game..settings.first_game + settings.games {
        let opening = &settings.openings[(game / 2) as usize % settings.openings.len()];
        let first_player_black = game % 2 == 0;
        let mut position = Position::new(settings.board);
        for &p in opening {
            position
                .try_play(Move::Cell(p))
                .map_err(|e| format!("opening {}: {p}: {e}", opening_name(opening)))?;
        }
        let mut thinking = [Thinking::default(); 2];
        while !position.is_over() {
            let black_to_move = position.to_move() == Color::Black;
            let index = usize::from(black_to_move != first_player_black);
            let player: &mut dyn Player = if index == 0 {
                &mut *first
            } else {
                &mut *second
            };
            let start = std::time::Instant::now();
            let mv = player
                .choose(&position)
                .map_err(|e| format!("game {}: {e}", game + 1))?;
            thinking[index].add(start.elapsed().as_secs_f64() * 1000.0);
            position
                .try_play(mv)
                .map_err(|e| format!("game {}: {} played {mv}: {e}", game + 1, player.name()))?;
        }
        let result = GameResult::of(game, &position, first_player_black, thinking);
        if let Some(dir) = &settings.records {
            let mut record = Record::from_position(&position);
            let (black, white) = if first_player_black {
                (&*first, &*second)
            } else {
                (&*second, &*first)
            };
            record.info.black = Some(black.name());
            record.info.white = Some(white.name());
            record.info.result = Some(format!("{}+", result.winner.letter()));
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

/// The match's game index of a record `ohm match` wrote (`game-0007.sgf` is game 6).
fn game_index(file: &str) -> Option<u32> {
    let name = file.rsplit(['/', '\\']).next()?;
    let number: u32 = name
        .strip_prefix("game-")?
        .strip_suffix(".sgf")?
        .parse()
        .ok()?;
    number.checked_sub(1)
}

/// The results behind the records of one match, or of one match split over processes
/// (`--first-game`): every record must name the same two players and its winner, and replay to
/// a finished game whose winner is the one named. The first player is the first record's Black
/// (records in name order, as `ohm match` numbers them). Thinking time is not in records; a
/// game's index comes from its file name (`game-0001.sgf`), else from its place in the list.
pub fn tally(records: &[(String, Record)]) -> Result<([String; 2], Vec<GameResult>), String> {
    let mut names: Option<[String; 2]> = None;
    let mut results = Vec::new();
    for (place, (file, record)) in records.iter().enumerate() {
        let (Some(black), Some(white)) = (&record.info.black, &record.info.white) else {
            return Err(format!("{file}: the record does not name both players"));
        };
        let pair = names.get_or_insert_with(|| [black.clone(), white.clone()]);
        let first_player_black = if [black, white] == [&pair[0], &pair[1]] {
            true
        } else if [black, white] == [&pair[1], &pair[0]] {
            false
        } else {
            return Err(format!(
                "{file}: {black} vs {white}, not {} vs {}",
                pair[0], pair[1]
            ));
        };
        let position = record.to_position().map_err(|e| format!("{file}: {e}"))?;
        let winner = record
            .info
            .winner()
            .ok_or_else(|| format!("{file}: no result"))?;
        if position.winner() != Some(winner) {
            return Err(format!(
                "{file}: the result says {winner} won, the moves do not show it"
            ));
        }
        results.push(GameResult::of(
            game_index(file).unwrap_or(place as u32),
            &position,
            first_player_black,
            [Thinking::default(); 2],
        ));
    }
    let names = names.ok_or("no records")?;
    Ok((names, results))
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
    /// Games whose move sequences differ from every earlier game's, colours included.
    pub distinct: u32,
    /// Each player's thinking time over the match.
    pub thinking: [Thinking; 2],
    /// The openings played with both colours, by the games the first player won of the two:
    /// `pairs[k]` won `k` (a lopsided opening that each player wins with its good colour
    /// counts as one split pair, not as noise).
    pub pairs: [u32; 3],
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
            distinct: results
                .iter()
                .map(|r| (r.first_player_black, r.history.as_slice()))
                .collect::<std::collections::HashSet<_>>()
                .len() as u32,
            thinking: {
                let mut total = [Thinking::default(); 2];
                for r in results {
                    for (sum, game) in total.iter_mut().zip(&r.thinking) {
                        sum.merge(game);
                    }
                }
                total
            },
            pairs: {
                let mut by_opening = std::collections::BTreeMap::<u32, Vec<&GameResult>>::new();
                for r in results {
                    by_opening.entry(r.game / 2).or_default().push(r);
                }
                let mut pairs = [0; 3];
                for games in by_opening.values() {
                    if let [a, b] = games.as_slice() {
                        if a.first_player_black != b.first_player_black {
                            pairs[usize::from(first_won(a)) + usize::from(first_won(b))] += 1;
                        }
                    }
                }
                pairs
            },
        }
    }

    /// The pairs' count, mean score and spread (a pair's variance; `None` below two pairs).
    /// The spread counts half a pair won twice and half a pair lost twice besides the real
    /// ones, so that a few pairs alike (two split pairs, say) do not claim a spread of nothing.
    fn pair_moments(&self) -> Option<(f64, f64, f64)> {
        let count: u32 = self.pairs.iter().sum();
        if count < 2 {
            return None;
        }
        let n = f64::from(count);
        let score = |k: usize| k as f64 / 2.0;
        let mean = (0..3)
            .map(|k| f64::from(self.pairs[k]) * score(k))
            .sum::<f64>()
            / n;
        let weights = [
            f64::from(self.pairs[0]) + 0.5,
            f64::from(self.pairs[1]),
            f64::from(self.pairs[2]) + 0.5,
        ];
        let variance = (0..3)
            .map(|k| weights[k] * (score(k) - mean).powi(2))
            .sum::<f64>()
            / (n + 1.0);
        Some((n, mean, variance))
    }

    /// The first player's mean score over the openings played with both colours and its
    /// standard error, from the spread of the pairs' scores (`None` below two pairs).
    #[must_use]
    pub fn paired_score(&self) -> Option<(f64, f64)> {
        let (n, mean, variance) = self.pair_moments()?;
        Some((mean, (variance / n).sqrt()))
    }

    /// The log-likelihood ratio of a sequential probability ratio test on the pairs: the
    /// first player `elo1` stronger against `elo0` stronger (the normal approximation of the
    /// generalised SPRT the chess engines' testing frameworks use). Above
    /// [`SPRT_BOUNDS`]`.1` accept `elo1`, below `.0` accept `elo0`, between play on.
    #[must_use]
    pub fn sprt_llr(&self, elo0: f64, elo1: f64) -> Option<f64> {
        let (n, mean, variance) = self.pair_moments()?;
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(elo0), expected(elo1));
        Some(n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance))
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

/// The SPRT's bounds for errors of 5% each way: `ln(β / (1 - α))`, `ln((1 - β) / α)`.
pub const SPRT_BOUNDS: (f64, f64) = (-2.944_438_979, 2.944_438_979);

/// Elo difference implied by a win rate (±infinity at 0 and 1).
pub fn elo(win_rate: f64) -> f64 {
    // `+ 0.0` turns an even score's -0 into 0.
    -400.0 * (1.0 / win_rate - 1.0).log10() + 0.0
}

/// The result table for people; with `sprt` (`elo0`, `elo1`), the test's verdict too.
pub fn table(names: [&str; 2], summary: &Summary, sprt: Option<(f64, f64)>) -> String {
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
        "Elo difference {:+.0} (95% CI {:+.0} .. {:+.0}); Black won {} of {}; {} distinct games",
        elo(summary.win_rate()),
        elo(lo),
        elo(hi),
        summary.black_wins,
        summary.games,
        summary.distinct
    );
    if let Some((mean, error)) = summary.paired_score() {
        let [lost, split, won] = summary.pairs;
        let (lo, hi) = (
            (mean - 1.96 * error).max(0.0),
            (mean + 1.96 * error).min(1.0),
        );
        let _ = writeln!(
            out,
            "paired by opening: {} openings with both colours, {won} won twice, {split} split, \
             {lost} lost twice; score {mean:.3}, Elo {:+.0} (95% CI {:+.0} .. {:+.0})",
            won + split + lost,
            elo(mean),
            elo(lo),
            elo(hi)
        );
    }
    if let Some((elo0, elo1)) = sprt {
        let verdict = match summary.sprt_llr(elo0, elo1) {
            None => "not enough pairs yet".to_string(),
            Some(llr) if llr >= SPRT_BOUNDS.1 => format!("LLR {llr:.2}: accept {elo1:+}"),
            Some(llr) if llr <= SPRT_BOUNDS.0 => format!("LLR {llr:.2}: accept {elo0:+}"),
            Some(llr) => format!("LLR {llr:.2}: play on"),
        };
        let _ = writeln!(
            out,
            "SPRT Elo {elo0:+} against {elo1:+} (bounds {:.2} .. {:.2}): {verdict}",
            SPRT_BOUNDS.0, SPRT_BOUNDS.1
        );
    }
    for (name, thinking) in names.iter().zip(&summary.thinking) {
        if thinking.moves == 0 {
            continue; // not measured (a tally of records)
        }
        let _ = writeln!(
            out,
            "{name:<24} time per move: mean {:.0} ms, longest {:.0} ms ({} moves)",
            thinking.mean_ms(),
            thinking.longest_ms,
            thinking.moves
        );
    }
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

    fn summary_with_pairs(pairs: [u32; 3]) -> Summary {
        Summary {
            games: 2 * pairs.iter().sum::<u32>(),
            first_wins: pairs[1] + 2 * pairs[2],
            first_wins_as_black: 0,
            first_wins_as_white: 0,
            black_wins: 0,
            interval: (0.0, 1.0),
            distinct: 0,
            thinking: [Thinking::default(); 2],
            pairs,
        }
    }

    #[test]
    fn games_pair_by_opening_and_colours() {
        // Games 0 and 1 share an opening, as do 2 and 3, 4 and 5; game 6 has no partner.
        let result = |game: u32, first_player_black: bool, winner: Color| GameResult {
            game,
            first_player_black,
            winner,
            moves: 0,
            history: Vec::new(),
            thinking: [Thinking::default(); 2],
        };
        let results = [
            result(0, true, Color::Black),
            result(1, false, Color::White),
            result(2, true, Color::Black),
            result(3, false, Color::Black),
            result(5, false, Color::Black),
            result(4, true, Color::White),
            result(6, true, Color::Black),
        ];
        let summary = Summary::of(&results);
        assert_eq!(
            summary.pairs,
            [1, 1, 1],
            "0-1 won twice, 2-3 split, 4-5 lost twice"
        );
        let (mean, error) = summary.paired_score().unwrap();
        assert!((mean - 0.5).abs() < 1e-12);
        // Spread: 1.5 pairs at 0, 1 at 0.5, 1.5 at 1 (half a pair each way besides the
        // three), 0.75 / 4 about the mean; over three pairs.
        assert!(
            (error - (0.75f64 / 4.0 / 3.0).sqrt()).abs() < 1e-12,
            "{error}"
        );
        // Two split pairs: no spread seen, but not a certain score either.
        let (_, error) = summary_with_pairs([0, 2, 0]).paired_score().unwrap();
        assert!(error > 0.15, "{error}");
        let llr = summary_with_pairs([0, 2, 0]).sprt_llr(0.0, 50.0).unwrap();
        assert!(llr.abs() < 0.5, "{llr}");
    }

    #[test]
    fn the_sequential_test_decides_clear_results_and_plays_on_in_doubt() {
        let llr = |pairs| summary_with_pairs(pairs).sprt_llr(0.0, 50.0).unwrap();
        assert!(llr([2, 20, 30]) > SPRT_BOUNDS.1, "{}", llr([2, 20, 30]));
        assert!(llr([30, 20, 2]) < SPRT_BOUNDS.0, "{}", llr([30, 20, 2]));
        let even = llr([10, 20, 10]);
        assert!(SPRT_BOUNDS.0 < even && even < 0.0, "{even}");
        assert_eq!(summary_with_pairs([1, 0, 0]).sprt_llr(0.0, 50.0), None);
        // Every opening split (each player won with its good colour): the players are alike
        // in every one of them, the strongest evidence for no difference there is.
        assert!(llr([0, 40, 0]) < SPRT_BOUNDS.0);
    }

    #[test]
    fn a_game_index_comes_from_the_record_name() {
        assert_eq!(game_index("runs/V12/game-0007.sgf"), Some(6));
        assert_eq!(game_index("game-0001.sgf"), Some(0));
        assert_eq!(game_index("game-0000.sgf"), None);
        assert_eq!(game_index("notes.sgf"), None);
    }

    #[test]
    fn elo_of_even_and_three_to_one() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
    }

    #[test]
    fn default_openings_are_three_apart_stones_on_the_outer_ring() {
        let board = Board::square(9).unwrap();
        let openings = default_openings(&board);
        let ring = outer_ring(&board);
        assert_eq!(ring.len(), 32);
        assert_eq!(openings.len(), 4 * ring.len());
        for (i, opening) in openings.iter().enumerate() {
            let [a, b, c] = opening.as_slice() else {
                panic!("{opening:?}")
            };
            assert!([a, b, c].iter().all(|p| ring.contains(p)), "{opening:?}");
            for (x, y) in [(a, b), (a, c), (b, c)] {
                assert!(x != y && !board.neighbours(*x).contains(*y), "{opening:?}");
            }
            assert!(!openings[..i].contains(opening), "{opening:?} twice");
            // White is to move after it.
            let mut position = Position::new(board);
            for &p in opening {
                position.try_play(Move::Cell(p)).unwrap();
            }
            assert_eq!(position.to_move(), Color::White);
        }
        // Every outer cell opens for Black.
        assert!(ring.iter().all(|p| openings.iter().any(|o| o[0] == *p)));
        // The same list every time.
        assert_eq!(openings, default_openings(&board));
        // On 2x2 no three cells are apart: one stone, every cell.
        let tiny = Board::square(2).unwrap();
        let mut names: Vec<String> = default_openings(&tiny)
            .iter()
            .map(|o| opening_name(o))
            .collect();
        names.sort();
        assert_eq!(names, ["a1", "a2", "b1", "b2"]);
    }

    #[test]
    fn identical_games_count_once() {
        let game = |black: bool, moves: &[&str]| GameResult {
            game: 0,
            first_player_black: black,
            winner: Color::Black,
            moves: moves.len(),
            history: moves
                .iter()
                .map(|m| Move::Cell(Point::parse(m).unwrap()))
                .collect(),
            thinking: [Thinking::default(); 2],
        };
        let results = [
            game(true, &["a1", "b2"]),
            game(false, &["a1", "b2"]),
            game(true, &["a1", "b2"]),
            game(true, &["a1", "c2"]),
        ];
        assert_eq!(Summary::of(&results).distinct, 3);
    }

    /// A finished 3x3 game as `ohm match` records it.
    fn record(black: &str, white: &str, moves: &str, result: &str) -> (String, Record) {
        let board = Board::square(3).unwrap();
        let mut position = Position::new(board);
        for m in moves.split(' ') {
            position.try_play(Move::parse(m).unwrap()).unwrap();
        }
        let mut record = Record::from_position(&position);
        record.info.black = Some(black.into());
        record.info.white = Some(white.into());
        record.info.result = Some(result.into());
        (format!("{black}-{white}-{moves}"), record)
    }

    #[test]
    fn a_tally_of_records_counts_each_player_in_both_colours() {
        // Black connects top to bottom down column b; White across row 2.
        let black_wins = "b1 a2 b2 c2 b3";
        let white_wins = "a1 a2 b1 b2 a3 c2";
        let records = [
            record("A", "B", black_wins, "B+"),
            record("B", "A", black_wins, "B+"),
            record("B", "A", white_wins, "W+"),
        ];
        let (names, results) = tally(&records).unwrap();
        assert_eq!(names, ["A".to_string(), "B".to_string()]);
        let summary = Summary::of(&results);
        assert_eq!((summary.games, summary.first_wins), (3, 2));
        assert_eq!(
            (summary.first_wins_as_black, summary.first_wins_as_white),
            (1, 1)
        );
        assert_eq!(summary.distinct, 3);
        assert!(!table(["A", "B"], &summary, None).contains("time per move"));
        // The first two records (games 0 and 1 by their place) play one opening both ways.
        assert_eq!(summary.pairs, [0, 1, 0]);
        // A third player, a result the moves contradict, no result, no records: errors.
        let third = [records[0].clone(), record("A", "C", black_wins, "B+")];
        assert!(tally(&third).unwrap_err().contains("not A vs B"));
        let wrong = [record("A", "B", black_wins, "W+")];
        assert!(tally(&wrong).unwrap_err().contains("do not show it"));
        let none = [record("A", "B", black_wins, "?")];
        assert!(tally(&none).unwrap_err().contains("no result"));
        assert!(tally(&[]).is_err());
    }

    #[test]
    fn thinking_time_adds_up_over_games() {
        let game = |first: &[f64], second: &[f64]| {
            let mut thinking = [Thinking::default(); 2];
            first.iter().for_each(|&ms| thinking[0].add(ms));
            second.iter().for_each(|&ms| thinking[1].add(ms));
            GameResult {
                game: 0,
                first_player_black: true,
                winner: Color::White,
                moves: first.len() + second.len(),
                history: Vec::new(),
                thinking,
            }
        };
        let summary = Summary::of(&[game(&[10.0, 30.0], &[5.0]), game(&[20.0], &[])]);
        let [first, second] = summary.thinking;
        assert_eq!(
            (first.moves, first.total_ms, first.longest_ms),
            (3, 60.0, 30.0)
        );
        assert!((first.mean_ms() - 20.0).abs() < 1e-12);
        assert_eq!((second.moves, second.mean_ms()), (1, 5.0));
        assert_eq!(Thinking::default().mean_ms(), 0.0);
        let table = table(["a", "b"], &summary, None);
        assert!(
            table.contains(
                "a                        time per move: mean 20 ms, longest 30 ms (3 moves)"
            ),
            "{table}"
        );
    }
}
