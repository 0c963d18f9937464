#!/bin/sh
# fuzz_server.sh DRAUGHTS SECONDS [SEED] — the state-machine fuzzer of 'draughts serve'
# (fuzz_server.py) for SECONDS, in a work directory of its own that goes at the end
# unless the run failed (then the server's stderr and store stay, and their place is said).
# A run with no seed draws one and prints it.
set -u
draughts=$1
seconds=$2
seed=${3:-}
work=$(mktemp -d)
here=$(cd "$(dirname "$0")" && pwd)
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ in the source tree
# The Python with websockets: the one on PATH, else Debian's own.
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import websockets' 2>/dev/null; then
    "$py" "$here/fuzz_server.py" "$draughts" "$work" --seconds "$seconds" ${seed:+--seed "$seed"}
    rc=$?
    if [ $rc -eq 0 ]; then rm -rf "$work"; else echo "server fuzz: kept $work"; fi
    exit $rc
  fi
done
rm -rf "$work"
echo "FAIL: no Python with the websockets module (install python3-websockets)"
exit 1
