#!/usr/bin/env bash
# Benchmark suites natively and as wasm32 (Node) in one run: the native tables, then per
# measurement the native and wasm time, the wasm/native ratio, and whether both did the same
# work (equal checksums); the solver's rows side by side (time, nodes, nodes/s, proven values,
# table hit rate, peak memory) with the ratios.
#
#   bash scripts/bench.sh                      # every quick suite (ohm bench all)
#   bash scripts/bench.sh solver-7x7           # one suite (also solver-8x8, solver-9x9, ...)
#   bash scripts/bench.sh solver-8x8 --openings a1,d1,g1 --time 300 --tt 256
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"
ensure_rust_targets
ensure_wasm_bindgen

suite=all
native_flags=()
wasm_env=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) native_flags+=(--time "$2"); wasm_env+=("OHM_BENCH_TIME=$2"); shift 2 ;;
    --tt) native_flags+=(--tt "$2"); wasm_env+=("OHM_BENCH_TT=$2"); shift 2 ;;
    --openings) native_flags+=(--openings "$2"); wasm_env+=("OHM_BENCH_OPENINGS=$2"); shift 2 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) suite="$1"; shift ;;
  esac
done
[ "$suite" = all ] || wasm_env+=("OHM_BENCH_SUITE=$suite")

cargo build --release --locked -q -p ohm-cli
# The people's tables for the suites that are not the solver's (the solver's rows are joined
# with wasm's below, from the raw lines).
case "$suite" in
  all) for s in cellset hsearch inferior search; do ./target/release/ohm bench "$s"; echo; done ;;
  solver*) ;;
  *) ./target/release/ohm bench "$suite"; echo ;;
esac
native="$(./target/release/ohm bench "$suite" --raw "${native_flags[@]}")"
wasm="$(env OHM_BENCH_ROUNDS=1 "${wasm_env[@]}" cargo test --release --locked -p ohm-engine \
  --target wasm32-unknown-unknown --test wasm_bench 2>&1 -- --nocapture every_suite \
  | grep -E '^(bench|solver) wasm' || true)"

echo "wasm32 in Node vs native, same run"
printf '%-10s %-14s %14s %14s %8s  %s\n' suite name native-ns wasm-ns ratio same-work
while read -r _ _ suite_name name ns _ _ sum; do
  line="$(awk -v s="$suite_name" -v n="$name" '$1=="bench" && $3==s && $4==n' <<<"$native")"
  [ -n "$line" ] || continue
  read -r _ _ _ _ nat _ _ natsum <<<"$line"
  same=$([ "$sum" = "$natsum" ] && echo yes || echo NO)
  awk -v s="$suite_name" -v n="$name" -v a="$nat" -v b="$ns" -v same="$same" \
    'BEGIN { printf "%-10s %-14s %14.1f %14.1f %7.2fx  %s\n", s, n, a, b, b/a, same }'
done < <(grep '^bench wasm' <<<"$wasm" || true)

# The solver's rows: `solver PLATFORM NAME key=value...` from both platforms.
if grep -q '^solver wasm' <<<"$wasm"; then
  echo
  echo "Solver, native vs wasm32 in Node (same run; wrong: proven values that disagree with the known ones)"
  printf '%-14s %6s %6s %5s %9s %9s %7s %9s %9s %7s %6s %7s %7s\n' row proven wasm wrong \
    native-s wasm-s ratio nodes wasm-nodes nps-x 'hit%' peak-MB wasm-MB
  while read -r line; do
    name="$(awk '{print $3}' <<<"$line")"
    nat="$(awk -v n="$name" '$1=="solver" && $3==n' <<<"$native")"
    [ -n "$nat" ] || continue
    awk -v native="$nat" -v wasm="$line" '
      function field(text, key,   parts, i, kv) {
        n = split(text, parts, " ")
        for (i = 1; i <= n; i++) { split(parts[i], kv, "="); if (kv[1] == key) return kv[2] }
        return ""
      }
      BEGIN {
        nt = field(native, "time_ms"); wt = field(wasm, "time_ms")
        nn = field(native, "nps"); wn = field(wasm, "nps")
        split(native, w, " ")
        printf "%-14s %6s %6s %5s %9.2f %9.2f %6.2fx %9s %9s %6.2fx %6.1f %7s %7s\n", w[3],
          field(native, "proven") "/" field(native, "positions"), field(wasm, "proven"),
          field(native, "wrong") + field(wasm, "wrong"), nt / 1000, wt / 1000,
          (nt > 0 ? wt / nt : 0), field(native, "nodes"), field(wasm, "nodes"),
          (wn > 0 ? nn / wn : 0), 100 * field(native, "hit"), field(native, "peak_mib"),
          field(wasm, "peak_mib")
      }'
  done < <(grep '^solver wasm' <<<"$wasm")
  echo "ratio: wasm time / native time; nps-x: native nodes per second / wasm's (equal work when"
  echo "the node counts agree); peak: native peak resident MiB in the row, wasm linear memory MiB"
fi
