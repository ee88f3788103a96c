#!/usr/bin/env bash
# The empty 7x6 board, exact, no book: Steininger's c4 (2 threads, 1 GiB table
# by its settings.h), then fourtable (2 threads, 1 GiB). CPU = user + system.
# usage: c4_side_by_side.sh C4 FOURTABLE [ROUNDS]
set -euo pipefail
c4=${1:?usage: $0 C4 FOURTABLE [ROUNDS]}
ft=${2:?usage: $0 C4 FOURTABLE [ROUNDS]}
rounds=${3:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu() { awk '{ printf "%.1f", $1 + $2 }' "$1"; }
for r in $(seq 1 "$rounds"); do
  # c4 waits for Enter at the end: its stdin is empty.
  /usr/bin/time -f "%U %S %e" -o "$work/c4.time" "$c4" </dev/null >"$work/c4.out" 2>&1
  echo "" | /usr/bin/time -f "%U %S %e" -o "$work/ft.time" \
    "$ft" solve --no-book --threads 2 --table-mb 1024 --verbose >"$work/ft.out" 2>&1
  c4_result=$(grep -i "final" "$work/c4.out" || true)
  # Its statistics at the end: "Nodes:" then the kinds, then "Total = N".
  c4_nodes=$(awk '/^Nodes:/ { n = 1 } n && /Total/ { print $3; exit }' "$work/c4.out")
  echo "round $r: c4 $(cpu "$work/c4.time") s CPU, $(awk '{print $3}' "$work/c4.time") s wall" \
    "[$c4_result] [$c4_nodes nodes]"
  echo "round $r: fourtable $(cpu "$work/ft.time") s CPU, $(awk '{print $3}' "$work/ft.time")" \
    "s wall [score nodes wall-us cpu-us: $(cat "$work/ft.out")]"
  awk -v a="$(cpu "$work/ft.time")" -v b="$(cpu "$work/c4.time")" \
    'BEGIN { printf "round %d: ratio fourtable / c4 = %.2f\n", '"$r"', a / b }'
done
