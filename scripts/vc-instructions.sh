#!/usr/bin/env bash
# Instruction counts of the `vc` benchmark's parts under valgrind's callgrind: unlike wall time
# they do not depend on what else the machine runs, so two H-search variants can be compared
# on a loaded machine. Arguments go to `ohm bench vc` (e.g. `--vc or_search=1`).
# Prints, per part, the instructions it executed in all and per operation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build --release --locked -q -p ohm-cli
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
report="$(valgrind --tool=callgrind --callgrind-out-file="$out" ./target/release/ohm bench vc "$@" 2>/dev/null)"
echo "$report"
echo
echo "instructions (callgrind, inclusive)"
# Operations per part: vc_builds 5 samples x 3 positions x 2 colours; vc_builds_with_inferior
# 3 positions; vc_detection 174 + 200 positions; vc_node_steps the nodes the report names.
nodes="$(awk '/^node-/ { for (i = 1; i <= NF; i++) if ($i == "nodes") s += $(i-1) } END { print s }' <<<"$report")"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
  awk -v nodes="$nodes" '
    /  crates\/engine\/src\/bench\.rs:ohm_engine::bench::vc_[a-z_]+ / && !/vc_suite/ {
      n = $1; gsub(",", "", n)
      match($0, /bench::vc_[a-z_]+/); part = substr($0, RSTART + 7, RLENGTH - 7)
      if (part == "vc_builds") { ops = 30; unit = "build (one colour)" }
      else if (part == "vc_builds_with_inferior") { ops = 3; unit = "position (both builds + inferior)" }
      else if (part == "vc_detection") { ops = 374; unit = "solved position" }
      else { ops = nodes; unit = "node (play, update both, undo both)" }
      printf "%-24s %16.0f  %12.0f per %s\n", part, n, n / ops, unit
    }'
