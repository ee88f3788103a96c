#!/usr/bin/env bash
# The citation check itself (scripts/check_md_citations.sh): on a small tree
# of its own, every form it documents passes where the section exists and
# fails, naming the citation, where it does not; issue numbers fail.
# Usage: check_md_citations_test.sh SCRIPT
set -uo pipefail
script="$1"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/docs" "$tree/src"
cat >"$tree/docs/protocol.md" <<'EOF'
# A protocol

**Conventions.**
- plain numbers

## 2. HTTP API

**Only the site changes state.** Text.

### 2.12 A name to keep

```sh
# not a heading
```

## 3. WebSocket
EOF
cat >"$tree/docs/RULES.md" <<'EOF'
# Rules
## Part A. Four in a row
### A7. PopOut
### B3a. Move counts
## Part D. Known results
EOF
cat >"$tree/docs/operations.md" <<'EOF'
# Operations
## Several nodes (PostgreSQL + Redis + nginx)
- **An HTTP request takes no table.** Text.
EOF

fails=0
expect() {  # expect PASS|FAIL "what" "file text" [text the failure must name]
  local want="$1" what="$2" text="$3" names="${4:-}"
  printf '%s\n' "$text" >"$tree/src/a.h"
  local out rc
  out=$(bash "$script" "$tree" 2>&1)
  rc=$?
  if [ "$want" = PASS ] && [ "$rc" != 0 ]; then
    echo "FAIL: $what should pass:"; echo "$out"; fails=$((fails + 1))
  elif [ "$want" = FAIL ] && [ "$rc" != 1 ]; then
    echo "FAIL: $what should fail (exit $rc):"; echo "$out"; fails=$((fails + 1))
  elif [ -n "$names" ] && ! grep -qF -- "$names" <<<"$out"; then
    echo "FAIL: $what should say '$names':"; echo "$out"; fails=$((fails + 1))
  fi
}

expect PASS "a file alone" '// see docs/protocol.md'
expect FAIL "a missing file" '// see docs/nothing.md' 'src/a.h:1: cites docs/nothing.md, which is not a file'
expect PASS "numbered sections" '// (protocol.md 2.12; RULES.md A7, B3a; RULES.md part D; protocol.md 2 and 3)'
expect FAIL "a missing number" '// (docs/protocol.md 2.13)' 'cites docs/protocol.md 2.13, but docs/protocol.md has no heading numbered 2.13'
expect FAIL "a missing number in a list" '// (RULES.md A7, A8)' 'has no heading numbered A8'
expect FAIL "a missing part" '// (RULES.md C).' 'has no heading numbered C'
expect PASS "a quoted heading, its start" '// (docs/operations.md, "Several nodes")'
expect PASS "a quoted bold list item" '// (operations.md: "An HTTP request takes no table")'
expect PASS "a quoted name over two comment lines" '// (docs/operations.md, "Several
// nodes")'
expect PASS "a bold name inside its section" '// (protocol.md 2, "Only the site changes state")'
expect FAIL "a bold name outside the section cited" '// (protocol.md 3, "Only the site changes state")' 'inside the section cited'
expect FAIL "a quoted name that is no heading" '// (docs/operations.md, "nginx in front")' \
  'src/a.h:1: cites docs/operations.md, "nginx in front", but docs/operations.md has no heading'
expect FAIL "half a word" '// (docs/operations.md, "Several node")' 'no heading or bold name'
expect FAIL "a heading in a code block" '// (protocol.md, "not a heading")' 'no heading or bold name'
expect PASS "prose after a name" '// RULES.md is silent; protocol.md says so; RULES.md A player'
expect FAIL "an issue number" '// fixed in issue 17' 'names an issue number ("issue 17")'
expect FAIL "an issue number with #" '// Issue #3: why' 'names an issue number'
expect PASS "a standard's number" '// Unicode TS #39'

if [ "$fails" -gt 0 ]; then
  echo "check_md_citations_test: $fails case(s) wrong"
  exit 1
fi
echo "check_md_citations_test: all cases as expected"
