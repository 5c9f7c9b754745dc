//! The player's tree work without a clock: level 6's search to a fixed depth on a few 9x9 and
//! 11x11 middle games. Prints nodes, score and move (which a pure speed-up must not change)
//! and the time, so two builds compare exactly. `tree_cost LEVEL SIZE "MOVES" DEPTH` runs
//! one position of your own instead (for a profiler). `REUSE=1` scores moves from the table
//! before playing them ([`ohm_engine::search::SearchParams::reuse_children`]), `PROBE=1`
//! orders the moves above the leaves by a probe ([`ohm_engine::search::SearchParams::frontier_probe`]),
//! `FILLED_LEAVES=1` judges each leaf on its filled-in board
//! ([`ohm_engine::search::SearchParams::filled_leaves`]), `LAZY_MARGIN=M` judges the leaves
//! from their parent's connections when that falls `M` outside the window
//! ([`ohm_engine::search::SearchParams::lazy_margin`]), `REPLY=K` scores the leaves with the
//! root's opponent to move by his best of K replies
//! ([`ohm_engine::search::SearchParams::reply_leaves`]).
use ohm_engine::{player, search::search, search::NoControl, Board, Move, Point, Position};
use std::time::Instant;
fn main() {
    let level: u8 = std::env::args().nth(1).map_or(6, |s| s.parse().unwrap());
    let args: Vec<String> = std::env::args().collect();
    let games: Vec<(u8, &str, u32)> = if args.len() == 5 {
        vec![(
            args[2].parse().unwrap(),
            args[3].as_str(),
            args[4].parse().unwrap(),
        )]
    } else {
        vec![
            (9u8, "e5 d6 c7 f4 g3 d4 e3 c5 b6 f7", 3),
            (9, "c3 g7 e4 d6 f5 f6 e7", 3),
            (11, "f6 e7 d8 g5 h4 e5 d6 f4 g3 c7 b8 e9 d10 h7 i6 g8", 3),
            (11, "c3 i9 f6 e8 d9 g7 h6 f9 e10 c7 d6", 3),
            (11, "a3 k9 f6 e7", 2),
        ]
    };
    let all = Instant::now();
    for (n, moves, depth) in games {
        let mut p = Position::new(Board::square(n).unwrap());
        for m in moves.split_whitespace() {
            p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
        }
        let mut params = player::level(level).unwrap().search;
        params.time_ms = None;
        params.max_depth = depth;
        params.reuse_children = std::env::var("REUSE").is_ok_and(|v| v == "1");
        params.frontier_probe = std::env::var("PROBE").is_ok_and(|v| v == "1");
        params.filled_leaves = std::env::var("FILLED_LEAVES").is_ok_and(|v| v == "1");
        params.lazy_margin = std::env::var("LAZY_MARGIN").map_or(0, |v| v.parse().unwrap());
        params.reply_leaves = std::env::var("REPLY").map_or(0, |v| v.parse().unwrap());
        let t = Instant::now();
        let r = search(&p, &params, &mut NoControl);
        println!(
            "{n}x{n} {} stones depth {depth}: nodes {} best {:?} score {} in {:.0} ms",
            p.move_count(),
            r.nodes,
            r.best.map(|b| b.to_string()),
            r.score,
            t.elapsed().as_secs_f64() * 1000.0
        );
    }
    println!("total {:.0} ms", all.elapsed().as_secs_f64() * 1000.0);
}
