#!/bin/sh
# test_online.sh DRAUGHTS TEST_PLUGIN_DIR SOURCE_DIR [pg] — online play against real servers:
# the server driven by an independent WebSocket client (test_server.py, Python
# 'websockets' from Debian's python3-websockets), attacked as a stranger would
# (test_attacks.py), then our own client (line mode over
# the session's remote players) with that client across the board (test_client.py),
# then profiles and friends, by that client and by the 'draughts' command (test_friends.py).
# Each test starts its own 'draughts serve' on a port the system chooses and stops it;
# the work directory goes at the end.  With 'pg' every server keeps its games in
# PostgreSQL instead of SQLite (profiles and friends too): one started by each script
# for itself (pg.py), and then several nodes share one (test_cluster.py).
set -u
draughts=$1
plugins=$2
src=$3
[ "${4:-}" = pg ] && export DRAUGHTS_TEST_STORE=pg
work=$(mktemp -d)
mkdir "$work/server" "$work/client" "$work/friends"
trap 'rm -rf "$work"' EXIT
# The Python with websockets: the one on PATH, else Debian's own.
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import websockets' 2>/dev/null; then
    cd "$src/tests/online" || exit 1
    "$py" test_server.py "$draughts" "$work/server"; a=$?
    "$py" test_attacks.py "$draughts" "$work/server" "$plugins"; e=$?
    "$py" test_client.py "$draughts" "$work/client"; b=$?
    "$py" test_friends.py "$draughts" "$work/friends" "$plugins"; c=$?
    d=0
    if [ "${4:-}" = pg ]; then
      "$py" test_cluster.py "$draughts" "$work/server"; d=$?
    fi
    [ $a -eq 0 ] && [ $e -eq 0 ] && [ $b -eq 0 ] && [ $c -eq 0 ] && [ $d -eq 0 ]
    exit
  fi
done
echo "FAIL: no Python with the websockets module (install python3-websockets)"
exit 1
