#!/usr/bin/env bash
# `fourtable play`: a scripted game in the terminal. Since
# the start of RULES.md B2 changed (2026-12-01) no short sequence wins against
# the computer whatever it does, so the script leaves the round unfinished.
set -euo pipefail
fourtable="$1"
fail() { echo "FAIL: $1"; echo "$out"; exit 1; }

out=$(printf 'b1-b3\npass\nlegal\nzz\nc1-c2\nmoves\nquit\n' | "$fourtable" play --game twicefour --level 7)
grep -qF " 2  . X . X ." <<<"$out" || fail "start board not drawn"
grep -qF " 4  . O . O ." <<<"$out" || fail "start board not drawn"
grep -qF "    a b c d e" <<<"$out" || fail "column letters missing"
grep -qF "not a legal move: 'b1-b3': b1-b3: a step goes to an adjacent point" <<<"$out" || fail "far step accepted"
grep -qF "not a legal move: 'pass': pass is only allowed when cross has no step" <<<"$out" || fail "pass accepted"
grep -qF "b2-a2 b2-b3 b2-c2 c1-c2 d2-c2 d2-d3 d2-e2" <<<"$out" || fail "legal moves not listed"
grep -qF "not a legal move: 'zz'" <<<"$out" || fail "garbage accepted"
grep -qF "2. circle (computer) plays" <<<"$out" || fail "the computer did not answer"
grep -qF "game left unfinished after 2 moves" <<<"$out" || fail "quit after the computer's answer"

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
