use ohm_engine::{
    connections::{Connections, HSearchLimits},
    Board, Color, Move, Point, Position,
};
use std::time::Instant;
fn main() {
    let moves = std::env::args().nth(1).unwrap();
    let n: u8 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(9);
    let mut p = Position::new(Board::square(n).unwrap());
    for m in moves.split_whitespace() {
        p.play_unchecked(p.to_move(), Move::Cell(Point::parse(m).unwrap()));
    }
    for (name, lim) in [
        ("default", HSearchLimits::DEFAULT),
        (
            "solver",
            HSearchLimits {
                max_full: 12,
                max_semi: 24,
                max_or: 5,
                ..HSearchLimits::DEFAULT
            },
        ),
        (
            "edges",
            HSearchLimits {
                and_over_edges: true,
                ..HSearchLimits::DEFAULT
            },
        ),
        (
            "big",
            HSearchLimits {
                max_full: 64,
                max_semi: 128,
                max_or: 8,
                and_over_edges: true,
                ..HSearchLimits::DEFAULT
            },
        ),
    ] {
        for c in Color::ALL {
            let t = Instant::now();
            let k = Connections::build(&p, c, lim);
            let mp = k.must_play();
            println!(
                "{name:8} {c:?}: win {:?} semis {} mustplay {:?} counts {:?} {:.1} ms",
                k.winning_carrier().map(|c| c.len()),
                k.edge_semis().count(),
                mp.map(|m| m.len()),
                k.counts(),
                t.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}
