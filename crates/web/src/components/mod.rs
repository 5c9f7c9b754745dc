//! The app's pieces, one component per file. Components render what they are given and report
//! clicks as callbacks; state lives in [`crate::state`].

pub mod app;
pub mod board;
pub mod controls;
pub mod status;

pub use app::App;
pub use board::HexBoard;
pub use controls::Controls;
pub use status::StatusLine;
