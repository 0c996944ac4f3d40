#!/usr/bin/env bash
# Builds the holdfast binary of an older commit and prints its path, to compare two
# builds with `holdfast match` (docs/engine.md, "Comparing two builds"):
#
#   holdfast match --engine "$(scripts/baseline.sh HEAD~5) engine" \
#       --engine "target/release/holdfast engine" fortress --iterations 4000
#
# The commit is checked out with `git worktree add` into a folder of its own,
# $BASELINE_DIR/SHA ($TMPDIR/holdfast-baseline/SHA by default), and built there with
# `cargo build --release -p holdfast-cli`. The build's output goes to standard error;
# standard output holds only the binary's path. A commit built before is not built
# again. `git worktree remove DIR` takes a baseline's folder away.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: scripts/baseline.sh COMMIT   (prints the path of that commit's holdfast binary)" >&2
  exit 2
fi
root=$(git rev-parse --show-toplevel)
if ! sha=$(git -C "$root" rev-parse --verify --quiet "$1^{commit}"); then
  echo "baseline: $1 is not a commit of this repository" >&2
  exit 2
fi
base=${BASELINE_DIR:-${TMPDIR:-/tmp}/holdfast-baseline}
dir=$base/$sha
bin=$dir/target/release/holdfast

if [ ! -x "$bin" ]; then
  mkdir -p "$base"
  if [ ! -e "$dir/.git" ]; then
    # A folder left by a run that was stopped: git would refuse to add it again.
    git -C "$root" worktree prune
    rm -rf "$dir"
    git -C "$root" worktree add --detach "$dir" "$sha" >&2
  fi
  (cd "$dir" && cargo build --release -p holdfast-cli >&2)
fi

# A commit from before the engine protocol builds a binary that cannot play a match.
if ! printf 'holdfast\nquit\n' | "$bin" engine 2>/dev/null | grep -qx ok; then
  echo "baseline: $bin (from $1) does not speak the engine protocol" >&2
fi
echo "$bin"
