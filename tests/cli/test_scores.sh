#!/bin/sh
# test_scores.sh DRAUGHTS TEST_PLUGIN_DIR — scores as a user meets them on the command
# line: games against the computer in line mode saved to a store given with
# --profile-db, 'draughts scores' and its options, export and import between two
# stores, and the one-line errors (a bad import file, an unknown profile, a bad store).
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH="$2/scores:$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset DRAUGHTS_PROFILE_DB
export HOME="$work/home" XDG_DATA_HOME="$work/xdg"  # the defaults, if used, stay in here
db="$work/ana.db" other="$work/bob.db"
. "$(dirname "$0")/../lib.sh"
contains() { case $2 in *"$3"*) pass ;; *) fail "$1: no '$3' in: $2" ;; esac; }

# play DB NICK MOVES...: a game of line mode against the computer (level 1).
play() {
  store=$1 nick=$2; shift 2
  printf '%s\n' "$@" quit | "$draughts" play sprint --level 1 --profile-db "$store" --profile "$nick" >/dev/null 2>"$work/err"
}

play "$db" ana a7-b8                 # a win in one move: 2 pieces, 1 move
play "$db" ana g1-h2 a7-b8           # a win in two
play "$db" ana g1-h2                 # left in the middle: a loss
out=$("$draughts" scores --profile-db "$db" --profile ana --variant sprint)
contains "scores names the player" "$out" "Player: ana"
contains "the record is the best win" "$out" "790 (2 pieces, 1 moves"
contains "the marks are shown" "$out" "Pro 760"
contains "the streak ended with the loss" "$out" "streak 0, best 2"
contains "the history keeps every game" "$out" "win     780"
contains "a game left is a resignation" "$out" "resigned by leaving the game"
contains "records are per rules" "$out" "standard rules"
contains "a record says the mark it beats" "$out" "790 (2 pieces, 1 moves, "
contains "...which mark" "$out" ") beats Pro"
contains "the history shows the rules and the mark" "$out" "standard   level 1  win     790 Pro"
out=$("$draughts" scores --profile-db "$db" --profile ana --pdn 1)
contains "a game of the history as PDN" "$out" '[White "ana"]'
contains "...with its moves" "$out" "1. a7-b8 1-0"

printf 'a7-b8\nquit\n' | "$draughts" play sprint --two-players --profile-db "$db" >/dev/null 2>&1
out=$("$draughts" scores --profile-db "$db" --profile ana --variant sprint)
case $out in *"#4 "*) fail "a two-player game was saved" ;; *) pass ;; esac

out=$("$draughts" scores --profile-db "$db" --profile ana --variant template)
contains "no win yet: the best streak is -" "$out" "streak 0, best - ("
play "$db" ana g1-h2 a7-b8 >/dev/null
printf 'a7-b8\nquit\n' | "$draughts" play sprint --rules quick --level 1 --profile-db "$db" --profile ana \
  >/dev/null 2>&1
out=$("$draughts" scores --profile-db "$db" --profile ana --variant sprint)
contains "another rules is another game" "$out" "quick rules"
case $out in *"quick rules"*"streak 1, best 1"*) pass ;; *) fail "the quick streak: $out" ;; esac

# Bob wins once, imports Ana's file, and sees both.
play "$other" bob g1-h2 a7-b8
"$draughts" scores --profile-db "$db" --profile ana --export "$work/ana.txt" >/dev/null || fail "export failed"
head -1 "$work/ana.txt" | grep -qx "draughts-scores 2" && pass || fail "the export file has no header"
out=$("$draughts" scores --profile-db "$other" --import "$work/ana.txt")
contains "import says whose records" "$out" "imported the records of ana"
out=$("$draughts" scores --profile-db "$other" --profile bob --variant sprint)
contains "a friend's column" "$out" "ana"
contains "bob's own record stays" "$out" "780 (2 pieces, 2 moves"
contains "ana's record beside it" "$out" "790"
out=$(printf 'scores\nquit\n' | "$draughts" play sprint --level 1 --profile-db "$other" --profile bob)
contains "line mode's scores: the friend's column" "$out" "level  bob               ana"
contains "line mode's scores: both records at level 1" "$out" "1      780 Pro           790 Pro"

