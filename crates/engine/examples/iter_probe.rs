//! Level 6's iterations on each position of a file (lines "SIZE MOVES"): the depth, time and
//! nodes of every finished iteration and the decision's whole time.
use ohm_engine::player::{self, Engine};
use ohm_engine::search::{Callbacks, Progress};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;

fn main() {
    let file = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(file).expect("readable");
    let level = *player::level(6).unwrap();
    let mut level = level;
    level.search.time_ms = Some(2000.0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let size: u8 = words.next().unwrap().parse().unwrap();
        let mut p = Position::new(Board::square(size).unwrap());
        for m in words {
            p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
        }
        let start = Instant::now();
        let mut log = String::new();
        let mut control = Callbacks {
            clock: || start.elapsed().as_secs_f64() * 1000.0,
            stop: || false,
            progress: |pr: &Progress| {
                log += &format!(" d{}@{:.0}/{}", pr.depth, pr.elapsed_ms, pr.nodes);
            },
        };
        let d = Engine::new().choose_move(&p, &level, 1, &mut control);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{:2} stones: {:?} {:?} in {ms:.0} ms:{log}",
            p.move_count(),
            d.as_ref().map(|d| d.mv),
            d.as_ref().map(|d| d.reason)
        );
    }
}
