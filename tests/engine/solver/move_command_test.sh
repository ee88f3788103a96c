#!/usr/bin/env bash
# `fourtable move` end to end: the perfect level's answers,
# a level's seeded answer is the same every time, bad lines get an error line
# and the rest still runs, bad options are refused.
set -euo pipefail
ft="$1"
source "$(dirname "$0")/command_test_lib.sh"

# The empty board: the centre, from the opening book, within a tiny budget.
out=$(printf '\n' | "$ft" move --level perfect --budget-ms 50)
[[ "$out" == " d" ]] || fail "empty board: '$out'"

# Red has d1 e1 against d2 e2: c1 makes two threats at once (b1, f1), the
# quickest win; the perfect level must find it, as must a line in one.
out=$(printf '4455\n121212\n' | "$ft" move)
[[ "$out" == $'4455 c\n121212 a' ]] || fail "wins: $out"

# Blocking: yellow must stop red's three in column a.
out=$(printf '12121\n' | "$ft" move --level 6)
[[ "$out" == "12121 a" ]] || fail "block: $out"

# Bad lines: an error line each, the good ones answered, exit 1.
bad_lines '44\n12x\n4444444\n1212121\n44\n' "$ft" move --level 3 --seed 9
line_is 2 "^12x error: move 3 ('x') is not a column digit"
line_is 3 '^4444444 error: .*full'
line_is 4 '^1212121 error: .*over'
# The seeded level answers the same position the same way.
[[ "$(echo "$out" | sed -n 1p)" == "$(echo "$out" | sed -n 5p)" ]] || fail "seeded: $out"
echo "$out" | sed -n 1p | grep -Eq '^44 [a-g]$' || fail "line 1: $out"

# Other variants: a smaller board, PopOut pops (4^ pops column d).
out=$(printf '1122\n' | "$ft" move --variant classic --width 5 --height 4)
echo "$out" | grep -Eq '^1122 [a-e]$' || fail "5x4: $out"
out=$(printf '4141^\n' | "$ft" move --variant popout --level 5)
echo "$out" | grep -Eq '^4141\^ [a-g]\^?$' || fail "popout: $out"

# Options that make no sense are refused before reading anything.
if "$ft" move --level 9 < /dev/null 2>/dev/null; then fail "level 9 accepted"; fi
if "$ft" move --budget-ms 0 < /dev/null 2>/dev/null; then fail "budget 0 accepted"; fi
if "$ft" move --variant nosuch < /dev/null 2>/dev/null; then fail "unknown variant accepted"; fi
echo ok
