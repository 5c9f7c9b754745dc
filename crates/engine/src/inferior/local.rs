//! Local proofs: what a small picture of stones around a cell proves, whatever the rest of the
//! board holds. The pattern library (`library.txt`) is generated from these proofs by
//! [`generate`], and every claim the matcher makes rests on them.
//!
//! **The window.** A pattern lives in the 19 grid positions within distance 2 of its anchor
//! cell `c` (index 0): the six neighbours (1–6, in rotational order) and the twelve positions
//! at distance 2 (7–18). Each position is *unknown* (`?`: anything, and it may connect to
//! anything), *empty*, or holds a Black or White stone (an edge counts as a stone of its owner:
//! past one edge of the board the matcher sees that colour).
//!
//! **The proof method.** Whether Black joins his edges depends only on which cells are black.
//! Inside the pattern's known positions `R`, a colouring of its empty cells decides which of
//! the *ports* (known positions next to an unknown one) are black and which of those are
//! joined by black chains inside `R`: its *signature*. Outside `R`, anything may happen, but it
//! sees the pattern only through its signature. So if two colourings have the same signature,
//! no completion of the board can tell them apart; and if every connection one signature
//! offers Black is also offered by another, the other is at least as good for Black. Every
//! claim below is a statement about signatures over *all* colourings of the pattern's other
//! empty cells, so it holds in every position where the pattern matches, however the other
//! cells are filled later (the property the fill-in and pruning rules need).
//!
//! The kinds, for a player `X` (`Y` the opponent), with `d` the partner cell:
//! - **dead** `c`: its colour never changes the signature;
//! - **captured** `{c, d}` by `X`: whichever of the two `Y` takes, `X` takes the other and the
//!   `Y` stone is then dead (Björnsson et al., Observation 4.5): fill both with `X`;
//! - **permanently inferior** `c` for `X` with carrier `d`: a `Y` stone on `c` dies when `X`
//!   answers `d`, and if `Y` takes `d` first, `c` is dead: fill `c` with `X` (`d` stays empty);
//! - **dominated** `c` by `d` for `X`: `X` on `d` is at least as good as `X` on `c`, because
//!   exchanging the two stones never hurts `X` (`c = X, d = Y` gives `X` no connection that
//!   `d = X, c = Y` does not), or because `X` on `d` kills `c` or captures it with a neighbour;
//! - **vulnerable** `c` for `X`, killer `d`: after `X` on `c` and `Y` on `d`, the `X` stone is
//!   dead;
//! - **reversible** `c` for `X`, reverser `d`, carrier `C`: after `X` on `c` and `Y` on `d`,
//!   `C` is captured by `Y`, and once `C` is filled in the `X` stone is dead: `Y`'s answer
//!   leaves `X` no better off than two `Y` stones would (Henderson and Hayward's captured-
//!   reversible moves).

use alloc::string::String;
use alloc::vec::Vec;

use crate::color::Color;

/// Window positions: the anchor, its six neighbours in rotational order, then distance 2.
pub const WINDOW: [(i8, i8); 19] = [
    (0, 0),
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
    (2, 0),
    (1, 1),
    (0, 2),
    (-1, 2),
    (-2, 2),
    (-2, 1),
    (-2, 0),
    (-1, -1),
    (0, -2),
    (1, -2),
    (2, -2),
    (2, -1),
];

/// The number of window positions.
pub const WINDOW_SIZE: usize = 19;

/// The state of a window position.
pub type State = u8;
/// Anything (not part of the pattern).
pub const UNKNOWN: State = 0;
/// An empty cell.
pub const EMPTY: State = 1;
/// A Black stone (or the north / south edge).
pub const BLACK: State = 2;
/// A White stone (or the west / east edge).
pub const WHITE: State = 3;

/// A pattern's states, indexed like [`WINDOW`].
pub type Cells = [State; WINDOW_SIZE];

