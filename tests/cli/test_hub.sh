#!/bin/sh
# test_hub.sh DRAUGHTS TEST_PLUGIN_DIR — 'draughts hub' driven as a GUI drives it:
# the Hub protocol handshake, positions (FEN and Hub board strings), moves, searches,
# stop and ping during a search, and an 'error' line for every kind of bad input.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"

dir=$(mktemp -d)
fifo=$dir/in out=$dir/out
mkfifo "$fifo"
"$draughts" hub template <"$fifo" >"$out" 2>&1 &
pid=$!
exec 3>"$fifo"

send() { printf '%s\n' "$1" >&3; }
# expect NAME PATTERN: waits (up to 30 s) until a line of output matches
expect() {
  i=0
  while ! grep -q -- "$2" "$out"; do
    i=$((i + 1))
    if [ $i -gt 300 ]; then fail "$1: no line matching '$2' in: $(cat "$out")"; return 1; fi
    sleep 0.1
  done
  pass
}
# count PATTERN: how many lines match
count() { grep -c -- "$1" "$out"; }
# expect_count NAME PATTERN N: waits (up to 30 s) until N lines match.  A GUI sends the
# next search only after the last one's 'done', so the test must count them, not just
# find one: an earlier 'done' would otherwise let it run ahead of the engine.
expect_count() {
  i=0
  while [ "$(count "$2")" -lt "$3" ]; do
    i=$((i + 1))
    if [ $i -gt 300 ]; then fail "$1: $(count "$2") lines matching '$2', not $3, in: $(cat "$out")"; return 1; fi
    sleep 0.1
  done
  pass
}

send "hub"
expect "hub lists the engine" "^id name=draughts"
expect "hub lists the variants" '^param name=variant value=template type=enum values="[a-z_ ]*template'
expect "hub ends with wait" "^wait$"
send "set-param name=threads value=1"
send "init"
expect "init answers ready" "^ready$"

send "ping"
expect "ping" "^pong$"

# A forced capture, in our FEN: the move comes back in Hub's form (from x to x captured).
send "pos pos=W:Wc3:Bd4"
send "level depth=3"
send "go think"
expect "go think answers done with the capture" "^done move=c3xe5xd4"
expect "info lines before done" "^info depth=1 score=[-0-9.]* nodes=[0-9]* time=[0-9.]* nps=[0-9.]* pv=\"c3xe5xd4\""

# Hub's own board string (side to move, then w b W B e per point in numbering order)
# and moves in Hub's form: the two-for-one shot d4-c5 (numbered 18-14 on this board).
send "pos pos=Weeebeeebbbeeeeeewweeeeweeeweeeee"
send "level depth=8"
send "go think"
expect "hub board string and search" "^done move=d4-c5"

send "pos pos=W:WKa1,Kc1:BKh8 moves=\"a1-b2 h8-f6\""
expect "an illegal move in pos is an error" '^error message="move .h8-f6.'
send "pos pos=W:Wz9:Bd4"
expect "a bad FEN is an error" "^error message=\"pos: .*z9"
send "pos pos=Wxyz"
expect "a bad board string is an error" "neither FEN nor a template board string"
send "frobnicate now"
send "set-param name=book value=false"
send "ping"
expect_count "unknown commands and parameters are ignored, as the protocol asks" "^pong$" 2
[ "$(grep -c -e frobnicate -e book "$out")" -eq 0 ] && pass || fail "something was said of an unknown command: $(cat "$out")"
send "level depth=abc"
expect "a bad level is an error" "^error message=\"level: expected"
send "level time=10 inc=x"
expect "a bad increment is an error" "^error message=\"level: bad inc 'x'\""
send "set-param name=hash value=-5"
expect "a bad value is an error" "^error message=\"set-param: bad value '-5' for hash"
send "set-param name=hash value=nan"
expect "nan is no number" "^error message=\"set-param: bad value 'nan' for hash\""
printf 'pos\000x\n' >&3
send "set-param name=threads value=after-nul"
expect "a NUL byte in a line is an error" "^error message=\"a NUL byte in the line\""
expect "...and the next line is still read" "bad value 'after-nul' for threads"
send 'pos pos="W:Wc3:Bd4'
expect "an unterminated quote is an error" "^error message=\"malformed line"
send "pos"
expect "pos without a position is an error" "^error message=\"pos needs pos="
send "pos pos=W:Wa1:Bb2,c3"
send "go think"
expect "go on a finished game is an error" "^error message=\"go: the game is over"
expect_count "...and still gets its done, with no move" "^done$" 1
send "set-param name=variant value=nosuch"
send "init"
expect "an unknown variant is an error" "^error message=\"unknown variant 'nosuch'"
expect_count "...and init still answers ready" "^ready$" 2
send "set-param name=variant value=template"
send "init"

