//! Level 6's iterations on each position of a file (lines "SIZE MOVES"): the depth, time and
//! nodes of every finished iteration and the decision's whole time.
use ohm_engine::player::{self, Engine};
use ohm_engine::search::{Callbacks, Progress};
use std::time::Instant;

#[path = "common/positions.rs"]
mod positions;

fn main() {
    let file = std::env::args().nth(1).expect("a file");
    let mut level = *player::level(6).unwrap();
    level.search.time_ms = Some(2000.0);
    // REPLY=K: the leaves with the root's opponent to move scored by his best of K replies.
    if let Some(k) = std::env::var("REPLY").ok().and_then(|v| v.parse().ok()) {
        level.search.reply_leaves = k;
    }
    // BLOCK=1: a leaf after a one-step threat to the edge judged after the block too.
    level.search.edge_block_leaves = std::env::var("BLOCK").is_ok_and(|v| v == "1");
    for p in positions::read(&file) {
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
