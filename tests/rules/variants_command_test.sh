#!/usr/bin/env bash
# `fourtable variants` prints the rules' facts for the web client, and the
# web client's copy (web/src/variants.json) is exactly that output: a rule
# change that reaches the catalogue must reach the web in the same commit.
set -uo pipefail
fourtable="$1"
web_copy="$2"
out=$("$fourtable" variants) || { echo "fourtable variants failed"; exit 1; }
if ! diff <(printf '%s\n' "$out") "$web_copy"; then
  echo "web/src/variants.json differs from 'fourtable variants' (above: < command, > file);"
  echo "regenerate it: build/release/src/app/fourtable variants > web/src/variants.json"
  exit 1
fi
# Facts the output must carry, read from the rules (RULES.md A1, A6, A7, A10, B1).
for fact in '"min":4,"max":10' '"key":"cylinder","width":7,"height":6,"line":4,"colours":2' \
  '"key":"three-players","width":9,"height":7,"line":4,"colours":3,"seats":3' \
  '"key":"five","width":9' '"choices":{"popout":true}' '"size":5,"points":["a2","a3","a4","b1"'; do
  case "$out" in *"$fact"*) ;; *) echo "missing from the catalogue: $fact"; exit 1 ;; esac
done
"$fourtable" variants --help >/dev/null || { echo "--help must exit 0"; exit 1; }
"$fourtable" variants extra >/dev/null 2>&1
[ $? -eq 2 ] || { echo "an argument must exit 2"; exit 1; }
echo "fourtable variants: web/src/variants.json is current"
