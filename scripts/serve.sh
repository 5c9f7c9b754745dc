#!/usr/bin/env bash
# Serves the app on http://127.0.0.1:8080, building it first only if a source is newer than the
# last build in dist/ (installing any missing tool first), with the headers that let pages on
# other origins embed the board (Access-Control-Allow-Origin: *; README, "Embedding").
#
#   bash scripts/serve.sh [--port N] [--watch]
#
# --watch also rebuilds on every change (trunk watch), while the same server serves dist/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"

port=8080
watch=false
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --watch) watch=true; shift ;;
    *) echo "serve.sh: unknown option $1 (--port N, --watch)" >&2; exit 2 ;;
  esac
done

# What the build reads: a file among these newer than dist/index.html means dist/ is stale.
sources=(Cargo.toml Cargo.lock Trunk.toml index.html crates web scripts/precache.sh)
stale() {
  [ -f dist/index.html ] || return 0
  [ -n "$(find "${sources[@]}" -newer dist/index.html -type f -print -quit)" ]
}

ensure_node_deps
if stale; then
  ensure_build_tools
  log "trunk build --release (a source is newer than dist/)"
  trunk build --release
else
  log "dist/ is up to date: no build"
fi

if $watch; then
  ensure_build_tools
  log "trunk watch --release: rebuilding dist/ on every change"
  trunk watch --release --ignore dist &
  watcher=$!
  trap 'kill "$watcher" 2>/dev/null' EXIT
fi

log "serving dist/ on http://127.0.0.1:$port (Ctrl-C stops)"
node scripts/static-server.mjs dist --port "$port"
