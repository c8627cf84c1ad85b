#!/usr/bin/env bash
# Load benchmark of the leaderboard (a script, not a test): requests per
# second and latency of `/` with 100 and with 100,000 stored submissions,
# beside the same server's throughput for a static file, plus the WASM
# bundle size. Results go into BENCHMARKS.md by hand.
#
#   server/benches/load.sh            # needs wrk (apt-get install wrk)
#
# It builds the release server and site, seeds submissions directly into a
# scratch SQLite database (the seeding doubles rows with INSERT ... SELECT;
# scores are copies of one real scored upload), and runs wrk for 20 s per
# case with 64 connections on 2 threads.
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/env
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }

cargo leptos build --release >/dev/null
BIN=target/release/medarabench
WORK=$(mktemp -d)
PORT=3177
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT

wasm=$(ls target/site/pkg/*.wasm)
echo "WASM bundle: $(stat -c %s "$wasm") bytes raw, $(gzip -9c "$wasm" | wc -c) bytes gzip"

run_case() {
  local n=$1
  local db="sqlite:$WORK/board-$n.db"
  rm -f "$WORK/board-$n.db"*
  # Migrate, seed the published results and the demo key, one team, one upload.
  DATABASE_URL=$db LEPTOS_SITE_ROOT=target/site $BIN serve --addr 127.0.0.1:$PORT --daily-quota 1000000 --total-quota 1000000 &
  SERVER=$!
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
  token=$(curl -fs -X POST -H 'content-type: application/json' \
    -d '{"name":"Load","email":"load@example.org","password":"a long load password"}' "http://127.0.0.1:$PORT/api/v1/teams" >/dev/null &&
    curl -fs -X POST -H 'content-type: application/json' -d '{"email":"load@example.org","password":"a long load password"}' \
    "http://127.0.0.1:$PORT/api/v1/tokens" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  cargo run -q --release -p app --example gen_synthetic -- "$WORK/key.csv" "$WORK/preds.csv" 5000 0.6 >/dev/null
  curl -fs -H "authorization: Bearer $token" -H 'content-type: text/csv' --data-binary "@$WORK/preds.csv" \
    "http://127.0.0.1:$PORT/api/v1/submissions?model_name=load-0" >/dev/null
  kill $SERVER; wait $SERVER 2>/dev/null || true
  # Double the submissions until there are n (distinct ids and models, varied accuracy).
  python3 - "$WORK/board-$n.db" "$n" <<'PY'
import sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
cols = [r[1] for r in c.execute("PRAGMA table_info(submissions)") if r[1] != "id"]
while c.execute("SELECT COUNT(*) FROM submissions").fetchone()[0] < n:
    have = c.execute("SELECT COUNT(*) FROM submissions").fetchone()[0]
    take = min(have, n - have)
    sel = ", ".join(
        "public_id || '-' || id" if k == "public_id" else
        "model_name || '-' || id" if k == "model_name" else
        "MIN(1.0, accuracy * (0.5 + (id % 97) / 97.0))" if k == "accuracy" else k
        for k in cols)
    c.execute(f"INSERT INTO submissions ({', '.join(cols)}) SELECT {sel} FROM submissions ORDER BY id LIMIT {take}")
    c.commit()
c.execute("UPDATE settings SET value = CAST(value AS INTEGER) + 1 WHERE name = 'board_version'")
c.commit()
print(n, "submissions")
PY
  DATABASE_URL=$db LEPTOS_SITE_ROOT=target/site RUST_LOG=warn $BIN serve --addr 127.0.0.1:$PORT &
  SERVER=$!
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
  curl -fs "http://127.0.0.1:$PORT/" >/dev/null   # warm the board cache
  echo "== / with $n submissions"
  wrk -t2 -c64 -d20s --latency "http://127.0.0.1:$PORT/" | grep -E "Requests/sec|50%|99%|Non-2xx"
  echo "== static file (/favicon.ico) with $n submissions"
  wrk -t2 -c64 -d20s --latency "http://127.0.0.1:$PORT/favicon.ico" | grep -E "Requests/sec|50%|99%|Non-2xx"
  kill $SERVER; wait $SERVER 2>/dev/null || true
}

run_case 100
run_case 100000
