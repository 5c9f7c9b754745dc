//! Training data for the move patterns ([`ohm_engine::policy`]): self-play games of the
//! Monte Carlo search as levels 5 and 6 have it on large boards, each move a fixed number
//! of playouts, and for every position the root's moves with their playouts.
//!
//! `cargo run --release -p ohm-engine --example policy_data -- SIZE GAMES PLAYOUTS SEED > data.tsv`
//!
//! Each game opens with a random stone on the outer ring; the first `SAMPLED` (default 8)
//! moves after it are drawn in proportion to their playouts, so that games differ, and the
//! rest are the search's choice. A game stops where the search proves it. Each line:
//! `SIZE<TAB>MOVES<TAB>CELL:PLAYOUTS ...` (the moves before the position, space-separated).
use ohm_engine::mcts::{search_keeping, SavedTree};
use ohm_engine::player::LARGE_BOARD_MCTS;
use ohm_engine::search::NoControl;
use ohm_engine::solver::{Knowledge, SolverParams};
use ohm_engine::{Board, Move, Point, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).map_or(d, |s| s.parse().unwrap());
    let size = arg(1, 11) as u8;
    let games = arg(2, 10);
    let playouts = arg(3, 40_000);
    let mut rng = arg(4, 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let sampled: usize = std::env::var("SAMPLED").map_or(8, |v| v.parse().unwrap());
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let knowledge = Knowledge::of(&SolverParams::DEFAULT);
    let params = ohm_engine::mcts::MctsParams {
        time_ms: None,
        max_playouts: playouts,
        larger_than_cells: 0,
        ..LARGE_BOARD_MCTS
    };
    for game in 0..games {
        let mut position = Position::new(Board::square(size).unwrap());
        let ring: Vec<Point> = position
            .board()
            .cells()
            .iter()
            .filter(|p| {
                let (c, r) = p.col_row().unwrap();
                c == 0 || r == 0 || c + 1 == size || r + 1 == size
            })
            .collect();
        let first = ring[(next() % ring.len() as u64) as usize];
        position.try_play(Move::Cell(first)).unwrap();
        let mut saved: Option<SavedTree> = None;
        let mut moves = vec![first.to_string()];
        while !position.is_over() {
            let result = search_keeping(
                &position,
                &params,
                &knowledge,
                next(),
                &mut NoControl,
                &mut saved,
            );
            if result.proven.is_some() {
                break;
            }
            let visits = saved
                .as_ref()
                .map(SavedTree::root_visits)
                .unwrap_or_default();
            let total: u64 = visits.iter().map(|&(_, v)| u64::from(v)).sum();
            if total == 0 {
                break;
            }
            let shares: Vec<String> = visits
                .iter()
                .filter(|&&(_, v)| v > 0)
                .map(|(p, v)| format!("{p}:{v}"))
                .collect();
            println!("{size}\t{}\t{}", moves.join(" "), shares.join(" "));
            let chosen = if moves.len() <= sampled {
                let mut pick = next() % total;
                visits
                    .iter()
                    .find(|&&(_, v)| {
                        let hit = pick < u64::from(v);
                        pick = pick.saturating_sub(u64::from(v));
                        hit
                    })
                    .map(|&(p, _)| p)
            } else {
                result.best
            };
            let Some(p) = chosen else { break };
            position.try_play(Move::Cell(p)).unwrap();
            moves.push(p.to_string());
        }
        eprintln!("game {game}: {} moves", moves.len());
    }
}