/// The stone state of `colour`.
#[must_use]
pub const fn stone(colour: Color) -> State {
    match colour {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

const fn index_of(q: i8, r: i8) -> Option<usize> {
    let mut i = 0;
    while i < WINDOW_SIZE {
        if WINDOW[i].0 == q && WINDOW[i].1 == r {
            return Some(i);
        }
        i += 1;
    }
    None
}

const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// For each window position: the window positions next to it (a bit mask) and whether some
/// neighbour lies outside the window.
const ADJACENT: [(u32, bool); WINDOW_SIZE] = {
    let mut out = [(0u32, false); WINDOW_SIZE];
    let mut i = 0;
    while i < WINDOW_SIZE {
        let mut d = 0;
        while d < 6 {
            let (q, r) = (WINDOW[i].0 + DIRECTIONS[d].0, WINDOW[i].1 + DIRECTIONS[d].1);
            match index_of(q, r) {
                Some(j) => out[i].0 |= 1 << j,
                None => out[i].1 = true,
            }
            d += 1;
        }
        i += 1;
    }
    out
};

/// The window positions next to position `i` (bit mask).
#[must_use]
pub const fn adjacent(i: usize) -> u32 {
    ADJACENT[i].0
}

/// The twelve symmetries of the grid about the anchor, as permutations of window indices
/// (`TRANSFORMS[t][i]` is where position `i` goes): six rotations, each with or without the
/// reflection `(q, r) -> (r, q)`. Each preserves adjacency, so it preserves every claim.
pub const TRANSFORMS: [[u8; WINDOW_SIZE]; 12] = {
    let mut out = [[0u8; WINDOW_SIZE]; 12];
    let mut t = 0;
    while t < 12 {
        let mut i = 0;
        while i < WINDOW_SIZE {
            let (mut q, mut r) = WINDOW[i];
            if t >= 6 {
                let s = q;
                q = r;
                r = s;
            }
            let mut k = 0;
            while k < t % 6 {
                let s = q;
                q = -r;
                r = s + r;
                k += 1;
            }
            out[t][i] = match index_of(q, r) {
                Some(j) => j as u8,
                None => 0,
            };
            i += 1;
        }
        t += 1;
    }
    out
};

fn bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    core::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

fn mask_of(cells: &Cells, state: State) -> u32 {
    let mut m = 0;
    for (i, &s) in cells.iter().enumerate() {
        if s == state {
            m |= 1 << i;
        }
    }
    m
}

/// The known positions with a neighbour that is unknown or outside the window.
fn ports(cells: &Cells) -> u32 {
    let known = !mask_of(cells, UNKNOWN) & ((1 << WINDOW_SIZE) - 1);
    let mut out = 0;
    for i in bits(known) {
        if ADJACENT[i].1 || adjacent(i) & !known != 0 {
            out |= 1 << i;
        }
    }
    out
}

/// What the outside sees of a colouring: the black ports, grouped by the black chains inside
/// the pattern that join them (each group a mask; groups in order of their lowest port).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Signature {
    black_ports: u32,
    groups: [u32; 10],
    count: usize,
}

fn signature(black: u32, ports: u32) -> Signature {
    let mut sig = Signature {
        black_ports: black & ports,
        groups: [0; 10],
        count: 0,
    };
    let mut left = black & ports;
    while left != 0 {
        let start = left & left.wrapping_neg();
        let mut chain = start;
        loop {
            let mut next = chain;
            for i in bits(chain) {
                next |= adjacent(i) & black;
            }
            if next == chain {
                break;
            }
            chain = next;
        }
        sig.groups[sig.count] = chain & ports;
        sig.count += 1;
        left &= !chain;
    }
    sig
}

/// Every connection `a` offers Black, `b` offers too.
fn at_most(a: &Signature, b: &Signature) -> bool {
    a.black_ports & !b.black_ports == 0
        && a.groups[..a.count]
            .iter()
            .all(|g| b.groups[..b.count].iter().any(|h| g & !h == 0))
}

/// `a` is no better than `b` for `colour`.
fn no_better_for(colour: Color, a: &Signature, b: &Signature) -> bool {
    match colour {
        Color::Black => at_most(a, b),
        Color::White => at_most(b, a),
    }
}

/// Calls `f` with the black mask of every colouring of the empty cells in `free`, on top of
/// the black stones `base`; stops (returning false) when `f` does.
fn all_colourings(free: u32, base: u32, mut f: impl FnMut(u32) -> bool) -> bool {
    let list: Vec<usize> = bits(free).collect();
    for choice in 0u32..(1 << list.len()) {
        let mut black = base;
        for (k, &i) in list.iter().enumerate() {
            if choice & (1 << k) != 0 {
                black |= 1 << i;
            }
        }
        if !f(black) {
            return false;
        }
    }
    true
}

fn with(cells: &Cells, i: usize, state: State) -> Cells {
    let mut out = *cells;
    out[i] = state;
    out
}

/// Whether the colour of position `c` (empty or a stone) never changes the signature.
#[must_use]
pub fn is_dead(cells: &Cells, c: usize) -> bool {
    let ports = ports(cells);
    if ports & (1 << c) != 0 || cells[c] == UNKNOWN {
        return false;
    }
    let free = mask_of(cells, EMPTY) & !(1 << c);
    let base = mask_of(cells, BLACK) & !(1 << c);
    all_colourings(free, base, |black| {
        signature(black | 1 << c, ports) == signature(black, ports)
    })
}

/// Whether the stones `set` (a mask) may be given colour `owner` without changing anything
/// the outside can see, for every colouring of the other empty cells.
fn equivalent_to_filled(cells: &Cells, set: u32, owner: Color) -> bool {
    let ports = ports(cells);
    let free = mask_of(cells, EMPTY) & !set;
    let base = mask_of(cells, BLACK) & !set;
    let now = mask_of(cells, BLACK) & set;
    let filled = if owner == Color::Black { set } else { 0 };
    all_colourings(free, base, |black| {
        signature(black | now, ports) == signature(black | filled, ports)
    })
}

/// Whether the empty cells `set` (a mask) are captured by `owner`: whatever the opponent plays
/// in the set, `owner` answers in it, and at the end the opponent's stones there are as good
/// as `owner`'s (for every colouring of the other empty cells).
#[must_use]
pub fn is_captured(cells: &Cells, set: u32, owner: Color) -> bool {
    if set == 0
        || ports(cells) & set != 0
        || (0..WINDOW_SIZE).any(|i| set & 1 << i != 0 && cells[i] != EMPTY)
    {
        return false;
    }
    captured_from(cells, set, set, owner)
}

fn captured_from(cells: &Cells, set: u32, open: u32, owner: Color) -> bool {
    if open == 0 {
        return equivalent_to_filled(cells, set, owner);
    }
    bits(open).all(|y| {
        let after = with(cells, y, stone(!owner));
        let rest = open & !(1 << y);
        if rest == 0 {
            equivalent_to_filled(&after, set, owner)
        } else {
            bits(rest).any(|x| {
                captured_from(&with(&after, x, stone(owner)), set, rest & !(1 << x), owner)
            })
        }
    })
}

/// `colour` on `d` is at least as good as `colour` on `c` (both empty).
#[must_use]
pub fn is_dominated(cells: &Cells, c: usize, d: usize, colour: Color) -> bool {
    let ports = ports(cells);
    let (x, y) = (stone(colour), stone(!colour));
    let swapped = {
        let on_c = with(&with(cells, c, x), d, y);
        let on_d = with(&with(cells, c, y), d, x);
        let free = mask_of(cells, EMPTY) & !(1 << c | 1 << d);
        let (base_c, base_d) = (mask_of(&on_c, BLACK), mask_of(&on_d, BLACK));
        let others = free;
        all_colourings(others, 0, |black| {
            no_better_for(
                colour,
                &signature(base_c | black, ports),
                &signature(base_d | black, ports),
            )
        })
    };
    if swapped {
        return true;
    }
    let after = with(cells, d, x);
    if is_dead(&after, c) {
        return true;
    }
    bits(mask_of(&after, EMPTY) & !(1 << c)).any(|e| is_captured(&after, 1 << c | 1 << e, colour))
}

/// After `colour` on `c` and the opponent on `k`, the stone on `c` is dead.
#[must_use]
pub fn is_vulnerable(cells: &Cells, c: usize, k: usize, colour: Color) -> bool {
    is_dead(&with(&with(cells, c, stone(colour)), k, stone(!colour)), c)
}

/// After `colour` on `c` and the opponent on `r`, a set captured by the opponent (returned,
/// as a mask) kills the stone on `c` once filled in.
#[must_use]
pub fn reversing_carrier(cells: &Cells, c: usize, r: usize, colour: Color) -> Option<u32> {
    let after = with(&with(cells, c, stone(colour)), r, stone(!colour));
    let empty: Vec<usize> = bits(mask_of(&after, EMPTY)).collect();
    let mut sets: Vec<u32> = empty.iter().map(|&a| 1 << a).collect();
    for (k, &a) in empty.iter().enumerate() {
        for &b in &empty[k + 1..] {
            sets.push(1 << a | 1 << b);
        }
    }
    sets.into_iter()
        .find(|&set| reverses_with(&after, c, set, colour))
}

/// In `after` (`colour` on `c`, the opponent's answer played), `set` is captured by the
/// opponent and kills `c` once filled.
fn reverses_with(after: &Cells, c: usize, set: u32, colour: Color) -> bool {
    if !is_captured(after, set, !colour) {
        return false;
    }
    let mut filled = *after;
    for i in bits(set) {
        filled[i] = stone(!colour);
    }
    is_dead(&filled, c)
}

/// An opponent stone on `c` dies when `colour` answers on `d`, and `c` is dead once the
/// opponent holds `d`: `c` may be filled with `colour` while `d` stays empty.
#[must_use]
pub fn is_permanently_inferior(cells: &Cells, c: usize, d: usize, colour: Color) -> bool {
    let (x, y) = (stone(colour), stone(!colour));
    is_dead(&with(&with(cells, c, y), d, x), c) && is_dead(&with(cells, d, y), c)
}

/// What a library pattern claims about its anchor `c` (window index 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Claim {
    /// `c` is dead.
    Dead,
    /// `{c, partner}` is captured by the colour.
    Captured,
    /// `c` is permanently inferior for the colour (filled with it), carrier the partner.
    PermanentlyInferior,
    /// The colour's move on `c` is dominated by its move on the partner.
    Dominated,
    /// The colour's move on `c` is killed by the opponent's answer on the partner.
    Vulnerable,
    /// The colour's move on `c` is reversed by the opponent's answer on the partner, with a
    /// captured carrier.
    Reversible,
}

