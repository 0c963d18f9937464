#!/bin/sh
# test_world.sh DRAUGHTS TEST_PLUGIN_DIR — the shipped variants as their own worlds
# write and name them: FEN letters and side names (English checkers' first player is
# Black), PDN notation by GameType, results kept, every game of a file checked.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect_ok NAME EXPECTED_STDOUT -- ARGS...
expect_ok() {
  name=$1 want=$2; shift 3
  got=$("$draughts" "$@" 2>"$tmp/err"); rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat "$tmp/err")"
  elif [ "$got" != "$want" ]; then fail "$name: got [$got] want [$want]"
  else pass; fi
}
# contains NAME TEXT PATTERN
contains() { printf '%s\n' "$2" | grep -q -- "$3" && pass || fail "$1: no '$3' in: $2"; }

# FEN: each variant's letters and notation.
expect_ok "English FEN names Black first, in numbers" "B:B1-12:W21-32" -- fen english start
expect_ok "English FEN read as English writes it" "W:B1-12:W21-32" -- fen english "W:W21-32:B1-12"
expect_ok "English FEN in algebraic on request" "B:Ba1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Wb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" \
  -- fen english start --algebraic
expect_ok "International FEN in numbers" "W:W31-50:B1-20" -- fen international start
expect_ok "Brazilian FEN algebraic, as GameType 26" "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8" \
  -- fen brazilian start
expect_error "a side letter the variant does not use" "expected B or W" -- fen english "X:B1:W32"
expect_error "--numeric and --algebraic" "exclude each other" -- fen english start --numeric --algebraic
got=$("$draughts" moves english | sort -n | tr '\n' ' ')
[ "$got" = "9-13 9-14 10-14 10-15 11-15 11-16 12-16 " ] && pass || fail "moves in the variant's notation: $got"

# Side names in line mode: English's first player is Black, and --side says so.
out=$(printf 'quit\n' | "$draughts" play english 2>&1)
contains "line mode prompts the first player as black" "$out" "^black> "
out=$(printf 'resign\nquit\n' | "$draughts" play english 2>&1)
contains "a resignation names the side as the variant does" "$out" "game over: 0-1 (black resigned)"
out=$(printf 'quit\n' | "$draughts" play english --side white --level 1 2>&1)
contains "--side white in English: the computer, Black, moves first" "$out" "The computer played\|last move: "
expect_error "--side names the variant's sides" "--side takes black, white or none, not 'red'" \
  -- play english --side red --frontend line
out=$(printf 'moves\nquit\n' | "$draughts" play international 2>&1)
contains "line mode lists moves in the variant's notation" "$out" "> 31-27 32-28 "
printf '11-15\nsave %s\nquit\n' "$tmp/en.pdn" | "$draughts" play english >/dev/null 2>&1
contains "a saved English game names its first player under Black" "$(cat "$tmp/en.pdn")" '^\[Black "Player 1"\]'

# PDN: every game checked, one line for each bad one.
cat >"$tmp/three.pdn" <<'PDN'
[Event "one"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "two"]
1. 32-28 19-23 2. 28-22 *

[Event "three"]
1. 33-28 18-23 *
PDN
"$draughts" pdn "$tmp/three.pdn" international >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && pass || fail "a file with a bad game fails: exit $rc"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && pass || fail "one line per bad game: $(cat "$tmp/err")"
contains "the bad game's line names file, game, ply and move" "$(cat "$tmp/err")" \
  "three.pdn: game 2: ply 3, move 2. 28-22: '28-22' is not a legal move here"
[ "$(grep -c '^\[Event' "$tmp/out")" -eq 2 ] && pass || fail "the good games are written: $(cat "$tmp/out")"
contains "International results are written 2-0" "$(cat "$tmp/out")" '^1. 32-28 19-23 2. 28x19 14x23 2-0$'
contains "...with the Result tag in agreement" "$(cat "$tmp/out")" '^\[Result "2-0"\]'

# The declared GameType chooses the variant; the command line only gives a default.
printf '[GameType "20"]\n1. 32-28 *\n' >"$tmp/t20.pdn"
contains "GameType 20 is International" "$("$draughts" pdn "$tmp/t20.pdn" 2>&1)" '^\[Variant "international"\]' 
expect_error "a GameType the command line contradicts" "the game is international (tag GameType), the command line says english" \
  -- pdn "$tmp/t20.pdn" english
printf '[GameType "29"]\n1. c3-d4 *\n' >"$tmp/t29.pdn"
expect_error "a GameType no plugin plays" "tag GameType 29 is played by no variant found here, the command line says russian" \
  -- pdn "$tmp/t29.pdn" russian
printf '[Variant "checkers_of_mars"]\n1. 11-15 *\n' >"$tmp/mars.pdn"
"$draughts" pdn "$tmp/mars.pdn" english >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] && grep -q "warning: tag Variant: no variant 'checkers_of_mars' is found here: the game is played as english" \
  "$tmp/err" && pass || fail "an unknown Variant tag with a variant named: exit $rc: $(cat "$tmp/err")"

# English games keep their numbering, their result and their first player's name.
printf '[Black "Moorhead"]\n[White "Wyllie"]\n[Result "0-1"]\n1. 11-15 24-20 2. 8-11 28-24 0-1\n' >"$tmp/en.pdn"
out=$("$draughts" pdn "$tmp/en.pdn" english 2>&1)
contains "English PDN in numbers, numbered from Black" "$out" '^1. 11-15 24-20 2. 8-11 28-24 0-1$'
contains "English GameType in full" "$out" '^\[GameType "21,B,8,8,N1,0"\]'
printf '1. 11-15 24-20 1-0\n' >"$tmp/late.pdn"
contains "a result written only after the moves is kept" "$("$draughts" pdn "$tmp/late.pdn" english 2>&1)" '^\[Result "1-0"\]'

# Russian writes algebraic moves and ':' for captures (GameType 25).
printf '[GameType "25"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n' >"$tmp/ru.pdn"
contains "Russian captures with ':'" "$("$draughts" pdn "$tmp/ru.pdn" 2>&1)" '^1. c3-d4 f6-e5 2. d4:f6 g7:e5 \*$'

# The new variants in the catalogue, the engine's matches and the bench.
out=$("$draughts" list)
for v in "international — International draughts" "english — English checkers" "russian — Russian draughts"; do
  contains "list shows $v" "$out" "^$v"
done
for v in international english russian; do
  out=$("$draughts" match $v --a depth=2 --b random --games 2 2>&1)
  contains "match $v" "$out" "^depth 2 vs random: +[0-9]* =[0-9]* -[0-9]*, score"
done
contains "match names English's first player Black" "$("$draughts" match english --a 1 --b 1 --games 2 2>&1)" \
  "^game   1  A (level 1) black "

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
