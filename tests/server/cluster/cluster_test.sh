#!/usr/bin/env bash
# Runs the cluster test (main.cpp) against a cluster of scripts/cluster.sh in
# a temporary directory on random loopback ports, with 4 s leases, and takes
# it down afterwards. usage: cluster_test.sh DRIVER FOURTABLE REPOSITORY [DRIVER OPTIONS]
# (the long mode: ... --rounds 50)
set -euo pipefail
driver=$1
export FT_BIN=$2
root=$3
shift 3
command -v nginx >/dev/null || { echo "cluster test: nginx is not installed (scripts/setup.sh installs it)"; exit 1; }
FT_CLUSTER_DIR=$(mktemp -d /tmp/ft-cluster-test.XXXXXX)
chmod 755 "$FT_CLUSTER_DIR"  # PostgreSQL runs as postgres under root
export FT_CLUSTER_DIR
# Below the ephemeral ports (32768 and up), which clients may hold.
export FT_CLUSTER_PORT=$((20000 + RANDOM % 12000))
export FT_CLUSTER_LEASE_MS=4000
# Every client of the test comes from 127.0.0.1: no per-address limit.
export FT_CLUSTER_ARGS="--http-rate 0 --guest-rate 0 --open-tables-per-address 0 --ws-per-address 0"
cleanup() {
  [ -n "${FT_CLUSTER_KEEP:-}" ] && { echo "cluster kept in $FT_CLUSTER_DIR"; return; }
  "$root/scripts/cluster.sh" down >/dev/null 2>&1 || true
  rm -rf "$FT_CLUSTER_DIR"
}
trap cleanup EXIT
"$root/scripts/cluster.sh" up
status=0
"$driver" --port "$FT_CLUSTER_PORT" --script "$root/scripts/cluster.sh" --lease-ms 4000 \
  --store "postgresql://postgres@127.0.0.1:$((FT_CLUSTER_PORT + 10))/fourtable" "$@" || status=$?
if [ "$status" != 0 ]; then
  for f in "$FT_CLUSTER_DIR"/node*.log "$FT_CLUSTER_DIR"/nginx-error.log; do
    echo "---- $f (last 30 lines)"
    tail -n 30 "$f" || true
  done
fi
exit "$status"
