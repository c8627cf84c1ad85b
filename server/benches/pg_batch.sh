#!/usr/bin/env bash
# What PostgreSQL would spend on uploads stored several to a statement (a
# design measurement, not a test, and not what the server does today):
# pgbench runs an upload's statements as the server sends them (the team's
# lock, the admission read, the store statement with its score row, audit
# entry, team count and board version, one transaction an upload, eight
# clients), then the same statements written for ten uploads of ten teams
# at once (two clients), alternating, and prints the uploads a second and
# the machine's CPU an upload (pgbench included) with the part its host
# stole. The rows are copies of real uploads: the release server on a
# fresh database takes 2 s of server/benches/uploads.lua first.
#
#   SKIP_BUILD=1 server/benches/pg_batch.sh
#   ROUNDS=5 DURATION=10 SKIP_BUILD=1 server/benches/pg_batch.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/env

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-8}
PORT=${PORT:-3183}
BIN=${BIN:-target/release/medarabench}
PG_ADMIN_URL="${MEDARABENCH_TEST_POSTGRES:-postgres://root@127.0.0.1:5432/postgres}"
WORK=$(mktemp -d)
pgdb="mb_pgbatch_$$"
url="${PG_ADMIN_URL%/*}/$pgdb"
source server/benches/server.sh

cleanup() {
  stop_server
  psql "$PG_ADMIN_URL" -qc "DROP DATABASE IF EXISTS $pgdb WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
for tool in wrk pgbench; do
  command -v $tool >/dev/null || { echo "$tool is not installed" >&2; exit 1; }
done
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo leptos build --release >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log" >&2; exit 1; }
fi

psql "$PG_ADMIN_URL" -qc "CREATE DATABASE $pgdb" >/dev/null
start_server "$url" --daily-quota 1000000 --total-quota 1000000 \
  --client-daily-quota 0 --registrations-per-day 0 --writes-per-minute 0
python3 server/benches/teams.py "http://127.0.0.1:$PORT" 20 >"$WORK/tokens"
wrk -t20 -c20 -d2s --timeout 10s -s server/benches/uploads.lua \
  "http://127.0.0.1:$PORT" -- "$WORK/tokens" 20 >/dev/null
stop_server
# One stored upload of each team, copied (under a new id and model name) by
# every upload below.
psql "$url" -qc "CREATE TABLE copied AS SELECT DISTINCT ON (team_id) * FROM submissions ORDER BY team_id, id" \
  -c "ANALYZE"
teams=$(psql "$url" -Atc "SELECT string_agg(id::text, ',' ORDER BY id) FROM teams")
[ "$(echo "$teams" | tr ',' '\n' | wc -l)" -ge 20 ] || { echo "expected 20 teams, found: $teams" >&2; exit 1; }

cols="public_id, team_id, key_id, benchmark, model_name, model_url, model_params, notes,
  prompt_language, shots, chain_of_thought, extraction, contamination, visibility,
  file_sha256, file_format, created_at, utc_day, accuracy, correct, total, ci_low, ci_high,
  missing, unparsed, ignored, scorecard_json, correctness, idempotency_key, client_key, predictions,
  predictions_key_id, flags_json, model_category, model_args, generation, temperature, shown_accuracy, ladder_step"
copy=$(echo "$cols" | sed 's/public_id,/md5(random()::text),/; s/model_name,/md5(random()::text),/; s/created_at,/extract(epoch from now())::bigint,/')
admission="t.name, t.daily_quota, t.total_quota,
  CASE WHEN t.uploads_day = to_char(now(), 'YYYY-MM-DD') THEN t.uploads_on_day ELSE 0 END, t.uploads_total,
  (SELECT r.public_id FROM submissions r WHERE r.team_id = t.id AND r.file_sha256 = 'x' AND r.model_name = 'x'
     AND r.benchmark = 'medarabench' AND r.created_at > 0 ORDER BY r.id LIMIT 1),
  (SELECT k.id FROM answer_keys k WHERE k.benchmark = 'medarabench' ORDER BY k.id DESC LIMIT 1),
  (SELECT k.exposure FROM answer_keys k WHERE k.benchmark = 'medarabench' ORDER BY k.id DESC LIMIT 1),
  (SELECT COUNT(*) FROM api_tokens a WHERE a.team_id = t.id AND a.revoked_at IS NULL)"
rest="scored AS (INSERT INTO submission_scores (submission_id, key_id, accuracy, correct, total, ci_low, ci_high,
     missing, unparsed, ignored, scored_at)
   SELECT id, key_id, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored, created_at FROM s),
 logged AS (INSERT INTO audit_log (at, event, team_id, member_id, detail)
   SELECT created_at, 'submission_accepted', team_id, NULL, 'x' FROM s)"
returning="RETURNING id, team_id, key_id, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored, created_at"
# The app's advisory lock key of team uploads (`db::TEAM_LOCKS`, 0x4d425401)
# and its count of board version slots (`db::board`'s VERSION_SLOTS).
team_locks=1296192513
slots=16
count_upload="UPDATE teams SET uploads_total = uploads_total + 1,
   uploads_on_day = CASE WHEN uploads_day = to_char(now(), 'YYYY-MM-DD') THEN uploads_on_day + 1 ELSE 1 END,
   uploads_day = to_char(now(), 'YYYY-MM-DD')"

