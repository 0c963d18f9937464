#!/bin/sh
# test_tty.sh DRAUGHTS TEST_PLUGIN_DIR — the terminal front end as a person meets it,
# driven through tmux: keys and mouse clicks go in with send-keys, and the screen is
# read back with capture-pane.  Every wait polls the screen with a timeout; nothing
# sleeps for a fixed time.  Exits 77 (skipped) without tmux.
set -u
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
draughts=$(abs "$1")
DRAUGHTS_PLUGIN_PATH=$(abs "$2")
export DRAUGHTS_PLUGIN_PATH
command -v tmux >/dev/null 2>&1 || { echo "SKIP: tmux is not installed"; exit 77; }
work=$(mktemp -d)
runs=0 sock=""
trap 'T kill-server 2>/dev/null; rm -rf "$work"' EXIT
passed=0 failed=0 name=""
T() { tmux -L "$sock" -f /dev/null "$@"; }
fail() { echo "FAIL: $name: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# start COLS ROWS COMMAND: a fresh terminal running COMMAND.  When draughts ends, the
# pane shows its exit status and whether the terminal is back in its normal mode.
start() {
  T kill-server 2>/dev/null
  runs=$((runs + 1)) sock=draughts_tty_$$_$runs  # a new server each time: no race with the old one
  cols=$1 rows=$2; shift 2
  cat >"$work/run.sh" <<EOF
trap : INT  # Ctrl-C reaches draughts; this shell lives on to report
cd "$work"
$*
echo "exit status \$?"
stty -a | tr ' ;' '\n\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\n' ' '; echo
sleep 600
EOF
  T new-session -d -x "$cols" -y "$rows" -s t "sh $work/run.sh"
}

screen() { T capture-pane -p -t t 2>/dev/null; }
keys() { T send-keys -t t "$@"; }
type_text() { T send-keys -t t -l "$1"; }

# wait_for TEXT [SECONDS]: polls the screen until TEXT shows; false on timeout.
wait_for() {
  limit=$(( ${2:-10} * 20 )) i=0
  while [ $i -lt "$limit" ]; do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# wait_any SECONDS TEXT...: polls until one of the texts shows; prints its number
# (1, 2, ...), or 0 on timeout.
wait_any() {
  limit=$(( $1 * 20 )) i=0
  shift
  while [ $i -lt "$limit" ]; do
    shot=$(screen) k=0
    for text in "$@"; do
      k=$((k + 1))
      case $shot in *"$text"*) echo $k; return ;; esac
    done
    sleep 0.05
    i=$((i + 1))
  done
  echo 0
}

# expect TEXT [SECONDS]: as wait_for, counting a pass or a failure (with the screen).
expect() {
  if wait_for "$@"; then pass; else fail "no '$1' on the screen:"; screen | sed 's/^/  | /'; fi
}

# expect_gone TEXT: the screen does not show TEXT.
expect_gone() {
  if screen | grep -qF -- "$1"; then fail "'$1' is still on the screen"; else pass; fi
}

# click COLUMN ROW: a left click, press and release (X10 mouse reports; 0-based
# screen coordinates).
click() {
  oct() { printf "\\$(printf %03o "$1")"; }
  at="$(oct $(($1 + 33)))$(oct $(($2 + 33)))"
  type_text "$(printf '\033[M ')$at$(printf '\033[M#')$at"
}

# The screen row of a board rank and the column of a file, as the tty draws 8x8 boxed
# squares unflipped: rank r at row 2*(8-r)+1, file f (a=0) at column 3+4f+2.
row_of() { echo $((2 * (8 - $1) + 1)); }
col_of() { echo $((3 + 4 * $1 + 2)); }

# The variants the build has, found as a user finds them.
variants=$("$draughts" list | sed -n 's/^\([a-z0-9_]*\) — .*/\1/p')

t_start_menu() {
  start 80 24 "$draughts" play
  expect "draughts: a new game"
  expect "[ Start the game ]"
  keys Down Down Right Right
  expect "a friend at this keyboard"
  keys Enter
  expect "White to move"
  expect "White: player 1   Black: player 2"
  keys q
  expect "exit status 0"
}

t_multi_jump_entered_point_by_point() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3,a1:Bd4,d6,h8
  expect "White to move"
  expect "(w)"        # the piece that must capture is circled
  keys :
  expect "Move (c3-d4"
  type_text c3
  keys Enter
  expect "[w]"
  expect "Now choose where it goes"
  keys Enter          # the cursor went to the ringed landing point e5
  expect "The capture goes on"
  expect "{b}"        # d4, jumped, outlined
  row=$(row_of 4)
  screen | sed -n "$((row + 1))p" | grep -qF "{b}" && pass || fail "d4 is not outlined as jumped"
  keys :
  type_text c7
  keys Enter
  expect "c3xe5xc7"
  expect "Captured: White 0, Black 2"
}

