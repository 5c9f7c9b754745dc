//! The native `ohm` program: a GTP engine for HexGui and tournament scripts, plus record
//! tools and benchmarks for people. The binary (`main.rs`) only parses arguments.

pub mod bench;
pub mod graph;
pub mod gtp;
pub mod keep_wins;
pub mod matches;
pub mod play_commands;
pub mod players;
pub mod records;
pub mod solve;
pub mod solver_commands;
pub mod vc_commands;
