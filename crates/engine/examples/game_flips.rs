//! Where a game was decided: its positions solved from the last to the first (one table
//! kept, so each solve reuses the later ones'), with the winner, a winning move and the
//! moves that threw a win away. `game_flips SIZE "MOVES" FIRST LAST SECONDS`: the positions
//! after FIRST..=LAST stones, SECONDS each.
use ohm_engine::solver::{Control, Progress, Solver, SolverParams};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;

struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
    fn progress(&mut self, _: &Progress) {}
}

fn main() {
    const USAGE: &str = "game_flips SIZE \"MOVES\" FIRST LAST SECONDS";
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).expect(USAGE);
    let size: u8 = arg(1).parse().expect(USAGE);
    let moves: Vec<Point> = arg(2)
        .split_whitespace()
        .map(|m| Point::parse(m).expect("a cell"))
        .collect();
    let first: usize = arg(3).parse().expect(USAGE);
    let last: usize = arg(4).parse::<usize>().expect(USAGE).min(moves.len());
    let seconds: f64 = arg(5).parse().expect(USAGE);
    let mut params = SolverParams::DEFAULT;
    params.tt_mib = 256;
    params.time_ms = Some(seconds * 1000.0);
    let mut solver = Solver::new(params);
    // The last position, taken back a move at a time.
    let mut position = Position::new(Board::square(size).expect("a size"));
    for &m in &moves[..last] {
        position.play_unchecked(position.to_move(), Move::Cell(m));
    }
    // The winner of the position after this one's move, when proven.
    let mut later: Option<ohm_engine::Color> = None;
    for n in (first..=last).rev() {
        let solution = solver.solve(&position, &mut Clock(Instant::now()));
        let winner = solution.winner;
        let mover = position.to_move();
        let flip = match (winner, later) {
            // The mover here won, and after its move the other side does: a thrown win.
            (Some(w), Some(after)) if w == mover && after != w && n < moves.len() => {
                format!("  <- {mover:?} threw the win with {}", moves[n])
            }
            _ => String::new(),
        };
        println!(
            "{n:>3} stones, {mover:?} to move: {} {:.1} s{flip}",
            match (winner, solution.best) {
                (Some(w), Some(b)) if w == mover => format!("{w:?} wins (with {b})"),
                (Some(w), _) => format!("{w:?} wins"),
                (None, _) => "open".to_string(),
            },
            solution.elapsed_ms / 1000.0
        );
        later = winner;
        position.undo();
    }
}
