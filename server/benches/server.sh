# Sourced by the benchmark scripts: the release server in the background.
# Needs BIN, PORT and WORK set; start_server sets SERVER, stop_server ends it.

SERVER=""

# stop_server: stops the server started by start_server, if any.
stop_server() {
  if [ -n "$SERVER" ]; then
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
  fi
}

# start_server DATABASE_URL [serve options...]: starts `$BIN serve` on
# 127.0.0.1:$PORT with the site of target/site, logging to $WORK/server.log,
# and waits until it answers (or exits, showing the log).
start_server() {
  local url=$1
  shift
  DATABASE_URL="$url" LEPTOS_SITE_ROOT=target/site RUST_LOG="${BENCH_RUST_LOG:-warn}" \
    "$BIN" serve --addr "127.0.0.1:$PORT" "$@" >>"$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER" 2>/dev/null || break
    sleep 0.2
  done
  echo "the server did not start; its log:" >&2
  cat "$WORK/server.log" >&2
  exit 1
}

# machine_ticks: clock ticks the machine has been busy so far (all but idle
# and I/O wait) and, of those, the ticks its host ran something else while
# its CPUs wanted to run (steal), read at one instant, on one line.
machine_ticks() {
  awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $9}' /proc/stat
}

# new_token NAME: registers team NAME on the server at $base (registration
# limits off) and prints a token of it.
new_token() { # new_token NAME: registers a team, prints a token
  curl -fs -X POST -H 'content-type: application/json' \
    -d "{\"name\":\"$1\",\"email\":\"$1@example.org\",\"password\":\"a long benchmark password\"}" "$base/api/v1/teams" >/dev/null
  curl -fs -X POST -H 'content-type: application/json' \
    -d "{\"email\":\"$1@example.org\",\"password\":\"a long benchmark password\"}" "$base/api/v1/tokens" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
