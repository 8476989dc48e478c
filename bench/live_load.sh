#!/usr/bin/env bash
# Live-play load benchmark: N Daphne processes + the clock on PostgreSQL and Redis, then
# `manage.py loadtest` against them. Usage:
#   bash bench/live_load.sh TABLES PLAYERS HANDS THINK [DAPHNES]
# Prints the loadtest's progress and its final JSON line (TIMED=1: see bench/timed_asgi.py;
# the servers' logs are /tmp/bench-daphne-N.log), then the Daphnes' memory: resident set
# before the bots connect and at its highest during the run, and per socket; the CPU
# milliseconds per action of the Daphnes, the clock, Redis and PostgreSQL; and PostgreSQL's
# WAL bytes per action (pg_current_wal_lsn before and after: run it on a PostgreSQL nothing
# else writes to) beside each table's rows inserted and updated (HOT among them) and the
# table rows' size with TOAST against their live data (issue #44).
# SIZES_EVERY=30 also prints the table rows' sizes every 30 s of the run (total with TOAST and
# indexes, the heap, the TOAST table with its index, the live data; kB): their dead space.
# LOADTEST_ARGS adds loadtest options, e.g. "--think-dist lognormal --timeouts 0.03
# --action-seconds 20 --time-bank 10" (human scale, issue #18). Uses the database pokerclub_liveload
# (re-created) on 127.0.0.1:${PGPORT:-5432} (PGPORT=5433: a private cluster no other test writes to,
# for the WAL line) and Redis db 2. SERVER=uvicorn serves with uvicorn (uvloop,
# httptools, websockets) instead of Daphne (the lines below still say "daphne" for either).
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES=${1:-100} PLAYERS=${2:-6} HANDS=${3:-10} THINK=${4:-1.0} DAPHNES=${5:-2}
# TIMED=1: the servers log where an action's time goes every 10 s (bench/timed_asgi.py)
APP=pokerclub.asgi:application
if [ "${TIMED:-0}" = 1 ]; then APP=bench.timed_asgi:application; fi
PY=.venv/bin/python
export PGPORT=${PGPORT:-5432}
export DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/pokerclub_liveload
export REDIS_URL=redis://127.0.0.1:6379/2
export DEBUG=0 SECRET_KEY=bench-secret-key-bench-secret-key-0123456789 ALLOWED_HOSTS=127.0.0.1
export SECURE_SSL_REDIRECT=0 BEHIND_PROXY=0 LOG_LEVEL=WARNING DB_POOL_MAX=${DB_POOL_MAX:-20}
psql -q -h 127.0.0.1 -U postgres -c "drop database if exists pokerclub_liveload with (force)" -c "create database pokerclub_liveload"
redis-cli -n 2 flushdb >/dev/null
$PY manage.py migrate -v0
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; sleep 1; kill -9 "${pids[@]}" 2>/dev/null || true' EXIT
urls=()
for i in $(seq 1 "$DAPHNES"); do
  port=$((8200 + i))
  if [ "${SERVER:-daphne}" = uvicorn ]; then
    $PY -m uvicorn --host 127.0.0.1 --port $port --loop uvloop --http httptools --ws "${UVICORN_WS:-websockets-sansio}" \
      --ws-per-message-deflate false --lifespan off --log-level warning --no-access-log \
      "$APP" >/tmp/bench-daphne-$i.log 2>&1 &
  else
    $PY -m daphne -b 127.0.0.1 -p $port "$APP" >/tmp/bench-daphne-$i.log 2>&1 &
  fi
  pids+=($!)
  urls+=("http://127.0.0.1:$port")
done
$PY manage.py run_clock >/tmp/bench-clock.log 2>&1 &
pids+=($!)
sleep 3
IFS=,; url_list="${urls[*]}"; unset IFS
rss_kb() {  # the summed resident set of the Daphne processes, in kB
  local total=0 pid
  for pid in "${pids[@]:0:$DAPHNES}"; do
    total=$((total + $(awk '/^VmRSS/ {print $2}' /proc/"$pid"/status 2>/dev/null || echo 0)))
  done
  echo "$total"
}
cpu_ticks() {  # user + system clock ticks of the given processes
  local total=0 pid
  for pid in "$@"; do
    total=$((total + $(awk '{print $14 + $15}' /proc/"$pid"/stat 2>/dev/null || echo 0)))
  done
  echo "$total"
}
procs_of() {  # the PIDs of: daphne, clock, redis or postgres
  case $1 in
    daphne) echo "${pids[*]:0:$DAPHNES}" ;;
    clock) echo "${pids[$DAPHNES]}" ;;
    *) pgrep -d ' ' -f "${1/redis/redis-server}" || true ;;
  esac
}
declare -A ticks_before
for name in daphne clock redis postgres; do
  # shellcheck disable=SC2046
  ticks_before[$name]=$(cpu_ticks $(procs_of $name))
