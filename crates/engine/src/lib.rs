//! # Ohm's engine
//!
//! The whole game intelligence of Ohm, pure and deterministic: the rules of Hex, game records,
//! and (as they land) connections, evaluation, search and inferior-cell analysis.
//!
//! The vocabulary:
//! - [`Color`] and [`ByColor`]: the two players and a pair of per-player values;
//! - [`Point`]: one of the four edges or a cell; edges are points like cells, so algorithms
//!   need no special cases for them;
//! - [`CellSet`]: a `Copy` bitset of points, the type of carriers, groups and regions;
//! - [`Board`]: a board's shape (`w x h`, 1..=19) and its adjacency;
//! - [`Position`]: stones, side to move, history with undo, groups, winner and Zobrist hash;
//! - [`notation`]: cell names, move lists, HSGF, Little Golem, HexWorld and trmph records.
//!
//! The engine never reads a clock, prints, spawns threads or touches a DOM: callers pass time
//! and receive progress through values and callbacks.
//!
//! ## Feature flags
//!
//! - `std` (default): nothing beyond `core` + `alloc` is required; the crate builds with
//!   `--no-default-features` for targets without a standard library (`wasm32v1-none`).

#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

pub mod bench;
pub mod board;
pub mod book;
pub mod cellset;
pub mod circuit;
pub mod color;
pub mod connections;
pub mod diagram;
pub mod distance;
mod groups;
pub mod inferior;
pub mod mcts;
pub mod notation;
pub mod openings;
pub mod player;
pub mod point;
pub mod policy;
pub mod position;
pub mod puzzle;
pub mod search;
pub mod shannon;
pub mod solver;
mod zobrist;

pub use board::{Board, BoardSizeError};
pub use cellset::CellSet;
pub use color::{ByColor, Color};
pub use point::{CellNameError, Edge, Point, MAX_SIZE};
pub use position::{Move, PlayError, PlayedMove, Position, SwapRefusal};
