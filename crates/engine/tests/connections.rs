//! H-search against the papers' examples and against the brute-force oracle.

use std::collections::BTreeSet;

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
        let color = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        if pos.color_at(c).is_none() {
            pos.set_stone(c, Some(color)).unwrap();
        }
    }
    pos
}

/// `quick` cases in a debug build, `thorough` in release (`cargo test --release`), or the
/// number in `OHM_ORACLE_CASES`.
fn cases(quick: usize, thorough: usize) -> usize {
    if let Some(n) = std::env::var("OHM_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if cfg!(debug_assertions) {
        quick
    } else {
        thorough
    }
}

/// Every stored connection as (kind, ends, carrier), for comparing two stores.
fn snapshot(vcs: &Connections) -> BTreeSet<(bool, [Point; 2], CellSet)> {
    vcs.all()
        .map(|id| {
            let c = vcs.get(id);
            (c.kind == Kind::Full, c.ends, c.carrier)
        })
        .collect()
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
    for _ in 0..cases(40, 400) {
        let pos = random_position(&mut rng, 5);
        for color in Color::ALL {
            let vcs = Connections::build(&pos, color, HSearchLimits::DEFAULT);
            // Every connection with a small carrier, and a sample of the larger ones.
            for (n, id) in vcs.all().enumerate() {
                let c = vcs.get(id);
                if c.carrier.len() > 12 || (c.carrier.len() > 6 && n % 16 != 0) {
                    continue;
                }
                let [x, y] = c.ends;
                match c.kind {
                    Kind::Full => {
                        let truth = oracle::is_full_connection(&pos, color, x, c.carrier, y);
                        assert_eq!(
                            truth,
                            Some(true),
                            "{color:?} {c:?}\n{pos:?}\n{}",
                            vcs.proof(id)
                        );
                        checked.0 += 1;
                    }
                    Kind::Semi => {
                        let key = c.key.unwrap();
                        let truth = oracle::key_wins(&pos, color, x, c.carrier, y, key);
                        assert_eq!(
                            truth,
                            Some(true),
                            "{color:?} {c:?}\n{pos:?}\n{}",
                            vcs.proof(id)
                        );
                        checked.1 += 1;
                    }
                }
            }
        }
    }
    println!("checked {} full, {} semi", checked.0, checked.1);
}

#[test]
fn incremental_update_equals_a_fresh_build_without_limits() {
    let mut rng = Rng(0x5eed_0002);
    let mut compared = 0;
    for _ in 0..cases(12, 60) {
        let side = 3 + rng.below(2) as u8;
        let mut pos = Position::new(Board::square(side).unwrap());
        let mut stores = [Color::Black, Color::White]
            .map(|c| Connections::build(&pos, c, HSearchLimits::UNLIMITED));
        let mut played = Vec::new();
        while !pos.is_over() {
            let empty: Vec<Point> = pos.empty_cells().iter().collect();
            let cell = empty[rng.below(empty.len() as u64) as usize];
            pos.try_play(ohm_engine::Move::Cell(cell)).unwrap();
            played.push(cell);
            for vcs in &mut stores {
                vcs.update(&pos, cell);
                let fresh = Connections::build(&pos, vcs.color(), HSearchLimits::UNLIMITED);
                let (inc, new) = (snapshot(vcs), snapshot(&fresh));
                let only_inc: Vec<_> = inc.difference(&new).collect();
                let only_new: Vec<_> = new.difference(&inc).collect();
                assert!(
                    only_inc.is_empty() && only_new.is_empty(),
                    "{:?} after {played:?}\n{pos:?}\nonly incremental: {only_inc:?}\nonly fresh: {only_new:?}",
                    vcs.color()
                );
                assert_eq!(vcs.winning_carrier(), fresh.winning_carrier());
                compared += 1;
            }
        }
        // Undo all the way back, checking each layer against a fresh build.
        while let Some(_) = played.pop() {
            pos.undo();
            for vcs in &mut stores {
                assert!(vcs.undo());
                let fresh = Connections::build(&pos, vcs.color(), HSearchLimits::UNLIMITED);
                assert_eq!(snapshot(vcs), snapshot(&fresh));
                assert_eq!(vcs.position_hash(), pos.hash());
            }
        }
    }
    println!("compared {compared} updates");
}

