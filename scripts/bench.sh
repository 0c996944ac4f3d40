#!/usr/bin/env bash
# The engines natively and in the browser, side by side: `holdfast bench all` and the
# app's benchmark page (the release wasm in a Web Worker, in headless Chromium), one
# after the other on an otherwise idle core. Prints each variant's figures and their
# ratio, and ends with one JSON line {"wasm_vs_native": [...]}.
#   ./scripts/bench.sh [SECONDS]    (a variant, default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh >/dev/null
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
seconds=${1:-1}
trunk build --release >/dev/null 2>&1
cargo build --release --locked --bin holdfast 2>/dev/null
native=$(./target/release/holdfast bench all "$seconds" | tail -n 1)
port=${PORT:-8792}
python3 -m http.server "$port" --bind 127.0.0.1 --directory dist > /dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
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
