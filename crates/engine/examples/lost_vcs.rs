//! Recorded games in which the loser once held a winning connection that H-search found
//! (`lost_vcs SGF...`): the first such position of each, with how many moves the game went on.
use ohm_engine::{connections::Connections, notation, player};
fn main() {
    let mut games = 0;
    let mut thrown = 0;
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).unwrap();
        let record = notation::hsgf::parse(&text).unwrap();
        let Some(winner) = record.to_position().unwrap().connected_winner() else {
            continue;
        };
        games += 1;
        let length = record.moves.len();
        for count in 5..=length {
            let position = record.to_position_at(count).unwrap();
            let mover = !position.to_move();
            if mover == winner {
                continue;
            }
            let own = Connections::build(&position, mover, player::ROOT_HSEARCH);
            if let Some(c) = own.winning_carrier() {
                thrown += 1;
                println!(
                    "{file}: {mover:?} (lost) held a winning connection after move {count} \
                     (carrier {} cells), game {length} moves",
                    c.len()
                );
                break;
            }
        }
    }
    println!("{thrown} of {games} games thrown away after an H-search win");
}
