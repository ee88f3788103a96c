#!/usr/bin/env bash
# `fourtable referee` answers every input line with one line (good or bad
# input alike), keeps going after errors and exits 0 at the end of input.
set -euo pipefail
fourtable="$1"
input=$(printf '%s\n' \
  '{"variant":"classic","moves":["d"]}' \
  'garbage' \
  '' \
  '{"variant":"popout","moves":["a","a^"]}' \
  '{"variant":"classic","moves":["a","b","a","b","a","b","a"]}')
out=$(printf '%s\n' "$input" | "$fourtable" referee)
rc=$?
[ "$rc" -eq 0 ] || { echo "exit code $rc"; exit 1; }
lines=$(printf '%s\n' "$out" | wc -l)
[ "$lines" -eq 5 ] || { echo "expected 5 reply lines, got $lines:"; echo "$out"; exit 1; }
expect() {  # line number, text it must contain
  printf '%s\n' "$out" | sed -n "${1}p" | grep -qF -- "$2" || { echo "line $1 lacks $2:"; echo "$out"; exit 1; }
}
expect 1 '"to_move":"yellow"'
expect 2 '"error":"malformed JSON'
expect 3 '"error":"empty line'
expect 4 '"error":"ply 2: move '"'"'a^'"'"': the bottom disc of column a is not yours"'
expect 5 '"winner":"red"'
# No trailing newline on the last request: still answered.
last=$(printf '{"variant":"small"}' | "$fourtable" referee)
printf '%s' "$last" | grep -qF '"board":["......"' || { echo "unterminated line: $last"; exit 1; }
# Each reply is flushed as soon as its line is judged: it arrives while stdin
# is still open.
coproc REF { "$fourtable" referee; }
# bash unsets REF_PID once the coprocess has exited, which may be before the
# wait below: keep the pid.
ref_pid=$REF_PID
echo '{"variant":"classic","moves":["c"]}' >&"${REF[1]}"
if ! read -t 10 -r reply <&"${REF[0]}"; then
  echo "no reply before the end of input: not flushed"; exit 1
fi
printf '%s' "$reply" | grep -qF '"to_move":"yellow"' || { echo "bad reply: $reply"; exit 1; }
exec {REF[1]}>&-
wait "$ref_pid"
echo ok
