//! Recorded games in which the eventual loser was to move in a position the solver proves
//! won within a short limit (`lost_wins MS MAX_EMPTY SGF...`): where a solver slice would have
//! kept the win. Prints each game's first such position (its empty cells, the time to prove).
//! One solver goes through each game, so a proof may use the table of the game's earlier
//! positions, as the player's slice does; with `FRESH=1` the table is cleared before every
//! position, so that the time is what a proof costs on its own.
use ohm_engine::notation;
use ohm_engine::search::Callbacks;
use ohm_engine::solver::{Solver, SolverParams};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: f64 = args[1].parse().unwrap();
    let max_empty: u32 = args[2].parse().unwrap();
    let fresh = std::env::var("FRESH").is_ok_and(|v| v == "1");
    let (mut games, mut found) = (0, 0);
    for file in &args[3..] {
        let text = std::fs::read_to_string(file).unwrap();
        let record = notation::hsgf::parse(&text).unwrap();
        let Some(winner) = record.to_position().unwrap().connected_winner() else {
            continue;
        };
        games += 1;
        let mut params = SolverParams::DEFAULT;
        params.tt_mib = 64;
        params.time_ms = Some(ms);
        let mut solver = Solver::new(params);
        for (count, played) in record.moves.iter().enumerate().skip(2) {
            let p = record.to_position_at(count).unwrap();
            if p.to_move() == winner || p.empty_cells().len() > max_empty {
                continue;
            }
            if fresh {
                solver.clear();
            }
            let t = Instant::now();
            let s = solver.solve(
                &p,
                &mut Callbacks {
                    clock: || t.elapsed().as_secs_f64() * 1000.0,
                    stop: || false,
                    progress: |_: &_| {},
                },
            );
            if s.winner == Some(p.to_move()) {
                found += 1;
                println!(
                    "{file}: the loser ({:?}) to move at move {} ({} empty) is proven winning \
                     in {:.0} ms; played {}",
                    p.to_move(),
                    count + 1,
                    p.empty_cells().len(),
                    t.elapsed().as_secs_f64() * 1000.0,
                    played.mv
                );
                break;
            }
        }
    }
    println!("{found} of {games} games: the loser was once proven winning");
}
