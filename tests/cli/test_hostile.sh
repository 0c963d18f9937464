#!/bin/sh
# test_hostile.sh DRAUGHTS TEST_PLUGIN_DIR HOSTILE_DIR — what is data never chooses code
# or files, and a plugin that breaks its contract while playing is refused in one line.
#  - every file of HOSTILE_DIR/pdn (expect.txt says the error each must give) fails
#    'draughts pdn' with one line, and no game file, hub line or loaded game ever
#    loads the 'marker' plugin (its constructor leaves a file) or reads a file it names;
#  - the hostile plugins (tests/plugins/hostile.c) are refused with one line naming
#    them by moves, perft, analyse, play in line mode and conform, never a crash.
set -u
draughts=$1
plugins=$2
corpus=$3/pdn
export DRAUGHTS_PLUGIN_PATH=$plugins
. "$(dirname "$0")/../lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DRAUGHTS_TEST_MARKER="$work/marker-was-loaded"
cp "$plugins/hostile/marker.so" "$work/marker.so"
# A rules file a tag could name: loading it would quote its first line in the error.
printf 'SECRET_TOKEN_42 = = 1\n' >"$work/leak.lua"
cd "$work" || exit 1

no_marker() {
  if [ -e "$DRAUGHTS_TEST_MARKER" ]; then fail "$1: the marker plugin was loaded"; rm -f "$DRAUGHTS_TEST_MARKER"
  else pass; fi
}

# ---------------------------------------------------------------- game files

while IFS='	' read -r file pattern; do
  case $file in '#'*|'') continue ;; esac
  expect_error "pdn $file" "$pattern" -- pdn "$corpus/$file"
  no_marker "pdn $file"
done <"$corpus/expect.txt"

printf '[Variant "%s/marker.so"]\n*\n' "$work" >absolute.pdn
expect_error "an absolute plugin path in Variant" 'tag Variant: ".*/marker.so" is not a variant name' -- pdn absolute.pdn
no_marker "an absolute plugin path in Variant"
"$draughts" pdn "$corpus/rules_relative_lua.pdn" 2>&1 | grep -q SECRET_TOKEN && fail "a Rules tag read leak.lua" || pass

