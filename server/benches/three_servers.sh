#!/usr/bin/env bash
# Three servers on one PostgreSQL database behind HAProxy, under an upload
# stream (issue 38, item 5): a script, not a test. It seeds N public
# submissions exactly as board_churn.sh does (1,000 teams; every sheet of
# predictions and every correctness vector its own, random), starts three
# `medarabench serve --behind-proxy` on that database, each with metrics on
# a port of its own, and Debian's HAProxy in front of them (plain HTTP,
# round-robin, health checks on /healthz every 300 ms: `inter 300 fall 3
# rise 2`). Then, while 1 upload a second arrives through HAProxy, it runs
# wrk (2 threads, 16 connections, $DURATION) on `/` through HAProxy and
# reports:
#
#   - requests/s, p50, p99 and the non-2xx/3xx responses wrk saw;
#   - the 503s HAProxy answered or passed on (counted in its httplog);
#   - how many times each server went DOWN (HAProxy's `chkdown`);
#   - /healthz through HAProxy, sampled every 0.1 s meanwhile (p50/p99);
#   - the uploads' answers;
#   - board versions each server made (`board_computations_total`), and
#     the versions made in all against the board versions the uploads made
#     (`board_version` of `GET /api/v1/leaderboard?limit=1` before and
#     after); and any board version made by more than one server (the
#     servers' "board made" lines), whole or from the changes.
#
# The goal the issue sets: no 503, and each version made once in all.
#
#   N=10000 server/benches/three_servers.sh
#   N=100000 server/benches/three_servers.sh   # the issue's figure
#   SKIP_BUILD=1 ...                            # reuse target/release
#   LOGS=DIR ...                                # keep the servers' and HAProxy's logs in DIR
#   WAIT_INDEX=0 ...                            # start the run without waiting for the near-duplicate index
#
# Needs wrk, curl, python3, psql, haproxy, and PostgreSQL on 127.0.0.1:5432
# (trust auth, user postgres): a scratch database is created and dropped.
# Ports: HAProxy on $PORT, the servers on PORT+1..3, HAProxy's stats on
# PORT+4, the servers' metrics on METRICS_PORT+1..3. Results go into
# BENCHMARKS.md by hand, with the command.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in wrk curl python3 psql haproxy; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed" >&2; exit 1; }
done

