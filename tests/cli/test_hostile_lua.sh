#!/bin/sh
# test_hostile_lua.sh DRAUGHTS TEST_PLUGIN_DIR SOURCE_DIR — the Lua sandbox against the
# hostile-scripts corpus (tests/hostile/lua/): each script is run under the real
# command its header names, and must end with the one line on stderr it expects,
# the exit status it expects (1 or 2 unless it says otherwise, never a signal),
# and nothing it printed on stdout (such lines carry the word INJECTED).
#
# A script's header: "-- run: ARGS" (SCRIPT stands for its path), "-- input: LINE"
# (standard input, one line each, SCRIPT substituted), "-- stderr: PATTERN" (the
# only line of stderr; without it stderr stays empty), "-- stdout: PATTERN" (some
# line of stdout), "-- exit: N", "-- timeout: S" (the hang guard, 60 s unless it says;
# a guard only, never a measure).
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
corpus=$3/tests/hostile/lua
. "$(dirname "$0")/../lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

header() { sed -n "s|^-- $1: ||p" "$2" | sed "s|SCRIPT|$2|g"; }

check() {
  f=$1 name=$(basename "$1") rc=$2
  want_exit=$(header exit "$f") want_err=$(header stderr "$f") want_out=$(header stdout "$f")
  lines=$(wc -l <"$work/err")
  if [ "$rc" -eq 124 ]; then fail "$name: still running after the hang guard"
  elif [ -z "$want_exit" ] && { [ "$rc" -lt 1 ] || [ "$rc" -gt 2 ]; }; then fail "$name: exit $rc: $(cat "$work/err")"
  elif [ -n "$want_exit" ] && [ "$rc" -ne "$want_exit" ]; then fail "$name: exit $rc, not $want_exit: $(cat "$work/err")"
  elif [ -n "$want_err" ] && [ "$lines" -ne 1 ]; then fail "$name: $lines lines on stderr: $(cat "$work/err")"
  elif [ -n "$want_err" ] && ! grep -q -- "$want_err" "$work/err"; then fail "$name: no '$want_err' in: $(cat "$work/err")"
  elif [ -z "$want_err" ] && [ -s "$work/err" ]; then fail "$name: stderr: $(cat "$work/err")"
  elif grep -q INJECTED "$work/out"; then fail "$name: the script wrote on stdout: $(grep INJECTED "$work/out")"
  elif [ -n "$want_out" ] && ! grep -q -- "$want_out" "$work/out"; then fail "$name: no '$want_out' in: $(cat "$work/out")"
  else pass; fi
}

for f in "$corpus"/*.lua; do
  header input "$f" >"$work/in"
  set -f # the arguments are split on spaces, never globbed
  guard=$(header timeout "$f")
  timeout "${guard:-60}" "$draughts" $(header run "$f") <"$work/in" >"$work/out" 2>"$work/err"
  rc=$?
  set +f
  check "$f" $rc
done

echo "hostile scripts: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
