#!/usr/bin/env bash
# A newcomer's first visit to the built app (dist/) on a slow phone: first paint, the
# home page's first board, the bytes before it, and a game link's board, each in a
# fresh headless Chromium (360x740 at 2x, touch, CPU 4x slower), through a server of
# scripts/first-load.js's own that adds 150 ms to each request and shares one
# 1.6 Mbit/s link among all of them. The throttling is in that server, not in
# Chromium, because Chromium's network throttling does not slow the service worker's
# fetches (its install downloads the whole build, competing with the page).
# Prints a line a run, the medians beside the goals, and one JSON line.
#   ./scripts/first-load.sh [--runs N] [--no-throttle] [--check] [--link '#c=...'] ...
#   (--help lists every option; needs a build: trunk build --release)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
dist=dist
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  if [ "${args[$i]}" = --dist ] && [ $((i + 1)) -lt ${#args[@]} ]; then dist=${args[$((i + 1))]}; fi
done
if ! [ -f "$dist/index.html" ]; then
  echo "no $dist/index.html: build first (trunk build --release, or run ./scripts/serve.sh once)" >&2
  exit 2
fi
exec node scripts/first-load.js "$@"
