//! Checks shared by the native tests and the wasm32 tests: the same code must hold on a 64-bit
//! host and on wasm32, where `usize` is 32 bits.

#![allow(dead_code)]

use ohm_engine::connections::HSearchLimits;
use ohm_engine::{Board, CellSet, Color, Edge, Move, Point, Position};

/// A small deterministic generator (xorshift64*), so the wasm tests need no dependencies.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    pub fn pick(&mut self, set: CellSet) -> Option<Point> {
        let n = set.len() as u64;
        (n > 0).then(|| set.iter().nth(self.below(n) as usize).unwrap())
    }
}

/// H-search with every rule on: the stronger rules (captured pairs, AND with semis, the OR
/// search, full lists that must shrink their intersection), AND over edges, and lists long
/// enough for the rules to matter on small boards.
pub const EVERY_RULE: HSearchLimits = HSearchLimits {
    max_full: 24,
    max_semi: 48,
    and_over_edges: true,
    full_intersection: true,
    or_search: true,
    captured: true,
    semi_and: true,
    ..HSearchLimits::DEFAULT
};

/// Connected components of `color`'s stones and edges by plain flood fill: the oracle for the
/// incremental union-find.
pub fn flood_fill_component(pos: &Position, start: Point) -> CellSet {
    let color = pos.color_at(start).expect("a stone or an edge");
    let (e1, e2) = Edge::of(color);
    let own = pos.stones(color).with(e1.point()).with(e2.point());
    let mut seen = CellSet::single(start);
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        for q in pos.board().neighbours(p) {
            if own.contains(q) && !seen.contains(q) {
                seen.insert(q);
                stack.push(q);
            }
        }
    }
    seen
}

/// Whether `color` joins their edges, by flood fill.
pub fn connected_by_flood_fill(pos: &Position, color: Color) -> bool {
    let (e1, e2) = Edge::of(color);
    flood_fill_component(pos, e1.point()).contains(e2.point())
}

/// The position after `stones` random moves on `board` (the colours alternating), or `None`
/// when a player connects on the way (the moves stop there).
pub fn random_undecided_position(rng: &mut Rng, board: Board, stones: usize) -> Option<Position> {
    let mut p = Position::new(board);
    for _ in 0..stones {
        let cell = rng.pick(p.empty_cells()).unwrap();
        p.play_unchecked(p.to_move(), Move::Cell(cell));
        if p.is_over() {
            return None;
        }
    }
    Some(p)
}

/// Union-find agrees with flood fill on every pair of same-coloured points.
pub fn check_groups(pos: &Position) {
    for color in Color::ALL {
        let (e1, e2) = Edge::of(color);
        let own: Vec<Point> = pos
            .stones(color)
            .with(e1.point())
            .with(e2.point())
            .iter()
            .collect();
        for &a in &own {
            let component = flood_fill_component(pos, a);
            assert_eq!(pos.group(a), component, "group({a})");
            for &b in &own {
                assert_eq!(
                    pos.same_group(a, b),
                    component.contains(b),
                    "{a} ~ {b}\n{pos:?}"
                );
            }
        }
    }
}

/// Plays a random game of up to `max_moves` moves on `board` (swap when the rule allows it,
/// one time in three), checking after every move and every undo that groups, winner and hash
/// are right. Returns the final position.
pub fn random_game_with_undo(
    rng: &mut Rng,
    board: Board,
    swap_rule: bool,
    max_moves: usize,
) -> Position {
    let mut pos = Position::new(board).with_swap_rule(swap_rule);
    let mut snapshots = Vec::new();
    for _ in 0..max_moves {
        if pos.is_over() {
            break;
        }
        let mv = if pos.check(Move::Swap).is_ok() && rng.below(3) == 0 {
            Move::Swap
        } else {
            match rng.pick(pos.empty_cells()) {
                Some(p) => Move::Cell(p),
                None => break,
            }
        };
        snapshots.push((pos.clone(), pos.hash()));
        pos.try_play(mv).expect("legal by construction");
        check_groups(&pos);
        assert_eq!(
            pos.connected_winner().is_some(),
            Color::ALL.iter().any(|&c| connected_by_flood_fill(&pos, c))
        );
        // The incremental hash equals the hash of the same stones set up from scratch.
        let mut fresh = Position::new(board);
        fresh.reset_to(
            ohm_engine::ByColor::new(pos.stones(Color::Black), pos.stones(Color::White)),
            pos.to_move(),
        );
        assert_eq!(fresh.hash(), pos.hash(), "hash after {mv}");
    }
    let end = pos.clone();
    while let Some((before, hash)) = snapshots.pop() {
        assert!(pos.undo());
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), hash);
        check_groups(&pos);
    }
    assert!(!pos.undo());
    end
}

/// Fills every cell at random and checks the no-draw theorem: exactly one player is connected,
/// and the position's winner agrees with flood fill.
pub fn check_full_board(rng: &mut Rng, board: Board) {
    let mut stones = ohm_engine::ByColor::<CellSet>::default();
    for p in board.cells() {
        stones[if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        }]
        .insert(p);
    }
    let mut pos = Position::new(board);
    pos.reset_to(stones, Color::Black);
    let black = connected_by_flood_fill(&pos, Color::Black);
    let white = connected_by_flood_fill(&pos, Color::White);
    assert!(black ^ white, "exactly one winner on a full board\n{pos:?}");
    let expected = if black { Color::Black } else { Color::White };
    assert_eq!(pos.winner(), Some(expected), "{pos:?}");
}
