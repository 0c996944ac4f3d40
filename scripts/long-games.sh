#!/usr/bin/env bash
# Measures how replay grows with a game's length (a measurement, not a test): one
# long capture-first Fort game (crates/holdfast-rules/examples/long_fort.rs) cut at
# 15,000, 30,000 and 60,000 turns, replayed natively keeping every position and by
# `holdfast replay` (time and peak memory); then its 15,000- and 30,000-turn share
# links (about 59,000 and 115,000 characters) opened in the release build in headless
# Chromium (tests/e2e/long-link.js).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
cargo build --release --locked --bin holdfast -p holdfast-cli
cargo build --release --locked -p holdfast-rules --example long_fort
cargo build --release --locked -p holdfast-web --example link
trunk build --release >/dev/null 2>&1
work=$(mktemp -d)
port=${PORT:-8792}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server; rm -rf "$work"' EXIT
./target/release/examples/long_fort write 60000 > "$work/60000.json"
for n in 15000 30000; do
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r["moves"]=r["moves"][:int(sys.argv[2])]; print(json.dumps(r))' \
    "$work/60000.json" "$n" > "$work/$n.json"
done
for n in 15000 30000 60000; do
  /usr/bin/time -f "$n turns, keeping every position: %e s, %M KB" ./target/release/examples/long_fort keep "$work/$n.json" > /dev/null
  /usr/bin/time -f "$n turns, holdfast replay: %e s, %M KB" ./target/release/holdfast replay "$work/$n.json" > /dev/null
done
for n in 15000 30000; do ./target/release/examples/link "$work/$n.json" > "$work/$n.link"; done
node tests/e2e/long-link.js "http://127.0.0.1:$port/" "$work/15000.link" "$work/30000.link"
