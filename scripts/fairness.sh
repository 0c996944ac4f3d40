#!/usr/bin/env bash
# Measures every shipped map again as the table in crates/holdfast-web/src/fairness.rs
# was measured (`holdfast balance`, level 2 in every seat, 200 games, seed 1) and
# prints each seat's share beside the table's; exits 1 when a share moved by more than
# a point (a change to the rules or the computer player changed the figures: measure
# again and write the new ones into the table, the README's "Fair maps" and the rules
# pages); then checks that each generated map listed as fair (Island Wars' FAIR_SEEDS,
# Fortress's FORTRESS_FAIR_SEEDS) still is. Takes a while (minutes: 23 maps and 14
# generated ones, 200 games each).
#   ./scripts/fairness.sh [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
games=${1:-200}
cargo build --release --locked --bin holdfast
python3 - "$games" <<'PY'
import json, re, subprocess, sys
games = sys.argv[1]
table = open("crates/holdfast-web/src/fairness.rs").read()
rows = re.findall(r'm\("([a-z-]+)", "([a-z0-9-]*)", (\d), &\[([0-9, ]+)\]\)', table)
moved = 0
for game, mp, players, shares in rows:
    want = [int(s) for s in shares.split(",")]
    if game == "fortress":
        args = ["--setup", json.dumps({"map": mp, "players": int(players)})]
    elif game == "island-wars":
        args = ["--setup", json.dumps({"players": int(players)})]
    else:
        args = ["--variant", f"mode{mp}"]
    out = subprocess.run(["./target/release/holdfast", "balance", game, *args,
                          "--games", games, "--seed", "1"],
                         capture_output=True, text=True, check=True).stdout
    got = [round(100 * s) for s in json.loads(out.strip().splitlines()[-1])["maps"][0]["share"]]
    same = all(abs(a - b) <= 1 for a, b in zip(want, got))
    moved += not same
    print(f"{game} {mp or 'shipped'} {players} seats: table {want}, now {got}{'' if same else '  <- moved'}")
# The generated maps listed as fair: each must still be within 5 points.
def still_fair(game, setup):
    out = subprocess.run(["./target/release/holdfast", "balance", game, "--setup", json.dumps(setup),
                          "--games", games, "--seed", "1"],
                         capture_output=True, text=True, check=True).stdout
    m = json.loads(out.strip().splitlines()[-1])["maps"][0]
    print(f"{game} generated {json.dumps(setup)}: {[round(100 * s) for s in m['share']]}"
          f"{'' if m['fair'] else '  <- no longer fair'}")
    return m["fair"]
for players, _, land, seeds in re.findall(r'\((\d), (None|Some\((\d+)\)), &\[([0-9, ]+)\]\)', table):
    for seed in seeds.split(","):
        setup = {"players": int(players), "map": "generated", "seed": int(seed)}
        if land:
            setup["land"] = int(land)
        moved += not still_fair("island-wars", setup)
fortress = re.search(r'FORTRESS_FAIR_SEEDS[^=]*= &\[(.*?)\];', table, re.S).group(1)
for players, seeds in re.findall(r'\((\d), &\[([0-9, ]+)\]\)', fortress):
    for seed in seeds.split(","):
        moved += not still_fair("fortress", {"map": "generated", "players": int(players), "seed": int(seed),
                                             "width": 14, "height": 10, "land": 85})
sys.exit(1 if moved else 0)
PY
