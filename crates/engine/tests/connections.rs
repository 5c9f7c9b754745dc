//! H-search against the papers' examples and against the brute-force oracle.

use ohm_engine::connections::oracle;
use ohm_engine::connections::{Connections, HSearchLimits, Kind};
use ohm_engine::{position, Board, CellSet, Color, Point, Position};

fn p(name: &str) -> Point {
    Point::parse(name).unwrap()
}

fn cells(names: &str) -> CellSet {
    names.split_whitespace().map(p).collect()
}

/// A small deterministic generator (xorshift64*), so failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_position(rng: &mut Rng, max_side: u64) -> Position {
    let w = 2 + rng.below(max_side - 1) as u8;
    let h = 2 + rng.below(max_side - 1) as u8;
    let mut pos = Position::new(Board::new(w, h).unwrap());
    let cells: Vec<Point> = pos.board().cells().iter().collect();
    let stones = rng.below(cells.len() as u64 * 3 / 5 + 1);
    for _ in 0..stones {
        let c = cells[rng.below(cells.len() as u64) as usize];
        let color = if rng.below(2) == 0 { Color::Black } else { Color::White };
        if pos.color_at(c).is_none() {
            pos.set_stone(c, Some(color)).unwrap();
        }
    }
    pos
}

#[test]
fn bridge_is_a_full_connection_with_two_carrier_cells() {
    let pos = position!(
        "
        . . . .
         . B . .
          . . B .
           . . . .
        "
    );
    let vcs = Connections::build(&pos, Color::Black, HSearchLimits::DEFAULT);
    let id = vcs.smallest_full(p("b2"), p("c3")).expect("bridge");
    assert_eq!(vcs.get(id).carrier, cells("c2 b3"));
    assert_eq!(vcs.get(id).kind, Kind::Full);
    println!("{}", vcs.proof(id));
    assert_eq!(
        vcs.proof(id),
        "(b2,[],b3) is VC, (b3,[],c3) is VC. Apply AND: (b2,[b3],c3) is VSC.\n\
         (b2,[],c2) is VC, (c2,[],c3) is VC. Apply AND: (b2,[c2],c3) is VSC.\n\
         (b2,[b3],c3) is VSC, (b2,[c2],c3) is VSC. Apply OR: (b2,[c2,b3],c3) is VC.\n"
    );
}

#[test]
fn every_reported_connection_is_true_by_brute_force() {
    let mut rng = Rng(0x5eed_0001);
    let mut checked = (0, 0);
    for _ in 0..300 {
        let pos = random_position(&mut rng, 5);
        for color in Color::ALL {
            let vcs = Connections::build(&pos, color, HSearchLimits::DEFAULT);
            for id in vcs.all() {
                let c = vcs.get(id);
                if c.carrier.len() > 10 {
                    continue;
                }
                let [x, y] = c.ends;
                match c.kind {
                    Kind::Full => {
                        let truth = oracle::is_full_connection(&pos, color, x, c.carrier, y);
                        assert_eq!(truth, Some(true), "{color:?} {c:?}\n{pos:?}\n{}", vcs.proof(id));
                        checked.0 += 1;
                    }
                    Kind::Semi => {
                        let key = c.key.unwrap();
                        let truth = oracle::key_wins(&pos, color, x, c.carrier, y, key);
                        assert_eq!(truth, Some(true), "{color:?} {c:?}\n{pos:?}\n{}", vcs.proof(id));
                        checked.1 += 1;
                    }
                }
            }
        }
    }
    println!("checked {} full, {} semi", checked.0, checked.1);
}