# An infinite analysis: ping is answered while searching, stop ends it with a move.
send "new-game"
send "pos pos=start"
send "level infinite"
send "go analyze"
sleep 0.3
send "ping"
send "pos pos=start"
expect "commands other than stop and ping wait for the search" "^error message=\"'pos' while searching"
send "stop"
expect_count "stop ends an infinite search with done" "^done move=" 3
expect_count "ping during the search" "^pong$" 2

# Clock levels: time plus increment, and moves to go.
send "level time=5 inc=0.1"
send "go think"
expect_count "go think on a clock" "^done move=" 4

send "quit"
exec 3>&-
i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do i=$((i + 1)); sleep 0.1; done
if kill -0 $pid 2>/dev/null; then fail "quit: still running"; kill $pid; else pass; fi
wait $pid; rc=$?
[ $rc -eq 0 ] && pass || fail "exit status $rc"

# The standard input closing in the middle of a search ends the engine at once.
printf 'init\npos pos=start\nlevel infinite\ngo think\n' | "$draughts" hub template >"$dir/eof" 2>&1
grep -q "^done move=" "$dir/eof" && pass || fail "EOF during a search: $(cat "$dir/eof")"

# Scan's protocol.txt, line by line, with no variant named: Hub's default is International
# draughts ("normal"), its board strings the squares 1 to 50 in order.
out=$dir/scan
# (A GUI sends the next search after the last one's done: one search per run here.)
printf '%s\n' hub init new-game "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww" "level move-time=0.2" \
  "go think" | "$draughts" hub >"$out" 2>&1
printf '%s\n' init 'pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves="38-15 5-41 48-26"' \
  "level moves=9 time=2.5" "go ponder" "ponder-hit" "ping" quit | "$draughts" hub >>"$out" 2>&1
grep -q '^param name=variant value=international type=enum' "$out" && pass || fail "the default variant: $(cat "$out")"
[ "$(grep -c '^ready$' "$out")" -eq 2 ] && pass || fail "protocol.txt: init: $(cat "$out")"
[ "$(grep -c '^done move=' "$out")" -eq 2 ] && pass || fail "protocol.txt: two searches, two moves: $(cat "$out")"
grep -q '^done move=3[1-5]-' "$out" && pass || fail "protocol.txt: a first move of White's men: $(cat "$out")"
grep -q '^pong$' "$out" && pass || fail "protocol.txt: ping: $(cat "$out")"
grep -q '^error' "$out" && fail "protocol.txt: an error: $(cat "$out")" || pass
out=$(printf '%s\n' "set-param name=variant value=normal" init "pos pos=start" "level depth=1" "go think" quit |
  "$draughts" hub russian 2>&1)
printf '%s\n' "$out" | grep -q '^done move=3[1-5]-' && pass || fail "variant=normal is International: $out"
# English checkers: the board string read as a page (White's men above), moves in its numbers.
out=$(printf '%s\n' init "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" "level depth=1" "go think" quit |
  "$draughts" hub english 2>&1)
printf '%s\n' "$out" | grep -q '^done move=\(9\|10\|11\|12\)-1[3-6]' && pass || fail "English from a board string: $out"
# A time per move counted on the search's processor clock ends in a move like any other.
out=$(printf '%s\n' init "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww" "level move-time=0.1" "go think" quit |
  "$draughts" hub english --cpu-time 2>&1)
printf '%s\n' "$out" | grep -q '^done move=\(9\|10\|11\|12\)-1[3-6]' && pass || fail "hub --cpu-time: $out"
# House rules whose filter fails once Black is to move: switched off mid-game, which
# the hub says once per set of rules, after the search or the position that broke them.
cat >"$dir/black.lua" <<'EOF'
hooks = {filter = function(pos) if pos.turn == "black" then error("black may not move") end return true end}
EOF
fifo=$dir/in2 out=$dir/out2
mkfifo "$fifo"
"$draughts" hub template --rules "$dir/black.lua" <"$fifo" >"$out" 2>&1 &
pid=$!
exec 3>"$fifo"
broken='^error message="house rules disabled, filter hook failed: black.lua:1: black may not move"$'
send "set-param name=threads value=1"
send "pos pos=start"
send "level depth=2"
send "go think"
expect_count "a search goes on by the plugin's rules" "^done move=" 1
expect_count "...and says the house rules broke down" "$broken" 1
send "pos pos=start moves=\"c3-d4\""
send "go think"
expect_count "the next search" "^done move=" 2
[ "$(count "$broken")" -eq 1 ] && pass || fail "house rules broken said more than once: $(cat "$out")"
send "set-param name=threads value=1" # the rules are loaded again at the next position
send "pos pos=start moves=\"c3-d4\""
expect_count "rules loaded again break down again, said after pos" "$broken" 2
send "quit"
exec 3>&-
wait $pid

rm -rf "$dir"
echo "hub: $passed passed, $failed failed"
[ $failed -eq 0 ]
