#!/usr/bin/env bash
# Idempotent installers for everything the build and the tests need.
# Sourced by scripts/serve.sh and scripts/test.sh; each step skips what is already there.
# Versions are the ones verified on this machine kind (see docs/toolchain notes in README).
set -euo pipefail

TRUNK_VERSION="0.21.14"          # 0.22 needs rustc >= 1.96
WASM_BINDGEN_VERSION="0.2.129"   # must equal the `wasm-bindgen = "=..."` pin in crates/web/Cargo.toml

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_rust_targets() {
  local installed
  installed="$(rustup target list --installed)"
  for t in wasm32-unknown-unknown wasm32v1-none; do
    if ! grep -qx "$t" <<<"$installed"; then
      log "rustup target add $t"
      rustup target add "$t"
    fi
  done
  if ! rustup component list --installed | grep -q '^clippy'; then rustup component add clippy; fi
  if ! rustup component list --installed | grep -q '^rustfmt'; then rustup component add rustfmt; fi
}

ensure_trunk() {
  if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
    log "cargo install trunk $TRUNK_VERSION (about 13 minutes on 2 cores, once)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
}

ensure_wasm_bindgen() {
  if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $WASM_BINDGEN_VERSION"; then
    log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 minutes on 2 cores, once)"
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --locked
  fi
}

ensure_node_deps() {
  if ! command -v npm >/dev/null; then
    log "apt-get install nodejs npm"
    as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
      --no-install-recommends nodejs npm
  fi
  # wasm-opt (npm binaryen 132) and playwright-core; Debian's binaryen is too old for Rust 1.95 output.
  if [ ! -x "$ROOT/node_modules/.bin/wasm-opt" ] || [ ! -d "$ROOT/node_modules/playwright-core" ] \
     || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    log "npm ci"
    (cd "$ROOT" && npm ci --no-audit --no-fund)
  fi
}

# Debian's Chromium and ChromeDriver, only if missing: the missing package alone with what it
# depends on (no recommends, which would pull ~100 more packages and upgrade installed ones
# such as systemd and perl); the package lists are refreshed only if apt does not know it.
ensure_chromium() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install --no-install-recommends ${missing[*]} (about 1 minute, once)"
  if ! apt-cache show "${missing[@]}" >/dev/null 2>&1; then
    as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends --no-upgrade "${missing[@]}"
}

# Everything `trunk build` needs.
ensure_build_tools() {
  ensure_rust_targets
  ensure_wasm_bindgen
  ensure_trunk
  ensure_node_deps
}
