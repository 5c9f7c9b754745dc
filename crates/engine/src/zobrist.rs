//! Zobrist keys: a fixed pseudo-random 64-bit key per (colour, point), one for the side to
//! move and one per board size, generated at compile time so every build and every platform
//! hashes identically.

use crate::point::POINT_COUNT;
use crate::Color;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn keys() -> [[u64; POINT_COUNT]; 2] {
    let mut table = [[0; POINT_COUNT]; 2];
    let mut state = 0x004F_484D_5F48_4558; // "OHM_HEX"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < POINT_COUNT {
            let (s, key) = splitmix64(state);
            state = s;
            table[c][i] = key;
            i += 1;
        }
        c += 1;
    }
    table
}

static STONE_KEYS: [[u64; POINT_COUNT]; 2] = keys();

/// Key XOR-ed in while White is to move.
pub const WHITE_TO_MOVE: u64 = splitmix64(0xC0FF_EE00_0000_0001).1;

/// The key of a `color` stone on the point with index `index`.
#[must_use]
#[inline]
pub fn stone_key(color: Color, index: usize) -> u64 {
    STONE_KEYS[color.index()][index]
}

/// The key an empty `width` x `height` board starts from. Tables (the solver's, the search's)
/// outlive a change of board in a GTP session or the worker, and without it the empty 4x4 and
/// 5x5 boards hashed alike: the solver answered a 5x5 query with 4x4's winning moves.
#[must_use]
pub const fn board_key(width: u8, height: u8) -> u64 {
    splitmix64(0xB0A2_D000_0000_0000 ^ ((width as u64) << 8) ^ height as u64).1
}
