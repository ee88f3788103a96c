#!/usr/bin/env bash
# Pons' solver and fourtable on each public 7x6 test set (lines "<moves>
# <score>"), one thread each, no book: CPU of the whole set (user + system),
# the wrong scores of each, and the ratio fourtable / Pons.
# usage: pons_ratio.sh PONS TESTSETS_DIR FOURTABLE [SET...]
# (the sets default to the five below; Test_L1_R2 alone takes minutes)
set -euo pipefail
pons=$(realpath "${1:?usage: $0 PONS TESTSETS_DIR FOURTABLE}")
sets=${2:?usage: $0 PONS TESTSETS_DIR FOURTABLE}
ft=${3:?usage: $0 PONS TESTSETS_DIR FOURTABLE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu() { awk '{ printf "%.2f", $1 + $2 }' "$1"; }
shift 3
chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=(Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2)
for set in "${chosen[@]}"; do
  f="$sets/$set"
  cut -d' ' -f1 "$f" >"$work/moves"
  # Pons' solver loads 7x6.book from its working directory when there is one:
  # run it where there is none.
  (cd "$work" && /usr/bin/time -f "%U %S" -o "$work/p.time" "$pons" <"$work/moves" >"$work/p.out" 2>/dev/null)
  /usr/bin/time -f "%U %S" -o "$work/f.time" "$ft" solve --no-book <"$f" >"$work/f.out" 2>/dev/null
  p_wrong=$(paste -d' ' "$f" "$work/p.out" | awk '$2 != $4 { w++ } END { print w + 0 }')
  f_wrong=$(paste -d' ' "$f" "$work/f.out" | awk '$2 != $4 { w++ } END { print w + 0 }')
  awk -v s="$set" -v p="$(cpu "$work/p.time")" -v f="$(cpu "$work/f.time")" -v pw="$p_wrong" \
    -v fw="$f_wrong" -v n="$(awk 'END { print NR }' "$f")" 'BEGIN {
      printf "%s: %d positions, Pons %.2f s (%d wrong), fourtable %.2f s (%d wrong), ratio %.2f\n",
        s, n, p, pw, f, fw, f / p }'
done
