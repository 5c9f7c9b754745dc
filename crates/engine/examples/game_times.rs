//! Level 6's decisions along recorded games: time, reason and search depth per move, to see
//! where a move's time goes (`game_times LEVEL MS SGF...`).
use ohm_engine::{player, search::Callbacks, Board, Move, Point, Position};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level = player::level(args[1].parse().unwrap()).unwrap();
    let ms: f64 = args[2].parse().unwrap();
    let mut level = *level;
    level.search.time_ms = Some(ms);
    for file in &args[3..] {
        let text = std::fs::read_to_string(file).unwrap();
        let size: u8 = text
            .split("SZ[")
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let moves: Vec<Point> = text
            .split(';')
            .filter_map(|n| n.strip_prefix("B[").or_else(|| n.strip_prefix("W[")))
            .map(|m| Point::parse(m.split(']').next().unwrap()).unwrap())
            .collect();
        let mut p = Position::new(Board::square(size).unwrap());
        let mut engine = player::Engine::new();
        let mut line = String::new();
        for (k, &m) in moves.iter().enumerate() {
            if k >= 3
                && k < std::env::var("UPTO").map_or(999, |v| v.parse().unwrap())
                && !p.is_over()
            {
                let t = Instant::now();
                let mut c = Callbacks {
                    clock: || t.elapsed().as_secs_f64() * 1000.0,
                    stop: || false,
                    progress: |_: &_| {},
                };
                let d = engine.choose_move(&p, &level, 1, &mut c).unwrap();
                let depth = d.search.as_ref().map_or(0, |s| s.depth);
                line += &format!(
                    "{k}:{:.0}ms/{:?}/d{depth} ",
                    t.elapsed().as_secs_f64() * 1000.0,
                    d.reason
                );
            }
            p.play_unchecked(p.to_move(), Move::Cell(m));
        }
        let (table, usage) = (engine.solver().table_stats(), engine.solver().table_usage());
        println!(
            "{file}: {line}\n  solver table: {} of {} slots ({} bytes), {} stores, {} replacements",
            usage.positions, usage.slots, usage.bytes, table.stores, table.replacements
        );
    }
}
