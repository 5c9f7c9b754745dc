use ohm_engine::{
    player,
    search::{search, Callbacks, Progress},
    Board, Move, Point, Position,
};
use std::time::Instant;
fn main() {
    let lv: u8 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(6);
    let ms: f64 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(2000.0);
    let games = [
        (9u8, "e5 d6 c7 f4 g3 d4 e3 c5 b6 f7"),
        (9, "c3 g7 e4 d6 f5 f6 e7 c8 d8"),
        (11, "f6 e7 d8 g5 h4 e5 d6 f4 g3 c7 b8 e9 d10 h7 i6 g8"),
        (11, "c3 i9 f6 e8 d9 g7 h6 f9 e10 c7 d6 h3 g4"),
    ];
    for (n, moves) in games {
        let mut p = Position::new(Board::square(n).unwrap());
        for m in moves.split_whitespace() {
            p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
        }
        let mut params = player::level(lv).unwrap().search;
        params.time_ms = Some(ms);
        params.lazy_leaves = std::env::var("LAZY").is_ok();
        params.killers = std::env::var("KILLERS").is_ok();
        let t = Instant::now();
        let mut depths = vec![];
        let mut c = Callbacks {
            clock: || t.elapsed().as_secs_f64() * 1000.0,
            stop: || false,
            progress: |pr: &Progress| depths.push((pr.depth, pr.nodes, pr.elapsed_ms as u64)),
        };
        let r = search(&p, &params, &mut c);
        println!(
            "{n}x{n} {} stones: depth {} nodes {} best {:?} score {} in {:.0} ms; iterations {:?}",
            p.move_count(),
            r.depth,
            r.nodes,
            r.best,
            r.score,
            t.elapsed().as_secs_f64() * 1000.0,
            depths
        );
    }
}
