#!/usr/bin/env bash
# `fourtable perft` prints the data-file format and refuses bad usage.
set -uo pipefail
fourtable="$1"
out=$("$fourtable" perft --variant classic --depth 4) || { echo "perft failed"; exit 1; }
expected='# perft variant=classic width=7 height=6 popout=0 seed=0
# ply sequences positions
0 1 1
1 7 7
2 49 49
3 343 238
4 2401 1120'
[ "$out" = "$expected" ] || { echo "unexpected output:"; echo "$out"; exit 1; }
"$fourtable" perft --variant nonsense --depth 2 >/dev/null 2>&1
[ $? -eq 1 ] || { echo "an unknown variant must exit 1"; exit 1; }
"$fourtable" perft --variant classic >/dev/null 2>&1
[ $? -eq 2 ] || { echo "a missing --depth must exit 2"; exit 1; }
"$fourtable" perft --variant classic --width 11 --depth 1 >/dev/null 2>&1
[ $? -eq 1 ] || { echo "width 11 must be refused"; exit 1; }
# RULES.md B3a (the start of 2026-12-01): move sequences of length 0..6.
tf=$("$fourtable" perft --variant twicefour --depth 6 | grep -E '^[0-9]+ ' | awk '{print $2}' | paste -sd, -)
[ "$tf" = "1,7,47,316,2059,16428,128787" ] || { echo "twicefour B3a counts: $tf"; exit 1; }
echo ok