out=$("$draughts" play --frontend line --load "$corpus/variant_relative_path.pdn" </dev/null 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q 'tag Variant: "./marker.so" is not a variant name' && pass ||
  fail "play --load: exit $rc: $out"
no_marker "play --load"
out=$(printf 'load %s\nload %s\nquit\n' "$corpus/variant_relative_path.pdn" "$corpus/rules_relative_lua.pdn" |
  "$draughts" play template --frontend line 2>&1)
echo "$out" | grep -q 'tag Variant: "./marker.so" is not a variant name' && pass || fail "line-mode load, Variant: $out"
echo "$out" | grep -q 'tag Rules: "leak.lua" is not a rule preset name' && pass || fail "line-mode load, Rules: $out"
echo "$out" | grep -q SECRET_TOKEN && fail "line-mode load read leak.lua" || pass
no_marker "line-mode load"

# A loaded game's rules go on to the next game as names ('new' replays them).
printf '[Variant "brazilian"]\n[Rules "casual,quiet_move_limit=30"]\n*\n' >casual.pdn
out=$(printf 'load casual.pdn\nnew\nquit\n' | "$draughts" play brazilian --frontend line 2>&1)
echo "$out" | grep -q "not a rule preset\|unknown rule preset" && fail "new after load: $out" || pass

# ---------------------------------------------------------------- the hub

hub_out=$(printf '%s\n' "set-param name=variant value=$work/marker.so" init "set-param name=variant value=template" \
  "set-param name=rules value=leak.lua" init "set-param name=rules value=/dev/zero" init quit |
  "$draughts" hub template 2>&1)
echo "$hub_out" | grep -q "error message=\"\"$work/marker.so\" is not a variant name\|is not a variant name" && pass ||
  fail "hub: a plugin path as variant: $hub_out"
echo "$hub_out" | grep -q "'leak.lua' is not a rule preset name\|\"leak.lua\" is not a rule preset name\|leak.lua' is not" && pass ||
  fail "hub: a rules file: $hub_out"
[ "$(echo "$hub_out" | grep -c 'is not a rule preset name')" -eq 2 ] && pass || fail "hub: /dev/zero as rules: $hub_out"
echo "$hub_out" | grep -q SECRET_TOKEN && fail "hub read leak.lua" || pass
no_marker "hub"
hub_out=$(printf '%s\n' "set-param name=rules value=leak.lua" init quit | "$draughts" hub template --allow-rule-files 2>&1)
echo "$hub_out" | grep -q "error message=.*leak.lua" && ! echo "$hub_out" | grep -q "not a rule preset name" && pass ||
  fail "hub --allow-rule-files reads the rules file: $hub_out"

# The marker does load when the command line names it: the checks above can fail.
"$draughts" moves "$work/marker.so" >/dev/null 2>&1
[ -e "$DRAUGHTS_TEST_MARKER" ] && pass || fail "the marker plugin leaves no marker when loaded"
rm -f "$DRAUGHTS_TEST_MARKER"

# ---------------------------------------------------------------- memory limits

# The table is clamped to half the machine's memory, with a message; a machine with
# more than 2 TB would take the terabyte asked of it, so the check is skipped there.
half_mb=$(( $(getconf _PHYS_PAGES) / 2 * $(getconf PAGESIZE) / 1048576 ))
if [ "$half_mb" -lt 1000000 ]; then
  out=$(printf 'set-param name=hash value=1000000\ninit\nquit\n' | "$draughts" hub template 2>&1)
  echo "$out" | grep -q "^error message=\"hash 1000000 MB is more than this machine's memory allows: using $half_mb MB\"" &&
    echo "$out" | grep -q "^ready" && pass || fail "hub: hash clamped: $out"
  out=$("$draughts" analyse template --hash 65536 --depth 2 2>&1 >/dev/null); rc=$?
  if [ "$half_mb" -lt 65536 ]; then
    [ $rc -eq 0 ] && [ "$out" = "draughts: --hash 65536 MB is more than this machine's memory allows: using $half_mb MB" ] &&
      pass || fail "analyse --hash clamped: exit $rc: $out"
  fi
fi
out=$(printf 'hub\nquit\n' | "$draughts" hub template 2>&1)
echo "$out" | grep -q "^param name=hash value=64 type=int min=1 max=$half_mb$" && pass || fail "hub: the advertised hash: $out"

# ---------------------------------------------------------------- hostile plugins

h=$plugins/hostile
after_one_move="B:Wa2,b1,c1,d1:Ba4,b4,c4,d4"
n="[0-9]*"
refused="variant hostile refused: "

# refused_everywhere PLUGIN PATTERN [moves]: each command fails with one line matching PATTERN.
refused_everywhere() {
  p=$1 part="$refused$2"
  if [ $# -gt 2 ]; then
    expect_error "$p: moves" "$part" -- moves "$h/$p.so" --fen "$after_one_move"
    # Depth 3: the moves of the last ply are only counted, so the bad list must be an inner one.
    expect_error "$p: perft" "$part" -- perft "$h/$p.so" 3
  fi
  expect_error "$p: analyse" "$part" -- analyse "$h/$p.so" --depth 4
  out=$(printf 'a1-a2\nmoves\nquit\n' | "$draughts" play "$h/$p.so" --frontend line --two-players 2>&1); rc=$?
  [ $rc -eq 1 ] && echo "$out" | grep -q -- "$part" && pass || fail "$p: play: exit $rc: $out"
  out=$("$draughts" conform "$h/$p.so" 2>&1); rc=$?
  [ $rc -eq 1 ] && echo "$out" | grep -q -- "^FAIL .*$part" && pass || fail "$p: conform: exit $rc: $out"
}

refused_everywhere bad_from "generate gave move 1 of $n (from bit 70 to bit $n, 0 jumps) in B:W.*: 'from' is not a point" moves
refused_everywhere bad_to "generate gave move 1 of $n (from bit $n to bit 40, 0 jumps) in B:W.*: 'to' is not a point" moves
refused_everywhere njumps "generate gave move 1 of $n (from bit $n to bit $n, 200 jumps) in B:W.*: 'njumps' is above DR_MAX_JUMPS" moves
refused_everywhere count_high "generate listed 4097 moves (a list holds 0 to 4096)" moves
refused_everywhere count_negative "generate listed -1 moves (a list holds 0 to 4096)" moves
refused_everywhere why_long "judge gave a reason longer than 200 characters"
refused_everywhere why_wild "judge gave a reason that is not in the plugin's own memory"
refused_everywhere why_escape "judge gave a reason with control characters"
refused_everywhere verdict "judge returned 17, not a verdict"
out=$("$draughts" conform "$h/own_capture.so" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "captured points are not the jumped enemy pieces" && pass ||
  fail "own_capture: conform: exit $rc: $out"
expect_error "geometry: moves" "geometry grid 65536x65536 is out of range" -- moves "$h/geometry.so"
out=$("$draughts" conform "$h/geometry.so" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "^FAIL load .*geometry grid 65536x65536 is out of range" && pass ||
  fail "geometry: conform: exit $rc: $out"

# A shipped book that does not read: conform names its line, the search plays without it.
out=$("$draughts" conform "$h/book.so" 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "^FAIL the plain book reads .*: the hostile plugin's plain book:2: expected 'FEN MOVE SCORE DEPTH'" &&
  pass || fail "book: conform: exit $rc: $out"
expect_error "book: probe" "the hostile plugin's plain book:2: expected" -- book probe "$h/book.so" --dir "$work/none"
expect_lines "book: the search without it" "^best " -- analyse "$h/book.so" --depth 3 --dir "$work/none"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
