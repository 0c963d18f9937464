# lib.sh — sourced by the shell test scripts: pass/fail counters and the closing
# line ("N passed, M failed") that CTest output and CI read.
passed=0 failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }
