#!/usr/bin/env bash
# Sets up everything (see setup.sh), builds the app and serves it on
# http://127.0.0.1:8080/ (PORT to change it), compressed as a production host would
# (scripts/serve.py). While working on the app, `trunk serve --no-autoreload` rebuilds
# on every change instead (uncompressed; Trunk's autoreload script is an inline script
# the page's Content-Security-Policy refuses).
set -euo pipefail
cd "$(dirname "$0")/.."
HOLDFAST_SKIP_BROWSER=1 ./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release
exec python3 scripts/serve.py dist "${PORT:-8080}"
