//! The `<ohm-board>` element's wasm: installs `globalThis.__ohmEmbed` for
//! `web/embed/ohm-board.js` (see `ohm_web::embed`).

fn main() {
    console_error_panic_hook::set_once();
    ohm_web::embed::api::install();
}
