#!/usr/bin/env bash
# Upload latency under load (a script, not a test): 20 teams upload at once
# (wrk, one thread and one connection each, a new upload as soon as the
# last is answered),
# 5,000-row prediction files for $DURATION, against the release server on a
# fresh SQLite database and then on a fresh PostgreSQL database; prints the
# status codes and the latency to the answer (p50, p90, p99) from
# server/benches/uploads.lua. The teams are registered first
# (server/benches/teams.py).
#
#   server/benches/uploads.sh                    # builds the release server first
#   SKIP_BUILD=1 server/benches/uploads.sh
#   UPLOADERS=20 DURATION=5s BACKENDS=postgres server/benches/uploads.sh
#   PG_SOCKET_DIR=/var/run/postgresql BACKENDS=postgres server/benches/uploads.sh
#   VARY=1 server/benches/uploads.sh             # each upload a variant of its team's file
#   KEEP_LOG=/tmp/uploads.log BENCH_RUST_LOG=info server/benches/uploads.sh  # keeps the servers' log
#
# VARY=1: each upload is a sheet of its own, its first 16 questions'
# letters varied (by default a team uploads its one file again and
# again): every upload then adds a sheet for the near-duplicate search,
# a near-duplicate of its team's others.
#
# PG_SOCKET_DIR: the server reaches PostgreSQL through its Unix socket in
# that directory instead of TCP (the database is still created over
# $MEDARABENCH_TEST_POSTGRES).
#
# After each run it prints the CPU time an upload took while wrk ran, from
# /proc: the server's, the database's (all `postgres` processes; SQLite is
# inside the server) and the whole machine's (wrk included), so a change
# can be judged by the work it saves and not only by a latency that moves
# with whatever else the machine is doing; and the part of the machine's
# that its host gave to others (steal: on a shared virtual machine the
# same binary can run half as fast from one minute to the next).
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/env

UPLOADERS=${UPLOADERS:-20}
DURATION=${DURATION:-3s}
BACKENDS=${BACKENDS:-"sqlite postgres"}
PORT=${PORT:-3179}
BIN=${BIN:-target/release/medarabench}
PG_ADMIN_URL="${MEDARABENCH_TEST_POSTGRES:-postgres://root@127.0.0.1:5432/postgres}"
WORK=$(mktemp -d)
pgdb="mb_uploads_$$"
source server/benches/server.sh

# cpu_ticks: clock ticks of CPU used so far by the machine and its steal
# (`machine_ticks`, server.sh), the server and the PostgreSQL processes,
# on one line.
cpu_ticks() {
  local machine steal server pg=0 pid t
  read -r machine steal < <(machine_ticks)
  server=$(awk '{print $14+$15}' "/proc/$SERVER/stat")
  for pid in $(pgrep -x postgres); do
    t=$(awk '{print $14+$15}' "/proc/$pid/stat" 2>/dev/null) && pg=$((pg + t))
  done
  echo "$machine $server $pg $steal"
}

# written: bytes the server and the PostgreSQL processes have had written
# to disk so far (`write_bytes` of /proc/PID/io: SQLite's WAL and its
# checkpoints are the server's), on one line.
written() {
  local server pg=0 pid b
  server=$(awk '/^write_bytes/ {print $2}' "/proc/$SERVER/io")
  for pid in $(pgrep -x postgres); do
    b=$(awk '/^write_bytes/ {print $2}' "/proc/$pid/io" 2>/dev/null) && pg=$((pg + b))
  done
  echo "$server $pg"
}

cleanup() {
  stop_server
  if [ -n "${KEEP_LOG:-}" ] && [ -f "$WORK/server.log" ]; then cp "$WORK/server.log" "$KEEP_LOG"; fi
  psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $pgdb WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo leptos build --release >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log" >&2; exit 1; }
fi

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
vary=""
if [ "${VARY:-0}" = 1 ]; then vary=vary; fi
echo "binary: $BIN ($(stat -c %s "$BIN") bytes); $UPLOADERS uploaders of 5,000-row files for $DURATION${vary:+, each upload a variant}"
[ -n "${PG_SOCKET_DIR:-}" ] && echo "PostgreSQL through its Unix socket in $PG_SOCKET_DIR"
for backend in $BACKENDS; do
  case $backend in
    sqlite) url="sqlite:$WORK/uploads.db" ;;
    postgres)
      psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $pgdb" >/dev/null
      url="${PG_ADMIN_URL%/*}/$pgdb"
      if [ -n "${PG_SOCKET_DIR:-}" ]; then
        url="${url%%\?*}?host=$PG_SOCKET_DIR"
      fi
      ;;
    *) echo "unknown backend $backend" >&2; exit 1 ;;
  esac
  # No quota or rate limit stands in the way: the uploads are what is measured.
  start_server "$url" --daily-quota 1000000 --total-quota 1000000 \
    --client-daily-quota 0 --registrations-per-day 0 --writes-per-minute 0
  echo
  echo "=== $backend"
  python3 server/benches/teams.py "http://127.0.0.1:$PORT" "$UPLOADERS" >"$WORK/tokens"
  # One wrk thread and one connection per team: each uploader sends its
  # next file when its last is answered.
  before=$(cpu_ticks)
  wrote=$(written)
  wrk -t"$UPLOADERS" -c"$UPLOADERS" -d"$DURATION" --timeout 10s -s server/benches/uploads.lua \
    "http://127.0.0.1:$PORT" -- "$WORK/tokens" "$UPLOADERS" $vary >"$WORK/wrk.out"
  after=$(cpu_ticks)
  wrote="$wrote $(written)"
  grep -E "^(uploads|latency)" "$WORK/wrk.out"
  uploads=$(awk '/^uploads:/{print $2}' "$WORK/wrk.out")
  # Ticks to microseconds an upload. A machine whose host is busy runs
  # slower (its steal grows): compare runs with little of it.
  echo "$before $after $uploads $(getconf CLK_TCK) $backend" | awk '{
    us = 1e6 / $10 / $9
    db = $11 == "postgres" ? sprintf(", PostgreSQL %.0f us", ($7 - $3) * us) : ""
    printf "CPU an upload while wrk ran: server %.0f us%s, machine %.0f us (of which stolen by the host: %.0f us)\n",
      ($6 - $2) * us, db, ($5 - $1) * us, ($8 - $4) * us }'
  echo "$wrote $uploads $backend" | awk '{
    db = $6 == "postgres" ? sprintf(", PostgreSQL %.0f KB", ($4 - $2) / 1024 / $5) : ""
    printf "written to disk an upload: server %.0f KB%s\n", ($3 - $1) / 1024 / $5, db }'
  stop_server
done
