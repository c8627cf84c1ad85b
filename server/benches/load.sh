#!/usr/bin/env bash
# Load benchmark of the leaderboard (a script, not a test): requests per
# second and latency of `/` with 1,000 and with 100,000 stored submissions,
# beside the same server's throughput for a static file, plus the WASM
# bundle size, the size of the page and the machine's load average while
# wrk runs. Results go into BENCHMARKS.md by hand.
#
#   server/benches/load.sh                  # needs wrk (apt-get install wrk)
#   CASES="1000" DURATION=10s server/benches/load.sh
#   SKIP_BUILD=1 server/benches/load.sh     # reuse target/release and target/site
#   BENCH_RUST_LOG=info SKIP_BUILD=1 server/benches/load.sh   # the default log level of `serve` (one line a response)
#
# Per case it builds a scratch SQLite database: the server migrates it and
# stores the synthetic demo key; one team uploads one prediction file over
# HTTP, made from that key with 62% of the answers right (so it is scored
# like any upload); then the submissions are doubled with INSERT ... SELECT
# until there are n. Copies are public (like the upload), each with its own
# id, model name, size, date and accuracy (20-75%, spread deterministically)
# and with `correct` and the Wilson 95% interval computed from that accuracy,
# so the board ranks and draws them as it would real ones. They share the
# upload's per-question correctness and score card (only the best 200 are
# compared pairwise, and `/` never reads the score card). Then the server
# starts afresh and wrk runs for $DURATION per URL with $CONNECTIONS
# connections on 2 threads.
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/env
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

CASES=${CASES:-"1000 100000"}
DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-32}
PORT=${PORT:-3177}
BIN=${BIN:-target/release/medarabench}
WORK=$(mktemp -d)
source server/benches/server.sh
trap 'stop_server; rm -rf "$WORK"' EXIT

# start DB_FILE [serve options...]: the release server on that SQLite file.
start() {
  local db=$1
  shift
  start_server "sqlite:$db" "$@"
}

# load_during LABEL COMMAND...: runs the command while sampling the load
# average every 2 s and the busiest processes once, half-way.
load_during() {
  local label=$1
  shift
  (while :; do cut -d' ' -f1 /proc/loadavg; sleep 2; done) >"$WORK/load-$label" &
  local sampler=$!
  (sleep 10; ps -eo pcpu=,comm= --sort=-pcpu | head -6 >"$WORK/ps-$label") &
  local snapshot=$!
  "$@"
  kill "$sampler" 2>/dev/null || true
  wait "$snapshot" 2>/dev/null || true
  wait "$sampler" 2>/dev/null || true
  echo "   load average (1 min) during the run: $(sort -n "$WORK/load-$label" | head -1) to $(sort -n "$WORK/load-$label" | tail -1)"
  echo "   busiest processes half-way (%CPU, command): $(tr -s ' \n' ' ' <"$WORK/ps-$label")"
}

