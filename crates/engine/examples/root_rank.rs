//! Where the deeper search's best root move stood in the shallower one: `root_rank FILE`
//! (lines "SIZE MOVES") searches each position with level 6's tree to depth 2 and to depth 3
//! over its whole root (no clock, no narrowing) and prints the depth-2 rank of depth 3's move.
use ohm_engine::player;
use ohm_engine::search::{search, NoControl};
use std::time::Instant;

#[path = "common/positions.rs"]
mod positions;

fn main() {
    let file = std::env::args().nth(1).expect("a file");
    let mut ranks = Vec::new();
    for p in positions::read(&file) {
        let mut params = player::level(6).unwrap().search_for(&p);
        params.time_ms = None;
        params.narrow_root = 0;
        params.max_depth = 2;
        let two = search(&p, &params, &mut NoControl);
        params.max_depth = 3;
        let t = Instant::now();
        let three = search(&p, &params, &mut NoControl);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        if three.proven.is_some() || two.proven.is_some() {
            println!("{:2} stones: proven", p.move_count());
            continue;
        }
        let best = three.best.unwrap();
        let rank = two.root_moves.iter().position(|&(q, _)| q == best);
        let rank3: Vec<String> = three
            .root_moves
            .iter()
            .take(3)
            .map(|(q, s)| format!("{q} {s}"))
            .collect();
        println!(
            "{:2} stones: depth 3 plays {best} (depth-2 rank {:?} of {}), {ms:.0} ms, top {:?}",
            p.move_count(),
            rank.map(|r| r + 1),
            two.root_moves.len(),
            rank3
        );
        ranks.push(rank.map_or(99, |r| r + 1));
    }
    let over = |k: usize| ranks.iter().filter(|&&r| r > k).count();
    println!(
        "{} positions: depth 3's move outside depth 2's best 4: {}, 8: {}, 12: {}, 16: {}",
        ranks.len(),
        over(4),
        over(8),
        over(12),
        over(16)
    );
}
