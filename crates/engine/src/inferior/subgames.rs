//! Small regions played out as local games (Björnsson, Hayward, Johanson and van Rijswijck,
//! "Dead cell analysis in Hex and the Shannon game", §4–5): the captured and dominated sets of
//! the paper, found by solving each region's multi-Shannon game exactly.
//!
//! **The local game.** Take player `X`'s reduced graph ([`ReducedGraph`]: `X`'s groups
//! shorted, the opponent `Y`'s stones cut) and a set `S` of empty cells. Its terminals are
//! `N(S)`, the vertices next to `S` outside it (empty cells, `X`'s edges, the liberties of
//! `X` groups touching `S`). `X` plays Short, `Y` plays Cut, on the cells of `S` only. When
//! `S` is full, what matters outside is which pairs of terminals that are not adjacent are
//! joined through `X`'s cells of `S` (a path whose inside lies in `S`):
//! - Short wins if it joins every pair that `S` all `X` would join;
//! - Cut wins if it joins no pair (the region is then as good as all `Y`);
//! - otherwise the local game is a draw.
//!
//! **What follows** (the paper's theorems 4.1, 4.2 and 5.1, proven there for any subgame):
//! - *captured*: if Short wins moving second, `S` may be filled with `X` stones without
//!   changing the value; if Cut wins moving second, with `Y` stones;
//! - *dominated*: if a player wins moving first with `m`, a stone on `m` is as good as the
//!   whole region, so `m` is at least as good for them as any other cell of `S`;
//! - *vulnerable*: if after a player's move `w` the opponent has an answer `k` after which the
//!   opponent wins locally moving second, the stone on `w` is then worthless (the region
//!   filled by the opponent, `w` joins nothing), so `w` is vulnerable to `k`: the position
//!   with the player on `w` and the opponent on `k` has the value of the opponent on both.
//!
//! Each claim stays true as stones are added anywhere: an opponent stone on a terminal only
//! removes terminals, an own stone only merges or joins terminals, and both make the winner's
//! task no harder. The regions tried are the sets of empty cells connected on the board
//! (each set once) up to a size the caller chooses (every region of up to [`MAX_REGION`]
//! cells in positions with at most [`SMALL_POSITION`] candidate cells), each solved
//! exhaustively after a quick test that someone can win it moving first.
//! `tests/inferior.rs` checks every claim against the exhaustive solver on small boards.

use alloc::vec::Vec;

use super::reduced::ReducedGraph;
use crate::board::Board;
use crate::cellset::CellSet;
use crate::color::{ByColor, Color};
use crate::point::{Point, POINT_COUNT};

/// The largest region solved (a region is a byte mask).
pub const MAX_REGION: usize = 8;

/// Positions with at most this many candidate cells have every region of up to
/// [`MAX_REGION`] cells solved (a few thousand regions at most); larger ones the regions of
/// up to the size asked for.
pub const SMALL_POSITION: u32 = 24;

/// The most terminals a region may have (one bit each).
const MAX_TERMINALS: usize = 32;

/// One claim of a local game: the region and the player whose reduced graph it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    pub region: CellSet,
    pub graph: Color,
}

/// What the local games of small regions prove.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegionClaims {
    /// A region and the colour that captures it.
    pub captured: Vec<(Proof, Color)>,
    /// `(cell, dominator, colour, proof)`: for `colour`, a stone on the dominator is at least
    /// as good as one on the cell.
    pub dominated: Vec<(Point, Point, Color, Proof)>,
    /// `(cell, killer, colour, proof)`: a `colour` stone on the cell is worthless once the
    /// opponent answers on the killer.
    pub vulnerable: Vec<(Point, Point, Color, Proof)>,
}

/// Which claims [`region_claims`] collects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Captured sets only (for the fill-in).
    Captured,
    /// Domination and vulnerability for this player (on a filled position).
    MovesFor(Color),
}

/// The connected sets of up to `max` cells of `cells` on `board`, each once (Redelmeier's
/// method: a set is grown from its lowest cell, each cell added once per branch).
pub fn connected_sets(
    neighbours: &dyn Fn(Point) -> CellSet,
    cells: CellSet,
    max: usize,
    mut f: impl FnMut(&[Point]),
) {
    fn grow(
        neighbours: &dyn Fn(Point) -> CellSet,
        allowed: CellSet,
        set: &mut Vec<Point>,
        mut untried: CellSet,
        seen: CellSet,
        max: usize,
        f: &mut dyn FnMut(&[Point]),
    ) {
        f(set);
        if set.len() == max {
            return;
        }
        while let Some(u) = untried.first() {
            untried.remove(u);
            let fresh = neighbours(u) & (allowed - seen);
            set.push(u);
            grow(
                neighbours,
                allowed,
                set,
                untried | fresh,
                seen | fresh,
                max,
                f,
            );
            set.pop();
        }
    }
    let mut remaining = cells;
    for anchor in cells {
        remaining.remove(anchor);
        let untried = neighbours(anchor) & remaining;
        let mut set = alloc::vec![anchor];
        grow(
            neighbours,
            remaining,
            &mut set,
            untried,
            untried.with(anchor),
            max,
            &mut f,
        );
    }
}

/// The local game of one region in one player's reduced graph.
struct LocalGame {
    size: usize,
    /// The outcome of each final colouring (bit `i`: region cell `i` is Short's).
    outcomes: [Outcome; 1 << MAX_REGION],
    /// The outcome with Short on `short`, Cut on `cut` and a side to move, once solved;
    /// indexed by the base-3 code of the region's cells and the side to move.
    memo: Vec<Option<Outcome>>,
}

/// The local outcome, from Short's side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Outcome {
    Cut,
    Draw,
    Short,
}

/// Scratch space for building local games: each point's terminal index.
struct Scratch {
    terminal_index: [u8; POINT_COUNT],
}

impl LocalGame {
    /// The game of `region` in `graph`, or `None` when it has too many terminals or its cells
    /// join nothing even all Short (then they are dead, found elsewhere).
    fn new(graph: &ReducedGraph, region: &[Point], scratch: &mut Scratch) -> Option<LocalGame> {
        let size = region.len();
        let set: CellSet = region.iter().copied().collect();
        let mut around = CellSet::EMPTY;
        for &p in region {
            around |= graph.neighbours(p);
        }
        let around = around - set;
        let count = around.len() as usize;
        if count > MAX_TERMINALS {
            return None;
        }
        for (t, p) in around.iter().enumerate() {
            scratch.terminal_index[p.index()] = t as u8;
        }
        // For each region cell: the region cells next to it and its terminals; for each
        // terminal, the terminals next to it.
        let mut inside = [0u8; MAX_REGION];
        let mut terminals = [0u32; MAX_REGION];
        for (i, &p) in region.iter().enumerate() {
            let near = graph.neighbours(p);
            for (j, &q) in region.iter().enumerate() {
                if near.contains(q) {
                    inside[i] |= 1 << j;
                }
            }
            for q in near & around {
                terminals[i] |= 1 << scratch.terminal_index[q.index()];
            }
        }
        let mut adjacent = [0u32; MAX_TERMINALS];
        for (t, p) in around.iter().enumerate() {
            for q in graph.neighbours(p) & around {
                adjacent[t] |= 1 << scratch.terminal_index[q.index()];
            }
        }
        // The terminal pairs (not adjacent) joined through the region cells in `short`.
        let joined = |short: u8| -> [u32; MAX_TERMINALS] {
            let mut out = [0u32; MAX_TERMINALS];
            let mut left = short;
            while left != 0 {
                let mut component = left & left.wrapping_neg();
                loop {
                    let mut next = component;
                    for (i, &near) in inside[..size].iter().enumerate() {
                        if component & 1 << i != 0 {
                            next |= near & short;
                        }
                    }
                    if next == component {
                        break;
                    }
                    component = next;
                }
                left &= !component;
                let mut reached = 0u32;
                for (i, &ends) in terminals[..size].iter().enumerate() {
                    if component & 1 << i != 0 {
                        reached |= ends;
                    }
                }
                let mut each = reached;
                while each != 0 {
                    let t = each.trailing_zeros() as usize;
                    each &= each - 1;
                    out[t] |= reached & !adjacent[t] & !(1 << t);
                }
            }
            out
        };
        let all = ((1u16 << size) - 1) as u8;
        let full = joined(all);
        if full[..count].iter().all(|&j| j == 0) {
            return None;
        }
        // Somebody must win moving first, or nothing follows. Cut cannot if two cells each
        // join terminals that are not adjacent (Short takes whichever Cut leaves); Short
        // cannot if two cells are each needed to join all that the region joins (Cut takes
        // whichever Short leaves).
        let open_cells = (0..size)
            .filter(|&i| {
                let t = terminals[i];
                (0..count).any(|u| t & 1 << u != 0 && t & !adjacent[u] & !(1 << u) != 0)
            })
            .count();
        if open_cells >= 2 {
            let needed = (0..size)
                .filter(|&i| joined(all & !(1 << i))[..count] != full[..count])
                .count();
            if needed >= 2 {
                return None;
            }
        }
        let mut game = LocalGame {
            size,
            outcomes: [Outcome::Draw; 1 << MAX_REGION],
            memo: alloc::vec![None; 2 * 3usize.pow(size as u32)],
        };
        for short in 0..=all {
            let j = joined(short);
            game.outcomes[usize::from(short)] = if j[..count] == full[..count] {
                Outcome::Short
            } else if j[..count].iter().all(|&x| x == 0) {
                Outcome::Cut
            } else {
                Outcome::Draw
            };
        }
        Some(game)
    }

