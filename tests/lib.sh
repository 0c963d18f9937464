# lib.sh — sourced by the shell test scripts: pass/fail counters and the closing
# line ("N passed, M failed") that CTest output and CI read.
passed=0 failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# The shared checks run "$draughts" (set by the script before it sources this file).
lib_err="${TMPDIR:-/tmp}/draughts_test_err.$$"

# expect_error NAME MESSAGE_PART -- ARGS...: exit 1 or 2 (a refusal, never a crash)
# and exactly one line on stderr, matching MESSAGE_PART (a grep pattern).
expect_error() {
  name=$1 part=$2; shift 3
  "$draughts" "$@" </dev/null >/dev/null 2>"$lib_err"; rc=$?
  lines=$(wc -l <"$lib_err")
  if [ $rc -eq 0 ] || [ $rc -gt 2 ]; then fail "$name: exit $rc: $(cat "$lib_err")"
  elif [ "$lines" -ne 1 ]; then fail "$name: $lines lines of error: $(cat "$lib_err")"
  elif ! grep -q -- "$part" "$lib_err"; then fail "$name: no '$part' in: $(cat "$lib_err")"
  else pass; fi
  rm -f "$lib_err"
}

# expect_lines NAME PATTERN -- ARGS...: exit 0 and some line of stdout matches PATTERN.
expect_lines() {
  name=$1 pattern=$2; shift 3
  got=$("$draughts" "$@" 2>"$lib_err"); rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat "$lib_err")"
  elif ! printf '%s\n' "$got" | grep -q -- "$pattern"; then fail "$name: no '$pattern' in: $got"
  else pass; fi
  rm -f "$lib_err"
}