bench() {
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$1" | grep -E "Requests/sec|Transfer/sec| 50%| 99%|Non-2xx|Socket errors|requests in"
}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo leptos build --release >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
fi

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $BIN ($(stat -c %s "$BIN") bytes), wrk $DURATION, $CONNECTIONS connections, 2 threads"
wasm=$(ls target/site/pkg/*.wasm 2>/dev/null) || { echo "no WASM bundle in target/site/pkg: build the site first" >&2; exit 1; }
echo "WASM bundle ($wasm): $(stat -c %s "$wasm") bytes raw, $(gzip -9c "$wasm" | wc -c) bytes gzip -9"

run_case() {
  local n=$1
  local db="$WORK/board-$n.db"
  local base="http://127.0.0.1:$PORT"
  rm -f "$db"*
  echo
  echo "=== $n stored submissions"
  # Migrate, seed the published results and the demo key; one team, one upload.
  start "$db" --daily-quota 1000000 --total-quota 1000000
  curl -fs -X POST -H 'content-type: application/json' \
    -d '{"name":"Load","email":"load@example.org","password":"a long load password"}' "$base/api/v1/teams" >/dev/null
  token=$(curl -fs -X POST -H 'content-type: application/json' \
    -d '{"email":"load@example.org","password":"a long load password"}' "$base/api/v1/tokens" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  # Predictions from the key the server stored (the scratch database is ours).
  python3 - "$db" "$WORK/preds.csv" <<'PY'
import csv, io, random, sqlite3, sys
db, out = sys.argv[1], sys.argv[2]
content = sqlite3.connect(db).execute(
    "SELECT f.content FROM answer_keys k JOIN answer_key_files f ON f.key_id = k.id "
    "WHERE k.benchmark = 'medarabench' ORDER BY k.id DESC LIMIT 1").fetchone()[0]
rows = list(csv.DictReader(io.StringIO(bytes(content).decode("utf-8-sig"))))
rng = random.Random(1)
with open(out, "w") as f:
    f.write("question_id,answer\n")
    for r in rows:
        right = r["Correct Answer"].strip().upper()
        if right not in list("ABCDEF"):  # a row the key itself rejects (e.g. "A+B"): ignored when scored
            right = "A"
        letters = [l for l in "ABCD" if l != right] or ["A"]
        f.write(f"{r['Question Number']},{right if rng.random() < 0.62 else rng.choice(letters)}\n")
PY
  curl -fs -H "authorization: Bearer $token" -H 'content-type: text/csv' --data-binary "@$WORK/preds.csv" \
    "$base/api/v1/submissions?model_name=load-0&model_params=8B&contamination=none" |
    python3 -c 'import json,sys; s=json.load(sys.stdin); print("uploaded:", s["id"], "accuracy", s["accuracy"], "n", s["total"], s["visibility"])'
  stop_server
  # Double the submissions until there are n.
  python3 - "$db" "$n" <<'PY'
import math, sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
Z = 1.959963984540054
def wilson(k, t, high):
    if not t:
        return 1.0 if high else 0.0
    p, z2 = k / t, Z * Z
    denom = 1 + z2 / t
    centre, half = (p + z2 / (2 * t)) / denom, Z * math.sqrt(p * (1 - p) / t + z2 / (4 * t * t)) / denom
    return min(1.0, centre + half) if high else max(0.0, centre - half)
c.create_function("wilson_low", 2, lambda k, t: wilson(k, t, False), deterministic=True)
c.create_function("wilson_high", 2, lambda k, t: wilson(k, t, True), deterministic=True)
# An accuracy in [0.20, 0.75) for copy number i (a multiplicative hash, so neighbours differ).
c.create_function("spread", 1, lambda i: 0.20 + 0.55 * ((i * 2654435761) % 1000003) / 1000003, deterministic=True)
cols = [r[1] for r in c.execute("PRAGMA table_info(submissions)") if r[1] != "id"]
while (have := c.execute("SELECT COUNT(*) FROM submissions").fetchone()[0]) < n:
    take = min(have, n - have)
    i = f"(id + {have})"
    k = f"CAST(ROUND(spread({i}) * total) AS INTEGER)"
    value = {
        "public_id": f"public_id || '-' || {i}",
        "model_name": f"'load-model-' || {i}",
        "model_params": f"(1 + {i} % 70) || 'B'",
        "created_at": f"created_at - {i} * 60",
        "correct": k,
        "accuracy": f"{k} * 1.0 / total",
        "ci_low": f"wilson_low({k}, total)",
        "ci_high": f"wilson_high({k}, total)",
    }
    sel = ", ".join(value.get(col, col) for col in cols)
    c.execute(f"INSERT INTO submissions ({', '.join(cols)}) SELECT {sel} FROM submissions ORDER BY id LIMIT {take}")
    c.commit()
c.execute("UPDATE settings SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE name = 'board_version'")
c.commit()
public, verified_ok = c.execute(
    "SELECT COUNT(*), SUM(accuracy BETWEEN ci_low AND ci_high AND correct = ROUND(accuracy * total)) "
    "FROM submissions WHERE visibility = 'public' AND benchmark = 'medarabench'").fetchone()
lo, hi = c.execute("SELECT MIN(accuracy), MAX(accuracy) FROM submissions").fetchone()
print(f"seeded: {public} public submissions ({verified_ok} with accuracy inside its interval), accuracy {lo:.3f} to {hi:.3f}")
assert public == n == verified_ok, "every seeded row public, consistent"
PY
  start "$db"
  # The first request computes the board (once per version) and caches it.
  echo "first / (computes the board): $(curl -fs -o /dev/null -w '%{time_total}' "$base/") s"
  echo "/ : $(curl -fs -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/") (warm)"
  echo "/api/v1/leaderboard (every row), first at this version: $(curl -fs -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/api/v1/leaderboard")"
  echo "/api/v1/leaderboard again (cached): $(curl -fs -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/api/v1/leaderboard")"
  # Compressed once at this version, with the JSON above: served as kept.
  for coding in gzip br; do
    echo "/api/v1/leaderboard, Accept-Encoding: $coding (cached): $(curl -fs -H "accept-encoding: $coding" -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/api/v1/leaderboard")"
  done
  echo "/api/v1/leaderboard?limit=1000 (the first page): $(curl -fs -o /dev/null -w '%{size_download} bytes, %{time_total} s' "$base/api/v1/leaderboard?limit=1000")"
  echo "== / with $n submissions"
  load_during "page-$n" bench "$base/"
  echo "== static file (/favicon.ico, $(curl -fs -o /dev/null -w '%{size_download}' "$base/favicon.ico") bytes) with $n submissions"
  load_during "static-$n" bench "$base/favicon.ico"
  stop_server
}

for n in $CASES; do
  run_case "$n"
done
