#!/usr/bin/env bash
# A whole cluster on one machine (docs/operations.md, "Several nodes"):
# PostgreSQL 15 and Redis from Debian's packages, three `fourtable serve`
# nodes and nginx in front (deploy/nginx.conf), all on loopback ports, as
# root or not, without systemd. Everything lives in one directory.
#
#   scripts/cluster.sh up | down | status
#   scripts/cluster.sh stop-node N [KILL|TERM]   start-node N
#   scripts/cluster.sh stop-redis [TERM|KILL] | start-redis
#   scripts/cluster.sh freeze-redis | thaw-redis   (SIGSTOP / SIGCONT: Redis
#                       keeps its connections but answers nothing)
#
# Settings (environment):
#   FT_CLUSTER_DIR      the directory (default /tmp/ft-cluster)
#   FT_CLUSTER_PORT     nginx's port (default 8080); node N listens on PORT+N,
#                       PostgreSQL on PORT+10, Redis on PORT+11
#   FT_CLUSTER_NODES    how many nodes (default 3)
#   FT_CLUSTER_LEASE_MS the nodes' table leases (default 30000)
#   FT_CLUSTER_ARGS     more `serve` options for every node
#   FT_BIN              the fourtable binary (default build/release/src/app/fourtable)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${FT_CLUSTER_DIR:-/tmp/ft-cluster}"
PORT="${FT_CLUSTER_PORT:-8080}"
NODES="${FT_CLUSTER_NODES:-3}"
LEASE_MS="${FT_CLUSTER_LEASE_MS:-30000}"
BIN="${FT_BIN:-$ROOT/build/release/src/app/fourtable}"
PG_PORT=$((PORT + 10))
REDIS_PORT=$((PORT + 11))
STORE="postgresql://postgres@127.0.0.1:$PG_PORT/fourtable"
BUS="redis://127.0.0.1:$REDIS_PORT"
# ft_pg_bin and ft_pg_as_owner (initdb refuses root: run as postgres).
source "$ROOT/scripts/test_services.sh"
export FT_PG_DIR="$DIR/pg"

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

wait_for() {  # wait_for WHAT COMMAND...: up to 10 s
  local what=$1
  shift
  for _ in $(seq 100); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "cluster: $what did not come up (logs in $DIR)" >&2
  return 1
}

start_postgres() {
  local bin
  bin=$(ft_pg_bin) || { echo "cluster: PostgreSQL is not installed (scripts/setup.sh)" >&2; return 1; }
  mkdir -p "$FT_PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres: "$FT_PG_DIR"
  if [ ! -f "$FT_PG_DIR/data/PG_VERSION" ]; then
    ft_pg_as_owner "$bin/initdb" -D "$FT_PG_DIR/data" -U postgres -A trust -E UTF8 \
      >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log"; return 1; }
  fi
  ft_pg_as_owner "$bin/pg_ctl" -D "$FT_PG_DIR/data" -l "$FT_PG_DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $FT_PG_DIR -c max_connections=100" \
    start >/dev/null || { cat "$FT_PG_DIR/server.log"; return 1; }
  ft_pg_as_owner "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'fourtable'" | grep -q 1 ||
    ft_pg_as_owner "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres fourtable
  # The schema once, before the nodes start (they would serialise on it).
  "$BIN" store migrate --store "$STORE" >/dev/null
}

stop_postgres() {
  local bin
  bin=$(ft_pg_bin) || return 0
  [ -f "$FT_PG_DIR/data/postmaster.pid" ] &&
    ft_pg_as_owner "$bin/pg_ctl" -D "$FT_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
}

start_redis() {
  command -v redis-server >/dev/null || { echo "cluster: redis-server is not installed" >&2; return 1; }
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --dir "$DIR" \
    --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" --daemonize yes
  wait_for Redis redis-cli -p "$REDIS_PORT" ping
}

stop_redis() {  # stop_redis [SIGNAL]: TERM (default) or KILL
  if pid_alive "$DIR/redis.pid"; then
    local pid
    pid=$(cat "$DIR/redis.pid")
    kill -"${1:-TERM}" "$pid"
    kill -CONT "$pid" 2>/dev/null || true  # a frozen Redis (freeze-redis) takes the signal now
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$DIR/redis.pid"
}

