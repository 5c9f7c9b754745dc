//! Local proofs: what a small picture of stones around a cell proves, whatever the rest of the
//! board holds. The pattern library (`library.txt`) is generated from these proofs by
//! [`generate`], and every claim the matcher makes rests on them.
//!
//! **The window.** A pattern lives in the 37 grid positions within distance 3 of its anchor
//! cell `c` (index 0): the six neighbours (1–6, in rotational order), the twelve positions at
//! distance 2 (7–18) and the eighteen at distance 3 (19–36). Each position is *unknown* (`?`:
//! anything, and it may connect to anything), *empty*, or holds a Black or White stone (an
//! edge counts as a stone of its owner: past one edge of the board the matcher sees that
//! colour, see [`super::matcher`]).
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

/// Window positions as axial offsets `(column, row)` from the anchor: the anchor, its six
/// neighbours in rotational order, then the twelve positions at distance 2 and the eighteen
/// at distance 3, each ring in the same rotational order.
pub const WINDOW: [(i8, i8); WINDOW_SIZE] = [
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
    (3, 0),
    (2, 1),
    (1, 2),
    (0, 3),
    (-1, 3),
    (-2, 3),
    (-3, 3),
    (-3, 2),
    (-3, 1),
    (-3, 0),
    (-2, -1),
    (-1, -2),
    (0, -3),
    (1, -3),
    (2, -3),
    (3, -3),
    (3, -2),
    (3, -1),
];

/// The number of window positions: the anchor and the rings at distance 1, 2 and 3.
pub const WINDOW_SIZE: usize = 37;

/// The window positions within distance 2 of the anchor (the first 19).
pub const INNER_SIZE: usize = 19;

/// A set of window positions (bit `i` for position `i`).
pub type Mask = u64;

const FULL: Mask = (1 << WINDOW_SIZE) - 1;

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

