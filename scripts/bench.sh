#!/usr/bin/env bash
# Every benchmark suite natively and as wasm32 (Node) in one run: the native tables, then per
# measurement the native and wasm time, the wasm/native ratio, and whether both did the same
# work (equal checksums).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"
ensure_rust_targets
ensure_wasm_bindgen

cargo build --release --locked -q -p ohm-cli
./target/release/ohm bench all
native="$(./target/release/ohm bench all --raw)"
wasm="$(OHM_BENCH_ROUNDS=1 cargo test --release --locked -p ohm-engine --target wasm32-unknown-unknown \
  --test wasm_bench 2>&1 -- --nocapture every_suite | grep '^bench wasm' || true)"
echo
echo "wasm32 in Node vs native, same run"
printf '%-10s %-12s %12s %12s %8s  %s\n' suite name native-ns wasm-ns ratio same-work
while read -r _ _ suite name ns _ _ sum; do
  line="$(awk -v s="$suite" -v n="$name" '$3==s && $4==n' <<<"$native")"
  [ -n "$line" ] || continue
  read -r _ _ _ _ nat _ _ natsum <<<"$line"
  same=$([ "$sum" = "$natsum" ] && echo yes || echo NO)
  awk -v s="$suite" -v n="$name" -v a="$nat" -v b="$ns" -v same="$same" \
    'BEGIN { printf "%-10s %-12s %12.1f %12.1f %7.2fx  %s\n", s, n, a, b, b/a, same }'
done <<<"$wasm"