impl Claim {
    /// All claims, in the order the library lists them.
    pub const ALL: [Claim; 6] = [
        Claim::Dead,
        Claim::Captured,
        Claim::PermanentlyInferior,
        Claim::Dominated,
        Claim::Vulnerable,
        Claim::Reversible,
    ];

    /// The word the library file uses.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Claim::Dead => "dead",
            Claim::Captured => "captured",
            Claim::PermanentlyInferior => "inferior",
            Claim::Dominated => "dominated",
            Claim::Vulnerable => "vulnerable",
            Claim::Reversible => "reversible",
        }
    }

    fn parse(word: &str) -> Option<Claim> {
        Claim::ALL.into_iter().find(|c| c.name() == word)
    }
}

/// One pattern of the library: states over the window (index 0, the anchor, is empty), the
/// claim, the player it is for, the partner cell (window index, 0 for none) and the carrier of
/// a reversible move (mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LibraryPattern {
    pub claim: Claim,
    pub colour: Color,
    pub partner: u8,
    pub carrier: u32,
    pub cells: Cells,
}

impl LibraryPattern {
    /// The pattern under symmetry `t` of [`TRANSFORMS`], with the colours exchanged if asked.
    #[must_use]
    pub fn transformed(&self, t: usize, exchange: bool) -> LibraryPattern {
        let map = &TRANSFORMS[t];
        let mut cells = [UNKNOWN; WINDOW_SIZE];
        for (i, &s) in self.cells.iter().enumerate() {
            cells[map[i] as usize] = match s {
                BLACK if exchange => WHITE,
                WHITE if exchange => BLACK,
                other => other,
            };
        }
        let mut carrier = 0;
        for i in bits(self.carrier) {
            carrier |= 1 << map[i];
        }
        LibraryPattern {
            claim: self.claim,
            colour: if exchange { !self.colour } else { self.colour },
            partner: map[self.partner as usize],
            carrier,
            cells,
        }
    }