# One upload a transaction, as the server sends it today. The pgbench
# variables pick a team among the 20.
cat >"$WORK/one.sql" <<EOF
\\set i random(0, 19)
BEGIN;
SELECT pg_advisory_xact_lock($team_locks, (string_to_array('$teams', ','))[:i + 1]::int);
SELECT $admission FROM teams t WHERE t.id = (string_to_array('$teams', ','))[:i + 1]::bigint;
WITH s AS (INSERT INTO submissions ($cols)
   SELECT $copy FROM copied WHERE team_id = (string_to_array('$teams', ','))[:i + 1]::bigint $returning),
 $rest,
 counted AS ($count_upload WHERE id = (string_to_array('$teams', ','))[:i + 1]::bigint),
 bumped AS (UPDATE board_version SET n = n + 1 WHERE slot = (string_to_array('$teams', ','))[:i + 1]::bigint % $slots)
SELECT id FROM s;
COMMIT;
EOF
# What follows a batch's insert `s`: its score rows and audit entries, each
# team's count and the board version's slots, once a statement.
batch_rest="$rest,
 counted AS ($count_upload WHERE id IN (SELECT team_id FROM s)),
 bumped AS (UPDATE board_version SET n = n + c.k
   FROM (SELECT team_id % $slots AS slot, COUNT(*) AS k FROM s GROUP BY 1) c WHERE board_version.slot = c.slot)
SELECT id FROM s;
COMMIT;"
# Ten uploads of ten teams a transaction: each client its own ten teams.
cat >"$WORK/ten.sql" <<EOF
\\set half :client_id % 2
BEGIN;
SELECT pg_advisory_xact_lock($team_locks, t.id::int) FROM teams t
 WHERE t.id IN (SELECT c.team_id FROM copied c ORDER BY c.team_id OFFSET :half * 10 LIMIT 10) ORDER BY t.id;
SELECT $admission FROM teams t
 WHERE t.id IN (SELECT c.team_id FROM copied c ORDER BY c.team_id OFFSET :half * 10 LIMIT 10);
WITH s AS (INSERT INTO submissions ($cols)
   SELECT $copy FROM (SELECT * FROM copied ORDER BY team_id OFFSET :half * 10 LIMIT 10) copied $returning),
 $batch_rest
EOF

# The same ten uploads a transaction, their rows sent as one JSON value
# (bytea in hex; jsonb's text, whose ": " pgbench does not take for a
# variable), as a server would send them: what reading the JSON costs
# is counted too.
types=$(psql "$url" -Atc "SELECT string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position)
  FROM information_schema.columns WHERE table_name = 'submissions' AND column_name IN ('$(echo $cols | sed "s/, */','/g")')")
half() { # half N: the JSON rows of teams 10N+1..10N+10, quoted for SQL
  psql "$url" -Atc "SELECT jsonb_agg(to_jsonb(c)) FROM (SELECT $cols FROM copied ORDER BY team_id OFFSET $1 * 10 LIMIT 10) c" |
    sed "s/'/''/g"
}
ids() { psql "$url" -Atc "SELECT string_agg(team_id::text, ',' ORDER BY team_id) FROM (SELECT team_id FROM copied ORDER BY team_id OFFSET $1 * 10 LIMIT 10) c"; }
rows_json="json_to_recordset(CASE WHEN :half = 0 THEN '$(half 0)' ELSE '$(half 1)' END::json)"
team_ids="(CASE WHEN :half = 0 THEN '{$(ids 0)}' ELSE '{$(ids 1)}' END)::bigint[]"
cat >"$WORK/ten_json.sql" <<EOF
\\set half :client_id % 2
BEGIN;
SELECT pg_advisory_xact_lock($team_locks, t::int) FROM unnest($team_ids) t ORDER BY t;
SELECT $admission FROM teams t WHERE t.id = ANY($team_ids);
WITH s AS (INSERT INTO submissions ($cols) SELECT $copy FROM $rows_json AS r($types) $returning),
 $batch_rest
EOF

rows() { psql "$url" -Atc "SELECT COUNT(*) FROM submissions"; }
run() { # run SCRIPT CLIENTS
  local before after out stored
  stored=$(rows)
  before=$(machine_ticks)
  out=$(pgbench -n -M prepared -c"$2" -T"$DURATION" -f "$WORK/$1" "$url" 2>&1) || { echo "$out" >&2; exit 1; }
  after=$(machine_ticks)
  # The uploads are the rows stored, not the transactions pgbench counted.
  stored=$(($(rows) - stored))
  echo "$before $after $stored $(getconf CLK_TCK) $1 $2" | awk -v d="$DURATION" '{
    us = 1e6 / $6 / $5
    printf "%-12s %d clients: %5.0f uploads/s, machine CPU an upload %4.0f us (of which stolen by the host: %.0f us)\n",
      $7, $8, $5 / d, ($3 - $1) * us, ($4 - $2) * us }'
}

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs; $DURATION s a run"
for _ in $(seq 1 "$ROUNDS"); do
  run one.sql 8
  run ten.sql 2
  run ten_json.sql 2
done
