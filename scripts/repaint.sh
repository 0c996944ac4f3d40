#!/usr/bin/env bash
# Measures a tap's repaint on Citadel 19x19 late in a game, in the release build, in
# headless Chromium: prints the figures (a measurement, not a test).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release >/dev/null 2>&1
cargo build --release --locked --bin holdfast
record=$(mktemp)
./target/release/holdfast playout citadel 19x19 "${SEED:-3}" > "$record"
port=${PORT:-8791}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server; rm -f "$record"' EXIT
sleep 1
node tests/e2e/repaint.js "http://127.0.0.1:$port/" "$record"
