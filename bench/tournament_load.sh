#!/usr/bin/env bash
# Tournament load benchmark: N Daphne processes + the clock on PostgreSQL and Redis, then
# `manage.py loadtest_tournaments` against them. Usage:
#   bash bench/tournament_load.sh TOURNAMENTS PLAYERS SECONDS THINK [DAPHNES]
# Prints the load generator's progress and its final JSON line (TIMED=1: see bench/timed_asgi.py;
# the servers' logs are /tmp/bench-daphne-N.log). Uses the database pokerclub_tournamentload
# (re-created) on 127.0.0.1:5432 and Redis db 3.
set -euo pipefail
cd "$(dirname "$0")/.."
TOURNAMENTS=${1:-10} PLAYERS=${2:-50} SECONDS=${3:-120} THINK=${4:-1.0} DAPHNES=${5:-2}
# TIMED=1: the servers log where an action's time goes every 10 s (bench/timed_asgi.py)
APP=pokerclub.asgi:application
if [ "${TIMED:-0}" = 1 ]; then APP=bench.timed_asgi:application; fi
PY=.venv/bin/python
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/pokerclub_tournamentload
export REDIS_URL=redis://127.0.0.1:6379/3
export DEBUG=0 SECRET_KEY=bench-secret-key-bench-secret-key-0123456789 ALLOWED_HOSTS=127.0.0.1
export SECURE_SSL_REDIRECT=0 BEHIND_PROXY=0 LOG_LEVEL=WARNING DB_POOL_MAX=${DB_POOL_MAX:-20}
psql -q -h 127.0.0.1 -U postgres -c "drop database if exists pokerclub_tournamentload with (force)" -c "create database pokerclub_tournamentload"
redis-cli -n 3 flushdb >/dev/null
$PY manage.py migrate -v0
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; sleep 1; kill -9 "${pids[@]}" 2>/dev/null || true' EXIT
urls=()
for i in $(seq 1 "$DAPHNES"); do
  port=$((8200 + i))
  $PY -m daphne -b 127.0.0.1 -p $port "$APP" >/tmp/bench-daphne-$i.log 2>&1 &
  pids+=($!)
  urls+=("http://127.0.0.1:$port")
done
$PY manage.py run_clock >/tmp/bench-clock.log 2>&1 &
pids+=($!)
sleep 3
IFS=,; url_list="${urls[*]}"; unset IFS
$PY manage.py loadtest_tournaments --url "$url_list" --tournaments "$TOURNAMENTS" --players "$PLAYERS" --seconds "$SECONDS" --think "$THINK" --seed 1
