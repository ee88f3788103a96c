#!/usr/bin/env bash
# The C++ sources follow .clang-format: every .cpp and .h under src/, tests/,
# bench/ and fuzz/ must be left unchanged by clang-format. With --fix, formats
# them in place instead. clang-format 14 is Debian 12's (scripts/setup.sh);
# another version may format a few constructs differently.
# Usage: scripts/check_format.sh [--fix] [FILE...]   (default: every source)
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
if [ "${1:-}" = "--fix" ]; then fix=1 && shift; fi
format="$(command -v clang-format-14 || command -v clang-format || true)"
if [ -z "$format" ]; then
  echo "check_format: clang-format not found (scripts/setup.sh installs it)" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(find src tests bench fuzz -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
fi
if [ "$fix" = 1 ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$format" -i --style=file
  echo "check_format: formatted ${#files[@]} files with $("$format" --version)"
  exit 0
fi
# --dry-run --Werror names each line that would change; -P2: two cores.
if ! printf '%s\0' "${files[@]}" | xargs -0 -n 25 -P 2 "$format" --style=file --dry-run --Werror \
  2>/tmp/check_format.$$; then
  grep -E '^[^ ].*: error:' /tmp/check_format.$$ | sed -E 's/:([0-9]+):[0-9]+: error:.*/:\1/' |
    sort -u -t: -k1,1 | sed 's/$/: not as .clang-format writes it/'
  n="$(grep -E '^[^ ].*: error:' /tmp/check_format.$$ | cut -d: -f1 | sort -u | wc -l)"
  rm -f /tmp/check_format.$$
  echo "check_format: $n of ${#files[@]} files differ from .clang-format; fix with scripts/check_format.sh --fix FILE..."
  exit 1
fi
rm -f /tmp/check_format.$$
echo "check_format: all ${#files[@]} C++ files as .clang-format writes them ($("$format" --version | grep -oE '[0-9]+\.[0-9.]+' | head -1))"
