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
. "$(dirname "$0")/../tmux.sh"
trap 'T kill-server 2>/dev/null; rm -rf "$work"' EXIT
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
  expect "Move (c3xe5xc7, or a point to tap)"
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
  expect "move: 0 of 40"
}

t_hint_help_save_load_resign() {
  start 80 24 "$draughts" play template --level 1
  expect "your move"
  keys '?'
  expect "English checkers: men move"
  keys q
  expect "Moves each without a capture"
  keys s C-u
  for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do keys BSpace; done
  type_text "$work/game.pdn"
  keys Enter
  expect "Saved to $work/game.pdn"
  grep -q '\[Variant "template"\]' "$work/game.pdn" && pass || fail "the PDN file has no Variant tag"
  grep -q '\[Event "draughts"\]' "$work/game.pdn" && grep -q '\[Date "' "$work/game.pdn" && pass ||
    fail "the PDN file lacks the tags of the history's games: $(cat "$work/game.pdn")"
  keys l Enter
  expect "Loaded $work/game.pdn"
  keys r y
  expect "Game over: Black wins (white resigned)"
  keys q
  expect "exit status 0"
}

t_a_hint_is_followed_with_one_enter() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3,a1:Bd4,d6,h8
  expect "White to move"
  keys h
  expect "Hint: c3xe5xc7. Press Enter to follow it" 20
  keys Enter
  expect "c3xe5xc7"
  expect_gone "capture goes on"
}

# a1xc3xe5xg7 takes three pieces; once h2 has landed on f4, the hint goes on from there.
t_a_hint_in_the_middle_of_a_capture_goes_on_with_it() {
  start 80 24 "$draughts" play template --two-players --fen W:Wa1,h2:Bb2,d4,f6,g3,g5
  expect "White to move"
  keys :
  type_text h2
  keys Enter :
  type_text f4
  keys Enter
  expect "The capture goes on"
  keys h
  expect "Hint: h2xf4xh6" 20
  keys Enter
  expect "1. h2xf4xh6"
}

# The screen with the grid's lines as one byte each (they are three bytes of UTF-8 or one
# of the line-drawing set), so that columns can be counted.
ascii_screen() {
  screen | sed 's/│/x/g; s/─/x/g; s/┼/x/g; s/├/x/g; s/┤/x/g; s/┌/x/g; s/┐/x/g' |
    sed 's/└/x/g; s/┘/x/g; s/┬/x/g; s/┴/x/g'
}

# The char at a square of a boxed 8x8 board: FILE (0 = a), RANK.
square_at() {
  ascii_screen | sed -n "$(($(row_of "$2") + 1))p" | cut -c"$(($(col_of "$1") + 1))"
}

# click_text TEXT: a click on the first place the screen shows TEXT.
click_text() {
  at=$(ascii_screen | awk -v t="$1" 'i = index($0, t) { print i - 1, NR - 1; exit }')
  [ -n "$at" ] || { fail "no '$1' to click"; return; }
  click $at
}

t_brazilian_counts_moves_without_a_capture_or_a_man_move() {
  start 80 24 "$draughts" play brazilian --rules casual --two-players --fen W:WKa1,c3:BKh8,f6
  expect "White to move"
  for move in a1-b2 h8-g7; do keys :; type_text $move; keys Enter; done
  expect "Moves each without a capture or a man"
  expect "move: 1 of 40"
  keys :
  type_text c3-d4
  keys Enter
  expect "move: 0 of 40"
}

t_turkish_takes_jumped_pieces_off_one_by_one() {
  start 80 24 "$draughts" play turkish --two-players --fen W:Wc3:Bc4,c6,Ka8
  expect "White to move"
  keys :; type_text c3; keys Enter
  keys :; type_text c5; keys Enter
  expect "The capture goes on"
  [ "$(square_at 2 4)" = " " ] && pass || fail "c4 still shows '$(square_at 2 4)' once jumped"
  expect_gone "{b}"
}

t_a_man_crowned_mid_capture_shows_its_crown() {
  start 80 24 "$draughts" play turkish --rules wikipedia --two-players --fen W:Wc6,h2:Bc7,e8,Ka1
  expect "White to move"
  keys :; type_text c6; keys Enter
  keys :; type_text c8; keys Enter
  expect "The capture goes on"
  case $(square_at 2 8) in w) fail "the man on c8 goes on as a king but shows as a man" ;; *) pass ;; esac
}

