#!/usr/bin/env bash
# `fourtable bench signature` counts the nodes that bench/signature.txt keeps
# (docs/engine-levels.md, "The bench signature"). The count depends only on
# the search, so a change to the search shows here, and its commit states the
# new count by changing the file.
# Usage: bench_signature_test.sh FOURTABLE SIGNATURE_FILE
set -uo pipefail
fourtable="$1"
file="$2"
want=$(grep -v '^#' "$file" | tr -d '[:space:]')
[[ "$want" =~ ^[0-9]+$ ]] || { echo "$file holds no node count: '$want'"; exit 1; }
out=$("$fourtable" bench signature 2>&1) || { echo "bench signature failed: $out"; exit 1; }
got=$(sed -nE 's/^bench: [0-9]+ positions, ([0-9]+) nodes,.*/\1/p' <<<"$out")
[ -n "$got" ] || { echo "no node count in: $out"; exit 1; }
if [ "$got" != "$want" ]; then
  echo "bench signature: $got nodes, but bench/signature.txt keeps $want."
  echo "Changing search changes both in one commit: if the search was meant to"
  echo "change, put $got in bench/signature.txt and say so in the commit"
  echo "(docs/engine-levels.md, \"The bench signature\")."
  exit 1
fi
echo "bench signature: $got nodes, as bench/signature.txt keeps ($out)"
