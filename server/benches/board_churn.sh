#!/usr/bin/env bash
# The board under a stream of uploads (issue 38), on either database: a
# script, not a test. It seeds N public submissions (1,000 teams; every
# sheet of predictions and every correctness vector its own, random), then
# reports the figures of the issue's table:
#
#   - the start: seconds until the stored board is served (written, the first
#     time; current after) and the near-duplicate index is built;
#   - the first upload after a start (no warm-up);
#   - the first `/` right after an upload (five times, the slowest);
#   - `/` under wrk (16 connections) while 1 upload a second arrives, then
#     5 a second, for $DURATION each, and the server's RSS after;
#   - the gzip board export, first and second request at one version;
#   - a search of the board (`/?q=`), matching every seeded row and none,
#     each asked once (a second ask is served from the page cache).
#
#   DB=sqlite N=100000 server/benches/board_churn.sh
#   DB=postgres N=10000 server/benches/board_churn.sh    # a scratch database on 127.0.0.1:5432
#   SKIP_BUILD=1 ...                                       # reuse target/release
#
# Needs wrk, curl, python3 (and psql for PostgreSQL). Results go into
# BENCHMARKS.md by hand, with the command.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

DB=${DB:-sqlite}
N=${N:-10000}
TEAMS=${TEAMS:-1000}
DURATION=${DURATION:-30s}
PORT=${PORT:-3178}
BIN=${BIN:-target/release/medarabench}
WORK=$(mktemp -d)
source server/benches/server.sh
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
PG_NAME="board_churn_$$"
cleanup() {
  stop_server
  [ "$DB" = postgres ] && psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null 2>&1
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "kept: $WORK" >&2; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

case "$DB" in
  sqlite) URL="sqlite:$WORK/churn.db" ;;
  postgres)
    psql -q "$PG_ADMIN" -c "CREATE DATABASE $PG_NAME" >/dev/null
    URL="postgres://postgres@127.0.0.1:5432/$PG_NAME"
    ;;
  *) echo "DB is sqlite or postgres" >&2; exit 1 ;;
esac

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo build --release --locked --bin medarabench >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
fi
OPTS=(--daily-quota 1000000 --total-quota 1000000 --client-daily-quota 0 --writes-per-minute 0 --registrations-per-day 0)
base="http://127.0.0.1:$PORT"

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "database: $DB; $N submissions by $TEAMS teams; wrk $DURATION, 16 connections"

# One team and one upload through the server: the template row.
start_server "$URL" "${OPTS[@]}"
TOKEN=$(new_token churn)
# Prediction files: the demo key's questions, a random letter each.
python3 server/benches/seed.py files "$WORK"
upload() { # upload N: one upload of file N (mod 400), prints the seconds it took
  curl -s -o /dev/null -w '%{time_total}' -H "authorization: Bearer $TOKEN" -H 'content-type: text/csv' \
    --data-binary "@$WORK/preds-$(( $1 % 400 )).csv" "$base/api/v1/submissions?model_name=churn-$1&model_params=8B"
}
upload 0 >/dev/null
stop_server

# Seeding: teams, then submissions copied from the template with their own
# team, name, date, accuracy, predictions and correctness.
python3 server/benches/seed.py submissions "$DB" "$URL" "$N" "$TEAMS"