    /// The least of the pattern's 24 images: one representative per symmetry class.
    #[must_use]
    pub fn canonical(&self) -> LibraryPattern {
        let mut best = *self;
        for t in 0..12 {
            for exchange in [false, true] {
                let image = self.transformed(t, exchange);
                if image < best {
                    best = image;
                }
            }
        }
        best
    }

    /// Whether the claim holds (the proof, run again).
    #[must_use]
    pub fn holds(&self) -> bool {
        let (c, d) = (0, self.partner as usize);
        let cells = &self.cells;
        if cells[c] != EMPTY || (self.claim != Claim::Dead && cells[d] != EMPTY) {
            return false;
        }
        match self.claim {
            Claim::Dead => is_dead(cells, c),
            Claim::Captured => is_captured(cells, 1 << c | 1 << d, self.colour),
            Claim::PermanentlyInferior => is_permanently_inferior(cells, c, d, self.colour),
            Claim::Dominated => is_dominated(cells, c, d, self.colour),
            Claim::Vulnerable => is_vulnerable(cells, c, d, self.colour),
            Claim::Reversible => {
                let after = with(&with(cells, c, stone(self.colour)), d, stone(!self.colour));
                !is_vulnerable(cells, c, d, self.colour)
                    && reverses_with(&after, c, self.carrier, self.colour)
            }
        }
    }

