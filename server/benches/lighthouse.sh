#!/usr/bin/env bash
# Lighthouse on every page, in English and Arabic (a script, not a test):
# Lighthouse 12.2.3 from npm (installed once into ~/.cache/medarabench-ci)
# with Debian's Chromium, its default mobile profile (simulated throttling),
# against the release build on a fresh SQLite database (16 published rows
# and the synthetic demo key, plus two public submissions so the result
# and comparison pages exist). Prints a Markdown table for BENCHMARKS.md:
# the four category scores, the bytes on the wire, LCP, TBT, CLS, and the
# longest main-thread task.
#
#   server/benches/lighthouse.sh                 # builds the release site first
#   SKIP_BUILD=1 server/benches/lighthouse.sh    # reuse target/release and target/site
#   PAGES="/ /quality" server/benches/lighthouse.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/env

LIGHTHOUSE_VERSION=12.2.3
cache="${MEDARABENCH_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/medarabench-ci}"
lh_dir="$cache/lighthouse-$LIGHTHOUSE_VERSION"
PORT=${PORT:-3178}
BIN=${BIN:-target/release/medarabench}
CHROME=${CHROME_PATH:-/usr/bin/chromium}
WORK=$(mktemp -d)
base="http://127.0.0.1:$PORT"
source server/benches/server.sh
trap 'stop_server; rm -rf "$WORK"' EXIT

[ -x "$CHROME" ] || { echo "no Chromium at $CHROME (apt-get install chromium)" >&2; exit 1; }
if [ ! -x "$lh_dir/node_modules/.bin/lighthouse" ]; then
  echo "installing lighthouse@$LIGHTHOUSE_VERSION from npm into $lh_dir" >&2
  mkdir -p "$lh_dir"
  (cd "$lh_dir" && npm init -y >/dev/null && npm install --no-audit --no-fund "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null)
fi
lighthouse="$lh_dir/node_modules/.bin/lighthouse"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  cargo leptos build --release >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log" >&2; exit 1; }
fi

start_server "sqlite:$WORK/lh.db"

# Two public submissions: a result page and a comparison to audit.
curl -fs -X POST -H 'content-type: application/json' \
  -d '{"name":"Lighthouse","email":"lh@example.org","password":"a long lighthouse password"}' "$base/api/v1/teams" >/dev/null
token=$(curl -fs -X POST -H 'content-type: application/json' \
  -d '{"email":"lh@example.org","password":"a long lighthouse password"}' "$base/api/v1/tokens" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
upload() {
  python3 -c "
import sys
print('question_id,answer')
for i in range(1, 5001):
    print(f'{i},{\"ABCD\"[(i * $1) % 4]}')" |
    curl -fs -H "authorization: Bearer $token" -H 'content-type: text/csv' --data-binary @- \
      "$base/api/v1/submissions?model_name=$2" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'
}
a=$(upload 7 lighthouse-a)
b=$(upload 3 lighthouse-b)

PAGES=${PAGES:-"/ /quality /adapting /dataset /submit /medarabiq /compare /compare?a=$a&b=$b /submissions/$a /register /signin /team /upload"}
echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC'); $(nproc) CPUs; load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "lighthouse $LIGHTHOUSE_VERSION (mobile, simulated throttling), $("$CHROME" --version 2>/dev/null), binary $BIN"
echo
echo "| Page | Performance | Accessibility | Best practices | SEO | Bytes on the wire | LCP | TBT | CLS | Longest task |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for page in $PAGES; do
  for lang in en ar; do
    sep='?'; [[ "$page" == *\?* ]] && sep='&'
    url="$base$page"; [ "$lang" = ar ] && url="$url${sep}lang=ar"
    "$lighthouse" "$url" --quiet --output=json --output-path="$WORK/report.json" \
      --chrome-path="$CHROME" \
      --chrome-flags="--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
      >/dev/null 2>"$WORK/lighthouse.log" || { tail -n 20 "$WORK/lighthouse.log" >&2; exit 1; }
    python3 - "$WORK/report.json" "${url#"$base"}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c, a = r["categories"], r["audits"]
score = lambda k: round(100 * (c[k]["score"] or 0))
tasks = [t.get("duration", 0) for t in a.get("long-tasks", {}).get("details", {}).get("items", [])]
print(f"| `{sys.argv[2]}` | {score('performance')} | {score('accessibility')} | {score('best-practices')} | {score('seo')} "
      f"| {a['total-byte-weight']['numericValue'] / 1024:.0f} KiB | {a['largest-contentful-paint']['displayValue']} "
      f"| {a['total-blocking-time']['displayValue']} | {a['cumulative-layout-shift']['displayValue']} "
      f"| {max(tasks) if tasks else 0:.0f} ms |")
PY
  done
done
