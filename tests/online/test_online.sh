#!/bin/sh
# test_online.sh DRAUGHTS TEST_PLUGIN_DIR SOURCE_DIR — the game server driven by an
# independent WebSocket client (tests/online/test_server.py, Python 'websockets' from
# Debian's python3-websockets).  Each test starts its own 'draughts serve' on a port
# the system chooses and stops it; the work directory goes at the end.
set -u
draughts=$1
src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The Python with websockets: the one on PATH, else Debian's own.
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import websockets' 2>/dev/null; then
    cd "$src/tests/online" && exec "$py" test_server.py "$draughts" "$work"
  fi
done
echo "FAIL: no Python with the websockets module (install python3-websockets)"
exit 1
