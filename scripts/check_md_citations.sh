#!/usr/bin/env bash
# Every Markdown file that the code and the documents name must exist, so that
# a reader who follows a citation finds the text it points to.
# A name with a folder (docs/protocol.md, ../README.md) is looked up from the
# repository's root and from the citing file's folder; a bare name
# (RULES.md, protocol.md) in docs/, in the citing file's folder and at the root.
# Names in URLs (http://, https://) are not files of this repository.
# Usage: scripts/check_md_citations.sh [ROOT]   (exit 1 and a list when one is missing)
set -euo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root"

# The tracked sources and documents; node_modules, build trees and the lock
# file are not ours to check.
scan_dirs=(src tests bench fuzz scripts cmake docs web/src web/tests web/scripts .ci)
files=()
for d in "${scan_dirs[@]}"; do
  [ -d "$d" ] || continue
  while IFS= read -r f; do files+=("$f"); done < <(find "$d" -type f \
    \( -name node_modules -o -name build -o -name dist \) -prune -o -type f -print)
done
for f in README.md CMakeLists.txt CMakePresets.json web/README.md web/package.json web/*.html web/*.ts; do
  [ -f "$f" ] && files+=("$f")
done

missing=0
checked=0
while IFS= read -r hit; do
  file="${hit%%:*}"
  rest="${hit#*:}"
  line="${rest%%:*}"
  name="${rest#*:}"
  case "$name" in http://* | https://*) continue ;; esac
  checked=$((checked + 1))
  dir="${file%/*}"
  [ "$dir" = "$file" ] && dir=.
  if [[ "$name" == */* ]]; then
    candidates=("$name" "$dir/$name")
  else
    candidates=("docs/$name" "$dir/$name" "$name")
  fi
  found=0
  for c in "${candidates[@]}"; do
    if [ -f "$c" ]; then found=1 && break; fi
  done
  if [ "$found" = 0 ]; then
    echo "$file:$line: cites $name, which is not a file (looked for: ${candidates[*]})"
    missing=$((missing + 1))
  fi
done < <(grep -onE '(https?://)?[A-Za-z0-9_./-]*[A-Za-z0-9_-]+\.md\b' "${files[@]}" /dev/null)

if [ "$missing" -gt 0 ]; then
  echo "check_md_citations: $missing of $checked citations name a Markdown file that does not exist"
  exit 1
fi
echo "check_md_citations: all $checked citations of Markdown files resolve (${#files[@]} files scanned)"
