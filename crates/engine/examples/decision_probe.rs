//! Level 6's decisions along a game, with the check of the search's choice
//! (`SolverSlice::check`): `decision_probe SIZE "MOVES" CHECK [FROM TO]` prints, for each
//! position of FROM..=TO stones (every other one: one player's), the search's choice, the
//! move played and why, and the move the game went on with. `CHECK_REST=1` gives the check
//! all the time the move has left (`SolverSlice::check_rest`).
use ohm_engine::player::{self, Engine};
use ohm_engine::search::{Callbacks, Progress};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u8 = args[1].parse().expect("a board size");
    let moves: Vec<Point> = args[2]
        .split_whitespace()
        .map(|m| Point::parse(m).expect("a cell"))
        .collect();
    let check: f64 = args.get(3).map_or(0.0, |c| c.parse().expect("a share"));
    let from: usize = args
        .get(4)
        .map_or(moves.len(), |c| c.parse().expect("a count"));
    let to: usize = args.get(5).map_or(from, |c| c.parse().expect("a count"));
    let mut level = *player::level(6).expect("level 6");
    level.search.time_ms = Some(2000.0);
    level.solver.check = check;
    level.solver.check_rest = std::env::var("CHECK_REST").is_ok_and(|v| v == "1");
    for stones in (from..=to.min(moves.len())).step_by(2) {
        let mut position = Position::new(Board::square(size).expect("a board"));
        for &m in &moves[..stones] {
            position.play_unchecked(position.to_move(), Move::Cell(m));
        }
        let start = Instant::now();
        let mut control = Callbacks {
            clock: || start.elapsed().as_secs_f64() * 1000.0,
            stop: || false,
            progress: |_: &Progress| {},
        };
        let Some(d) = Engine::new().choose_move(&position, &level, 1, &mut control) else {
            break;
        };
        println!(
            "{stones:3} stones: played {} ({:?}), searched {:?}, game went on with {:?}, {:.0} ms",
            d.mv,
            d.reason,
            d.search.as_ref().and_then(|s| s.best),
            moves.get(stones),
            start.elapsed().as_secs_f64() * 1000.0
        );
    }
}