/// The vertical two-bridge (c, r)–(c−1, r+2) chained from edge to edge (Appendix C's chain):
/// the winning connection's smallest carrier is exactly the bridges' cells.
#[test]
fn chain_of_bridges_joins_the_edges() {
    let pos = position!(
        "
        . . . . .
         . . . B .
          . . . . .
           . . B . .
            . . . . .
             . B . . .
              . . . . .
        "
    );
    let vcs = Connections::build(&pos, Color::Black, HSearchLimits::DEFAULT);
    let carrier = vcs
        .winning_carrier()
        .expect("the chain is a winning connection");
    assert_eq!(carrier, cells("d1 e1 c3 d3 b5 c5 a7 b7"));
    let truth = oracle::is_full_connection(&pos, Color::Black, Point::NORTH, carrier, Point::SOUTH);
    assert_eq!(truth, Some(true));
    // Without one carrier cell the chain is only a semi-connection.
    let truth = oracle::is_full_connection(
        &pos,
        Color::Black,
        Point::NORTH,
        carrier.without(p("c3")),
        Point::SOUTH,
    );
    assert_eq!(truth, Some(false));
    // White, to move, must play in the bridges; none of them is a must-play region alone,
    // since Black's connection is full.
    assert_eq!(vcs.must_play(), Some(CellSet::EMPTY));
}

/// Appendix B's ladder: a Black stone on the second row, White blocking its own edge cell,
/// and an escape stone further along the edge row.
#[test]
fn second_row_ladder_with_an_escape_is_found() {
    let with_escape = position!(
        "
        W W W W W W W
         . B . . . . .
          W . . . . B .
        "
    );
    let vcs = Connections::build(&with_escape, Color::Black, HSearchLimits::DEFAULT);
    let id = vcs
        .smallest_full(p("b2"), Point::SOUTH)
        .expect("the ladder");
    let carrier = vcs.get(id).carrier;
    assert!(
        carrier.contains(p("e3")) && carrier.contains(p("e2")),
        "{carrier}"
    );
    let truth =
        oracle::is_full_connection(&with_escape, Color::Black, p("b2"), carrier, Point::SOUTH);
    assert_eq!(truth, Some(true));
    let proof = vcs.proof(id);
    assert!(proof.ends_with("is VC.\n"), "{proof}");
    assert!(proof.lines().count() >= 8, "{proof}");

    // Without the escape the same cells are no connection, and H-search claims none.
    let mut no_escape = with_escape.clone();
    no_escape.set_stone(p("f3"), None).unwrap();
    let truth =
        oracle::is_full_connection(&no_escape, Color::Black, p("b2"), carrier, Point::SOUTH);
    assert_eq!(truth, Some(false));
    let vcs = Connections::build(&no_escape, Color::Black, HSearchLimits::UNLIMITED);
    assert_eq!(vcs.smallest_full(p("b2"), Point::SOUTH), None);
}

/// Appendix B's "edge connection from the fourth row": a lone stone four rows from its edge
/// is connected to it, and H-search finds it by itself.
#[test]
fn fourth_row_edge_template_is_found() {
    let pos = position!(
        "
        . . . . . . . . .
         . . . . B . . . .
          . . . . . . . . .
           . . . . . . . . .
            . . . . . . . . .
        "
    );
    for limits in [HSearchLimits::DEFAULT, HSearchLimits::UNLIMITED] {
        let vcs = Connections::build(&pos, Color::Black, limits);
        let id = vcs
            .smallest_full(p("e2"), Point::SOUTH)
            .expect("4th-row template");
        let carrier = vcs.get(id).carrier;
        assert!(carrier.len() <= 19, "{carrier}");
        assert!(
            carrier.iter().all(|c| c.col_row().unwrap().1 >= 2),
            "{carrier}"
        );
    }
}
