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
//! - [`worker`]: the gloo-worker type around a session, and the page's client;
//! - [`state`]: the game as a reducer; rules come from `ohm_engine` on the main thread (they
//!   are cheap), moves from the worker;
//! - [`geometry`]: where hexagons, edges and labels go in the SVG;
//! - [`components`]: the app's function components.

pub mod codec;
pub mod components;
pub mod geometry;
pub mod protocol;
pub mod session;
pub mod state;
pub mod worker;
