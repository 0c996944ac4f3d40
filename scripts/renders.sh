#!/usr/bin/env bash
# Counts the board's renders a second while a computer thinks (tests/e2e/renders.js),
# in the release build in dist/ and, when BEFORE names another build's folder (a
# dist/ built from an earlier commit), in that one too, in the same run. Prints the
# figures; a measurement, not a test. Builds dist/ first unless NO_BUILD=1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
[ "${NO_BUILD:-0}" = 1 ] || trunk build --release >/dev/null 2>&1
port=${PORT:-8792}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
servers=$!
urls=()
if [ -n "${BEFORE:-}" ]; then
  python3 -m http.server $((port + 1)) --bind 127.0.0.1 --directory "$BEFORE" > /dev/null 2>&1 &
  servers="$servers $!"
  urls+=("http://127.0.0.1:$((port + 1))/")
fi
urls+=("http://127.0.0.1:$port/")
trap 'kill $servers' EXIT
sleep 1
node tests/e2e/renders.js "${urls[@]}"