t_illegal_selections_are_refused_with_a_message() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3,g1:Bd4,h8
  expect "White to move"
  keys :
  type_text e5
  keys Enter
  expect "e5: no piece there"
  keys :
  type_text h8
  keys Enter
  expect "h8: that is a black piece: white to move"
  keys :
  type_text g1
  keys Enter
  expect "g1: a capture is compulsory"
}

t_the_mouse_selects_a_piece() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3:Bh8
  expect "White to move"
  click "$(col_of 2)" "$(row_of 3)"
  expect "[w]"
  expect "( )"
  click "$(col_of 3)" "$(row_of 4)"
  expect "c3-d4"
}

t_arrow_keys_move_the_cursor() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3:Bh8
  expect "White to move"
  keys Enter          # the cursor starts on the only piece that can move
  expect "[w]"
  keys Escape Up Enter
  expect "no piece there"
}

t_undo_against_the_computer_takes_back_both_moves() {
  start 80 24 "$draughts" play template --level 1
  expect "your move"
  keys :
  type_text c3-d4
  keys Enter
  expect "The computer played"
  expect "1. c3-d4"
  keys u
  expect "Move taken back."
  expect_gone "1. c3-d4"
  expect "Plies without capture: 0"
}

t_hint_help_save_load_resign() {
  start 80 24 "$draughts" play template --level 1
  expect "your move"
  keys '?'
  expect "English checkers: men move"
  keys q
  expect "Plies without capture"
  keys s C-u
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do keys BSpace; done
  type_text "$work/game.pdn"
  keys Enter
  expect "Saved to $work/game.pdn"
  grep -q '\[Variant "template"\]' "$work/game.pdn" && pass || fail "the PDN file has no Variant tag"
  keys l Enter
  expect "Loaded $work/game.pdn"
  keys r y
  expect "Game over: Black wins (white resigned)"
  keys q
  expect "exit status 0"
}

t_resize() {
  start 80 24 "$draughts" play template --two-players
  expect "Plies without capture"
  T resize-window -t t -x 50 -y 20
  expect "White to move"
  wait_for "Plies without capture" 1 && fail "the panel does not fit in 50 columns" || pass
  T resize-window -t t -x 30 -y 12
  expect " a  b  c  d  e  f  g  h"      # the compact board
  T resize-window -t t -x 20 -y 8
  expect "Terminal too small"
  T resize-window -t t -x 80 -y 24
  expect "Plies without capture"
  case $(wait_any 5 "┌───┬" "lqqqw") in  # the grid, as Unicode or as the terminal's line-drawing set
  0) fail "the board is not boxed again at 80x24" ;;
  *) pass ;;
  esac
}

t_no_color() {
  start 80 24 NO_COLOR=1 "$draughts" play template --two-players
  expect "White to move"
  if T capture-pane -e -p -t t | grep -q "$(printf '\033')\[[0-9;]*[34][0-7]m"; then fail "colours under NO_COLOR"; else pass; fi
  screen | grep -qE "(│|x) \. (│|x)" && pass || fail "empty squares are not dotted without colour"
  start 80 24 "$draughts" play template --two-players
  expect "White to move"
  if T capture-pane -e -p -t t | grep -q "$(printf '\033')\[[0-9;]*[34][0-7]m"; then pass; else fail "no colours by default"; fi
}

t_ctrl_c_restores_the_terminal() {
  start 80 24 "$draughts" play template --level 1
  expect "your move"
  keys C-c
  expect "exit status 0"
  expect "icanon echo"
}

