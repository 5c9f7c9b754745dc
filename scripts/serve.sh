#!/usr/bin/env bash
# Builds the app and serves it on http://127.0.0.1:8080 (rebuilding on change), installing any
# missing tool first.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools.sh"
cd "$ROOT"

ensure_build_tools

log "serving on http://127.0.0.1:8080"
exec trunk serve --release --address 127.0.0.1 --port 8080
