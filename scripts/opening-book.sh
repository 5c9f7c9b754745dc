#!/usr/bin/env bash
# The opening book's lines for one board size (crates/engine/data/opening-book.txt):
#   scripts/opening-book.sh SIZE TIME_MS [OHM_BINARY] >> crates/engine/data/opening-book.txt
# For each first Black stone (one of each half-turn pair: the book turns the other), the
# reply of level 6 given TIME_MS for it, no swap. One position at a time, on one core: run
# two sizes side by side at most, with nothing else running, so that the time is the
# search's own.
set -euo pipefail
size=$1
time_ms=$2
ohm=${3:-target/release/ohm}
letters=abcdefghijklmnopqrs
for ((row = 1; row <= size; row++)); do
  for ((col = 0; col < size; col++)); do
    turned_col=$((size - 1 - col))
    turned_row=$((size + 1 - row))
    # The first of the pair in row-major order stands for both.
    if ((row * 100 + col > turned_row * 100 + turned_col)); then
      continue
    fi
    stone=${letters:col:1}$row
    reply=$(printf 'boardsize %s\nohm-swap_rule off\nparam_ohm level 6\nparam_ohm time_ms %s\nplay b %s\ngenmove w\nquit\n' \
      "$size" "$time_ms" "$stone" | "$ohm" gtp | grep -E '^= [a-s][0-9]+$' | tail -n 1 | cut -c3-)
    if [[ -z $reply ]]; then
      echo "no reply to $stone on ${size}x$size" >&2
      exit 1
    fi
    echo "$size $stone $reply"
  done
done