    /// One line of the library file: claim, colour, partner, carrier, then the 19 states
    /// (`?` unknown, `.` empty, `B`, `W`) in window order.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut line = String::new();
        line.push_str(self.claim.name());
        line.push(' ');
        line.push_str(self.colour.name());
        line.push_str(&alloc::format!(" {} {:x} ", self.partner, self.carrier));
        for &s in &self.cells {
            line.push(['?', '.', 'B', 'W'][s as usize]);
        }
        line
    }

    /// Parses [`LibraryPattern::to_line`]'s format.
    #[must_use]
    pub fn from_line(line: &str) -> Option<LibraryPattern> {
        let mut words = line.split_whitespace();
        let claim = Claim::parse(words.next()?)?;
        let colour = Color::parse(words.next()?)?;
        let partner: u8 = words.next()?.parse().ok()?;
        let carrier = u32::from_str_radix(words.next()?, 16).ok()?;
        let text = words.next()?;
        if words.next().is_some() || text.len() != WINDOW_SIZE || partner as usize >= WINDOW_SIZE {
            return None;
        }
        let mut cells = [UNKNOWN; WINDOW_SIZE];
        for (i, ch) in text.chars().enumerate() {
            cells[i] = match ch {
                '?' => UNKNOWN,
                '.' => EMPTY,
                'B' => BLACK,
                'W' => WHITE,
                _ => return None,
            };
        }
        Some(LibraryPattern {
            claim,
            colour,
            partner,
            carrier,
            cells,
        })
    }
}

/// Whether no specified position of `p` (other than the anchor and partner) can be made
/// unknown with the claim still holding.
fn is_minimal(p: &LibraryPattern) -> bool {
    (1..WINDOW_SIZE).all(|i| {
        if p.cells[i] == UNKNOWN || (p.claim != Claim::Dead && i == p.partner as usize) {
            return true;
        }
        let mut q = *p;
        q.cells[i] = UNKNOWN;
        if q.carrier & (1 << i) != 0 {
            return true;
        }
        !q.holds()
    })
}

/// Calls `f` with every assignment of {unknown, empty, Black, White} to the window positions
/// `free` (the others as in `cells`).
fn assignments(cells: Cells, free: &[usize], f: &mut impl FnMut(&Cells)) {
    let mut current = cells;
    let total = 4u32.pow(free.len() as u32);
    for code in 0..total {
        let mut c = code;
        for &i in free {
            current[i] = (c % 4) as State;
            c /= 4;
        }
        f(&current);
    }
}

