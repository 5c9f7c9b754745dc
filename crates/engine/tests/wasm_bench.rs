//! The benchmark suites compiled to wasm32 and run in Node, printing the same raw lines as
//! `ohm bench --raw` natively; `scripts/bench.sh` runs both in one go and prints the ratios.
//! As a test it checks that the CellSet checksums equal the native ones (the same work on both
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

/// Rounds per CellSet measurement: small in the test suite, the same as `ohm bench`'s default
/// when `scripts/bench.sh` sets OHM_BENCH_ROUNDS at compile time.
const ROUNDS: u32 = match option_env!("OHM_BENCH_ROUNDS") {
    Some(_) => 1000,
    None => 20,
};

#[wasm_bindgen_test]
fn every_suite_in_wasm() {
    let mut clock = || performance_now() * 1e6;
    // OHM_BENCH_SUITE (at build time) picks one suite: `scripts/bench.sh inferior`.
    let one = option_env!("OHM_BENCH_SUITE").map(|s| [s]);
    let suites: &[&str] = if let Some(one) = &one {
        one
    } else if option_env!("OHM_BENCH_ROUNDS").is_some() {
        bench::SUITES
    } else {
        &["cellset"]
    };
    for suite in suites {
        if bench::solver::SUITES.contains(suite) {
            solver_suite(suite);
            continue;
        }
        for m in bench::run_suite(suite, &mut clock, ROUNDS).expect("a known suite") {
            console_log!(
                "bench wasm {} {} {:.3} ns/op checksum {:x}",
                m.suite,
                m.name,
                m.nanos_per_op,
                m.checksum
            );
        }
    }
}

/// A solver suite row by row, with the wasm memory's size after each row (it only grows, so
/// this is the peak so far), in the raw lines `ohm bench --raw` prints natively.
fn solver_suite(suite: &str) {
    let openings: Vec<&str> = option_env!("OHM_BENCH_OPENINGS")
        .map_or(bench::solver::DEFAULT_8X8_OPENINGS.to_vec(), |list| {
            list.split(',').collect()
        });
    let limit_ms =
        option_env!("OHM_BENCH_TIME").map(|s| s.parse::<f64>().expect("seconds") * 1000.0);
    let mut params = ohm_engine::solver::SolverParams::DEFAULT;
    if let Some(mib) = option_env!("OHM_BENCH_TT") {
        params.tt_mib = mib.parse().expect("MiB");
    }
    let rows = bench::solver::rows(suite, limit_ms, &openings).expect("a solver suite");
    let mut clock_ms = performance_now;
    for row in &rows {
        let result = bench::solver::run_row(row, &params, &mut clock_ms, &mut |_| {});
        let m = bench::solver::measurement(&result);
        console_log!(
            "bench wasm {} {} {:.3} ns/op checksum {:x}",
            m.suite,
            m.name,
            m.nanos_per_op,
            m.checksum
        );
        let pages = core::arch::wasm32::memory_size(0) as u64;
        console_log!("{}", result.raw_line("wasm", Some(pages * 65536)));
    }
}

#[wasm_bindgen_test]
fn cellset_checksums_equal_the_native_ones() {
    let mut clock = || performance_now() * 1e6;
    let sums: Vec<String> = bench::cellset_suite(&mut clock, 20)
        .iter()
        .map(|m| format!("{}={:x}", m.name, m.checksum))
        .collect();
    assert_eq!(sums, bench::EXPECTED_CHECKSUMS_20_ROUNDS);
}
