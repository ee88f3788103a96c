#!/usr/bin/env bash
# What the exact analysis costs a game node, three nodes side by
# side in one run, each on its own SQLite store under its own ft_loadgen at
# once (so a busy machine weighs on all three alike):
#   on      serve --analysis-workers 1: the node analyses its own games
#   worker  serve --analysis-workers 0 beside `fourtable analysis-worker` on
#           its store: the analysis in another process
#   off     serve --analysis-workers 0 and no worker: no analysis at all
# Prints each ft_loadgen report and, per node, the server's CPU per move
# (its "server CPU" line), and the worker's CPU over the run.
#
#   bench/loadgen/analysis_load.sh [ft_loadgen options...]
#   (default: --tables 1000 --duration 60 --ramp-rate 50 --idle 1)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="${FT_BIN:-$ROOT/build/release/src/app/fourtable}"
LOADGEN="${FT_LOADGEN:-$ROOT/build/release/bench/loadgen/ft_loadgen}"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--tables 1000 --duration 60 --ramp-rate 50 --idle 1)
DIR=$(mktemp -d /tmp/ft-analysis-load.XXXXXX)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null; rm -rf "$DIR"' EXIT

# Starts a node on a free port; prints "PORT PID".
start_node() {
  local name=$1
  shift
  "$BIN" serve --port 0 --address 127.0.0.1 --store "sqlite:$DIR/$name.db" --web-root /nonexistent \
    --http-rate 0 --guest-rate 0 --open-tables-per-address 0 --ws-per-address 0 "$@" \
    >"$DIR/$name.out" 2>"$DIR/$name.log" &
  local pid=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$DIR/$name.out" 2>/dev/null && break
    sleep 0.1
  done
  local port
  port=$(sed -n 's/.*listening on http:\/\/[0-9.]*:\([0-9]*\).*/\1/p' "$DIR/$name.out")
  echo "$port $pid"
}

read -r port_on pid_on < <(start_node on --analysis-workers 1)
read -r port_worker pid_worker < <(start_node worker --analysis-workers 0)
read -r port_off pid_off < <(start_node off --analysis-workers 0)
pids+=("$pid_on" "$pid_worker" "$pid_off")
"$BIN" analysis-worker --store "sqlite:$DIR/worker.db" --threads 1 >"$DIR/analysis-worker.log" 2>&1 &
pid_analysis=$!
pids+=("$pid_analysis")
sleep 1
kill -0 "$pid_analysis" 2>/dev/null || { echo "the analysis worker did not start:"; cat "$DIR/analysis-worker.log"; exit 1; }

cpu_s() { awk -v t="$(getconf CLK_TCK)" '{print ($14 + $15) / t}' "/proc/$1/stat"; }
worker_cpu0=$(cpu_s "$pid_analysis")
"$LOADGEN" --port "$port_on" --server-pid "$pid_on" "${args[@]}" >"$DIR/on.report" 2>&1 &
l1=$!
"$LOADGEN" --port "$port_worker" --server-pid "$pid_worker" "${args[@]}" >"$DIR/worker.report" 2>&1 &
l2=$!
"$LOADGEN" --port "$port_off" --server-pid "$pid_off" "${args[@]}" >"$DIR/off.report" 2>&1 &
l3=$!
wait "$l1" "$l2" "$l3" || true
worker_cpu1=$(cpu_s "$pid_analysis")
for n in on worker off; do
  echo "=== $n"
  cat "$DIR/$n.report"
done
echo "=== games analysed: on the node $(grep -c 'done by' "$DIR/on.log" || true)," \
  "by the worker $(grep -c 'done by' "$DIR/analysis-worker.log" || true)" \
  "(worker CPU $(echo "$worker_cpu1 - $worker_cpu0" | bc) s)"
