//! The app's pieces, one component per file. Components render what they are given and report
//! clicks as callbacks; state lives in [`crate::state`].

pub mod analysis;
pub mod app;
pub mod board;
pub mod controls;
pub mod dialog;
pub mod move_list;
pub mod options;
pub mod puzzle;
pub mod record_io;
pub mod setup;
pub mod status;

pub use analysis::AnalysisPanel;
pub use app::App;
pub use board::HexBoard;
pub use controls::{NewGame, PlayBar};
pub use dialog::GameOver;
pub use move_list::MoveList;
pub use options::BoardOptions;
pub use puzzle::PuzzlePanel;
pub use record_io::RecordIo;
pub use setup::SetupPanel;
pub use status::{StatusLine, ThinkingPanel};
