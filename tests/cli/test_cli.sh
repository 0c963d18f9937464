#!/bin/sh
# test_cli.sh DRAUGHTS TEST_PLUGIN_DIR — the command line as a user meets it: output
# formats, exit codes, and one-line errors for bad input.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"

# expect_ok NAME EXPECTED_STDOUT -- ARGS...
expect_ok() {
  name=$1 want=$2; shift 3
  got=$("$draughts" "$@" 2>/tmp/draughts_cli_err.$$); rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat /tmp/draughts_cli_err.$$)"
  elif [ "$got" != "$want" ]; then fail "$name: got [$got] want [$want]"
  else pass; fi
}

expect_ok "perft prints one line per depth" "perft 1 7
perft 2 49
perft 3 302" -- perft template 3
expect_ok "moves prints full landing paths" "c3xe5xc7" -- moves template --fen W:Wc3:Bd4,d6
expect_ok "no legal move prints nothing" "" -- moves template --fen W:Wa1:Bb2,c3
expect_ok "fen writes back" "W:Wa1,c3,Kh8:Bb6,d8" -- fen template "W:Wc3,a1,Kh8:Bd8,b6"
expect_ok "divide" "perft 1 1
  c3xe5xc7 1" -- perft template 1 --fen W:Wc3:Bd4,d6 --divide
expect_ok "rules and set accepted" "perft 1 7" -- perft template 1 --rules standard
"$draughts" list | grep -q "template — Template" && pass || fail "list shows the template"
"$draughts" list | grep -q "standard .*(default)" && pass || fail "list shows presets"

expect_error "malformed FEN" "malformed FEN" -- moves template --fen "W:Wc3;Bd4"
expect_error "square off the board" "'z9' is not a point" -- moves template --fen "W:Wz9:Bd4"
expect_error "man on its promotion row" "its own side's promotion row" -- moves template --fen "W:Wb8:Bd4"
expect_error "unknown variant" "unknown variant 'nosuch'" -- moves nosuch --fen "W:Wc3:Bd4"
expect_error "unknown preset" "unknown rule preset 'nosuch'" -- perft template 1 --rules nosuch
expect_error "unknown option" "unknown option 'flying'" -- perft template 1 --set flying=on
expect_error "bad option syntax" "expected option=value" -- perft template 1 --set flying
expect_error "missing rules file" "/nonexistent.lua" -- perft template 1 --rules /nonexistent.lua
expect_error "bad depth" "perft needs a depth" -- perft template x
expect_error "unknown command" "unknown command 'dance'" -- dance
expect_error "unknown flag" "unknown option '--colour'" -- list --colour
expect_error "missing value" "needs a value" -- moves template --fen
expect_error "plugin that is not one" "not a loadable plugin" -- moves "$2/broken/not_a_plugin.so" --fen W:Wc3:Bd4
expect_error "plugin for a newer ABI" "built for plugin ABI" -- perft "$2/broken/newer_abi.so" 1

script=/tmp/draughts_cli_$$.lua
printf -- '-- house rules\noptions.nosuch = true\n' >"$script"
expect_error "rules script with an unknown option" "draughts_cli_$$.lua:2: unknown option 'nosuch'" -- perft template 1 --rules "$script"
printf -- 'while true do end\n' >"$script"
expect_error "endless rules script" "instruction budget" -- perft template 1 --rules "$script"
printf -- 'hooks = {filter = function(pos, move) return move.captures > 0 or move.to ~= "d4" end}\n' >"$script"
expect_ok "a filter hook reaches perft" "perft 1 5" -- perft template 1 --rules "$script"
expect_ok "a filter hook reaches moves" "$("$draughts" moves template | grep -v -- '-d4$')" -- moves template --rules "$script"
printf -- 'hooks = {filter = function() error("boom") end}\n' >"$script"
expect_error "a hook that fails mid-command" "house rules disabled, filter hook failed" -- perft template 2 --rules "$script"
# A message quoting a script or an argument stays one line, newlines and all.
printf -- 'error("first\\nsecond")\n' >"$script"
expect_error "a script's error with a newline" "draughts_cli_$$.lua:1: first second" -- perft template 1 --rules "$script"
printf -- 'hooks = {filter = function() error("first\\nsecond") end}\n' >"$script"
expect_error "a hook's error with a newline" "filter hook failed: .*first second" -- perft template 1 --rules "$script"
expect_error "an argument with a newline" "unknown command 'da nce'" -- "$(printf 'da\nnce')"
# The parser's own errors (nesting too deep) carry no file name: the runtime adds it.
printf 'return %0300d\n' 0 | tr 0 '{' >"$script"
expect_error "rules nested too deep" "draughts_cli_$$.lua: C stack overflow" -- perft template 1 --rules "$script"
expect_error "eval weights nested too deep" "draughts_cli_$$.lua: C stack overflow" -- analyse template --depth 1 --eval "$script"
rm -f "$script"

# Line-mode play driven through standard input.
out=$(printf 'c3-d4\nf6-e5\nd4xf6\nbogus\nundo\nquit\n' | "$draughts" play template 2>&1)
echo "$out" | grep -q "last move: d4xf6" && pass || fail "play: a capture is played"
echo "$out" | grep -q "'bogus' is not a move" && pass || fail "play: a bad move is refused"
echo "$out" | grep -q "last move: f6-e5" && pass || fail "play: undo goes back"

pdn=/tmp/draughts_cli_$$.pdn
printf 'c3-d4\nf6-e5\nsave %s\nquit\n' "$pdn" | "$draughts" play template >/dev/null 2>&1
expect_ok "saved game replays" "$(cat "$pdn")" -- pdn "$pdn"
printf '[Variant "template"]\n1. c3-d4 f6-e5 2. a1-b2 *\n' >"$pdn"
expect_error "illegal move in a PDN file" "ply 3, move 2. a1-b2" -- pdn "$pdn"
expect_error "the error names the file" "^draughts: $pdn: game 1" -- pdn "$pdn"
printf '[Variant "template"]\n1. c3-d4 {\n' >"$pdn"
expect_error "broken PDN file" "unterminated comment" -- pdn "$pdn"
printf '[Variant "template"]\n1. c3-d4 ) f6-e5 *\n' >"$pdn"
expect_error "a ')' that closes nothing in a PDN file" "line 2: ')' closes nothing" -- pdn "$pdn"
rm -f "$pdn" /tmp/draughts_cli_err.$$

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
