# Shared by the command tests of this folder (sourced): how a failure is
# reported, and the check that bad input lines get error lines while the
# command goes on.
fail() { echo "FAIL: $*" >&2; exit 1; }

# bad_lines INPUT COMMAND...: runs COMMAND with INPUT (printf escapes) on
# stdin; INPUT holds a bad line, so the exit code must be 1. The output is
# left in $out.
bad_lines() {
  local input="$1"
  shift
  set +e
  out=$(printf "$input" | "$@")
  local rc=$?
  set -e
  [[ $rc -eq 1 ]] || fail "exit code with bad lines: $rc ($*)"
}

# line_is N PATTERN: line N of $out matches the grep pattern.
line_is() { echo "$out" | sed -n "$1p" | grep -q -- "$2" || fail "line $1 is not /$2/: $out"; }
