#!/usr/bin/env bash
# The whole test suite. Installs whatever is missing first (idempotent), then runs, in order:
# formatting, the scripts' own checks, clippy (native and wasm32), native tests, the engine on a target without std,
# the test files written for wasm32 in Node, the release browser build, and the end-to-end
# tests in headless Chromium.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"

ensure_build_tools
ensure_chromium

start=$(date +%s)
step() { log "$* ($(( $(date +%s) - start )) s)"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "the test command's own promises (apt step, README's wasm list)"
bash tests/scripts/check_tools.sh

step "cargo clippy (native: engine, cli)"
cargo clippy --all-targets --locked -- -D warnings
step "cargo clippy (wasm32: web app and worker)"
cargo clippy -p ohm-web --target wasm32-unknown-unknown --all-targets --locked -- -D warnings

step "native tests (engine, cli, and the web crate's protocol, session, reducer and geometry)"
cargo test --locked --workspace

step "engine without std (wasm32v1-none)"
cargo build -p ohm-engine --no-default-features --target wasm32v1-none --locked

# The test files written for wasm (the other test files have no wasm tests): the rules core and
# the benchmark suites' checksums (engine), the worker's message decoding (web).
step "engine and worker-message tests as wasm32 (Node)"
cargo test -p ohm-engine --target wasm32-unknown-unknown --test wasm --test wasm_bench --locked
cargo test -p ohm-web --target wasm32-unknown-unknown --test worker_messages --locked

step "trunk build --release"
trunk build --release

step "end-to-end tests in headless Chromium: the app"
node tests/e2e/run.mjs
step "end-to-end tests in headless Chromium: Solve in analysis mode, puzzle mode"
node tests/e2e/solve.mjs
step "end-to-end tests in headless Chromium: installable, offline, updates"
node tests/e2e/pwa.mjs
step "end-to-end tests in headless Chromium: the embeddable board (element, iframe, cross-origin)"
node tests/e2e/embed.mjs

step "all tests passed"