rss() { # the server's resident memory: its own (anonymous; of it in transparent huge pages) and the database file's pages it maps (SQLite)
  local huge
  huge=$(awk '/^AnonHugePages/ {print int($2/1024)}' "/proc/$SERVER/smaps_rollup")
  awk -v huge="$huge" '/^VmRSS/ {t=$2} /^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {printf "%d MB (own %d MB, %d MB of it in huge pages; mapped file %d MB)", t/1024, a/1024, huge, f/1024}' "/proc/$SERVER/status"
}
after() { # after PATTERN STARTED: seconds from STARTED until the server's log holds PATTERN (at most two hours)
  local pattern=$1 started=$2
  python3 - "$WORK/server.log" "$pattern" "$started" <<'PY'
import sys, time
log, pattern, started = sys.argv[1], sys.argv[2], float(sys.argv[3])
while time.time() - started < 7200:
    with open(log, errors="replace") as f:
        if pattern in f.read():
            print(f"after {time.time() - started:.1f} s")
            break
    time.sleep(0.1)
else:
    print(f"NOT within {time.time() - started:.0f} s")
PY
}
: >"$WORK/server.log"
started=$(python3 -c 'import time; print(time.time())')
BENCH_RUST_LOG=info start_server "$URL" "${OPTS[@]}"
echo "first start after seeding (the board made, the index built): board ready $(after "board ready" "$started"); RSS $(rss)"
echo "   near-duplicate index built $(after "near-duplicate index is built" "$started"); RSS $(rss)"
stop_server
: >"$WORK/server.log"
started=$(python3 -c 'import time; print(time.time())')
BENCH_RUST_LOG=info start_server "$URL" "${OPTS[@]}"
echo "second start (the stored board current): board ready $(after "board ready" "$started"); RSS $(rss)"
echo "first upload after the start: $(upload 1) s"
for i in 2 3 4 5 6; do
  upload "$i" >/dev/null
  echo "first / right after upload $i: $(curl -fs -o /dev/null -w '%{time_total}' "$base/") s"
done

stream() { # stream PER_SECOND: uploads at that rate until killed
  local i=100 gap
  gap=$(python3 -c "print(1 / $1)")
  while :; do
    upload "$i" >/dev/null &
    i=$(( i + 1 ))
    sleep "$gap"
  done
}
sample() { # sample PATH SECONDS: times a GET of PATH every 0.1 s, prints p50/p99/max
  python3 - "$base$1" "$2" <<'PY'
import sys, time, urllib.error, urllib.request
url, until = sys.argv[1], time.time() + float(sys.argv[2])
times = []
while time.time() < until:
    t = time.perf_counter()
    try:
        urllib.request.urlopen(url).read()
    except urllib.error.HTTPError as e:  # a file missing from target/site is answered too
        e.read()
    times.append(time.perf_counter() - t)
    time.sleep(0.1)
times.sort()
q = lambda f: times[min(len(times) - 1, int(f * len(times)))] * 1000
print(f"p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, max {times[-1] * 1000:.1f} ms ({len(times)} requests)")
PY
}
seconds=${DURATION%s}
for rate in 1 5; do
  stream "$rate" &
  streamer=$!
  sleep 1
  echo "== / while $rate upload(s) a second arrive"
  sample /healthz "$seconds" >"$WORK/healthz" &
  healthz=$!
  sample /favicon.ico "$seconds" >"$WORK/static" &
  static=$!
  wrk -t2 -c16 -d"$DURATION" --latency "$base/" | grep -E "Requests/sec| 50%| 99%|Non-2xx|Socket errors"
  wait "$healthz" "$static" || true
  kill "$streamer" 2>/dev/null || true
  wait "$streamer" 2>/dev/null || true
  echo "   /healthz meanwhile: $(cat "$WORK/healthz")"
  echo "   /favicon.ico meanwhile: $(cat "$WORK/static")"
  version=$(curl -fs --max-time 30 "$base/api/v1/leaderboard?limit=1" |
    python3 -c 'import json,sys; print("version", json.load(sys.stdin)["board_version"])' 2>/dev/null || echo "no answer within 30 s")
  echo "   RSS after: $(rss); boards made: $version"
  sleep 10
  echo "   RSS 10 s later, nothing arriving: $(rss)"
done
sleep 2
for i in 1 2; do
  echo "gzip board export, request $i at one version: $(curl -fs -H 'accept-encoding: gzip' -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/api/v1/leaderboard")"
done
for q in churn zzzz-none; do
  echo "search /?q=$q: $(curl -fs -o /dev/null -w '%{time_total}' "$base/?q=$q") s"
done