printf 'draughts-scores 1\nnickname old\nrecord sprint 1 500 2 2 0\nend\n' >"$work/old.txt"
"$draughts" scores --profile-db "$other" --import "$work/old.txt" >/dev/null || fail "a file of version 1 is refused"
out=$("$draughts" scores --profile-db "$other" --profile bob --variant sprint)
contains "an older file's records: rules not known" "$out" "rules not recorded"

printf 'draughts-scores 1\nnickname eve\nrecord sprint 1 lots 2 2 0\nend\n' >"$work/bad.txt"
expect_error "a corrupt import file" "bad.txt line 3" -- scores --profile-db "$other" --import "$work/bad.txt"
expect_error "not a scores file" "not a draughts scores file" -- scores --profile-db "$other" --import "$db"
expect_error "an unknown profile" "no profile 'zed'" -- scores --profile-db "$db" --profile zed
expect_error "a bad game number" "--pdn takes" -- scores --profile-db "$db" --pdn x
expect_error "a game not in the history" "no game 99" -- scores --profile-db "$db" --profile ana --pdn 99
expect_error "--level streak is the only word" "--level takes" -- play sprint --level fast

# A file that is no store: one line, moved aside, and play goes on.
echo "not a database" >"$work/junk.db"
play "$work/junk.db" ana a7-b8
grep -q "moved aside to $work/junk.db.corrupt-" "$work/err" && pass || fail "no notice: $(cat "$work/err")"
[ "$(wc -l <"$work/err")" -eq 1 ] && pass || fail "the notice is not one line: $(cat "$work/err")"
ls "$work"/junk.db.corrupt-* >/dev/null 2>&1 && pass || fail "the bad file was not kept"
out=$("$draughts" scores --profile-db "$work/junk.db" --profile ana --variant sprint)
contains "the fresh store has the game" "$out" "790"

# The default store is under XDG_DATA_HOME; the streak level plays by the streak.
play "" ana a7-b8
[ -f "$work/xdg/draughts/profiles.db" ] && pass || fail "no store in \$XDG_DATA_HOME/draughts"
expect_error "an import read with a cap" "/dev/zero: larger than 1048576 bytes" -- scores --profile-db "$other" --import /dev/zero

# Stores another program wrote: what a column holds is checked before it is used.
crafted="$work/crafted.db"
sqlite3 "$db" ".backup '$crafted'"  # with what the WAL holds
# The tables rebuilt without their constraints, as a store from elsewhere could be.
sqlite3 "$crafted" "CREATE TABLE g AS SELECT * FROM game; DROP TABLE game; ALTER TABLE g RENAME TO game;
  CREATE TABLE s AS SELECT * FROM streak; DROP TABLE streak; ALTER TABLE s RENAME TO streak;
  UPDATE game SET pdn = NULL WHERE id = 1; UPDATE game SET outcome = 7 WHERE id = 2; UPDATE streak SET variant = NULL"
expect_error "a NULL pdn column" "game 1 has no PDN text" -- scores --profile-db "$crafted" --profile ana --pdn 1
expect_error "an outcome out of range" "game 2 has outcome 7" -- scores --profile-db "$crafted" --profile ana --variant sprint
expect_error "a NULL variant in an export" "a streak names no variant" -- scores --profile-db "$crafted" \
  --profile ana --export "$work/crafted.txt"
# A save that fails (a full disk, here a trigger that says so) is reported in line mode.
sqlite3 "$crafted" "CREATE TRIGGER full BEFORE INSERT ON game BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
play "$crafted" ana a7-b8
contains "a failed save is reported" "$(cat "$work/err")" "this game could not be saved: "
[ "$(grep -c . "$work/err")" -eq 1 ] && pass || fail "a failed save is one line: $(cat "$work/err")"

out=$(printf 'quit\n' | "$draughts" play sprint --level streak --profile ana 2>&1)
contains "the streak level is accepted" "$out" "Sprint"

echo "scores_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
