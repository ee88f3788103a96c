#!/usr/bin/env bash
# `fourtable play` (issue 3 item 4): a scripted game in the terminal. Cross's
# b1-b2, c1-c2, d1-d2 fill row 2 whatever the computer does (RULES.md B3: a
# double line, two points), so the game's end is known in advance.
set -euo pipefail
fourtable="$1"
fail() { echo "FAIL: $1"; echo "$out"; exit 1; }

out=$(printf 'b1-b3\npass\nlegal\nzz\nb1-b2\nmoves\nc1-c2\nd1-d2\n' | "$fourtable" play --game twicefour --level 7)
grep -qF " 2  X . . . X" <<<"$out" || fail "start board not drawn"
grep -qF "    a b c d e" <<<"$out" || fail "column letters missing"
grep -qF "not a legal move: 'b1-b3': b1-b3: a step goes to an adjacent point" <<<"$out" || fail "far step accepted"
grep -qF "not a legal move: 'pass': pass is only allowed when cross has no step" <<<"$out" || fail "pass accepted"
grep -qF "a2-a3 a2-b2 b1-b2 c1-c2 d1-d2 e2-d2 e2-e3" <<<"$out" || fail "legal moves not listed"
grep -qF "not a legal move: 'zz'" <<<"$out" || fail "garbage accepted"
grep -qF "2. circle (computer) plays" <<<"$out" || fail "the computer did not answer"
grep -qF "game over after 5 moves: cross wins (points)" <<<"$out" || fail "round not won"

# The computer moves first when the human takes the second side.
out=$(printf 'quit\n' | "$fourtable" play --game twicefour --side circle --level 1)
grep -qF "1. cross (computer) plays" <<<"$out" || fail "computer did not open"
grep -qF "game left unfinished after 1 moves" <<<"$out" || fail "quit"

# Four in a row through the same facade.
out=$(printf 'd\nq\n' | "$fourtable" play --game four --variant small --level 2)
grep -qF "not a legal move: 'q': column q does not exist" <<<"$out" || fail "four: bad column"
grep -qF "2. yellow (computer) plays" <<<"$out" || fail "four: computer did not answer"

# Bad options: exit code 2 and a reason.
for bad in "--level 9" "--game chess" "--first red" "--side green" "--game four --variant nope"; do
  set +e
  err=$("$fourtable" play $bad 2>&1 </dev/null)
  rc=$?
  set -e
  [ "$rc" -eq 2 ] || { out="$err"; fail "'$bad' gave exit code $rc"; }
  grep -qF "fourtable play:" <<<"$err" || { out="$err"; fail "'$bad' without a reason"; }
done
echo ok
