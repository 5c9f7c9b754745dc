//! Recorded games in which the eventual loser was to move in a position the solver proves
//! won within a short limit (`lost_wins MS MAX_EMPTY SGF...`): where a solver slice would have
//! kept the win. Prints each game's first such position (its empty cells, the time to prove).
use ohm_engine::solver::{Control, Solver, SolverParams};
use ohm_engine::{Board, Move, Point, Position};
use std::time::Instant;
struct Clock(Instant);
impl Control for Clock {
    fn now_ms(&mut self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ms: f64 = args[1].parse().unwrap();
    let max_empty: u32 = args[2].parse().unwrap();
    let (mut games, mut found) = (0, 0);
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
        let mut end = Position::new(Board::square(size).unwrap());
        for &m in &moves {
            end.play_unchecked(end.to_move(), Move::Cell(m));
        }
        let Some(winner) = end.connected_winner() else {
            continue;
        };
        games += 1;
        let mut p = Position::new(Board::square(size).unwrap());
        let mut params = SolverParams::DEFAULT;
        params.tt_mib = 64;
        params.time_ms = Some(ms);
        let mut solver = Solver::new(params);
        for (k, &m) in moves.iter().enumerate() {
            if p.to_move() != winner && p.empty_cells().len() <= max_empty && k >= 2 {
                let t = Instant::now();
                let s = solver.solve(&p, &mut Clock(Instant::now()));
                if s.winner == Some(p.to_move()) {
                    found += 1;
                    println!(
                        "{file}: the loser ({:?}) to move at move {} ({} empty) is proven winning in {:.0} ms; played {}",
                        p.to_move(), k + 1, p.empty_cells().len(), t.elapsed().as_secs_f64() * 1000.0, m
                    );
                    break;
                }
            }
            p.play_unchecked(p.to_move(), Move::Cell(m));
        }
    }
    println!("{found} of {games} games: the loser was once proven winning");
}
