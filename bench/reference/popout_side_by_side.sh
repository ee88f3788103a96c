#!/usr/bin/env bash
# Eleven 7x6 PopOut positions of two to five drops (columns played from the
# empty board, drops only), a process a position: Four the Win! (`-v popout
# -t 1`) then fourtable (`solve --variant popout`, 1 GiB). CPU user + system of
# each, summed; both sides' results are printed to compare.
# usage: popout_side_by_side.sh FOURTHEWIN FOURTABLE
set -euo pipefail
ftw=${1:?usage: $0 FOURTHEWIN FOURTABLE}
ft=${2:?usage: $0 FOURTHEWIN FOURTABLE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu() { awk '{ printf "%.2f", $1 + $2 }' "$1"; }
total_w=0
total_f=0
for p in 43 4433 4411 43434 444 4445 434 4443 4444 4343 44; do
  /usr/bin/time -f "%U %S" -o "$work/w.time" "$ftw" -v popout -t 1 "$p" </dev/null >"$work/w.out" 2>&1
  echo "$p" | /usr/bin/time -f "%U %S" -o "$work/f.time" \
    "$ft" solve --variant popout --table-mb 1024 >"$work/f.out" 2>&1
  # Its last line: W<n> (win), L<n> (loss) or D (draw) for the side to move,
  # then nodes and time.
  w_says=$(sed 's/\x1b\[[0-9;]*m//g' "$work/w.out" | grep -o -E "[WLD][0-9]* [0-9]+ [0-9]+ [0-9.]+$" | tail -1 || true)
  echo "$p: Four the Win! $(cpu "$work/w.time") s [$w_says]; fourtable $(cpu "$work/f.time") s [$(cat "$work/f.out")]"
  total_w=$(awk -v a="$total_w" -v b="$(cpu "$work/w.time")" 'BEGIN { print a + b }')
  total_f=$(awk -v a="$total_f" -v b="$(cpu "$work/f.time")" 'BEGIN { print a + b }')
done
echo "total CPU: Four the Win! $total_w s, fourtable $total_f s"
