#!/bin/sh
# test_tty_online.sh DRAUGHTS TEST_PLUGIN_DIR SOURCE_DIR — the terminal front end plays
# online, driven through tmux (tests/tmux.sh) against a real 'draughts serve' and a
# scripted opponent (opponent.py, Python websockets): the game created from the
# command line, its code read off the screen, moves typed, the opponent's moves, both
# clocks, a spectator's suggestion in the panel and on the board, a draw offered and
# accepted; then the start menu's Play online and Watch; then a friend's best, uploaded
# after a game, on the scores screen; the menu's Friends line and the scores screen's
# invitation, accepted from the command line; quitting while a silent server holds the
# friends' sync.  Exits 77 without tmux.
set -u
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
draughts=$(abs "$1")
plugins_dir=$(abs "$2")
src=$(abs "$3")
command -v tmux >/dev/null 2>&1 || { echo "SKIP: tmux is not installed"; exit 77; }
py=""
for p in python3 /usr/bin/python3; do "$p" -c 'import websockets' 2>/dev/null && { py=$p; break; }; done
[ -n "$py" ] || { echo "FAIL: no Python with the websockets module (install python3-websockets)"; exit 1; }
work=$(mktemp -d)
. "$src/tests/tmux.sh"
server="" helper="" opp="" silent=""
trap 'T kill-server 2>/dev/null; for p in $opp $helper $silent $server; do kill "$p" 2>/dev/null; done; wait; rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data" DRAUGHTS_SEATS="$work/seats"

