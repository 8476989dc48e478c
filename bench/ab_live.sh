#!/usr/bin/env bash
# Two commits under the same live load, alternated, so that the machine's drift falls on
# both: bash bench/ab_live.sh ROUNDS HANDS REV_A REV_B [TABLES PLAYERS THINK DAPHNES]
# Each round runs bench/live_load.sh once for REV_A, then once for REV_B, each from its own
# git worktree (sharing this checkout's .venv), and prints one line per run: the time, the
# revision, how many Redis connections were opened during the run, and the loadtest's JSON,
# then the CPU per action of each process (live_load.sh's line).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:?rounds} HANDS=${2:?hands per table} A=${3:?revision A} B=${4:?revision B}
TABLES=${5:-100} PLAYERS=${6:-6} THINK=${7:-1.0} DAPHNES=${8:-2}
root=$(mktemp -d /tmp/pokerclub-ab.XXXXXX)
trap 'git worktree remove --force "$root/a" 2>/dev/null; git worktree remove --force "$root/b" 2>/dev/null; rm -rf "$root"' EXIT
for side in a b; do
  rev=$A; [ $side = b ] && rev=$B
  git worktree add -q --detach "$root/$side" "$rev"
  ln -s "$PWD/.venv" "$root/$side/.venv"
done
connections() { redis-cli info stats | tr -d '\r' | awk -F: '/^total_connections_received/ {print $2}'; }
for _ in $(seq 1 "$ROUNDS"); do
  for side in a b; do
    rev=$A; [ $side = b ] && rev=$B
    before=$(connections)
    out=$(bash "$root/$side/bench/live_load.sh" "$TABLES" "$PLAYERS" "$HANDS" "$THINK" "$DAPHNES" 2>/dev/null | grep -E '^\{|^CPU per action' | tail -2)
    echo "$(date +%H:%M) $rev redis_connections=$(( $(connections) - before )) $(echo "$out" | grep '^{' | tail -1)"
    echo "$out" | grep '^CPU per action' | sed 's/^/    /' || true
  done
done
