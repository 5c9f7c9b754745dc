#!/usr/bin/env bash
# Benchmarks natively and as wasm32 (Node) in one run, with the wasm/native ratio per operation.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"
ensure_rust_targets
ensure_wasm_bindgen

native="$(cargo run --release --locked -q -p ohm-cli --bin ohm -- bench cellset --rounds 2000)"
echo "$native"
wasm="$(OHM_BENCH_ROUNDS=2000 cargo test --release --locked -p ohm-engine --target wasm32-unknown-unknown --test wasm_bench 2>&1 -- --nocapture | grep "^bench wasm" || true)"
echo
echo "CellSet, wasm32 in Node vs native (same run)"
printf '%-12s %10s %10s %8s\n' operation native-ns wasm-ns ratio
while read -r _ _ _ name ns _; do
  nat="$(awk -v n="$name" '$1==n {print $2}' <<<"$native")"
  [ -n "$nat" ] && awk -v n="$name" -v a="$nat" -v b="$ns" 'BEGIN { printf "%-12s %10.2f %10.2f %7.2fx\n", n, a, b, b/a }'
done <<<"$wasm"
