#!/bin/sh
# test_dxp.sh DRAUGHTS TEST_PLUGIN_DIR — 'draughts dxp': the engine against itself over
# DXP on the loopback, as Kingsrow, Scan and Dam play their matches (International and
# the 8x8 variants), one-line errors, and a hand-written peer (bash's /dev/tcp) that
# sends what the engine must refuse.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
listener=
trap '[ -n "$listener" ] && kill $listener 2>/dev/null; rm -rf "$tmp"' EXIT

# listen VARIANT ARGS...: a listener in the background on a free port ($port), its
# output in $tmp/follower; returns once it listens.
listen() {
  for try in 1 2 3 4 5; do
    port=$((20000 + ($$ * 7 + try * 131) % 30000))
    rm -f "$tmp/follower" # the last listener's "listening" must not be read as this one's
    "$draughts" dxp "$@" --listen $port >"$tmp/follower" 2>&1 &
    listener=$!
    i=0
    while [ $i -lt 600 ] && ! grep -q "^dxp: listening" "$tmp/follower" 2>/dev/null && kill -0 $listener 2>/dev/null; do
      i=$((i + 1)); sleep 0.05
    done
    grep -q "^dxp: listening" "$tmp/follower" 2>/dev/null && return 0
    kill $listener 2>/dev/null; wait $listener 2>/dev/null; listener=  # that port was taken: another
  done
  fail "no port to listen on: $(cat "$tmp/follower")"
  return 1
}

# finish: waits for the listener (a minute at most: a peer that never came must not hang
# the test); its exit status in $rc.
finish() {
  i=0
  while kill -0 $listener 2>/dev/null && [ $i -lt 600 ]; do i=$((i + 1)); sleep 0.1; done
  kill $listener 2>/dev/null
  wait $listener; rc=$?; listener=
}

# A match of two games each way, engine against engine.
for v in international english russian brazilian; do
  listen $v --depth 2 || continue
  "$draughts" dxp $v --connect 127.0.0.1:$port --depth 1 --games 2 >"$tmp/initiator" 2>&1; irc=$?
  finish
  [ $irc -eq 0 ] && [ $rc -eq 0 ] && pass || fail "$v: exit $irc and $rc: $(cat "$tmp/initiator" "$tmp/follower")"
  [ "$(grep -c '^game [12]: draughts - draughts ' "$tmp/initiator")" -eq 2 ] && pass ||
    fail "$v: two games played: $(cat "$tmp/initiator")"
  i=$(sed -n 's/^dxp: 2 games: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\)$/\1 \2 \3/p' "$tmp/initiator")
  f=$(sed -n 's/^dxp: 2 games: +\([0-9]*\) =\([0-9]*\) -\([0-9]*\)$/\3 \2 \1/p' "$tmp/follower")
  [ -n "$i" ] && [ "$i" = "$f" ] && pass || fail "$v: the two sides saw the same results: [$i] [$f]"
done

# One-line errors a user can cause.
expect_error "no role" "dxp needs --listen PORT or --connect HOST:PORT" -- dxp international
expect_error "both roles" "one of them" -- dxp international --listen 1 --connect a:1
expect_error "a bad port" "--listen takes a port from 1 to 65535, not '99999'" -- dxp international --listen 99999
expect_error "a bad address" "--connect takes HOST:PORT, not 'nowhere'" -- dxp international --connect nowhere
expect_error "no one listens" "cannot connect to 127.0.0.1:1" -- dxp international --connect 127.0.0.1:1
expect_error "no variant" "dxp needs a variant" -- dxp

# A peer that breaks the protocol, written by hand (bash only: it has /dev/tcp).
# peer SCRIPT: runs the bash SCRIPT against the listener, with $port set.
peer() { bash -c "exec 3<>/dev/tcp/127.0.0.1/$port; $1" >"$tmp/peer" 2>&1; }
# refused NAME PATTERN SCRIPT: sent what SCRIPT sends, the engine ends with exit 1 and PATTERN.
refused() {
  listen international --depth 1 && peer "$3"
  finish
  [ $rc -eq 1 ] && grep -q -- "$2" "$tmp/follower" && pass || fail "$1: exit $rc: $(cat "$tmp/follower")"
}
if command -v bash >/dev/null; then
  # GAMEREQ: version 1, our name, the engine (follower) plays Black, 5 minutes, 75 moves,
  # the start position; then a move from square 1 to 2, which White cannot play.
  listen international --depth 1 &&
    peer 'printf "R01%-32sZ005075A\0" tester >&3; sleep 0.2; printf "M0000010200\0" >&3; sleep 0.5; cat <&3'
  finish
  [ $rc -eq 1 ] && pass || fail "an illegal move: exit $rc"
  grep -q "dxp: tester played an illegal move (from 1 to 2, 0 taken) at ply 1" "$tmp/follower" && pass ||
    fail "an illegal move is named: $(cat "$tmp/follower")"
  tr '\0' '\n' <"$tmp/peer" | grep -q "^Cerror: dxp: tester played an illegal move" && pass ||
    fail "the peer is told why: $(tr '\0' '|' <"$tmp/peer")"
  tr '\0' '\n' <"$tmp/peer" | grep -q "^Adraughts *0$" && pass || fail "the game was accepted: $(tr '\0' '|' <"$tmp/peer")"
  # A name holding terminal escapes (a window title, a cleared screen) is printed plain.
  listen international --depth 1 &&
    peer 'printf "R01%-32sZ005075A\0" "$(printf "\033]0;x\007\033[2J")" >&3; sleep 0.3; printf "E01\0" >&3; sleep 0.5'
  finish
  grep -q "^game 1: ?]0;x??\[2J - draughts" "$tmp/follower" && ! grep -q "$(printf '[\033\007]')" "$tmp/follower" &&
    pass || fail "a name with escapes: $(od -c "$tmp/follower" | head -5)"
  refused "an unknown message" "unknown message type 'X'" 'printf "Xjunk\0" >&3; sleep 0.3'
  refused "a short game request" 'malformed R message "R01short"' 'printf "R01short\0" >&3; sleep 0.3'
  refused "a message too long in one piece" "a message longer than 1024 bytes" 'printf "C%01500d\0" 0 >&3; sleep 0.3'
  refused "a message with no end" "a message longer than 1024 bytes" 'printf "C%03000d" 0 >&3; sleep 0.3'
  # The engine (White here: the follower colour is W) answers a game request for a set
  # position, takes a move back on a BACKREQ, and ends the match on a GAMEEND with stop 1.
  board=eeeeeeeeeeeeeeeeeezeeeeeeeeeeeeewweeeeeeeeeeeeeeee
  listen international --depth 2 &&
    peer "printf 'R01%-32sW005075BW$board\0' tester >&3; sleep 0.5; printf 'B001W\0' >&3; sleep 0.5;
          printf 'E01\0' >&3; sleep 0.5; cat <&3"
  finish
  [ $rc -eq 0 ] && pass || fail "a set position, BACKREQ and GAMEEND: exit $rc: $(cat "$tmp/follower")"
  tr '\0' '\n' <"$tmp/peer" | grep -q "^K0$" && pass || fail "BACKREQ accepted: $(tr '\0' '|' <"$tmp/peer")"
  [ "$(tr '\0' '\n' <"$tmp/peer" | grep -c '^M0')" -eq 2 ] && pass ||
    fail "a move, and another after the take-back: $(tr '\0' '|' <"$tmp/peer")"
  tr '\0' '\n' <"$tmp/peer" | grep -q "^E0" && pass || fail "GAMEEND answered: $(tr '\0' '|' <"$tmp/peer")"
fi

echo "dxp: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