/// The window index of offset `(q, r)`, if it lies in the window.
#[must_use]
pub const fn index_of(q: i8, r: i8) -> Option<usize> {
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

/// For each window position: the window positions next to it (a mask) and whether some
/// neighbour lies outside the window.
const ADJACENT: [(Mask, bool); WINDOW_SIZE] = {
    let mut out = [(0 as Mask, false); WINDOW_SIZE];
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

/// The window positions next to position `i`.
#[must_use]
pub const fn adjacent(i: usize) -> Mask {
    ADJACENT[i].0
}

/// The window positions next to some position of `set`.
#[must_use]
pub fn neighbours_of(set: Mask) -> Mask {
    let mut out = 0;
    for i in bits(set) {
        out |= adjacent(i);
    }
    out & !set
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

/// The positions of a mask, lowest first.
pub fn bits(mask: Mask) -> impl Iterator<Item = usize> {
    let mut m = mask;
    core::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The positions of `cells` in `state`.
#[must_use]
pub fn mask_of(cells: &Cells, state: State) -> Mask {
    // Branch-free, so the loop vectorises: the generator calls this for every window.
    let mut m = 0;
    for (i, &s) in cells.iter().enumerate() {
        m |= Mask::from(s == state) << i;
    }
    m
}

/// The known positions with a neighbour that is unknown or outside the window.
fn ports(cells: &Cells) -> Mask {
    let known = !mask_of(cells, UNKNOWN) & FULL;
    let mut out = 0;
    for i in bits(known) {
        if ADJACENT[i].1 || adjacent(i) & !known != 0 {
            out |= 1 << i;
        }
    }
    out
}

/// The largest number of Black port groups a signature holds (every port its own group).
const MAX_GROUPS: usize = WINDOW_SIZE;

/// What the outside sees of a colouring: the black ports, grouped by the black chains inside
/// the pattern that join them (each group a mask; groups in order of their lowest port).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Signature {
    black_ports: Mask,
    count: usize,
    groups: [Mask; MAX_GROUPS],
}

impl Signature {
    fn groups(&self) -> &[Mask] {
        &self.groups[..self.count]
    }

    fn same(&self, other: &Signature) -> bool {
        self.black_ports == other.black_ports && self.groups() == other.groups()
    }
}

/// The Black chain through `start` (a position in `black`).
fn chain(start: Mask, black: Mask) -> Mask {
    let (mut chain, mut frontier) = (start, start);
    while frontier != 0 {
        let mut next = 0;
        for i in bits(frontier) {
            next |= adjacent(i);
        }
        frontier = next & black & !chain;
        chain |= frontier;
    }
    chain
}

fn signature(black: Mask, ports: Mask) -> Signature {
    let mut sig = Signature {
        black_ports: black & ports,
        count: 0,
        groups: [0; MAX_GROUPS],
    };
    let mut left = black & ports;
    while left != 0 {
        let start = left & left.wrapping_neg();
        let group = chain(start, black) & ports;
        sig.groups[sig.count] = group;
        sig.count += 1;
        left &= !group;
    }
    sig
}

/// Every connection `a` offers Black, `b` offers too.
fn at_most(a: &Signature, b: &Signature) -> bool {
    a.black_ports & !b.black_ports == 0
        && a.groups()
            .iter()
            .all(|g| b.groups().iter().any(|h| g & !h == 0))
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
fn all_colourings(free: Mask, base: Mask, mut f: impl FnMut(Mask) -> bool) -> bool {
    let mut subset: Mask = 0;
    loop {
        if !f(base | subset) {
            return false;
        }
        if subset == free {
            return true;
        }
        subset = subset.wrapping_sub(free) & free;
    }
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
        signature(black | 1 << c, ports).same(&signature(black, ports))
    })
}

/// Whether the stones `set` may be given colour `owner` without changing anything the
/// outside can see, for every colouring of the other empty cells.
fn equivalent_to_filled(cells: &Cells, set: Mask, owner: Color) -> bool {
    let ports = ports(cells);
    let free = mask_of(cells, EMPTY) & !set;
    let base = mask_of(cells, BLACK) & !set;
    let now = mask_of(cells, BLACK) & set;
    let filled = if owner == Color::Black { set } else { 0 };
    all_colourings(free, base, |black| {
        signature(black | now, ports).same(&signature(black | filled, ports))
    })
}

/// Whether the empty cells `set` are captured by `owner`: whatever the opponent plays in the
/// set, `owner` answers in it, and at the end the opponent's stones there are as good as
/// `owner`'s (for every colouring of the other empty cells).
#[must_use]
pub fn is_captured(cells: &Cells, set: Mask, owner: Color) -> bool {
    if set == 0 || ports(cells) & set != 0 || bits(set).any(|i| cells[i] != EMPTY) {
        return false;
    }
    captured_from(cells, set, set, owner)
}

fn captured_from(cells: &Cells, set: Mask, open: Mask, owner: Color) -> bool {
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

/// Exchanging `colour`'s stone on `c` and the opponent's on `d` never hurts `colour`: every
/// connection `c = X, d = Y` offers `X` is offered by `d = X, c = Y` too.
fn exchange_never_hurts(cells: &Cells, c: usize, d: usize, colour: Color) -> bool {
    let ports = ports(cells);
    let (x, y) = (stone(colour), stone(!colour));
    let on_c = mask_of(&with(&with(cells, c, x), d, y), BLACK);
    let on_d = mask_of(&with(&with(cells, c, y), d, x), BLACK);
    let free = mask_of(cells, EMPTY) & !(1 << c | 1 << d);
    all_colourings(free, 0, |black| {
        no_better_for(
            colour,
            &signature(on_c | black, ports),
            &signature(on_d | black, ports),
        )
    })
}

/// `colour` on `d` is at least as good as `colour` on `c` (both empty): exchanging the two
/// stones never hurts `colour`, or `colour` on `d` kills `c`, or captures it with another
/// cell.
#[must_use]
pub fn is_dominated(cells: &Cells, c: usize, d: usize, colour: Color) -> bool {
    if exchange_never_hurts(cells, c, d, colour) {
        return true;
    }
    let after = with(cells, d, stone(colour));
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
/// as a mask: one cell or two) kills the stone on `c` once filled in.
#[must_use]
pub fn reversing_carrier(cells: &Cells, c: usize, r: usize, colour: Color) -> Option<Mask> {
    let after = with(&with(cells, c, stone(colour)), r, stone(!colour));
    let empty: Vec<usize> = bits(mask_of(&after, EMPTY)).collect();
    let mut sets: Vec<Mask> = empty.iter().map(|&a| 1 << a).collect();
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
fn reverses_with(after: &Cells, c: usize, set: Mask, colour: Color) -> bool {
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
    pub carrier: Mask,
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

    /// The least of the pattern's 24 images that the proof confirms: one representative per
    /// symmetry class. Every image states a true claim (the symmetries of the window, with or
    /// without the colours exchanged, map one local game onto another), but the proof reads
    /// only Black's connections ([`at_most`] is a sufficient test, not an exact one), so for
    /// a few patterns it confirms an image and not its colour exchange: the library keeps an
    /// image it can prove again, and the oracle test checks every image where it matches.
    #[must_use]
    pub fn canonical(&self) -> LibraryPattern {
        let mut best = *self;
        for t in 0..12 {
            for exchange in [false, true] {
                let image = self.transformed(t, exchange);
                if image < best && image.holds() {
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

    /// One line of the library file: claim, colour, partner, carrier, then the states
    /// (`?` unknown, `.` empty, `B`, `W`) in window order, trailing unknowns left out.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut line = String::new();
        line.push_str(self.claim.name());
        line.push(' ');
        line.push_str(self.colour.name());
        line.push_str(&alloc::format!(" {} {:x} ", self.partner, self.carrier));
        let known = self.cells.iter().rposition(|&s| s != UNKNOWN).unwrap_or(0) + 1;
        for &s in &self.cells[..known] {
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
        let carrier = Mask::from_str_radix(words.next()?, 16).ok()?;
        let text = words.next()?;
        if words.next().is_some()
            || text.is_empty()
            || text.len() > WINDOW_SIZE
            || partner as usize >= WINDOW_SIZE
            || carrier & !FULL != 0
        {
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
/// `free` and of {unknown, Black, White} to the positions `stones` (the others as in `cells`).
fn assignments(cells: Cells, free: &[usize], stones: &[usize], f: &mut impl FnMut(&Cells)) {
    const STONE_STATES: [State; 3] = [UNKNOWN, BLACK, WHITE];
    let mut current = cells;
    let total = 4u64.pow(free.len() as u32) * 3u64.pow(stones.len() as u32);
    for code in 0..total {
        let mut c = code;
        for &i in free {
            current[i] = (c % 4) as State;
            c /= 4;
        }
        for &i in stones {
            current[i] = STONE_STATES[(c % 3) as usize];
            c /= 3;
        }
        f(&current);
    }
}

/// The windows of a family with known neighbours: every assignment of empty, Black or White
/// to `scope.known` (at most `scope.most_empty` of them empty), then every state (or every
/// stone state) of the `scope.beyond_empty` positions that touch one of them left empty (the
/// others unknown), with the family's `free` and `stones` positions. An assignment that kills
/// the anchor already is skipped: nothing beyond it is minimal (the six-neighbour family has
/// its pattern).
fn beyond_known_neighbours(
    base: Cells,
    family: &Family,
    scope: &KnownNeighbours,
    f: &mut impl FnMut(&Cells),
) {
    const KNOWN_STATES: [State; 3] = [EMPTY, BLACK, WHITE];
    let symmetries = window_symmetries(family, scope);
    let mut cells = base;
    for code in 0..3u64.pow(scope.known.len() as u32) {
        let mut c = code;
        for &i in &scope.known {
            cells[i] = KNOWN_STATES[(c % 3) as usize];
            c /= 3;
        }
        // An image of an earlier assignment under a symmetry of the family's windows has
        // the images of its windows, so of its patterns (the library keeps one per class).
        let image_is_less = |map: &[u8; WINDOW_SIZE]| {
            let mut image = [UNKNOWN; WINDOW_SIZE];
            for &i in &scope.known {
                image[map[i] as usize] = cells[i];
            }
            let known = scope.known.iter();
            known
                .clone()
                .map(|&i| image[i])
                .lt(known.map(|&i| cells[i]))
        };
        if symmetries.iter().any(|map| image_is_less(map)) {
            continue;
        }
        let empty = scope
            .known
            .iter()
            .filter(|&&i| cells[i] == EMPTY)
            .fold(0 as Mask, |mask, &i| mask | 1 << i);
        if empty.count_ones() as usize > scope.most_empty || is_dead(&cells, 0) {
            continue;
        }
        let next_to_empty = bits(empty).fold(0, |mask, i| mask | adjacent(i));
        let beyond = scope
            .beyond_empty
            .iter()
            .filter(|&&i| next_to_empty & (1 << i) != 0);
        let (mut free, mut stones) = (family.free.clone(), family.stones.clone());
        if scope.beyond_stones_only {
            stones.extend(beyond);
        } else {
            free.extend(beyond);
        }
        if scope.stones_elsewhere {
            stones.extend(
                scope
                    .beyond_empty
                    .iter()
                    .filter(|&&i| next_to_empty & (1 << i) == 0),
            );
        }
        assignments(cells, &free, &stones, f);
    }
}

/// The symmetries of [`TRANSFORMS`] other than the identity that map a family's windows onto
/// themselves: the partner, the known positions, the next ring, the free and stone positions
/// each onto themselves, and each fixed position onto one fixed in the same state.
fn window_symmetries(family: &Family, scope: &KnownNeighbours) -> Vec<&'static [u8; WINDOW_SIZE]> {
    let to_mask = |list: &[usize]| list.iter().fold(0 as Mask, |m, &i| m | 1 << i);
    let sets = [
        to_mask(&scope.known),
        to_mask(&scope.beyond_empty),
        to_mask(&family.free),
        to_mask(&family.stones),
    ];
    TRANSFORMS[1..]
        .iter()
        .filter(|map| {
            map[family.partner] as usize == family.partner
                && sets
                    .iter()
                    .all(|&set| bits(set).fold(0 as Mask, |m, i| m | 1 << map[i]) == set)
                && family
                    .fixed
                    .iter()
                    .all(|&(i, state)| family.fixed.contains(&(map[i] as usize, state)))
        })
        .collect()
}

/// A set of windows the generator proves claims in: the claim's cells (the anchor, and the
/// partner for two-cell claims), and the positions it tries in every state; the others are
/// unknown.
#[derive(Clone, Debug)]
pub struct Family {
    /// A short name for reports.
    pub name: &'static str,
    /// The partner's window index (0: the one-cell claims, dead).
    pub partner: usize,
    /// The positions tried in every state.
    pub free: Vec<usize>,
    /// The positions tried unknown or holding a stone, never empty (the outer ring of the
    /// larger families, where an empty cell seldom matters and four states cost too much).
    pub stones: Vec<usize>,
    /// Positions held in one state (an edge's stones past the board); the minimal patterns
    /// may still leave them unknown.
    pub fixed: Vec<(usize, State)>,
    /// For a family whose windows grow from the claim's known neighbours (the interior's
    /// second ring), how; `None` for the plain product of the positions above.
    pub known_neighbours: Option<KnownNeighbours>,
}

/// The windows of a family that enumerates outwards from its claim's neighbours.
#[derive(Clone, Debug)]
pub struct KnownNeighbours {
    /// Positions tried empty or holding a stone, never unknown: a dead anchor's neighbours
    /// are all known (next to an unknown position the anchor is a port, never dead), and so
    /// are a captured pair's, a vulnerable or a reversible cell's.
    pub known: Vec<usize>,
    /// Positions tried in every state when they touch a `known` position that is empty, and
    /// unknown otherwise: the next ring reaches the claim's cells through their empty
    /// neighbours.
    pub beyond_empty: Vec<usize>,
    /// The most `known` positions left empty in one window.
    pub most_empty: usize,
    /// The `beyond_empty` positions tried unknown or holding a stone, never empty.
    pub beyond_stones_only: bool,
    /// The `beyond_empty` positions that touch no empty `known` position tried unknown or
    /// holding a stone (instead of unknown only): stones there may close a neighbouring
    /// stone off from the outside or join two around the claim.
    pub stones_elsewhere: bool,
}

/// The families the library covers: dead cells from the anchor's six neighbours; the two-cell
/// claims with the partner next to the anchor, from the neighbourhoods of the two; dead cells
/// and two-cell claims in the interior by the next ring:
///
/// - the six neighbours known (empty or a stone: next to an unknown position the anchor is a
///   port, never dead), at most four of them empty, and the second-ring positions next to an
///   empty neighbour in every state (about 56 million windows, one per symmetry class of
///   the neighbours' states enumerated: 1 s on one core). The whole second ring (4^18
///   windows, 3^6·4^12 with the neighbours known) is beyond enumeration; the positions tried
///   are those through which the second ring reaches the anchor's empty neighbours.
///   Measured when it came in: 87 dead patterns new to the library (1,756); with five or six
///   empty neighbours allowed, 46 more, which cost a tenth more analysis time on 11x11 and a
///   third more on 19x19 (empty neighbourhoods are the commonest bucket) for 3 more pruned
///   moves on the 13x13 middle games' solver analysis and none elsewhere, so the family
///   stops at four. The second-ring positions next to neighbouring stones only, tried
///   unknown or holding a stone as well ([`KnownNeighbours::stones_elsewhere`], 2.2 billion
///   windows, 34 s), prove 796 dead patterns more (3,147 in all), which pruned no more moves
///   on any benchmark position (the middle games of 9x9 to 19x19, Berge's puzzles) and made
///   the analysis a fifth slower on 11x11 (2.32 to 2.78 ms, the solver's 0.11 to 0.14 ms):
///   they stay out;
/// - two-cell claims of adjacent cells in the interior by the ring beyond the pair's
///   neighbours: the eight neighbours known (a captured, vulnerable or reversible cell is
///   never next to an unknown position), at most three of them empty, and each position of
///   the next ring that touches an empty neighbour unknown or holding a stone (18 s on one
///   core; the next ring's other positions as stones too took over five minutes). Measured
///   when it came in: 595 patterns new to the library (2,351: 354 captured, 122 dominated,
///   119 reversible), which pruned no more moves on the 9x9, 11x11, 13x13 and 19x19 middle
///   games nor on Berge's five puzzles, analysed 3% fewer positions on the 6x6 openings'
///   proofs with the same tree, and cost about 3% more analysis time; at most two empty
///   neighbours with the next ring in all four states proved 219 (14 s), three in all four
///   states 1,291 (a quarter of an hour, too long for the suite's regeneration test);
///
/// and near an edge (the positions past it held as the edge's stones):
///
/// - dead cells on the first row, from every board position within distance 2 (4^11
///   windows), and from the first two rows within distance 3 (the third ring unknown or a
///   stone);
/// - two-cell claims of a pair on the first row, of a first-row cell and its second-row
///   partner, and of a second-row cell and its first-row partner: the pair's board
///   neighbours in every state, the next ring unknown or a stone (all of it for the pair on
///   the first row, its first two rows for the others);
/// - in the corners (past both edges unknown): dead corner cells from the board within
///   distance 3 (acute) or 2 (obtuse), and the corner cell with each of its neighbours.
///
/// `ohm patterns` counts them (measured when they came in): the dead families 406 patterns
/// beyond the first two families (some of them interior ones that need the second ring, a
/// cell whose empty neighbours all touch one group around it), the pair families 566, 298
/// and 378 (with what the others already prove removed: 1,482 in all, 239 of them
/// captured-reversible), the corner families 180 dead and 7 reversible more (1,669). The
/// moves the solver's analysis prunes on 11x11 middle games went from 402 to 456 of 910, on
/// 9x9 from 207 to 245 of 610; the solver's nodes on the 6x6 and 7x7 openings and the solved
/// 9x9 file stayed within a few percent, and level 6 drew the build before 59-61 in 120
/// games (`docs/strength.md`, LB1-LB3). No family proves a permanently inferior cell that is
/// not also part of a captured pair (the stronger claim the library keeps). Two-cell claims
/// in the interior with an unknown neighbour (dominated ones, the only kind such a window
/// can prove) stop at the pair's neighbours.
///
/// Partners two steps away were tried (measured): across a bridge the neighbourhoods prove
/// nothing; in a line they prove 549 more patterns (340 captured pairs, 173 dominated, 36
/// vulnerable) that changed neither the share of moves pruned on 11x11 and 13x13 midgames nor
/// the solver's nodes on the 6x6 openings (16,538 to 16,517), while costing matching time.
#[must_use]
pub fn families() -> Vec<Family> {
    let around = |partner: usize| -> Vec<usize> {
        let cells: Mask = 1 | 1 << partner;
        bits(neighbours_of(cells)).collect()
    };
    alloc::vec![
        Family {
            name: "dead",
            partner: 0,
            free: (1..7).collect(),
            stones: Vec::new(),
            fixed: Vec::new(),
            known_neighbours: None,
        },
        Family {
            name: "adjacent",
            partner: 1,
            free: around(1),
            stones: Vec::new(),
            fixed: Vec::new(),
            known_neighbours: None,
        },
        Family {
            name: "dead by the edge",
            partner: 0,
            free: (1..INNER_SIZE).filter(|&i| WINDOW[i].1 >= 0).collect(),
            stones: Vec::new(),
            fixed: past_edge(0),
            known_neighbours: None,
        },
        Family {
            name: "dead along the edge",
            partner: 0,
            free: (1..INNER_SIZE)
                .filter(|&i| (0..=1).contains(&WINDOW[i].1))
                .collect(),
            stones: (INNER_SIZE..WINDOW_SIZE)
                .filter(|&i| (0..=1).contains(&WINDOW[i].1))
                .collect(),
            fixed: past_edge(0),
            known_neighbours: None,
        },
        edge_pair("pairs along the edge", 1, 0, 3),
        edge_pair("first-row cells with a second-row partner", 2, 0, 2),
        edge_pair("second-row cells with a first-row partner", 5, 1, 2),
        Family {
            name: "dead in the interior, by the second ring",
            partner: 0,
            free: Vec::new(),
            stones: Vec::new(),
            fixed: Vec::new(),
            known_neighbours: Some(KnownNeighbours {
                known: (1..7).collect(),
                beyond_empty: (7..INNER_SIZE).collect(),
                most_empty: 4,
                beyond_stones_only: false,
                stones_elsewhere: false,
            }),
        },
        Family {
            name: "pairs in the interior, by the second ring",
            partner: 1,
            free: Vec::new(),
            stones: Vec::new(),
            fixed: Vec::new(),
            known_neighbours: Some(KnownNeighbours {
                known: around(1),
                beyond_empty: bits(neighbours_of(1 | 1 << 1 | neighbours_of(1 | 1 << 1))).collect(),
                most_empty: 3,
                beyond_stones_only: true,
                stones_elsewhere: false,
            }),
        },
        corner("dead in the acute corner", 0, Corner::Acute, 3, 3),
        corner("dead in the obtuse corner", 0, Corner::Obtuse, 2, 2),
        corner("pairs in the acute corner", 1, Corner::Acute, 2, 2),
        corner(
            "pairs on an edge of the obtuse corner",
            4,
            Corner::Obtuse,
            1,
            2
        ),
        corner("pairs across the obtuse corner", 3, Corner::Obtuse, 1, 2),
    ]
}

/// The window positions past the edge of a board whose first row is `row` rows behind the
/// anchor's (`r < -row`), as the edge's stones (Black's: the exchange of colours gives
/// White's).
fn past_edge(row: i8) -> Vec<(usize, State)> {
    (1..WINDOW_SIZE)
        .filter(|&i| WINDOW[i].1 < -row)
        .map(|i| (i, BLACK))
        .collect()
}

/// The two-cell claims of the anchor (on the board's row `row`, 0 the first) and its
/// neighbour `partner` near an edge: the pair's board neighbours in every state, the board
/// positions one step further on the first `ring_rows` rows unknown or holding a stone.
fn edge_pair(name: &'static str, partner: usize, row: i8, ring_rows: i8) -> Family {
    let pair: Mask = 1 | 1 << partner;
    let on_board = |i: &usize| WINDOW[*i].1 >= -row;
    let on_ring_rows = |i: &usize| on_board(i) && WINDOW[*i].1 < ring_rows - row;
    let near = neighbours_of(pair);
    let ring = neighbours_of(pair | near);
    Family {
        name,
        partner,
        free: bits(near).filter(on_board).collect(),
        stones: bits(ring).filter(on_ring_rows).collect(),
        fixed: past_edge(row),
        known_neighbours: None,
    }
}

/// The two corners of a Hex board: the acute one, whose cell has two board neighbours, and
/// the obtuse one, whose cell has three.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Corner {
    Acute,
    Obtuse,
}

/// Axial distance between two window offsets.
fn distance(a: (i8, i8), b: (i8, i8)) -> i8 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    dq.abs().max(dr.abs()).max((dq + dr).abs())
}

/// The claims of the corner cell (the anchor; with `partner`, its neighbour): the board
/// positions within `radius` of the claim's cells in every state, those within `ring` unknown
/// or holding a stone. The board lies at `r >= 0` and `q >= 0` (acute) or `q <= 0` (obtuse);
/// past the first edge Black's stones, past the second White's, past both unknown (as the
/// matcher reads them).
fn corner(name: &'static str, partner: usize, corner: Corner, radius: i8, ring: i8) -> Family {
    let inside_q = |q: i8| match corner {
        Corner::Acute => q >= 0,
        Corner::Obtuse => q <= 0,
    };
    let claim = [WINDOW[0], WINDOW[partner]];
    let reach = |i: usize| {
        claim
            .iter()
            .map(|&c| distance(c, WINDOW[i]))
            .min()
            .unwrap_or(0)
    };
    let on_board = |i: usize| WINDOW[i].1 >= 0 && inside_q(WINDOW[i].0);
    let candidates = || (1..WINDOW_SIZE).filter(move |&i| i != partner && on_board(i));
    Family {
        name,
        partner,
        free: candidates().filter(|&i| reach(i) <= radius).collect(),
        stones: candidates()
            .filter(|&i| reach(i) > radius && reach(i) <= ring)
            .collect(),
        fixed: (1..WINDOW_SIZE)
            .filter_map(|i| {
                let (q, r) = WINDOW[i];
                match (r >= 0, inside_q(q)) {
                    (false, true) => Some((i, BLACK)),
                    (true, false) => Some((i, WHITE)),
                    _ => None,
                }
            })
            .collect(),
        known_neighbours: None,
    }
}

/// Proves every minimal pattern of one family, one per symmetry class (unsorted).
#[must_use]
pub fn generate_family(family: &Family) -> Vec<LibraryPattern> {
    let mut out: Vec<LibraryPattern> = Vec::new();
    let fixed = &family.fixed;
    let mut push = |mut p: LibraryPattern| {
        // The fixed positions the claim does not need are left unknown first, so that a
        // pattern that holds without the edge is found in its general form (once).
        for &(i, _) in fixed {
            let mut q = p;
            q.cells[i] = UNKNOWN;
            if q.carrier & (1 << i) == 0 && q.holds() {
                p = q;
            }
        }
        if is_minimal(&p) {
            out.push(p.canonical());
        }
    };
    let mut base = [UNKNOWN; WINDOW_SIZE];
    base[0] = EMPTY;
    for &(i, state) in &family.fixed {
        base[i] = state;
    }
    let partner = family.partner;
    if partner == 0 {
        let mut prove = |cells: &Cells| {
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
        };
        match &family.known_neighbours {
            None => assignments(base, &family.free, &family.stones, &mut prove),
            Some(scope) => beyond_known_neighbours(base, family, scope, &mut prove),
        }
        return out;
    }
    base[partner] = EMPTY;
    let mut prove = |cells: &Cells| {
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
    };
    match &family.known_neighbours {
        None => assignments(base, &family.free, &family.stones, &mut prove),
        Some(scope) => beyond_known_neighbours(base, family, scope, &mut prove),
    }
    out
}

/// Proves the library: every minimal pattern of every [`families`] member, one per symmetry
/// class, sorted.
#[must_use]
pub fn generate() -> Vec<LibraryPattern> {
    library_from(families().iter().map(generate_family))
}

/// [`generate`] with one thread per family (the edge pairs' family alone takes half a
/// minute): the same library.
#[cfg(feature = "std")]
#[must_use]
pub fn generate_on_threads() -> Vec<LibraryPattern> {
    let families = families();
    std::thread::scope(|scope| {
        let proving: Vec<_> = families
            .iter()
            .map(|family| scope.spawn(|| generate_family(family)))
            .collect();
        library_from(
            proving
                .into_iter()
                .map(|thread| thread.join().expect("a pattern family's proof panicked")),
        )
    })
}

/// The library from the families' patterns: sorted, each pattern once.
fn library_from(parts: impl IntoIterator<Item = Vec<LibraryPattern>>) -> Vec<LibraryPattern> {
    let mut out: Vec<LibraryPattern> = parts.into_iter().flatten().collect();
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
# then the window positions in order (see inferior/local.rs; the 37 positions within distance
# 3, trailing ones left out are `?`): `.` empty, `B` / `W` a stone or an edge of that colour,
# `?` anything. Position 0 is the anchor cell the claim is about.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforms_are_permutations_that_keep_adjacency() {
        for map in &TRANSFORMS {
            let mut seen: Mask = 0;
            for &j in map {
                seen |= 1 << j;
            }
            assert_eq!(seen, FULL);
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
        // Trailing unknowns may be left out; more positions than the window holds may not.
        assert!(LibraryPattern::from_line("dead black 0 0 ...").is_some());
        let too_long = format!("dead black 0 0 {}", ".".repeat(WINDOW_SIZE + 1));
        assert_eq!(LibraryPattern::from_line(&too_long), None);
    }
}