t_plain_line_mode_with_term_dumb() {
  start 80 24 TERM=dumb "$draughts" play template
  expect "white>"
  type_text c3-d4
  keys Enter
  expect "last move: c3-d4"
  type_text quit
  keys Enter
  expect "exit status 0"
}

t_plain_line_mode_when_standard_input_is_not_a_terminal() {
  out=$(printf 'c3-d4\nquit\n' | "$draughts" play template 2>&1)
  echo "$out" | grep -q "last move: c3-d4" && pass || fail "no line mode: $out"
}

t_watch() {
  v=$1
  start 80 24 "$draughts" play "$v" --side none --level 1
  expect "Game over:" 120
  expect "Moves"
  keys q
  expect "exit status 0"
}

t_versus() {
  v=$1
  start 80 24 "$draughts" play "$v" --level 1
  first=White
  [ "$v" = english ] && first=Black  # English checkers calls its first player Black
  expect "$first to move: your move"
  for move in 1 2 3; do
    wait_for "your move" 30 || { fail "move $move: not my turn"; break; }
    screen | grep -qF "Game over" && break
    keys h
    wait_for "Press Enter to follow it" 20 || { fail "move $move: no hint"; screen | sed 's/^/  | /'; break; }
    keys Enter
    while :; do  # a capture of several jumps takes one Enter per landing point
      case $(wait_any 20 "The computer played" "Game over" "capture goes on") in
      3) keys Enter ;;
      0) fail "move $move: the move did not go through"; break ;;
      *) break ;;
      esac
    done
    expect "$move. " 20
  done
  keys q y
  expect "exit status 0"
}

t_scores() {
  plugins="$DRAUGHTS_PLUGIN_PATH/scores:$DRAUGHTS_PLUGIN_PATH"
  start 80 24 USER=zoe DRAUGHTS_PLUGIN_PATH="$plugins" "$draughts" play --profile-db "$work/scores.db"
  expect "< zoe >"              # the menu's player line starts as \$USER
  keys Down Down Down Left Left Left  # level 3 down to 1, then the streak level
  expect "streak: 0 won in a row, so level 1"
  keys Down BSpace BSpace BSpace
  type_text ana
  expect "< ana >"
  keys q Escape
  start 80 24 DRAUGHTS_PLUGIN_PATH="$plugins" "$draughts" play sprint --level 1 --profile-db "$work/scores.db" --profile ana
  expect "ana: streak 0, best 0"
  expect "No record at this level yet"
  keys :
  type_text a7-b8
  keys Enter
  expect "You win: 790 points, a new record! Streak 1."
  expect "ana: streak 1, best 1"
  keys p
  expect "Scores of ana: Sprint"
  expect "Marks to beat:  Pro 760"
  expect "1     790       2      1"
  expect "white crowned a man"
  keys q n Enter
  expect "Record to beat: 790"
  keys : && type_text g1-h2 && keys Enter
  expect "The computer played"
  keys q
  expect "It counts as a loss"
  keys y
  expect "exit status 0"
}

# run NAME FUNCTION [ARG]: one case, unless $TTY_ONLY names others.
run() {
  name=$1
  case $name in *"${TTY_ONLY:-}"*) ;; *) return ;; esac
  shift
  "$@"
}

run "start menu" t_start_menu
for v in $variants; do
  run "$v: the computer plays itself to the end" t_watch "$v"
  run "$v: a game against the computer, moves from hints" t_versus "$v"
done
run "multi-jump entered point by point" t_multi_jump_entered_point_by_point
run "illegal selections are refused with a message" t_illegal_selections_are_refused_with_a_message
run "the mouse selects a piece" t_the_mouse_selects_a_piece
run "arrow keys move the cursor" t_arrow_keys_move_the_cursor
run "undo against the computer takes back both moves" t_undo_against_the_computer_takes_back_both_moves
run "hint, help, save, load, resign" t_hint_help_save_load_resign
run "resize" t_resize
run "NO_COLOR" t_no_color
run "Ctrl-C restores the terminal" t_ctrl_c_restores_the_terminal
run "plain line mode with TERM=dumb" t_plain_line_mode_with_term_dumb
run "plain line mode when standard input is not a terminal" t_plain_line_mode_when_standard_input_is_not_a_terminal
run "scores: player, streak level, result, scores screen" t_scores

echo "tty: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
