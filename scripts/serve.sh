#!/usr/bin/env bash
# Sets up everything (see setup.sh), builds the app and serves it on http://127.0.0.1:8080/.
set -euo pipefail
cd "$(dirname "$0")/.."
HOLDFAST_SKIP_BROWSER=1 ./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
exec trunk serve --release --address 127.0.0.1 --port "${PORT:-8080}"