start_node() {
  local n=$1
  pid_alive "$DIR/node$n.pid" && return 0
  # shellcheck disable=SC2086  # FT_CLUSTER_ARGS is a list of options
  setsid "$BIN" serve --address 127.0.0.1 --port $((PORT + n)) --store "$STORE" --bus "$BUS" \
    --node "node$n" --lease-ms "$LEASE_MS" --trusted-proxy 127.0.0.1 \
    ${FT_CLUSTER_ARGS:-} >>"$DIR/node$n.log" 2>&1 </dev/null &
  echo $! >"$DIR/node$n.pid"
  wait_for "node$n" curl -sf "http://127.0.0.1:$((PORT + n))/healthz"
}

stop_node() {  # stop_node N [TERM|KILL]
  local n=$1 sig=${2:-TERM} pid
  pid_alive "$DIR/node$n.pid" || { rm -f "$DIR/node$n.pid"; return 0; }
  pid=$(cat "$DIR/node$n.pid")
  kill -s "$sig" "$pid"
  for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$DIR/node$n.pid"
}

start_nginx() {
  local servers="" n
  for n in $(seq "$NODES"); do
    servers+="    server 127.0.0.1:$((PORT + n)) max_fails=1 fail_timeout=2s;"$'\n'
  done
  mkdir -p "$DIR/nginx-tmp"
  sed -e "s|@DIR@|$DIR|g" -e "s|@USER@|$(id -un)|g" -e "s|@LISTEN@|127.0.0.1:$PORT|g" \
    "$ROOT/deploy/nginx.conf" | awk -v s="$servers" '{ if ($0 == "@SERVERS@") printf "%s", s; else print }' \
    >"$DIR/nginx.conf"
  nginx -c "$DIR/nginx.conf" -e "$DIR/nginx-error.log"
  wait_for nginx curl -sf "http://127.0.0.1:$PORT/healthz"
}

stop_nginx() {
  pid_alive "$DIR/nginx.pid" && nginx -c "$DIR/nginx.conf" -e "$DIR/nginx-error.log" -s quit
  for _ in $(seq 50); do pid_alive "$DIR/nginx.pid" || break; sleep 0.1; done
}

status() {
  local n
  printf 'postgres  %s\n' "$( [ -f "$FT_PG_DIR/data/postmaster.pid" ] && echo "up 127.0.0.1:$PG_PORT" || echo down)"
  printf 'redis     %s\n' "$(pid_alive "$DIR/redis.pid" && echo "up 127.0.0.1:$REDIS_PORT" || echo down)"
  for n in $(seq "$NODES"); do
    printf 'node%-5s %s\n' "$n" "$(pid_alive "$DIR/node$n.pid" && echo "up 127.0.0.1:$((PORT + n)) pid $(cat "$DIR/node$n.pid")" || echo down)"
  done
  printf 'nginx     %s\n' "$(pid_alive "$DIR/nginx.pid" && echo "up http://127.0.0.1:$PORT" || echo down)"
}

mkdir -p "$DIR"
case "${1:-}" in
  up)
    [ -x "$BIN" ] || { echo "cluster: no $BIN (build first)" >&2; exit 1; }
    command -v nginx >/dev/null || { echo "cluster: nginx is not installed (scripts/setup.sh)" >&2; exit 1; }
    start_postgres
    start_redis
    for n in $(seq "$NODES"); do start_node "$n"; done
    start_nginx
    status
    ;;
  down)
    stop_nginx
    for n in $(seq "$NODES"); do stop_node "$n" TERM; done
    stop_redis
    stop_postgres
    ;;
  status) status ;;
  stop-node) stop_node "${2:?node number}" "${3:-TERM}" ;;
  start-node) start_node "${2:?node number}" ;;
  stop-redis) stop_redis "${2:-TERM}" ;;
  start-redis) start_redis ;;
  freeze-redis) pid_alive "$DIR/redis.pid" && kill -STOP "$(cat "$DIR/redis.pid")" ;;
  thaw-redis) pid_alive "$DIR/redis.pid" && kill -CONT "$(cat "$DIR/redis.pid")" ;;
  *)
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
