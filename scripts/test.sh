#!/usr/bin/env bash
# Sets up everything (see setup.sh) and runs every test:
#   0. formatting (cargo fmt) and lints (clippy, warnings are errors);
#   1. native: rules scenarios, the contract every game keeps, example records, the CLI, app logic;
#   2. wasm in headless Chromium (wasm-bindgen-test): links and localStorage;
#   3. the release build, with its size checked (at most 432 KiB of gzipped wasm);
#   4. end to end: Playwright clicking through the release build in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
step() { printf '\n== %s\n' "$*"; }

step "formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "native tests"
cargo test --workspace --locked

step "wasm tests in headless Chromium"
cargo test --target wasm32-unknown-unknown -p holdfast-web --locked

step "release build"
trunk build --release
# The app's own wasm (the worker's, for benchmarks and later the computer players,
# loads only when asked for).
wasm=$(ls dist/holdfast-web-*_bg.wasm)
gz=$(gzip -9c "$wasm" | wc -c)
printf 'release wasm: %s bytes, %s bytes gzipped\n' "$(wc -c < "$wasm")" "$gz"
if [ "$gz" -gt 442368 ]; then
  echo "the release wasm is over 432 KiB gzipped" >&2
  exit 1
fi

step "end-to-end tests in Chromium"
npx playwright test -c tests/e2e/playwright.config.js
