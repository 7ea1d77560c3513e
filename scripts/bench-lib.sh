# shellcheck shell=bash
# What the live-play benchmarks (bench-live.sh, bench-public.sh, bench-rooms.sh) share: the server
# built, a work folder with a stub page, the processes they start (stopped, and the folder removed,
# however the script ends), free ports, and starting and stopping servers and Redis. Sourced after
# env.sh, with BENCH set to the script's name (it prefixes what is said).

# Raises the open-file limit to the hard limit; fails unless it allows NEEDED sockets and some.
need_open_files() {
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  if (($(ulimit -n) < $1 + 1000)); then
    echo "$BENCH: $1 sockets need more open files than the limit of $(ulimit -n)" >&2
    exit 1
  fi
}

say "$BENCH" "building walak (release-tests profile)"
cargo build --profile release-tests --quiet --bin walak
walak="$TARGET/release-tests/walak"
# WALAK=PATH serves with that build instead (one made before a change, to set its figures beside
# the change's); the load tool is the tree's own.
serving_walak="${WALAK:-$walak}"

work="$(mktemp -d)"
started=()
stop_all() {
  for pid in ${started[@]+"${started[@]}"}; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap stop_all EXIT
# Live play needs only the server's /live: a stub page will do.
echo '<!doctype html><title>Walak-pussa</title>' >"$work/index.html"

# A loopback port no socket uses, below the system's range for outgoing connections: thousands of
# client sockets come and go there, and one may hold a port nothing listens on (a server restarted
# on its port must find it free).
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 12000))
    [[ -z "$(ss -Htan "( sport = :$port )")" ]] && {
      echo "$port"
      return
    }
  done
}

# Starts `walak serve` NAME on PORT (0: any), extra arguments after them; sets PID, ADDRESS
# (HOST:PORT) and URL (its live play's ws:// address).
start_server() {
  local name="$1" port="$2"
  shift 2
  # The load tool stands for players across the internet: each room's players from addresses of
  # their own, which it names as a proxy would (X-Forwarded-For), so the server must trust it.
  "$serving_walak" serve --port "$port" --dist "$work" --trust-proxy 127.0.0.1 "$@" >"$work/$name.out" 2>>"$work/$name.err" &
  PID=$!
  started+=("$PID")
  for _ in $(seq 100); do
    [[ -s "$work/$name.out" ]] && break
    sleep 0.1
  done
  if [[ ! -s "$work/$name.out" ]]; then
    echo "$BENCH: walak serve ($name) did not start:" >&2
    cat "$work/$name.err" >&2
    exit 1
  fi
  ADDRESS="$(jq -r .serving "$work/$name.out" | sed 's#^http://##; s#/$##')"
  URL="ws://$ADDRESS/live"
}

# Starts redis-server on PORT: keeping nothing on disk, or, with DIR, writing every change to its
# append-only file there before it answers (started again on PORT and DIR, it has lost nothing).
# Sets REDIS_PID and REDIS_URL.
start_redis() {
  local port="$1" dir="${2:-}" log
  local keep=(--appendonly no)
  if [[ -n "$dir" ]]; then
    mkdir -p "$dir"
    keep=(--dir "$dir" --appendonly yes --appendfsync always)
  fi
  log="$work/redis-$port.log"
  redis-server --port "$port" --bind 127.0.0.1 --save "" "${keep[@]}" --maxclients 10000 >>"$log" 2>&1 &
  REDIS_PID=$!
  started+=("$REDIS_PID")
  REDIS_URL="redis://127.0.0.1:$port/"
  for _ in $(seq 200); do
    [[ "$(redis-cli -p "$port" ping 2>/dev/null)" == PONG ]] && return
    sleep 0.05
  done
  echo "$BENCH: redis-server did not start:" >&2
  cat "$log" >&2
  exit 1
}

# Stops the processes (SIGTERM) and waits until they are gone, so that the next run starts on a
# quiet machine.
stop() {
  kill "$@" 2>/dev/null || true
  for pid in "$@"; do
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  done
}

# Panics in the servers' logs (there should be none).
panics() {
  cat "$work"/*.err 2>/dev/null | grep -c panicked || true
}
