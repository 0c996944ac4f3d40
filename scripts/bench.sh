#!/usr/bin/env bash
# The engines natively and in the browser, side by side: `holdfast bench all` and the
# app's benchmark page (the release wasm in a Web Worker, in headless Chromium), one
# after the other on an otherwise idle core. Prints each variant's figures and their
# ratio, and ends with one JSON line {"wasm_vs_native": [...]}.
#   ./scripts/bench.sh [SECONDS]    (a variant, default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
seconds=${1:-1}
# The page runs at most 60 s a variant.
if ! python3 -c "import sys; s = float(sys.argv[1]); sys.exit(0 if 0 < s <= 60 else 1)" "$seconds"; then
  echo "SECONDS must be a number above 0 and at most 60" >&2
  exit 2
fi
trunk build --release
cargo build --release --locked --bin holdfast
native=$(./target/release/holdfast bench all "$seconds" | tail -n 1)
port=${PORT:-8792}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/" > /dev/null && break
  sleep 0.2
done
if ! kill -0 "$server" 2>/dev/null; then
  echo "could not serve dist/ on port $port (set PORT to another)" >&2
  exit 1
fi
wasm=$(node tests/e2e/bench.js "http://127.0.0.1:$port/" "$seconds")
python3 - "$native" "$wasm" <<'PY'
import json, sys
native = {(r["game"], r["variant"]): r for r in json.loads(sys.argv[1])["bench"]}
wasm = {(r["game"], r["variant"]): r for r in json.loads(sys.argv[2])["bench"]}
out = []
for key, n in native.items():
    w = wasm.get(key)
    if not w:
        continue
    ratio = w["actions_per_s"] / n["actions_per_s"] if n["actions_per_s"] else 0.0
    print(f"{key[0]} {key[1]}: native {n['actions_per_s']:,.0f} actions/s, "
          f"wasm {w['actions_per_s']:,.0f} actions/s, ratio {ratio:.2f}")
    out.append({"game": key[0], "variant": key[1], "ratio": round(ratio, 2)})
print(json.dumps({"wasm_vs_native": out}))
PY