"$draughts" serve --listen 127.0.0.1:0 --store "$work/server.db" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$work/serve.out" && break; sleep 0.05; done
port=$(sed -n 's/.*serving on ws:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/serve.out")
[ -n "$port" ] || { echo "FAIL: the server did not start: $(cat "$work/serve.err")"; exit 1; }

# The opponent, once the code is on the screen.
opponent() {
  cd "$src/tests/online" && "$py" opponent.py "$port" "$@"
}

t_an_online_game() {
  start 120 30 "$draughts" play brazilian --server "127.0.0.1:$port" --side white --clock 5+3 --public --profile ana
  expect "the join code is"
  code=$(screen | sed -n 's/.*the join code is \([a-z0-9]*\).*/\1/p' | head -1)
  [ -n "$code" ] || { fail "no code on the screen"; return; }
  opponent play "$code" >"$work/opponent.out" 2>&1 &
  opp=$!
  expect "The game is on: you play White against bob (guest)"
  expect "Black: bob (guest)"
  expect "Clock: white "           # its time runs down: only the frozen one is read
  expect "black 5:00"
  keys :
  type_text c3-d4
  keys Enter
  expect "Black played h6-g5"
  expect "1 watching"
  expect "Suggested: a3-b4 x1"
  # b4, where the suggestion lands, shows its count on rank 4's line of the board
  screen | grep -E '^ *4 ' | cut -c1-40 | grep -q "1" && pass || fail "no count on b4: $(screen)"
  keys :
  type_text g3-h4
  keys Enter
  expect "Black played b6-a5"
  keys d
  expect "draw by agreement"
  wait "$opp" && pass || fail "the opponent: $(cat "$work/opponent.out")"
  keys q
  expect "exit status 0"
}

t_the_start_menu_plays_online_and_watches() {
  opponent host >"$work/host.out" 2>&1 &
  helper=$!
  for _ in $(seq 200); do [ -s "$work/host.out" ] && break; sleep 0.05; done
  game=$(head -1 "$work/host.out")
  start 120 30 "$draughts" play
  expect "[ Play online ]"
  keys Down Down Down Down Down Down Down Down
  keys Enter
  expect "draughts: play online"
  expect "127.0.0.1:8035"
  keys Escape
  expect "[ Watch ]"
  keys Down Down Down Down Down Down Down Down Down
  keys Enter
  expect "draughts: watch a game"
  keys Up
  for _ in $(seq 14); do keys BSpace; done
  type_text "127.0.0.1:$port"
  keys Enter
  expect "$game  Turkish draughts (dama)  ana - bob"
  keys Enter
  expect "Watching game $game"
  expect "make a move to suggest it"
  keys q
  expect "exit status 0"
}

# Friends on the server: bob's win reaches it by itself after his game, and ana's
# scores screen shows it in bob's column (the session brings it down at its start).
t_the_scores_screen_shows_a_friends_best() {
  plugins="$plugins_dir/scores:$plugins_dir"
  as_ana="env XDG_CONFIG_HOME=$work/ana DRAUGHTS_PROFILE_DB=$work/ana.db DRAUGHTS_PLUGIN_PATH=$plugins"
  as_bob="env XDG_CONFIG_HOME=$work/bob DRAUGHTS_PROFILE_DB=$work/bob.db DRAUGHTS_PLUGIN_PATH=$plugins"
  code=$($as_ana "$draughts" friends invite --server "127.0.0.1:$port" --profile ana |
    sed -n 's/^invitation code: \([a-z0-9]*\).*/\1/p')
  [ -n "$code" ] || { fail "no invitation code"; return; }
  $as_bob "$draughts" friends accept "$code" --server "127.0.0.1:$port" --profile bob >/dev/null ||
    { fail "bob could not accept"; return; }
  printf 'a7-b8\nquit\n' | $as_bob "$draughts" play sprint --level 1 --profile bob >/dev/null 2>&1
  start 100 30 $as_ana "$draughts" play sprint --level 1 --profile ana
  expect "ana: streak 0, best -"
  for _ in $(seq 100); do  # the session's sync at the start, on its own thread
    sqlite3 "$work/ana.db" "SELECT 1 FROM friend_record" 2>/dev/null | grep -q 1 && break
    sleep 0.1
  done
  keys p
  expect "Scores of ana: Sprint"
  expect "Pieces  Moves  Date        bob"
  expect "790"
  keys q q
  expect "exit status 0"
}

# The scores screen's invitation: eve sets the server on the menu's Friends line, wins,
# and presses i on the scores screen; the code shown there is one finn accepts with
# 'draughts friends accept', and then each sees the other's best.
t_the_scores_screen_invites_a_friend() {
  plugins="$plugins_dir/scores:$plugins_dir"
  as_eve="env XDG_CONFIG_HOME=$work/eve DRAUGHTS_PROFILE_DB=$work/eve.db DRAUGHTS_PLUGIN_PATH=$plugins"
  as_finn="env XDG_CONFIG_HOME=$work/finn DRAUGHTS_PROFILE_DB=$work/finn.db DRAUGHTS_PLUGIN_PATH=$plugins"
  printf 'a7-b8\nquit\n' | $as_finn "$draughts" play sprint --level 1 --profile finn >/dev/null 2>&1
  start 100 30 $as_eve "$draughts" play sprint --level 1 --profile eve
  expect "eve: streak 0, best -"
  keys n
  expect "Friends     none"
  keys Down Down Down Down Down Down   # to the Friends line
  type_text "127.0.0.1:$port"
  keys Enter
  expect "Friends are on 127.0.0.1:$port"
  keys Escape :
  type_text a7-b8
  keys Enter
  expect "You win: 790 points"
  keys p
  expect "i: invite a friend"
  keys i
  expect "Invitation code:"
  code=$(screen | sed -n 's/.*Invitation code: \([a-z0-9]*\) (one use, until .*/\1/p' | head -1)
  [ -n "$code" ] || { fail "no code on the screen"; return; }
  expect "draughts friends accept $code"
  expect "http://127.0.0.1:$port/#invite=$code"
  $as_finn "$draughts" friends accept "$code" --server "127.0.0.1:$port" --profile finn >"$work/finn.out" 2>&1 &&
    grep -q "eve and you are friends" "$work/finn.out" && pass || fail "finn cannot accept: $(cat "$work/finn.out")"
  $as_finn "$draughts" friends --profile finn >"$work/finn.out" 2>&1
  grep -q "Sprint.*level 1: 790" "$work/finn.out" && pass || fail "finn does not see eve's best: $(cat "$work/finn.out")"
  keys q q
  expect "exit status 0"
  start 100 30 $as_eve "$draughts" play sprint --level 1 --profile eve
  keys p
  expect "Pieces  Moves  Date        finn"   # the session's sync at the start brings finn's best down
  expect_match "^ +1 +790 .* 790 *$"   # her record, and his in his column
  keys q q
  expect "exit status 0"
}

# A friends server that takes the connection and never answers: quitting does not wait
# for the session's sync (it would have waited up to 15 s); the guard is the wait for
# the exit status, not a measured time.
t_quitting_does_not_wait_for_a_silent_server() {
  "$py" -c '
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
print(s.getsockname()[1], flush=True)
time.sleep(600)' >"$work/silent.port" &
  silent=$!
  for _ in $(seq 100); do [ -s "$work/silent.port" ] && break; sleep 0.05; done
  start 100 30 env XDG_CONFIG_HOME="$work/gus" DRAUGHTS_PROFILE_DB="$work/gus.db" "$draughts" play --profile gus
  expect "Friends     none"
  keys Down Down Down Down Down Down
  type_text "127.0.0.1:$(cat "$work/silent.port")"
  keys Enter
  expect "Friends are on"   # the sync is under way, waiting for the silent server
  keys Down q   # off the Friends line, where q would be typed
  expect "exit status 0" 10
  kill "$silent" 2>/dev/null
}

name="an online game against a scripted opponent"; t_an_online_game
name="the start menu plays online and watches"; t_the_start_menu_plays_online_and_watches
name="the scores screen shows a friend's best"; t_the_scores_screen_shows_a_friends_best
name="the scores screen invites a friend"; t_the_scores_screen_invites_a_friend
name="quitting does not wait for a silent server"; t_quitting_does_not_wait_for_a_silent_server

echo "tty online: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
