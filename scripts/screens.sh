#!/usr/bin/env bash
# Screenshots of every screen at a phone's, a tablet's and a desktop's size, in light
# and dark, from the release build in headless Chromium (tests/e2e/screens.js):
#   ./scripts/screens.sh [OUTDIR]      (default: screens/, which git ignores)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
out=$(realpath -m "${1:-screens}")
trunk build --release >/dev/null 2>&1
port=${PORT:-8793}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
node tests/e2e/screens.js "http://127.0.0.1:$port/" "$out"