t_quitting_as_black_before_moving_costs_nothing() {
  start 80 24 "$draughts" play template --side black --level 1
  expect "your move" 20
  keys q
  expect "Quit this game? (y/n)"
  expect_gone "It counts as a loss"
  keys y
  expect "exit status 0"
}

t_resize() {
  start 80 24 "$draughts" play template --two-players
  expect "Moves each without a capture"
  T resize-window -t t -x 50 -y 20
  expect "White to move"
  wait_for "Moves each without a capture" 1 && fail "the panel does not fit in 50 columns" || pass
  T resize-window -t t -x 30 -y 12
  expect " a  b  c  d  e  f  g  h"      # the compact board
  T resize-window -t t -x 20 -y 8
  expect "Terminal too small"
  T resize-window -t t -x 80 -y 24
  expect "Moves each without a capture"
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
    keys Enter  # one Enter plays the whole hint, however many jumps it takes
    case $(wait_any 20 "The computer played" "Game over" "capture goes on") in
    3) fail "move $move: Enter followed only the first landing of the hint"; break ;;
    0) fail "move $move: the move did not go through"; break ;;
    esac
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
  keys Down Down BSpace BSpace BSpace  # past the clock to the player's row
  type_text ana
  expect "< ana >"
  keys q Escape
  start 80 24 DRAUGHTS_PLUGIN_PATH="$plugins" "$draughts" play sprint --level 1 --profile-db "$work/scores.db" --profile ana
  expect "ana: streak 0, best -"
  expect "No record at this level yet"
  keys :
  type_text a7-b8
  keys Enter
  expect "You win: 790 points — beats Pro, a new record! Streak 1."
  expect "ana: streak 1, best 1"
  keys p
  expect "Scores of ana: Sprint"
  expect "Marks to beat:  Pro 760"
  expect "1     790  Pro          2      1"
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

# A friend's records show beside one's own, under the rules they were played by.
t_scores_show_friends() {
  plugins="$DRAUGHTS_PLUGIN_PATH/scores:$DRAUGHTS_PLUGIN_PATH"
  printf 'draughts-scores 2\nnickname bob\nstreak sprint standard 1 1\nrecord sprint standard 1 999 2 1 0\nend\n' \
    >"$work/bob.scores"
  DRAUGHTS_PLUGIN_PATH="$plugins" "$draughts" scores --profile-db "$work/friends.db" --import "$work/bob.scores" \
    >/dev/null || fail "the import failed"
  start 80 24 DRAUGHTS_PLUGIN_PATH="$plugins" "$draughts" play sprint --level 1 --profile-db "$work/friends.db" \
    --profile ana
  expect "ana: streak 0, best -"
  keys p
  expect "Scores of ana: Sprint"
  expect "bob: streak 1, best 1"
  expect "Pieces  Moves  Date        bob"
  expect "999"
}

# Alquerque's opponent is the one the streak gives: reads deeper as the streak grows.
t_alquerque_plays_at_the_streak_level() {
  start 80 24 "$draughts" play alquerque
  expect "Level 1 of 6, from your streak"
}

# After the game, Left and Right step through it; a click on a move shows the game after it.
t_reviewing_a_game() {
  start 80 24 "$draughts" play template --two-players --fen W:Wc3,a1:Bd4,h8
  expect "White to move"
  keys :; type_text c3xe5; keys Enter
  keys :; type_text h8-g7; keys Enter
  expect "1. c3xe5         h8-g7"
  keys :; type_text e5-d6; keys Enter
  keys , ,
  expect "Looking back: after 1. c3xe5"
  [ "$(square_at 4 5)" = "w" ] && pass || fail "e5 should hold the white man after move 1: '$(square_at 4 5)'"
  keys Home
  expect "Looking back: the start"
  [ "$(square_at 3 4)" = "b" ] && pass || fail "d4 should hold the black man at the start"
  keys End
  expect "Back to the game."
  expect_gone "Looking back"
  click_text h8-g7
  expect "Looking back: after 1... h8-g7"
  keys Escape
  start 80 24 "$draughts" play template --two-players --fen W:Wc3:Bd4
  keys :; type_text c3xe5; keys Enter
  expect "Game over"
  keys Left
  expect "Looking back: the start"  # once the game is over, the arrows step through it
  keys Right
  expect "Back to the game."
}

