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
printf '11-15\nsave %s\nquit\n' "$tmp/en.pdn" | "$draughts" play english >/dev/null 2>&1
contains "a saved English game names its first player under Black" "$(cat "$tmp/en.pdn")" '^\[Black "Player 1"\]'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
