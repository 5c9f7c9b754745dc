//! Recorded games in which the loser once held a winning connection that H-search found
//! (`lost_vcs SGF...`): the first such position of each, with how many moves the game went on.
use ohm_engine::{connections::Connections, player, Board, Move, Point, Position};
fn main() {
    let mut games = 0;
    let mut thrown = 0;
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).unwrap();
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
        for &m in &moves {
            p.play_unchecked(p.to_move(), Move::Cell(m));
        }
        let Some(winner) = p.connected_winner() else {
            continue;
        };
        games += 1;
        let mut q = Position::new(Board::square(size).unwrap());
        for (k, &m) in moves.iter().enumerate() {
            q.play_unchecked(q.to_move(), Move::Cell(m));
            let mover = !q.to_move();
            if mover == winner || k < 4 {
                continue;
            }
            let own = Connections::build(&q, mover, player::ROOT_HSEARCH);
            if let Some(c) = own.winning_carrier() {
                thrown += 1;
                println!("{file}: {mover:?} (lost) held a winning connection after move {} (carrier {} cells), game {} moves", k + 1, c.len(), moves.len());
                break;
            }
        }
    }
    println!("{thrown} of {games} games thrown away after an H-search win");
}
