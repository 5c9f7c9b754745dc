//! The embeddable board: `<ohm-board>` for other sites' pages.
//!
//! `web/embed/ohm-board.js` (a plain script at a stable URL) defines the custom element. When
//! the first element connects it loads this module's wasm (`embed/embed.js` +
//! `embed_bg.wasm`, built by Trunk from `bin/embed.rs`), which installs
//! `globalThis.__ohmEmbed` ([`api`]). Each element then mounts a Yew [`component::EmbedBoard`]
//! in its shadow root with the element's attributes; the board reads them ([`config`]),
//! draws with the app's components, and asks the one engine worker of the page
//! ([`engine`]) for moves, analyses and puzzle verdicts.
//!
//! - [`config`]: attributes → what to show (pure, tested natively);
//! - [`component`]: the board of one element: modes, drawings, DOM events;
//! - [`engine`]: the page's shared worker, started from a `blob:` script so that it also works
//!   when the page and Ohm's files are on different origins;
//! - [`api`]: what the element's script calls (mount, methods, the style sheet).

pub mod api;
pub mod component;
pub mod config;
pub mod engine;

/// The element's style sheet: the app's styles (its `:root` colours become the shadow
/// root's `:host`) and the embed's own.
#[must_use]
pub fn stylesheet() -> String {
    let app = include_str!("../../../../web/style.css").replace(":root", ":host");
    format!("{app}\n{}", include_str!("embed.css"))
}
