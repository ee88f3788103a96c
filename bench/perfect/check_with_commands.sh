#!/bin/bash
# The perfect level's acceptance check made with the project's commands only:
# random 7x6 positions (`fourtable bench perfect --list`: 0..20 discs,
# uniformly by count, not ended, the seed printed), the move
# `fourtable move --level perfect` plays in each (its wall time from
# --verbose), and `fourtable solve --analyze` of each position: the move's
# column must score the best. Prints the wrong moves and a row per disc
# count (positions, wrong, fallbacks, over 2 s, worst ms); exit 1 on any.
# `fourtable bench perfect` does the same in one process with CPU times and
# nodes; this script is the check by the commands a reader can run by hand.
# A fresh `solve --analyze` of a position the book does not hold takes
# minutes below 10 discs: the check costs far more than the moves.
#
# usage: bench/perfect/check_with_commands.sh FOURTABLE [N] [SEED] [MIN] [MAX]
set -euo pipefail
ft=${1:?usage: $0 FOURTABLE [N] [SEED] [MIN_DISCS] [MAX_DISCS]}
n=${2:-200}
seed=${3:-1}
min=${4:-0}
max=${5:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "perfect level check: $n positions, $min..$max discs, seed $seed"
"$ft" bench perfect --list --positions "$n" --seed "$seed" --min-discs "$min" --max-discs "$max" \
  >"$work/positions"
"$ft" move --level perfect --verbose <"$work/positions" >"$work/moves"
"$ft" solve --analyze --table-mb 256 <"$work/positions" >"$work/scores"

# Each output has one line per input line, in order; the empty board's lines
# start with a space (no moves), so fields are taken from the end.
paste -d '|' "$work/positions" "$work/moves" "$work/scores" | awk -F'|' '
  function col(m) { return index("abcdefg", substr(m, 1, 1)) }
  {
    pos = $1; d = length(pos)
    nm = split($2, mv, " "); ms = mv[nm] + 0; kind = mv[nm - 3]; move = mv[nm - 4]
    ns = split($3, sc, " "); best = -1000
    for (i = ns - 6; i <= ns; i++) if (sc[i] != "-" && sc[i] + 0 > best) best = sc[i] + 0
    got = sc[ns - 7 + col(move)]
    n[d]++
    if (got + 0 != best || got == "-") { wrong[d]++; bad++; print "WRONG " (pos == "" ? "(empty)" : pos) " " move " keeps " got " of " best }
    if (kind != "exact") fb[d]++
    if (ms > 2000) { late[d]++; bad++ }
    if (ms > worst[d]) worst[d] = ms
  }
  END {
    print "discs positions wrong fallback over-2s worst-ms"
    for (d = 0; d <= 42; d++) if (n[d]) printf "%5d %9d %5d %8d %7d %8.1f\n", d, n[d], wrong[d], fb[d], late[d], worst[d]
    print "failures " bad + 0
    exit bad > 0
  }'