/// Proves the library: every minimal pattern of each claim in the windows the library covers
/// (the anchor's six neighbours for dead cells; the neighbourhoods of the anchor and of its
/// partner, one neighbour, for the two-cell claims), one per symmetry class, sorted.
#[must_use]
pub fn generate() -> Vec<LibraryPattern> {
    let mut out: Vec<LibraryPattern> = Vec::new();
    let mut push = |p: LibraryPattern| {
        if is_minimal(&p) {
            out.push(p.canonical());
        }
    };
    // Dead cells: the six neighbours decide.
    let mut base = [UNKNOWN; WINDOW_SIZE];
    base[0] = EMPTY;
    assignments(base, &[1, 2, 3, 4, 5, 6], &mut |cells| {
        let p = LibraryPattern {
            claim: Claim::Dead,
            colour: Color::Black,
            partner: 0,
            carrier: 0,
            cells: *cells,
        };
        if p.holds() {
            push(p);
        }
    });
    // Two-cell claims: the anchor and its partner (neighbour 1), their other neighbours free.
    let partner = 1usize;
    let mut free: Vec<usize> = Vec::new();
    for i in 1..WINDOW_SIZE {
        let near = (adjacent(0) | adjacent(partner)) & (1 << i) != 0;
        if near && i != partner {
            free.push(i);
        }
    }
    base[partner] = EMPTY;
    assignments(base, &free, &mut |cells| {
        if is_dead(cells, 0) {
            return;
        }
        for colour in Color::ALL {
            let make = |claim, carrier| LibraryPattern {
                claim,
                colour,
                partner: partner as u8,
                carrier,
                cells: *cells,
            };
            let captured = make(Claim::Captured, 0);
            let both_captured = captured.holds();
            if both_captured {
                push(captured);
            }
            let inferior = make(Claim::PermanentlyInferior, 0);
            if !both_captured && inferior.holds() {
                push(inferior);
            }
            let dominated = make(Claim::Dominated, 0);
            if dominated.holds() {
                push(dominated);
            }
            let vulnerable = make(Claim::Vulnerable, 0);
            if vulnerable.holds() {
                push(vulnerable);
            } else if let Some(carrier) = reversing_carrier(cells, 0, partner, colour) {
                push(make(Claim::Reversible, carrier));
            }
        }
    });
    out.sort_unstable();
    out.dedup();
    out
}

/// The library file's text: a header, then one [`LibraryPattern::to_line`] per pattern.
#[must_use]
pub fn library_text(patterns: &[LibraryPattern]) -> String {
    let mut text = String::from(LIBRARY_HEADER);
    for p in patterns {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    text
}

/// The comment at the top of `library.txt`.
pub const LIBRARY_HEADER: &str = "\
# Ohm's inferior-cell pattern library, generated and proven by inferior::local::generate
# (`ohm patterns text > crates/engine/src/inferior/library.txt`, or OHM_BLESS=1 with the
# library test, rewrites it; a test checks that this file is the generator's output).
# One pattern per line: claim, colour it is for, partner index, reversible carrier (hex mask),
# then the 19 window positions in order (see inferior/local.rs): `.` empty, `B` / `W` a stone
# or an edge of that colour, `?` anything. Position 0 is the anchor cell the claim is about.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms_are_permutations_that_keep_adjacency() {
        for map in &TRANSFORMS {
            let mut seen = 0u32;
            for &j in map {
                seen |= 1 << j;
            }
            assert_eq!(seen, (1 << WINDOW_SIZE) - 1);
            for i in 0..WINDOW_SIZE {
                for j in bits(adjacent(i)) {
                    assert!(adjacent(map[i] as usize) & (1 << map[j]) != 0);
                }
            }
        }
    }

    #[test]
    fn four_black_neighbours_in_a_row_kill_the_anchor() {
        let mut cells = [UNKNOWN; WINDOW_SIZE];
        cells[0] = EMPTY;
        for i in [1, 2, 3, 4] {
            cells[i] = BLACK;
        }
        cells[5] = EMPTY;
        cells[6] = EMPTY;
        assert!(is_dead(&cells, 0));
        cells[2] = EMPTY;
        assert!(!is_dead(&cells, 0));
    }

    #[test]
    fn library_lines_round_trip() {
        let mut cells = [UNKNOWN; WINDOW_SIZE];
        cells[0] = EMPTY;
        cells[1] = EMPTY;
        cells[3] = WHITE;
        let p = LibraryPattern {
            claim: Claim::Reversible,
            colour: Color::White,
            partner: 1,
            carrier: 0x14,
            cells,
        };
        assert_eq!(LibraryPattern::from_line(&p.to_line()), Some(p));
        assert_eq!(LibraryPattern::from_line("dead black 0 0 ..."), None);
    }
}