done
before=$(rss_kb)
( peak=$before; while sleep 2; do now=$(rss_kb); [ "$now" -gt "$peak" ] && peak=$now && echo "$peak" >/tmp/bench-rss-peak; done ) &
sampler=$!
echo "$before" >/tmp/bench-rss-peak
# shellcheck disable=SC2086  # LOADTEST_ARGS is a list of options
LOG_JSON=$(mktemp)
PSQL="psql -h 127.0.0.1 -U postgres -d pokerclub_liveload -Atq"
wal_before=$($PSQL -c "select pg_current_wal_lsn()")
SIZES=$(mktemp)
if [ -n "${SIZES_EVERY:-}" ]; then
  ( while sleep "$SIZES_EVERY"; do
      $PSQL -F ' ' -c "select 'sizes (kB): ' || now()::time(0), 'total', pg_total_relation_size('tables_table') / 1024, 'heap', pg_relation_size('tables_table') / 1024, 'TOAST', pg_total_relation_size(reltoastrelid) / 1024, 'live', (select coalesce(sum(pg_column_size(t.*)), 0) / 1024 from tables_table t) from pg_class where oid = 'tables_table'::regclass" >>"$SIZES" 2>/dev/null
    done ) &
  sizer=$!
fi
$PY manage.py loadtest --url "$url_list" --tables "$TABLES" --players "$PLAYERS" --hands "$HANDS" --think "$THINK" --seed 1 ${LOADTEST_ARGS:-} | tee "$LOG_JSON"
kill "$sampler" ${sizer:-} 2>/dev/null || true
cat "$SIZES"
hz=$(getconf CLK_TCK)
actions=$(grep '^{' "$LOG_JSON" 2>/dev/null | tail -1 | sed -n 's/.*"actions": \([0-9]*\).*/\1/p')
line="CPU per action (ms):"
for name in daphne clock redis postgres; do
  # shellcheck disable=SC2046
  used=$(( $(cpu_ticks $(procs_of $name)) - ticks_before[$name] ))
  line="$line $name $(awk -v t="$used" -v hz="$hz" -v a="${actions:-0}" 'BEGIN { if (a > 0) printf "%.2f", t * 1000 / hz / a; else print "?" }')"
done
echo "$line (postgres: the backends alive at the end; the generator's CPU is in its JSON)"
peak=$(cat /tmp/bench-rss-peak)
sockets=$((TABLES * PLAYERS))
wal_after=$($PSQL -c "select pg_current_wal_lsn()")
sleep 2  # (PostgreSQL's table statistics are flushed within a second)
echo "WAL from $wal_before to $wal_after"
wal=$($PSQL -c "select pg_wal_lsn_diff('$wal_after', '$wal_before')::bigint")
echo "PostgreSQL WAL: $(awk -v w="$wal" -v a="${actions:-0}" 'BEGIN { if (a > 0) printf "%.0f", w / a; else print "?" }') bytes per action ($wal bytes for ${actions:-?} actions)"
if [ -n "${PGDATA_DIR:-}" ] && command -v "${PG_WALDUMP:-pg_waldump}" >/dev/null; then
  # what the WAL holds, by kind of record: full-page images and the records themselves
  # (PGDATA_DIR: the private cluster's data directory, readable here)
  "${PG_WALDUMP:-pg_waldump}" --path "$PGDATA_DIR/pg_wal" --start "$wal_before" --end "$wal_after" --stats=record 2>/dev/null |
    sort -t '(' -k 4 -rn | awk 'NR <= 14'
  # and by relation: which table, index or TOAST table each record was written for
  $PY bench/wal_by_relation.py "${PG_WALDUMP:-pg_waldump}" "$PGDATA_DIR/pg_wal" "$wal_before" "$wal_after" \
    "${actions:-0}" "$DATABASE_URL" || true
fi
$PSQL -F ' ' -c "select 'rows: ' || string_agg(format('%s +%s ~%s (HOT %s)', relname, n_tup_ins, n_tup_upd, n_tup_hot_upd), ', ' order by n_tup_ins + n_tup_upd desc) from pg_stat_user_tables where n_tup_ins + n_tup_upd > 0"
$PSQL -c "select format('table rows: %s kB with TOAST (the heap %s kB), live data %s kB, dead tuples %s', pg_total_relation_size('tables_table') / 1024, pg_relation_size('tables_table') / 1024, (select coalesce(sum(pg_column_size(t.*)), 0) / 1024 from tables_table t), n_dead_tup) from pg_stat_user_tables where relname = 'tables_table'"
echo "daphne memory: ${before} kB before, ${peak} kB at the peak, $(( (peak - before) / sockets )) kB per socket ($sockets sockets over $DAPHNES processes)"
