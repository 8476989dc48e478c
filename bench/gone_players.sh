#!/usr/bin/env bash
# A hand's wait for players who are gone (issue #40), measured from outside: Daphne and the
# clock on PostgreSQL (database pokerclub_gone, re-created) and Redis (db 2), then
# bench/gone_players.py against them. Usage: bash bench/gone_players.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/pokerclub_gone
export REDIS_URL=redis://127.0.0.1:6379/2
export DEBUG=0 SECRET_KEY=bench-secret-key-bench-secret-key-0123456789 ALLOWED_HOSTS=127.0.0.1
export SECURE_SSL_REDIRECT=0 BEHIND_PROXY=0 LOG_LEVEL=WARNING
psql -q -h 127.0.0.1 -U postgres -c "drop database if exists pokerclub_gone with (force)" -c "create database pokerclub_gone"
redis-cli -n 2 flushdb >/dev/null
$PY manage.py migrate -v0
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; sleep 1; kill -9 "${pids[@]}" 2>/dev/null || true' EXIT
$PY -m daphne -b 127.0.0.1 -p 8301 pokerclub.asgi:application >/tmp/bench-gone-daphne.log 2>&1 &
pids+=($!)
$PY manage.py run_clock >/tmp/bench-gone-clock.log 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do curl -fs -o /dev/null http://127.0.0.1:8301/ && break; sleep 0.2; done
BENCH_URL=ws://127.0.0.1:8301 $PY bench/gone_players.py
