#!/usr/bin/env bash
# The app's analysis in the release build in headless Chromium: a finished Fortress
# game of 42 moves (a random game, `holdfast playout fortress classic 3`) and a
# finished Citadel 19x19 game (tests/e2e/citadel-19-finished.link): time to the
# first 20 positions and to the end, and taps' repaint meanwhile. Prints the
# figures (a measurement, not a test).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release >/dev/null 2>&1
cargo build --release --locked --bin holdfast
record=$(mktemp)
./target/release/holdfast playout fortress classic 3 > "$record"
link=$(./target/release/holdfast link "$record")
port=${PORT:-8794}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server; rm -f "$record"' EXIT
sleep 1
node tests/e2e/analysis-speed.js "http://127.0.0.1:$port/" "$link"
