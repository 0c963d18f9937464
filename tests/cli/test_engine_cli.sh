#!/bin/sh
# test_engine_cli.sh DRAUGHTS TEST_PLUGIN_DIR — the engine's commands as a user meets
# them: 'analyse' and 'match' output, 'bench' search figures, and one-line errors.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
. "$(dirname "$0")/../lib.sh"
err=$(mktemp)

# expect_lines NAME PATTERN -- ARGS...: exit 0 and some line of stdout matches
expect_lines() {
  name=$1 pattern=$2; shift 3
  got=$("$draughts" "$@" 2>"$err"); rc=$?
  if [ $rc -ne 0 ]; then fail "$name: exit $rc: $(cat "$err")"
  elif ! printf '%s\n' "$got" | grep -q -- "$pattern"; then fail "$name: no '$pattern' in: $got"
  else pass; fi
}

# expect_error NAME MESSAGE_PART -- ARGS...: exit 1 or 2, one line on stderr naming the problem
expect_error() {
  name=$1 part=$2; shift 3
  "$draughts" "$@" >/dev/null 2>"$err"; rc=$?
  lines=$(wc -l <"$err")
  if [ $rc -eq 0 ] || [ $rc -gt 2 ]; then fail "$name: exit $rc"
  elif [ "$lines" -ne 1 ]; then fail "$name: $lines lines of error: $(cat "$err")"
  elif ! grep -q -- "$part" "$err"; then fail "$name: no '$part' in: $(cat "$err")"
  else pass; fi
}

expect_lines "analyse prints one line per iteration" \
  "^depth  4  score  *[-+][0-9.]*  nodes  *[0-9]*  nps  *[0-9]*  time  *[0-9.]*  pv [a-h]" -- \
  analyse template --depth 4 --threads 1
expect_lines "analyse ends with the best move" "^best d4-c5$" -- \
  analyse template --fen W:Wb4,d4,e3,f2:Bb6,d6,g7,h8 --depth 10 --threads 1
expect_lines "analyse scores a forced win with its distance" "score  *win in 1 .*pv c3xe5$" -- \
  analyse template --fen W:Wc3:Bd4 --depth 3
expect_lines "analyse a finished game" "^game over: 0-1" -- analyse template --fen W:Wa1:Bb2,c3
expect_lines "analyse on a clock" "^best " -- analyse template --time 0.2 --hash 8
expect_lines "match prints every game" "^game   2  A (level 2) black" -- match template --a 2 --b 1 --games 2
expect_lines "match prints the score and Elo" "^level 2 vs random: +[0-9]* =[0-9]* -[0-9]*, score [0-9.]*/2 " -- \
  match template --a 2 --b random --games 2
expect_lines "bench prints search figures" "^template .* search [0-9]*  4 positions  1 thread " -- \
  bench template --depth 2 --threads 1

expect_error "analyse without a variant" "analyse needs a variant" -- analyse
expect_error "match without levels" "match needs --a LEVEL" -- match template --b 1
expect_error "match with a bad level" "--b takes a level from 1 to 6" -- match template --a 1 --b 9
expect_error "a bad time" "--time takes a number of seconds" -- analyse template --time soon
expect_error "a bad thread count" "--threads takes a number from 1 to 64" -- analyse template --threads 0
expect_error "a bad game count" "--games takes a number" -- match template --a 1 --b 1 --games -3

rm -f "$err"
echo "engine commands: $passed passed, $failed failed"
[ $failed -eq 0 ]
