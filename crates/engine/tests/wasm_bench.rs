//! The benchmark suites compiled to wasm32 and run in Node, printing the same figures as
//! `ohm bench` natively; `scripts/bench.sh` runs both in one go and prints the ratios.
//! As a test it checks that the checksums equal the native ones (the same work on both
//! platforms); it never judges time.

#![cfg(target_arch = "wasm32")]

use ohm_engine::bench;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen_test::{console_log, wasm_bindgen_test};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Rounds per measurement: small in the test suite, larger when `scripts/bench.sh` asks
/// (it sets OHM_BENCH_ROUNDS at compile time).
const ROUNDS: u32 = match option_env!("OHM_BENCH_ROUNDS") {
    Some(_) => 2000,
    None => 20,
};

#[wasm_bindgen_test]
fn cellset_suite_in_wasm() {
    let mut clock = || performance_now() * 1e6;
    for m in bench::cellset_suite(&mut clock, ROUNDS) {
        console_log!(
            "bench wasm cellset {} {:.3} ns/op checksum {:x}",
            m.name,
            m.nanos_per_op,
            m.checksum
        );
        assert!(m.operations > 0);
    }
}
