#!/bin/bash
# `fourtable puzzles` end to end: a build of a few 6x5 puzzles, resumed to
# more (the first ones kept, no id twice), listed in the solve notation and
# checked; a corrupted file fails the check.
set -euo pipefail
ft="$1"
source "$(dirname "$0")/../solver/command_test_lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
file="$dir/small.txt"

"$ft" puzzles build --variant small --count 3 --out "$file" --threads 2 > "$dir/first" 2>/dev/null
[[ $(grep -vc '^#' "$file") -eq 3 ]] || fail "first build: $(cat "$file")"
head -4 "$file" > "$dir/before"
"$ft" puzzles build --variant small --count 6 --out "$file" > "$dir/second" 2>/dev/null
grep -q "6 puzzles in .* (3 this run)" "$dir/second" || fail "resume: $(cat "$dir/second")"
[[ "$(head -4 "$file")" == "$(cat "$dir/before")" ]] || fail "resume rewrote the first puzzles"
[[ $(grep -v '^#' "$file" | cut -d' ' -f1 | sort -u | wc -l) -eq 6 ]] || fail "an id twice"

# list: <id> <variant> <W>x<H> <moves> <line>, and the moves play in `solve`.
out=$("$ft" puzzles list "$file")
[[ $(echo "$out" | wc -l) -eq 6 ]] || fail "list: $out"
echo "$out" | grep -Eqv '^[0-9a-f]{10} small 6x5 [0-9]+ [0-9^]+$' && fail "list format: $out"
# The side to move wins: a positive score for each position.
scores=$(echo "$out" | cut -d' ' -f4 | "$ft" solve --width 6 --height 5 | cut -d' ' -f2)
for s in $scores; do [[ $s -gt 0 ]] || fail "a puzzle the side to move does not win: $out"; done

"$ft" puzzles check "$file" | grep -q "^6 checked, 0 wrong" || fail "check of a good file"
# Another first move in the first puzzle's line: the check fails.
awk '!/^#/ && !done { $5 = ($5 ~ /^1/ ? "2" : "1") substr($5, 2); done = 1 } { print }' \
  "$file" > "$dir/bad.txt"
if "$ft" puzzles check "$dir/bad.txt" > "$dir/bad.out"; then fail "a corrupted file passed"; fi
grep -q "^6 checked, 1 wrong" "$dir/bad.out" || fail "check output: $(cat "$dir/bad.out")"
echo ok