t_redo_and_a_draw_between_two_people() {
  start 80 24 "$draughts" play template --two-players
  expect "White to move"
  keys :; type_text c3-d4; keys Enter
  keys u
  expect "Move taken back."
  keys e
  expect "Move played again."
  expect "1. c3-d4"
  keys d
  expect "Black offers a draw. White, do you accept? (y/n)"
  keys n
  expect "The draw is declined: play on."
  keys d y
  expect "Game over: a draw (a draw agreed)"
}

# The running side's time is marked '<'; how much of it has gone depends on the machine.
t_a_clock_for_two_people() {
  start 80 24 "$draughts" play template --two-players --clock 5+3
  expect "black 5:00"
  expect_match "Clock: white [0-9]:[0-9][0-9] <"
  keys :; type_text c3-d4; keys Enter
  expect_match "black [0-9]:[0-9][0-9] <"
}

t_the_computer_playing_itself_pauses() {
  start 80 24 "$draughts" play template --side none --level 1
  keys z
  expect "Paused: z goes on"
  keys z
  expect "Game over:" 120
  expect_gone "Paused"
}

# The variant's own moves as the example, and a refused move says why.
t_typed_moves_in_the_variants_own_words() {
  start 80 24 "$draughts" play alquerque --two-players
  expect "White to move"
  keys :
  expect "or a point to tap):"
  expect_gone "c3xe5xc7"
  keys Escape
  start 80 24 "$draughts" play template --two-players --fen W:Wc3,a1:Bd4,h8
  expect "White to move"
  keys :; type_text a1-b2; keys Enter
  expect "'a1-b2' is not a legal move here: a capture is forced: c3xe5"
}

# Kings wear a crown in a UTF-8 terminal; the high-contrast palette; no cyan titles.
t_kings_colours_and_themes() {
  start 80 24 LANG=C.UTF-8 "$draughts" play template --two-players --fen W:WKc3:Bh8
  expect "White to move"
  expect "♔"
  if T capture-pane -e -p -t t | grep -q "$(printf '\033')\[[0-9;]*36m"; then fail "cyan text on the screen"
  else pass; fi
  keys t
  expect "High-contrast colours."
  start 80 24 "$draughts" play template --two-players --theme contrast
  expect "White to move"
  keys q
  expect "exit status 0"
  start 80 24 "$draughts" play template --two-players --theme nosuch
  expect "no theme 'nosuch' in the terminal"
}

# A larger terminal, a larger board; numbers on request where the board has them.
t_the_board_grows_and_shows_its_numbers() {
  start 120 40 "$draughts" play brazilian --two-players --numbers
  expect "White to move"
  case $(wait_any 5 "┌───────┬" "lqqqqqqqw") in
  0) fail "the board did not grow at 120x40" ;;
  *) pass ;;
  esac
  expect "17"
  keys b
  expect "Board numbers off."
  start 80 24 "$draughts" play turkish --two-players
  keys b
  expect "The points of this board have no numbers."
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
run "a hint is followed with one Enter" t_a_hint_is_followed_with_one_enter
run "a hint in the middle of a capture goes on with it" t_a_hint_in_the_middle_of_a_capture_goes_on_with_it
run "Brazilian counts moves without a capture or a man move" t_brazilian_counts_moves_without_a_capture_or_a_man_move
run "Turkish takes jumped pieces off one by one" t_turkish_takes_jumped_pieces_off_one_by_one
run "a man crowned mid-capture shows its crown" t_a_man_crowned_mid_capture_shows_its_crown
run "quitting as Black before moving costs nothing" t_quitting_as_black_before_moving_costs_nothing
run "reviewing a game" t_reviewing_a_game
run "redo and a draw between two people" t_redo_and_a_draw_between_two_people
run "a clock for two people" t_a_clock_for_two_people
run "the computer playing itself pauses" t_the_computer_playing_itself_pauses
run "typed moves in the variant's own words" t_typed_moves_in_the_variants_own_words
run "kings, colours and themes" t_kings_colours_and_themes
run "the board grows and shows its numbers" t_the_board_grows_and_shows_its_numbers
run "resize" t_resize
run "NO_COLOR" t_no_color
run "Ctrl-C restores the terminal" t_ctrl_c_restores_the_terminal
run "plain line mode with TERM=dumb" t_plain_line_mode_with_term_dumb
run "plain line mode when standard input is not a terminal" t_plain_line_mode_when_standard_input_is_not_a_terminal
run "scores: player, streak level, result, scores screen" t_scores
run "scores show friends" t_scores_show_friends
run "Alquerque plays at the streak level" t_alquerque_plays_at_the_streak_level

echo "tty: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
