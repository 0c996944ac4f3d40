#!/usr/bin/env bash
# Installs everything Holdfast needs to build, serve and test, skipping what is there.
# Versions proven on the build machine: Trunk 0.21.14 (0.22 needs a newer rustc), wasm-bindgen 0.2.130
# (the CLI must match the crate), binaryen 132 from npm (older wasm-opt cannot read this rustc's output).
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

log() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # Not --locked: a locked dependency version is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (about 8 minutes)"
  cargo install --locked trunk --version "$TRUNK_VERSION" --force
fi

if [ "${HOLDFAST_SKIP_BROWSER:-}" != 1 ]; then
  if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    log "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver
  fi
fi

# npm packages (binaryen's wasm-opt, playwright-core, @playwright/test) from the committed lock file.
if ! [ -x node_modules/.bin/wasm-opt ] || ! [ -d node_modules/@playwright/test ] \
   || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages from package-lock.json"
  npm ci --no-audit --no-fund
fi
log "ready"
