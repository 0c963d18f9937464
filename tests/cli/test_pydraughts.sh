#!/bin/sh
# test_pydraughts.sh DRAUGHTS SOURCE_DIR — pydraughts, the Python library lidraughts bots
# drive engines with, as a real client of 'draughts hub' (and of 'draughts dxp'): see
# pydraughts_client.py.  pydraughts is found in $DRAUGHTS_PYDRAUGHTS (a checkout, or a
# bare clone's git directory) or in ../shared/pydraughts beside the repository; without
# it, or without python3, the test is skipped (exit 77).
set -u
draughts=$1 src=$2
. "$(dirname "$0")/../lib.sh"
where=${DRAUGHTS_PYDRAUGHTS:-$src/../shared/pydraughts}
command -v python3 >/dev/null || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -d "$where/draughts" ]; then
  lib=$where
elif [ -f "$where/HEAD" ] && git --git-dir="$where" archive HEAD draughts 2>/dev/null | tar -x -C "$tmp"; then
  lib=$tmp
else
  echo "pydraughts not found at $where (set DRAUGHTS_PYDRAUGHTS): skipped"
  exit 77
fi
for mode in hub dxp; do
  out=$(cd "$tmp" && timeout 300 python3 -W ignore "$src/tests/cli/pydraughts_client.py" "$lib" "$draughts" $mode 2>&1)
  rc=$?
  [ $rc -eq 0 ] && pass || fail "pydraughts $mode: exit $rc: $out"
  printf '%s\n' "$out" | grep '^ok '
done
echo "pydraughts: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