    /// The outcome with Short on `short`, Cut on `cut`, `short_moves` to move.
    fn value(&mut self, short: u8, cut: u8, short_moves: bool) -> Outcome {
        let all = ((1u16 << self.size) - 1) as u8;
        if short | cut == all {
            return self.outcomes[usize::from(short)];
        }
        let mut code = 0usize;
        for i in (0..self.size).rev() {
            code = code * 3 + usize::from(short >> i & 1) + 2 * usize::from(cut >> i & 1);
        }
        let key = code * 2 + usize::from(short_moves);
        if let Some(v) = self.memo[key] {
            return v;
        }
        let mut best = if short_moves {
            Outcome::Cut
        } else {
            Outcome::Short
        };
        for i in 0..self.size {
            if (short | cut) & 1 << i != 0 {
                continue;
            }
            best = if short_moves {
                best.max(self.value(short | 1 << i, cut, false))
            } else {
                best.min(self.value(short, cut | 1 << i, true))
            };
            // Nothing beats a win.
            if best
                == if short_moves {
                    Outcome::Short
                } else {
                    Outcome::Cut
                }
            {
                break;
            }
        }
        self.memo[key] = Some(best);
        best
    }
}

/// The claims the local games of every connected region of up to `size` cells among `cells`
/// prove (up to [`MAX_REGION`] cells when `cells` has at most [`SMALL_POSITION`]), in both
/// players' reduced `graphs`.
#[must_use]
pub fn region_claims(
    board: &Board,
    graphs: &ByColor<ReducedGraph>,
    cells: CellSet,
    size: usize,
    wanted: Wanted,
) -> RegionClaims {
    let size = if cells.len() <= SMALL_POSITION {
        MAX_REGION
    } else {
        size.min(MAX_REGION)
    };
    let mut out = RegionClaims::default();
    let mut scratch = Scratch {
        terminal_index: [0; POINT_COUNT],
    };
    for x in Color::ALL {
        let graph = &graphs[x];
        connected_sets(&|p| board.neighbours(p), cells, size, |region| {
            if region.len() < 2 {
                return;
            }
            let Some(mut play) = LocalGame::new(graph, region, &mut scratch) else {
                return;
            };
            let proof = Proof {
                region: region.iter().copied().collect(),
                graph: x,
            };
            match wanted {
                Wanted::Captured => {
                    if play.value(0, 0, false) == Outcome::Short {
                        out.captured.push((proof, x));
                    } else if play.value(0, 0, true) == Outcome::Cut {
                        out.captured.push((proof, !x));
                    }
                }
                Wanted::MovesFor(player) => {
                    let short = player == x;
                    // The player's winning first moves dominate the region's other cells.
                    let goal = if short { Outcome::Short } else { Outcome::Cut };
                    let after = |play: &mut LocalGame, mine: u8, theirs: u8, short_next: bool| {
                        if short {
                            play.value(mine, theirs, short_next)
                        } else {
                            play.value(theirs, mine, short_next)
                        }
                    };
                    let winners: u8 = if after(&mut play, 0, 0, short) != goal {
                        0
                    } else {
                        (0..region.len())
                            .filter(|&i| after(&mut play, 1 << i, 0, !short) == goal)
                            .fold(0, |m, i| m | 1 << i)
                    };
                    if winners != 0 {
                        for (c, &cell) in region.iter().enumerate() {
                            if winners & 1 << c != 0 {
                                continue;
                            }
                            for (d, &dominator) in region.iter().enumerate() {
                                if winners & 1 << d != 0 {
                                    out.dominated.push((cell, dominator, player, proof));
                                }
                            }
                        }
                    }
                    // A move the opponent answers with a local win moving second.
                    // Only where the opponent moving first wins locally (one stone of the
                    // player's more cannot make the opponent's task easier).
                    let lost = if short { Outcome::Cut } else { Outcome::Short };
                    if after(&mut play, 0, 0, !short) != lost {
                        return;
                    }
                    for (w, &cell) in region.iter().enumerate() {
                        for (k, &killer) in region.iter().enumerate() {
                            if k != w && after(&mut play, 1 << w, 1 << k, short) == lost {
                                out.vulnerable.push((cell, killer, player, proof));
                            }
                        }
                    }
                }
            }
        });
    }
    // Many regions prove the same relation: keep each once, with the first region found.
    for list in [&mut out.dominated, &mut out.vulnerable] {
        list.sort_by_key(|&(cell, other, colour, _)| (cell, other, colour.index()));
        list.dedup_by_key(|&mut (cell, other, colour, _)| (cell, other, colour.index()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connected_sets_are_each_found_once() {
        let board = Board::square(4).expect("valid");
        let mut seen: Vec<CellSet> = Vec::new();
        connected_sets(&|p| board.neighbours(p), board.cells(), 3, |s| {
            seen.push(s.iter().copied().collect());
        });
        let count = seen.len();
        seen.sort_unstable_by_key(|s| *s.words());
        seen.dedup();
        assert_eq!(seen.len(), count);
        // 16 cells, 33 adjacent pairs, and the connected triples of a 4x4 hex board.
        let pairs = seen.iter().filter(|s| s.len() == 2).count();
        assert_eq!(seen.iter().filter(|s| s.len() == 1).count(), 16);
        assert_eq!(pairs, 33);
        for s in &seen {
            let first = s.first().expect("not empty");
            let mut reached = CellSet::single(first);
            for _ in 0..3 {
                for p in reached {
                    reached |= board.neighbours(p) & *s;
                }
            }
            assert_eq!(reached, *s);
        }
    }
}
