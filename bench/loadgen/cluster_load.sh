#!/usr/bin/env bash
# Load through nginx with three nodes against one node without nginx, on the
# same PostgreSQL and Redis (docs/operations.md, "Several nodes"): runs
# ft_loadgen twice and adds up the CPU time of every process of the cluster
# (nodes, nginx, PostgreSQL, Redis) during each run, for CPU per move.
#
#   bench/loadgen/cluster_load.sh [ft_loadgen options...]   (default: --tables 500 --duration 30)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
LOADGEN="${FT_LOADGEN:-$ROOT/build/release/bench/loadgen/ft_loadgen}"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--tables 500 --duration 30 --ramp-rate 50)
export FT_CLUSTER_DIR
FT_CLUSTER_DIR=$(mktemp -d /tmp/ft-cluster-load.XXXXXX)
chmod 755 "$FT_CLUSTER_DIR"
export FT_CLUSTER_PORT=$((20000 + RANDOM % 20000))
export FT_CLUSTER_ARGS="--http-rate 0 --guest-rate 0 --open-tables-per-address 0 --ws-per-address 0"
trap '"$ROOT/scripts/cluster.sh" down >/dev/null 2>&1 || true; rm -rf "$FT_CLUSTER_DIR"' EXIT

# The cluster's PostgreSQL: its postmaster and the backends it forked.
pg_pids() {
  local pm
  pm=$(head -1 "$FT_CLUSTER_DIR/pg/data/postmaster.pid" 2>/dev/null) || return 0
  echo "$pm"
  pgrep -P "$pm" || true
}

# CPU seconds (user + system) of every process of the cluster.
cluster_cpu() {
  local pids
  pids=$( { cat "$FT_CLUSTER_DIR"/node*.pid 2>/dev/null; pgrep -f "nginx.*$FT_CLUSTER_DIR" || true;
            pgrep -f "redis-server 127.0.0.1:$((FT_CLUSTER_PORT + 11))" || true;
            pg_pids; } | sort -u)
  local ticks=0 p
  for p in $pids; do
    [ -r "/proc/$p/stat" ] || continue
    ticks=$((ticks + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo "scale=2; $ticks / $(getconf CLK_TCK)" | bc
}

run() {  # run LABEL PORT
  local before after
  before=$(cluster_cpu)
  "$LOADGEN" --port "$2" "${args[@]}" | tee "$FT_CLUSTER_DIR/$1.txt"
  after=$(cluster_cpu)
  local moves
  moves=$(awk '/^moves:/ {print $4}' "$FT_CLUSTER_DIR/$1.txt")
  echo "== $1: cluster CPU $(echo "$after - $before" | bc) s for $moves moves = $(echo "scale=3; ($after - $before) * 1000000 / $moves" | bc) us per move (load average $(cut -d' ' -f1 /proc/loadavg))"
}

FT_CLUSTER_NODES=3 "$ROOT/scripts/cluster.sh" up
run "three nodes through nginx" "$FT_CLUSTER_PORT"
FT_CLUSTER_NODES=3 "$ROOT/scripts/cluster.sh" down
FT_CLUSTER_NODES=1 "$ROOT/scripts/cluster.sh" up
run "one node, no nginx" "$((FT_CLUSTER_PORT + 1))"
FT_CLUSTER_NODES=1 "$ROOT/scripts/cluster.sh" down