DB=postgres
N=${N:-10000}
TEAMS=${TEAMS:-1000}
DURATION=${DURATION:-30s}
PORT=${PORT:-3190}
METRICS_PORT=${METRICS_PORT:-9190}
BIN=${BIN:-target/release/medarabench}
LOGS=${LOGS:-}
WORK=$(mktemp -d)
source server/benches/server.sh
PG_ADMIN=${PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
PG_NAME="three_servers_$$"
URL="postgres://postgres@127.0.0.1:5432/$PG_NAME"
SERVERS=()  # the three servers' process ids
HAPROXY=""
STREAMER=""
began=$(date +%s)

cleanup() {
  set +e
  [ -n "$STREAMER" ] && { touch "$WORK/stop"; kill "$STREAMER" 2>/dev/null; wait "$STREAMER" 2>/dev/null; }
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${SERVERS[@]}"; do wait "$pid" 2>/dev/null; done
  [ -n "$HAPROXY" ] && { kill "$HAPROXY" 2>/dev/null; wait "$HAPROXY" 2>/dev/null; }
  stop_server
  psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PG_NAME WITH (FORCE)" >/dev/null 2>&1
  if [ -n "$LOGS" ]; then
    mkdir -p "$LOGS" && cp "$WORK"/*.log "$LOGS"/ 2>/dev/null && echo "logs kept in $LOGS"
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql -q "$PG_ADMIN" -c "CREATE DATABASE $PG_NAME" >/dev/null

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo build --release --locked --bin medarabench >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
fi
[ -x "$BIN" ] || { echo "no server binary at $BIN (build it, or set BIN)" >&2; exit 1; }
OPTS=(--daily-quota 1000000 --total-quota 1000000 --client-daily-quota 0 --writes-per-minute 0 --registrations-per-day 0)

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "three servers on PostgreSQL behind $(haproxy -v | head -1 | cut -d' ' -f1-3); $N submissions by $TEAMS teams; wrk $DURATION, 16 connections, 1 upload a second"

# One team and one upload through one server (directly): the template row.
PORT=$((PORT + 1)) start_server "$URL" "${OPTS[@]}"
base="http://127.0.0.1:$((PORT + 1))"
TOKEN=$(new_token churn)
# Prediction files: the demo key's questions, a random letter each.
python3 server/benches/seed.py files "$WORK"
upload() { # upload N: one upload of file N (mod 400) to $base, prints its status and seconds
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H "authorization: Bearer $TOKEN" -H 'content-type: text/csv' \
    --data-binary "@$WORK/preds-$(( $1 % 400 )).csv" "$base/api/v1/submissions?model_name=churn-$1&model_params=8B"
}
upload 0 >/dev/null
stop_server

# Seeding (as board_churn.sh): teams, then submissions copied from the
# template with their own team, name, date, accuracy, predictions and
# correctness.
python3 server/benches/seed.py submissions "$DB" "$URL" "$N" "$TEAMS"

# The three servers, one after the other, each answering /healthz before
# the next starts; their logs say when each has its board.
server_port() { echo $((PORT + $1)); }
metrics_port() { echo $((METRICS_PORT + $1)); }
plain() { sed 's/\x1b\[[0-9;]*m//g' "$@"; } # a log without its colours
for i in 1 2 3; do
  NO_COLOR=1 DATABASE_URL="$URL" LEPTOS_SITE_ROOT=target/site RUST_LOG="warn,app::db::board=info,server::cli::serve=info" \
    "$BIN" serve --addr "127.0.0.1:$(server_port "$i")" --metrics-addr "127.0.0.1:$(metrics_port "$i")" \
    --behind-proxy --trusted-proxies 1 "${OPTS[@]}" >"$WORK/server-$i.log" 2>&1 &
  SERVERS+=("$!")
  up=0
  for _ in $(seq 1 300); do
    if curl -fs "http://127.0.0.1:$(server_port "$i")/healthz" >/dev/null 2>&1; then up=1; break; fi
    kill -0 "${SERVERS[-1]}" 2>/dev/null || break
    sleep 0.2
  done
  if [ "$up" != 1 ]; then
    echo "server $i did not start; its log:" >&2
    cat "$WORK/server-$i.log" >&2
    exit 1
  fi
done
for i in 1 2 3; do
  for _ in $(seq 1 6000); do
    grep -q "board ready" "$WORK/server-$i.log" && break
    kill -0 "${SERVERS[$((i - 1))]}" 2>/dev/null || { echo "server $i exited; its log:" >&2; cat "$WORK/server-$i.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "server $i (127.0.0.1:$(server_port "$i")): $(plain "$WORK/server-$i.log" | grep -m1 "board ready" | grep -oE 'version=[^ ]+ seconds=[0-9.]{1,6}' || echo 'no "board ready" line after 10 minutes')"
done

# Each server builds the near-duplicate index of the seeded submissions
# after its start; an upload meanwhile reads the submissions not indexed
# yet (at 100,000, past the 30 s request timeout: 408). The run waits for
# the index (WAIT_INDEX=0: it starts at once, measuring the start).
if [ "${WAIT_INDEX:-1}" = 1 ]; then
  unindexed() {
    psql -qAt "$URL" -c "SELECT COUNT(*) FROM submissions s JOIN answer_keys k ON k.id = s.predictions_key_id
      WHERE s.predictions IS NOT NULL AND NOT EXISTS (SELECT 1 FROM near_duplicate_buckets b WHERE b.submission_id = s.id)"
  }
  waited=$(date +%s)
  for _ in $(seq 1 900); do
    [ "$(unindexed)" = 0 ] && break
    sleep 2
  done
  for i in 1 2 3; do
    for _ in $(seq 1 300); do
      grep -q "building the near-duplicate index" "$WORK/server-$i.log" || break
      grep -qE "near-duplicate index is built|near-duplicate index failed" "$WORK/server-$i.log" && break
      sleep 0.1
    done
  done
  echo "near-duplicate index built $(( $(date +%s) - waited )) s after the boards were ready ($(unindexed) submissions left out);" \
    "added by each server: $(for i in 1 2 3; do plain "$WORK/server-$i.log" | grep -oE 'index is built \([0-9,]+' | grep -oE '[0-9,]+$' || echo 0; done | paste -sd/ -)"
fi

# HAProxy in front: plain HTTP, the shipped config's defaults, health
# checks every 300 ms, its log (httplog) and its stats.
STATS_PORT=$((PORT + 4))
cat >"$WORK/haproxy.cfg" <<CFG
global
    maxconn 4096
    log stdout format raw local0

defaults
    mode http
    log global
    option httplog
    timeout connect 5s
    timeout client 30s
    timeout server 120s
    timeout http-request 10s
    retries 2
    retry-on conn-failure
    option redispatch

frontend public
    bind 127.0.0.1:$PORT
    option forwardfor
    unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid
    http-request set-header X-Request-Id %[unique-id]
    default_backend medarabench

backend medarabench
    balance roundrobin
    option httpchk GET /healthz
    http-check expect status 200
    default-server check inter 300 fall 3 rise 2 maxconn 256
    server app1 127.0.0.1:$(server_port 1)
    server app2 127.0.0.1:$(server_port 2)
    server app3 127.0.0.1:$(server_port 3)

listen stats
    bind 127.0.0.1:$STATS_PORT
    no log
    stats enable
    stats uri /stats
CFG
haproxy -c -q -f "$WORK/haproxy.cfg" || { haproxy -c -f "$WORK/haproxy.cfg" >&2; exit 1; }
haproxy -db -f "$WORK/haproxy.cfg" >>"$WORK/haproxy.log" 2>&1 &
HAPROXY=$!
base="http://127.0.0.1:$PORT"
up=0
for _ in $(seq 1 100); do
  if curl -fs "$base/healthz" >/dev/null 2>&1; then up=1; break; fi
  kill -0 "$HAPROXY" 2>/dev/null || break
  sleep 0.1
done
[ "$up" = 1 ] || { echo "haproxy did not start; its log:" >&2; cat "$WORK/haproxy.log" >&2; exit 1; }
sleep 1 # a few health checks

# What is read before and after the run.
version_of() { # version_of URL: the board_version that URL's leaderboard answers
  curl -fs "$1/api/v1/leaderboard?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["board_version"])'
}
db_version() { psql -qAt "$URL" -c "SELECT COALESCE(SUM(n), 0) FROM board_version"; }
metric() { # metric I NAME: server I's counter NAME (0 before its first increment)
  { curl -fs "http://127.0.0.1:$(metrics_port "$1")/metrics" || true; } | awk -v n="$2" '$1 == n { v = $2 } END { print v + 0 }'
}
stats_csv() { curl -fs "http://127.0.0.1:$STATS_PORT/stats;csv"; }

made_before=()
for i in 1 2 3; do
  made_before[$i]=$(metric "$i" board_computations_total)
done
version_before=$(version_of "$base")
echo "board version before the run: $version_before (database: $(db_version))"

# The run: uploads at 1 a second through HAProxy, /healthz sampled through
# HAProxy, and wrk on /.
stream() { # uploads 1 a second until $WORK/stop exists, then waits for those in flight
  local i=100
  while [ ! -e "$WORK/stop" ]; do
    upload "$i" >>"$WORK/uploads" &
    i=$(( i + 1 ))
    sleep 1
  done
  wait
}
sample() { # sample PATH SECONDS: times a GET of PATH every 0.1 s, prints p50/p99/max and the failures
  python3 - "$base$1" "$2" <<'PY'
import sys, time, urllib.request, urllib.error
url, until = sys.argv[1], time.time() + float(sys.argv[2])
times, failed = [], {}
while time.time() < until:
    t = time.perf_counter()
    try:
        urllib.request.urlopen(url, timeout=10).read()
    except urllib.error.HTTPError as e:
        failed[e.code] = failed.get(e.code, 0) + 1
    except Exception as e:
        failed[type(e).__name__] = failed.get(type(e).__name__, 0) + 1
    times.append(time.perf_counter() - t)
    time.sleep(0.1)
times.sort()
q = lambda f: times[min(len(times) - 1, int(f * len(times)))] * 1000
bad = ", ".join(f"{n} x {k}" for k, n in failed.items()) or "none"
print(f"p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, max {times[-1] * 1000:.1f} ms ({len(times)} requests; failed: {bad})")
PY
}
log_lines_before=$(wc -l <"$WORK/haproxy.log")
stats_csv >"$WORK/stats-before.csv"
: >"$WORK/uploads"
stream &
STREAMER=$!
sleep 1
sample /healthz "${DURATION%s}" >"$WORK/healthz" &
sampler=$!
wrk -t2 -c16 -d"$DURATION" --latency "$base/" >"$WORK/wrk.out" 2>&1 || { cat "$WORK/wrk.out" >&2; exit 1; }
wait "$sampler" || true
touch "$WORK/stop"
wait "$STREAMER" || true
STREAMER=""

# Every server brought up to the database's version, then the counts.
version_now=$(db_version)
for i in 1 2 3; do
  for _ in $(seq 1 300); do
    [ "$(version_of "http://127.0.0.1:$(server_port "$i")" || true)" = "$version_now" ] && break
    sleep 0.1
  done
done
sleep 0.5
version_after=$(version_of "$base")

echo "== / through HAProxy (wrk -t2 -c16 -d$DURATION) while 1 upload a second arrives"
wrk_line() { grep -E "$1" "$WORK/wrk.out" | head -1 | sed -E 's/^ +//; s/ +/ /g'; }
echo "requests/s: $(wrk_line 'Requests/sec' | awk '{print $2}'); p50 $(wrk_line '^ *50%' | awk '{print $2}'); p99 $(wrk_line '^ *99%' | awk '{print $2}'); $(wrk_line 'requests in')"
echo "non-2xx/3xx responses (wrk): $(wrk_line 'Non-2xx' | awk -F': ' '{print $2}' | grep . || echo 0); socket errors: $(wrk_line 'Socket errors' | cut -d: -f2- | grep . || echo none)"
# httplog: "... frontend backend/server Tq/Tw/Tc/Tr/Ta status bytes ...".
tail -n +"$((log_lines_before + 1))" "$WORK/haproxy.log" | awk '
  { for (f = 1; f < NF; f++) if ($f ~ /^-?[0-9]+\/-?[0-9]+\/-?[0-9]+\/-?[0-9]+\/\+?-?[0-9]+$/) { n++; s[$(f + 1)]++; break } }
  END { for (k in s) { all = all " " k " x " s[k]; if (k ~ /^5/) e += s[k] }
        printf "HAProxy log, the run: %d requests, %d x 503, %d x 5xx in all; statuses:%s\n", n, ("503" in s) ? s["503"] : 0, e, all }'
echo "/healthz through HAProxy meanwhile: $(cat "$WORK/healthz")"
echo "uploads through HAProxy: $(python3 - "$WORK/uploads" <<'PY'
import collections, sys
lines = [l.split() for l in open(sys.argv[1]) if l.strip()]
codes = collections.Counter(c for c, _ in lines)
t = sorted(float(s) for _, s in lines)
took = f"; p50 {t[len(t) // 2]:.2f} s, max {t[-1]:.2f} s" if t else ""
print(f"{len(lines)} sent; answers: " + ", ".join(f"{n} x {c}" for c, n in sorted(codes.items())) + took)
PY
)"
cat >"$WORK/stats.py" <<'PY'
import csv, sys
def read(path):
    lines = open(path).read().splitlines()
    lines[0] = lines[0].lstrip("# ")
    return list(csv.DictReader(lines))
before = {(r["pxname"], r["svname"]): r for r in read(sys.argv[1])}
for r in read(sys.argv[2]):
    b = before.get((r["pxname"], r["svname"]), {})
    if r["pxname"] == "medarabench" and r["svname"].startswith("app"):
        down = int(r["chkdown"] or 0) - int(b.get("chkdown") or 0)
        fails = int(r["chkfail"] or 0) - int(b.get("chkfail") or 0)
        print(f"{r['svname']}: went DOWN {down} times during the run ({r['chkdown']} since HAProxy started; now {r['status']}; "
              f"{fails} failed checks); {r['stot']} requests, {r['hrsp_5xx']} x 5xx; "
              f"last check {r['check_status']} in {r['check_duration']} ms")
    elif r["svname"] in ("FRONTEND", "BACKEND") and r["pxname"] in ("public", "medarabench"):
        print(f"{r['pxname']} {r['svname']}: {r['hrsp_5xx']} x 5xx of {r['stot']} sessions")
PY
stats_csv >"$WORK/stats-after.csv"
python3 "$WORK/stats.py" "$WORK/stats-before.csv" "$WORK/stats-after.csv"
grep -E "^(Server .* is (DOWN|UP)|backend .* has no server available)" "$WORK/haproxy.log" | head -10 | cut -c1-220 | sed 's/^/   haproxy: /' || true

echo "== boards"
total_made=0
for i in 1 2 3; do
  made=$(metric "$i" board_computations_total)
  total_made=$(( total_made + made - made_before[$i] ))
  echo "server $i: made $made since its start; during the run made $(( made - made_before[$i] ))"
done
versions=$(python3 -c "print(int(float('$version_after')) - int(float('$version_before')))")
echo "board versions: $version_before before, $version_after after (database: $version_now): $versions new; boards made during the run, all servers: $total_made"
# Every making, whole or from the changes: the stored board is made by
# one server at a time and read by all.
for i in 1 2 3; do plain "$WORK/server-$i.log" | { grep "board made" || true; } | grep -oE 'version="?[0-9.]+' | tr -d '"' | sed "s/\$/ $i/" || true; done |
  sort | awk '!($1 in n) { m++ } { n[$1]++; by[$1] = by[$1] " " $2 } END { d = 0; for (v in n) if (n[v] > 1) { d++; if (d <= 10) print "   made more than once: " v " by servers" by[v] }
                 printf "board versions made more than once (since the servers started): %d of %d made\n", d, m }'
for i in 1 2 3; do
  warns=$(plain "$WORK/server-$i.log" | grep -cE " (WARN|ERROR) " || true)
  echo "server $i log: $warns WARN/ERROR lines"
  plain "$WORK/server-$i.log" | grep -E " (WARN|ERROR) " | head -5 | cut -c1-220 | sed 's/^/   /' || true
done
echo "the script took $(( $(date +%s) - began )) s"
