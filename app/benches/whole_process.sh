#!/usr/bin/env bash
# Whole-process CPU time of `medarabench score --json` against the Python
# scorer (BENCHMARKS.md, round 3): each binary given, then Python, in turn,
# for several rounds, with `perf stat` (CPU time and page faults).
#
#   app/benches/whole_process.sh ROUNDS BINARY...
#
# Needs /tmp/bench_key.csv and /tmp/bench_predictions.csv (gen_synthetic),
# and for the real key $REAL (default: the shared test split) with
# /tmp/real_pred.csv (real_predictions.py); the real key is skipped when
# it is absent.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:?rounds}; shift
REAL=${REAL:-../shared/data/medarabench-test_split.csv}
PY=app/benches/python_scorer.py
head -3 /tmp/bench_key.csv > /tmp/tiny_key.csv
printf 'question_id,answer\n1,A\n' > /tmp/tiny_pred.csv
ms() { perf stat -r "$1" -e task-clock,page-faults "${@:2}" 2>&1 >/dev/null | awk '/task-clock/ {t=$1} /page-faults/ {f=$1} END {printf "%s ms (%s faults)", t, f}'; }
for round in $(seq "$rounds"); do
  echo "== round $round $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  for bin in "$@"; do
    line="$bin synthetic $(ms 100 "$bin" score --keys /tmp/bench_key.csv --predictions /tmp/bench_predictions.csv --json)"
    [ -f "$REAL" ] && line+=" | real $(ms 100 "$bin" score --keys "$REAL" --predictions /tmp/real_pred.csv --json)"
    echo "$line | tiny $(ms 100 "$bin" score --keys /tmp/tiny_key.csv --predictions /tmp/tiny_pred.csv --json)"
  done
  line="python synthetic $(ms 20 /usr/bin/python3 $PY /tmp/bench_key.csv /tmp/bench_predictions.csv)"
  [ -f "$REAL" ] && line+=" | real $(ms 20 /usr/bin/python3 $PY "$REAL" /tmp/real_pred.csv)"
  echo "$line"
done
