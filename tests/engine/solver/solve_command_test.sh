#!/usr/bin/env bash
# `fourtable solve` end to end: scores, --analyze, bad lines
# get an error line and the rest still runs, bad options are refused.
set -euo pipefail
ft="$1"
source "$(dirname "$0")/command_test_lib.sh"

# Test_L3_R1 line 9 scores 1 (a win with the 41st disc).
out=$(printf '121212\n233377345754465174223731671122611552\n' | "$ft" solve)
[[ "$out" == $'121212 18\n233377345754465174223731671122611552 1' ]] || fail "scores: $out"

# A bad line in the middle: an error line for it, the others solved.
bad_lines '121212\n12x\n44444444\n121212\n' "$ft" solve
line_is 1 '^121212 18$'
line_is 2 '^12x error: move 3'
line_is 3 '^44444444 error: .*column is full'
line_is 4 '^121212 18$'

# --analyze: one score per column; a full column is '-'.
out=$(echo "444444" | "$ft" solve --analyze --width 7 --height 6)
set -- $out
[[ $# -eq 8 && "$5" == "-" ]] || fail "analyze: $out"

# The expected score on the line is checked.
set +e
printf '121212 17\n' | "$ft" solve > /dev/null 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || fail "a wrong expected score must fail"

# Other variants and sizes; unknown options values are refused.
out=$(echo "" | "$ft" solve --variant classic --width 4 --height 4)
[[ "$out" == " 0" ]] || fail "4x4 empty board is a draw: '$out'"
# Five in a row: the moves follow the pre-filled outer columns (12 discs).
# Red's b1-b4 against c1-c4, red to move: b5 makes five with n = 20 discs
# before it, (54 + 1 - 20) / 2 = 17; column a is full from the start.
set +e
out=$(printf '23232323\n1\n' | "$ft" solve --variant five)
set -e
[[ "$(echo "$out" | sed -n 1p)" == "23232323 17" ]] || fail "five: $out"
echo "$out" | sed -n 2p | grep -q '^1 error: .*column is full' || fail "five, column a: $out"
# PopOut is solved on boards that fit 64 bits (7x6, 8x7); larger ones are refused.
if "$ft" solve --variant popout --width 9 --height 7 < /dev/null 2>/dev/null; then fail "popout 9x7 accepted"; fi
if "$ft" solve --width 99 < /dev/null 2>/dev/null; then fail "width 99 accepted"; fi
echo ok

# PopOut: win/draw/loss, pops written `p` and a column.
out=$(printf '\n112233\n' | "$ft" solve --variant popout --width 4 --height 4)
[[ "$out" == $' 0\n112233 1' ]] || fail "popout 4x4 (empty board a draw, a drop to win): '$out'"
bad_lines 'p1\n13p131p3\n12p1p2\n' "$ft" solve --variant popout --width 4 --height 4
line_is 1 "^p1 error: .*not the mover's"        # a pop of no own disc
line_is 2 "^13p131p3 error: .*repeats a position"
line_is 3 "^12p1p2 error: .*ends the game"      # the board emptied
# A pop written as the puzzles write it, the column then `^`: the same move.
out=$(printf '1221p1\n12211^\n' | "$ft" solve --variant popout --width 4 --height 4)
[[ "$out" == $'1221p1 1\n12211^ 1' ]] || fail "popout 1^ is p1: '$out'"
# --analyze: the drops, a bar, the pops; d wins, column d has nothing to pop.
out=$(echo "112233" | "$ft" solve --variant popout --width 4 --height 4 --analyze)
set -- $out
[[ $# -eq 10 && "$5" == "1" && "$6" == "|" && "${10}" == "-" ]] || fail "popout analyze: $out"
# --budget-ms: the empty 7x6 board is far from solved in 20 ms; the line says
# so and how deep the search went, and the command reports the error.
if out=$(echo "" | "$ft" solve --variant popout --budget-ms 20); then fail "popout budget: exit 0"; fi
[[ "$out" == " error: not solved within --budget-ms 20 (deepest path "*" plies)" ]] ||
  fail "popout budget: '$out'"
