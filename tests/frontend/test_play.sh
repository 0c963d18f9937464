#!/bin/sh
# test_play.sh DRAUGHTS TEST_PLUGIN_DIR PLUGIN_DIR — 'draughts play' without a terminal: choosing
# the front end (one-line errors for one that is missing or cannot start), the play
# flags, a front-end plugin driving the host table, and line mode against the computer.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"
PLUGIN_DIR=$3
err=$(mktemp) work=$(mktemp -d)
trap 'rm -rf "$err" "$work"' EXIT

# expect_out NAME TEXT -- ARGS... < INPUT: exit 0 and TEXT in the output
expect_out() {
  name=$1 part=$2; shift 3
  out=$("$draughts" "$@" 2>&1); rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $out"
  elif ! printf '%s\n' "$out" | grep -qF -- "$part"; then fail "$name: no '$part' in: $out"
  else pass; fi
}

list=$("$draughts" list)
for fe in testfe nostart line; do
  printf '%s\n' "$list" | grep -q "^  $fe " && pass || fail "list does not show the front end $fe"
done
printf '%s\n' "$list" | grep -q "refused:.*testfe" && fail "list refuses the test front end" || pass

expect_out "a front-end plugin plays through the host" \
  "testfe: template, 7 legal moves, played a3-b4, black to move" -- play template --frontend testfe
expect_error "missing front end" "front end 'nosuch' not found (found: line, " -- play template --frontend nosuch
expect_error "front end that cannot start" "front end 'nostart' cannot start: no display: DISPLAY is not set" \
  -- play template --frontend nostart
if printf '%s\n' "$list" | grep -q "^  tty "; then
  expect_error "tty without a terminal" "front end 'tty' cannot start: standard input is not a terminal" \
    -- play template --frontend tty
fi
expect_error "bad side" "--side takes white, black or none, not 'blue'" -- play template --side blue
expect_error "side and two players" "--two-players and --side exclude each other" \
  -- play template --two-players --side black
expect_error "level out of range" "--level takes a level from 1 to 6 or 'streak', not '9'" -- play template --level 9
expect_error "level 0" "--level takes a level from 1 to 6 or 'streak', not '0'" -- play template --level 0
expect_error "a negative level" "--level takes a level from 1 to 6 or 'streak', not '-1'" -- play template --level -1
expect_error "missing game file" "/nonexistent.pdn" -- play template --load /nonexistent.pdn

# Line mode (standard input is not a terminal): by default two people share it...
out=$(printf 'c3-d4\nquit\n' | "$draughts" play template 2>&1)
[ "$(printf '%s\n' "$out" | grep -c 'last move:')" -eq 1 ] && pass || fail "two players: the computer moved: $out"
# ...with a level or a side, the computer replies, and undo takes back both moves.
out=$(printf 'c3-d4\nundo\nquit\n' | "$draughts" play template --level 1 2>&1)
[ "$(printf '%s\n' "$out" | grep -c 'last move:')" -eq 2 ] && pass || fail "no reply from the computer: $out"
printf '%s\n' "$out" | tail -4 | grep -q "moves each without a capture or a man move: 0 of 40" && pass ||
  fail "undo did not go back: $out"
expect_out "the computer opens as white" "last move:" -- play template --side black </dev/null
out=$(printf 'hint\nquit\n' | "$draughts" play template --level 1 2>&1)
printf '%s\n' "$out" | grep -q "hint: [a-h][1-8]-[a-h][1-8]" && pass || fail "no hint: $out"
out=$(printf 'resign\nquit\n' | "$draughts" play template --level 1 2>&1)
printf '%s\n' "$out" | grep -q "game over: 0-1 (white resigned)" && pass || fail "resign: $out"
out=$(printf 'quit\n' | "$draughts" play template --side none --level 1 --fen W:Wc3,e3:Bf6,h8 2>&1)
printf '%s\n' "$out" | grep -q "^game over: " && pass || fail "the computer did not play itself to the end: $out"

# Between two people: redo plays again what undo took back; a draw is offered and answered.
out=$(printf 'c3-d4\nundo\nredo\ndraw\ndecline\ndraw\naccept\nquit\n' | "$draughts" play template 2>&1)
printf '%s\n' "$out" | grep -q "black offers a draw: white, type accept or decline" && pass ||
  fail "no draw offer: $out"
printf '%s\n' "$out" | grep -q "^game over: 1/2-1/2 (a draw agreed)" && pass || fail "no draw agreed: $out"
[ "$(printf '%s\n' "$out" | grep -c 'last move: c3-d4')" -ge 2 ] && pass || fail "redo did not play c3-d4 again: $out"
expect_error "a bad sound" "--sound takes on or off, not 'loud'" -- play template --sound loud
expect_error "a bad clock" "--clock takes minutes a side and seconds added per move, as 5+3 (minutes up to 180, seconds up to 600), not '5+'" \
  -- play template --clock 5+
expect_error "a clock against the computer" "a clock is for a game between two people" \
  -- play template --level 1 --clock 5+3

# A refused move says why; a saved game has the tags of the history's games.
out=$(printf 'a1-b2\nsave %s\nquit\n' "$work/saved.pdn" | "$draughts" play template --fen W:Wc3,a1:Bd4,h8 2>&1)
printf '%s\n' "$out" | grep -q "'a1-b2' is not a legal move here: a capture is forced: c3xe5" && pass ||
  fail "no reason for the refusal: $out"
grep -q '\[Event "draughts"\]' "$work/saved.pdn" && grep -q '\[White "Player 1"\]' "$work/saved.pdn" && pass ||
  fail "the saved game's tags: $(cat "$work/saved.pdn")"

# Brazilian draughts counts moves without a capture or a man move: a man move starts
# the count again although it captures nothing.
out=$(printf 'a1-b2\nh8-g7\nc3-d4\nquit\n' | DRAUGHTS_PLUGIN_PATH="$PLUGIN_DIR" "$draughts" play brazilian \
  --rules casual --fen W:WKa1,c3:BKh8,f6 2>&1)
printf '%s\n' "$out" | grep -q "last move: h8-g7   moves each without a capture or a man move: 1 of 40" && pass ||
  fail "the count after two king moves: $out"
printf '%s\n' "$out" | grep -q "last move: c3-d4   moves each without a capture or a man move: 0 of 40" && pass ||
  fail "a man move did not restart the count: $out"

# The end of a game against the computer is told with what it is worth, and the
# prompt then names no side.  A script keeps scores only for the player it names,
# and that player is not remembered as the next run's.
store="$work/scores.db"
out=$(printf 'a7-b8\nquit\n' | DRAUGHTS_PLUGIN_PATH="$2/scores:$2" "$draughts" play sprint --level 1 --profile zed \
  --profile-db "$store" 2>&1)
printf '%s\n' "$out" | grep -q "^you win: 790 points, beats Pro, a new record; streak 1 (best 1)$" && pass ||
  fail "no result: $out"
last=$(printf '%s\n' "$out" | tail -1)
[ "$last" = "> " ] && pass || fail "the prompt after the end: $last"
out=$(USER=nobody_here "$draughts" scores --profile-db "$store" 2>&1)
case $out in *"Player: (no games saved yet)"*) pass ;; *) fail "the script's player became the default: $out" ;; esac
printf 'c3-d4\nquit\n' | "$draughts" play template --level 1 --profile-db "$work/none.db" >/dev/null 2>&1
[ -e "$work/none.db" ] && fail "a script without --profile wrote scores" || pass

echo "play: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
