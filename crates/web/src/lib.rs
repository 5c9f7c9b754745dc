//! # Ohm in the browser
//!
//! A Yew app that shows the board and keeps the game, and a Web Worker that hosts the engine so
//! that searching never blocks the page. Both binaries are thin: `bin/app.rs` mounts
//! [`components::App`], `bin/worker.rs` registers [`worker::EngineWorker`].
//!
//! - [`protocol`]: the serde messages between page and worker ([`protocol::Job`] in,
//!   [`protocol::Reply`] out), designed to grow (ids on every message, several replies per job);
//! - [`codec`]: how they cross `postMessage` (serde-wasm-bindgen, decoded by the receiver);
//! - [`session`]: the worker's side of the protocol, free of browser APIs;
//! - [`analysis`]: the worker's analyses (H-search, inferior cells, circuit) as protocol data;
//! - [`worker`]: the gloo-worker type around a session, and the page's client;
//! - [`state`]: the game as a reducer; rules come from `ohm_engine` on the main thread (they
//!   are cheap), moves from the worker;
//! - [`puzzle`]: puzzle mode (the app's and the embed's): moves judged, hints and reveals
//!   by the worker's solver, the opponent's answers, verdicts remembered for the session;
//! - [`study`]: analysis mode (overlays shown, ends chosen, the worker's last analysis);
//! - [`tree`]: the game as a tree of moves (the line played and its variations);
//! - [`records`]: import, export and the URL fragment, through the engine's notations;
//! - [`storage`]: the game and settings kept across reloads;
//! - [`host`]: the page's keeper of the worker, restarting it when it dies or hangs;
//! - [`browser`]: the address bar, downloads and images of the board;
//! - [`geometry`]: where hexagons, edges and labels go in the SVG, in each orientation;
//! - [`proof_words`]: H-search proofs said as sentences, step by step, with their cells;
//! - [`components`]: the app's function components;
//! - [`embed`]: the `<ohm-board>` element for other sites' pages (`bin/embed.rs`).

pub mod analysis;
pub mod browser;
pub mod codec;
pub mod components;
pub mod embed;
pub mod geometry;
pub mod host;
pub mod proof_words;
pub mod protocol;
pub mod puzzle;
pub mod records;
pub mod session;
pub mod state;
pub mod storage;
pub mod study;
pub mod tree;
pub mod worker;
