#!/usr/bin/env bash
# No function in the given folders is longer than --max lines (80 unless
# told), counted from the first line of its signature to its closing brace,
# comments and blank lines included: a function a reader must scroll through
# does several things, and each of them wants a name. --top N also lists the
# N longest. Usage:
#   scripts/check_function_length.sh [--max N] [--top N] DIR...   (from the root)
# The count is lexical, not a parse: a definition is a `{` that ends a
# statement with a `)` in it (a signature, a constructor's initialisers) at
# namespace or class level; string and character literals and comments are
# blanked first, so braces in them do not count. ESLint's
# max-lines-per-function keeps the same bound for the web client's pages.
set -euo pipefail
cd "$(dirname "$0")/.."
max=80
top=0
dirs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --max) max="$2" && shift 2 ;;
    --top) top="$2" && shift 2 ;;
    -*) echo "usage: $0 [--max N] [--top N] DIR..." >&2 && exit 2 ;;
    *) dirs+=("$1") && shift ;;
  esac
done
[ ${#dirs[@]} -gt 0 ] || dirs=(src/server)

lengths="$(find "${dirs[@]}" -name '*.cpp' -o -name '*.h' | sort | xargs awk '
  FNR == 1 { depth = 0; ns = 0; start = 0; stmt = ""; stmt_line = 0; in_comment = 0 }
  {
    line = $0
    # Blank what cannot hold code: block comments, line comments, literals.
    if (in_comment) {
      if (match(line, /\*\//)) { line = substr(line, RSTART + 2); in_comment = 0 } else line = ""
    }
    gsub(/\/\*([^*]|\*[^\/])*\*\//, "", line)
    if (match(line, /\/\*/)) { line = substr(line, 1, RSTART - 1); in_comment = 1 }
    gsub(/\\./, "", line)
    gsub(/"[^"]*"/, "\"\"", line)
    gsub(/\047[^\047]*\047/, "0", line)
    sub(/\/\/.*/, "", line)
    if (line ~ /^[ \t]*#/) next  # the preprocessor
    n = length(line)
    for (i = 1; i <= n; i++) {
      c = substr(line, i, 1)
      if (start == 0 && depth == ns && c !~ /[ \t]/ && stmt ~ /^[ \t]*$/) stmt_line = FNR
      if (c == "{") {
        if (start == 0 && depth == ns) {
          if (stmt ~ /^[ \t]*(namespace|extern|(template[ \t]*<.*>[ \t]*)?(class|struct|union))([^(]*|.*:[^()]*)$/ || stmt ~ /^[ \t]*(enum)/) {
            ns++  # a scope whose members may be functions
          } else if (stmt ~ /\)[^=;]*$/ && stmt !~ /^[ \t]*(if|for|while|switch)/) {
            start = stmt_line; fdepth = depth
          }
        }
        depth++
        stmt = ""
      } else if (c == "}") {
        depth--
        if (start > 0 && depth == fdepth) {
          printf "%d %s:%d\n", FNR - start + 1, FILENAME, start
          start = 0
        } else if (start == 0 && depth < ns) ns = depth
        stmt = ""
      } else if (c == ";") {
        stmt = ""
      } else if (start == 0) stmt = stmt c
    }
    if (start == 0) stmt = stmt " "
  }' | sort -rn)"

over="$(awk -v max="$max" '$1 > max' <<<"$lengths")"
if [ "$top" -gt 0 ]; then
  echo "the $top longest functions in ${dirs[*]}:"
  head -n "$top" <<<"$lengths" | awk '{printf "  %4d lines  %s\n", $1, $2}'
fi
if [ -n "$over" ]; then
  echo "check_function_length: functions over $max lines (split them into named steps):"
  awk '{printf "  %4d lines  %s\n", $1, $2}' <<<"$over"
  exit 1
fi
echo "check_function_length: no function in ${dirs[*]} is over $max lines" \
  "($(wc -l <<<"$lengths") functions)"
