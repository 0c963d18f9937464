#!/bin/sh
# test_engine_cli.sh DRAUGHTS TEST_PLUGIN_DIR SOURCE_DIR — the engine's commands as a
# user meets them: 'analyse', 'match' and 'tune' output, 'bench' figures, other
# evaluation weights (--eval), and one-line errors.
set -u
draughts=$1
export DRAUGHTS_PLUGIN_PATH=$2
src=$3
. "$(dirname "$0")/../lib.sh"
err=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$err" "$work"' EXIT

expect_lines "analyse prints one line per iteration" \
  "^depth  4  score  *[-+][0-9.]*  nodes  *[0-9]*  nps  *[0-9]*  time  *[0-9.]*  pv [a-h]" -- \
  analyse template --depth 4 --threads 1
expect_lines "analyse ends with the best move" "^best d4-c5$" -- \
  analyse template --fen W:Wb4,d4,e3,f2:Bb6,d6,g7,h8 --depth 10 --threads 1
expect_lines "analyse scores a forced win with its distance" "score  *win in 1 .*pv c3xe5$" -- \
  analyse template --fen W:Wc3:Bd4 --depth 3
expect_lines "analyse a finished game" "^game over: 0-1" -- analyse template --fen W:Wa1:Bb2,c3
expect_lines "analyse on a clock" "^best " -- analyse template --time 0.2 --hash 8
printf '[Variant "template"]\n[SetUp "1"]\n[FEN "W:Wb4,d4,e3,f2:Bb6,d6,g7,h8"]\n1. b4-a5 *\n' >"$work/slip.pdn"
expect_lines "pdn --depth names the move the engine prefers" "^1\. b4-a5 {+[0-9.]*, best d4-c5 +[0-9.]*} \*$" -- \
  pdn "$work/slip.pdn" --depth 10 --threads 1
printf '[Variant "template"]\n[SetUp "1"]\n[FEN "W:Wc3:Bd4"]\n1. c3xe5 1-0\n' >"$work/won.pdn"
expect_lines "pdn --depth scores the winning move" "^1\. c3xe5 {win in 1} 1-0$" -- pdn "$work/won.pdn" --depth 3
printf '[Variant "template"]\n[SetUp "1"]\n[FEN "W:WKa1:BKh8"]\n1. a1-b2 h8-g7 2. b2-a1 g7-h8 3. a1-b2 h8-g7 4. b2-a1 g7-h8 5. a1-b2 h8-g7 1/2-1/2\n' \
  >"$work/played_on.pdn"
expect_lines "pdn --depth scores moves played past the rules' draw as drawn" \
  " g7-h8 {+0\.00} 5\. a1-b2 {+0\.00} h8-g7 {+0\.00} 1/2-1/2$" -- \
  pdn "$work/played_on.pdn" --depth 4 --threads 1
printf '[Variant "template"]\n1. c3-d4 f6-e5 2. d4xf6 *\n' >"$work/three.pdn"
expect_lines "pdn --time comments every move" "^1\. c3-d4 {[^}]*} f6-e5 {[^}]*} 2\. d4xf6 {[^}]*} \*$" -- \
  pdn "$work/three.pdn" --time 0.05 --hash 8
expect_lines "match prints every game" "^game   2  A (level 2) black" -- match template --a 2 --b 1 --games 2
expect_lines "match prints the score and Elo" "^level 2 vs random: +[0-9]* =[0-9]* -[0-9]*, score [0-9.]*/2 " -- \
  match template --a 2 --b random --games 2
expect_lines "bench prints search figures" "^template .* search [0-9]*  4 positions  1 thread " -- \
  bench template --depth 2 --threads 1

expect_lines "match on processor time" "^level 6 vs level 5: " -- \
  match template --a 6 --b 5 --time 0.01 --cpu-time --threads 1 --games 2
expect_lines "match at a fixed depth" "^depth 3 vs random: " -- match template --a depth=3 --b random --games 2
expect_lines "match says how long each player took" \
  "^A took [0-9.]* s a move on average, [0-9.]* s at most ([1-9][0-9]* moves); B took [0-9.]* s a move on average, " -- \
  match template --a 6,average --b 6 --time 0.01 --cpu-time --threads 1 --games 2
expect_lines "match names a player that keeps its time on average" "^level 6 average time vs level 6: " -- \
  match template --a 6,average --b 6 --time 0.01 --cpu-time --threads 1 --games 2
expect_error "match with a misspelt player option" \
  "--a: 'avrage' is not an option of a player (,noegdb, ,nobook and ,average are)" -- \
  match template --a 6,avrage --b 6 --games 2
expect_error "match with a depth kept on average" "--b: ',average' is for a level, whose time it keeps on average" -- \
  match template --a 6 --b depth=4,average --games 2
expect_lines "bench prints the cost of a Lua hook" \
  "^template *perft *[0-9]*  no script *[0-9.]* Mnodes/s  no-op Lua filter *[0-9.]* Mnodes/s" -- \
  bench template --depth 2 --threads 1

# Another engine speaking the Hub protocol: our own, as a child process.
expect_lines "match against a Hub engine" "^depth 2 vs $draughts hub template --threads 1: +[0-9]* =[0-9]* -[0-9]*, score [0-9.]*/2 " -- \
  match template --a depth=2 --b "hub:$draughts hub template --threads 1" --depth 2 --games 2
"$draughts" book openings template --plies 2 --depth 2 >"$work/openings.txt" 2>"$err"
if [ "$(grep -c '^[a-h][1-8]-[a-h][1-8] [a-h][1-8]-[a-h][1-8]  # [-+][0-9.]*$' "$work/openings.txt")" -ge 4 ]; then pass
else fail "book openings: $(cat "$work/openings.txt" "$err")"; fi
head -3 "$work/openings.txt" >"$work/two.txt" # the comment line and two openings
expect_lines "match plays each opening twice" "^game   4  A (depth 1) black" -- \
  match template --a depth=1 --b depth=1 --openings "$work/two.txt" --out "$work/games.pdn"
if [ "$(grep -c '^\[Result "' "$work/games.pdn")" -eq 4 ] && grep -q "^1\. $(sed -n 2p "$work/two.txt" | cut -c1-5)" "$work/games.pdn"
then pass; else fail "match --out: $(cat "$work/games.pdn")"; fi
expect_lines "the summary splits A's score by colour" "^A as white: +[0-9]* =[0-9]* -[0-9]*; A as black: +[0-9]* =[0-9]* -[0-9]*$" -- \
  match template --a depth=1 --b depth=2 --openings "$work/two.txt"
printf 'a3-b4\na3-a4\n' >"$work/bad.txt"
expect_error "an opening that is not legal" "bad.txt:2: move 'a3-a4'" -- \
  match template --a depth=1 --b depth=1 --openings "$work/bad.txt"
expect_error "a Hub engine that cannot start" "hub engine 'exit 3' did not start" -- \
  match template --a depth=1 --b "hub:exit 3"
expect_lines "a Hub engine that plays nonsense loses" "^game   1  A (depth 1) white  wins  (black resigned: .* not a legal move" -- \
  match template --a depth=1 --b "hub:sed -u 's/^go.*/done move=zz/;s/^hub$/wait/;s/^init$/ready/;/^[wdr]/!d'" --games 2
expect_lines "the summary counts the games a Hub engine forfeited" " lost 2 games by an illegal move, an error or no answer" -- \
  match template --a depth=1 --b "hub:sed -u 's/^go.*/done move=zz/;s/^hub$/wait/;s/^init$/ready/;/^[wdr]/!d'" --games 2

expect_error "analyse without a variant" "analyse needs a variant" -- analyse
expect_error "match without players" "match needs --a PLAYER" -- match template --b 1
expect_error "match with a bad level" "--b takes a level from 1 to 6" -- match template --a 1 --b 9
expect_error "match with a bad depth" "--a takes a level from 1 to 6, 'random' or depth=D" -- \
  match template --a depth=0 --b 1
expect_error "a bad time" "--time takes a number of seconds" -- analyse template --time soon
expect_error "a bad thread count" "--threads takes a number from 1 to 64" -- analyse template --threads 0
expect_error "a bad game count" "--games takes a number" -- match template --a 1 --b 1 --games -3

# ---- other evaluation weights: --eval, --eval-a, --eval-b
printf -- '-- every move counts\nreturn {mobility = 60, squares = {man = {c3 = 40}}}\n' >"$work/mobile.lua"
printf 'return {king = "lots"}\n' >"$work/badtype.lua"
printf 'return {kings = 300}\n' >"$work/badname.lua"
printf 'return {squares = {man = {z9 = 5}}}\n' >"$work/badpoint.lua"
printf 'return {man = 100,\n' >"$work/syntax.lua"
score() {
  "$draughts" analyse template --depth 1 --threads 1 "$@" 2>/dev/null | sed -n 's/^depth  1  score  *\([^ ]*\) .*/\1/p'
}
plain=$(score) mobile=$(score --eval "$work/mobile.lua")
if [ -z "$plain" ] || [ "$plain" = "$mobile" ]; then fail "--eval does not change the score: $plain vs $mobile"; else pass; fi
expect_lines "match names each player's weights" "^depth 2 (mobile.lua) vs depth 2: " -- \
  match template --a depth=2 --b depth=2 --eval-a "$work/mobile.lua" --games 2
printf 'hub\ninit\npos pos=W:Wc3:Bd4\nlevel depth=2\ngo think\nquit\n' >"$work/hub.in"
got=$("$draughts" hub template --eval "$work/mobile.lua" <"$work/hub.in" 2>&1)
printf '%s\n' "$got" | grep -q "^done move=" && pass || fail "hub with --eval: $got"
expect_error "--eval: a missing file" "nothing.lua: No such file" -- analyse template --eval "$work/nothing.lua"
expect_error "--eval: a weight of the wrong type" "badtype.lua.*weight 'king' must be an integer" -- \
  analyse template --eval "$work/badtype.lua"
expect_error "--eval: an unknown weight" "badname.lua.*unknown weight 'kings'" -- \
  match template --a 1 --b 1 --eval "$work/badname.lua"
expect_error "--eval-b: a point the variant lacks" "badpoint.lua.*'z9' is not a point of template" -- \
  match template --a 1 --b 1 --eval-b "$work/badpoint.lua"
expect_error "--eval: a syntax error names file and line" "syntax.lua:2:" -- \
  analyse template --eval "$work/syntax.lua"

# ---- tune: the shipped Texel script turns deliberately weakened weights into better ones
tuned=$work/tuned.lua
if "$draughts" tune brazilian --script "$src/sdk/tune/texel.lua" --eval "$src/sdk/tune/weakened.lua" \
  --games 100 --out "$tuned" 2>"$err"; then pass; else fail "tune: exit $?: $(cat "$err")"; fi
grep -q "^texel.lua: round 3: [0-9]* positions" "$err" && pass || fail "tune prints no progress: $(cat "$err")"
expect_lines "tuned weights load with --eval" "^best " -- analyse brazilian --depth 4 --eval "$tuned"
result=$("$draughts" match brazilian --a depth=4 --b depth=4 --eval-a "$tuned" \
  --eval-b "$src/sdk/tune/weakened.lua" --games 100 | tail -n 1)
half=$(printf '%s\n' "$result" | sed -n 's/.*score \([0-9]*\)\(\.[0-9]\)*\/100 .*/\1/p')
if [ -n "$half" ] && [ "$half" -ge 60 ]; then pass; else fail "tuned weights do not beat the weakened ones: $result"; fi

# A tuning script's mistakes: one line each, and an existing --out file is left alone.
echo "-- keep me" >"$work/keep.lua"
tune_error() {
  name=$1 part=$2
  printf '%s\n' "$3" >"$work/script.lua"
  expect_error "$name" "$part" -- tune template --script "$work/script.lua" --out "$work/keep.lua"
  [ "$(cat "$work/keep.lua")" = "-- keep me" ] && pass || fail "$name: the --out file changed"
}
tune_error "tune: a syntax error" "script.lua:2: unexpected symbol" "return {"
tune_error "tune: no table returned" "must return a table of weights" "return 42"
tune_error "tune: a bad weight returned" "unknown weight 'kingg'" "return {kingg = 3}"
tune_error "tune: the sandbox holds" "global 'io'" "io.open('/etc/passwd')"
tune_error "tune: a bad sample option" "option 'games' takes an integer from 1" "tune.sample{games = 0}"
tune_error "tune: a bad weights table" "weight 'man' must be an integer" "tune.match({man = 1.5}, {})"
# A misspelt option used to be ignored: 100 games at depth 4 instead of the one asked for.
tune_error "tune: a misspelt sample option" "unknown option 'game'" "tune.sample{game = 1}"
tune_error "tune: a misspelt match option" "unknown option 'ga'" "tune.match({}, {}, {ga = 2})"
tune_error "tune: an endless loop is stopped" "instruction budget exhausted" "while true do end"
expect_error "tune without a script" "tune needs a variant and a script" -- tune template
# Texel plays 4.75 times --games: more than the library's 100000 in all is refused before the
# first game (the timeout only guards against the hours it played before failing part way).
timeout 60 "$draughts" tune brazilian --script "$src/sdk/tune/texel.lua" --games 30000 >/dev/null 2>"$err"
rc=$? want="texel.lua: --games 30000 would play 142503 games, more than the 100000 a script may play: give at most --games 21052"
if [ $rc -eq 1 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q -- "$want" "$err"; then pass
else fail "tune: texel with --games 30000: exit $rc: $(cat "$err")"; fi
tune_error "tune: a score depth out of range" "option 'score_depth' takes an integer from 1 to 20" \
  "tune.sample{games = 2, depth = 1, score_depth = 21}"
tune_error "tune: lambda without search scores" "the sample holds no search scores" \
  "tune.error(tune.sample{games = 2, depth = 1}, tune.weights(), 1, 0.5)"
tune_error "tune: lambda out of range" "lambda must be from 0 to 1" \
  "tune.error(tune.sample{games = 2, depth = 1, score_depth = 1}, tune.weights(), 1, 1.5)"

# Search scores: the same whatever the number of threads that searched them, and closer to
# the weights that searched them than to weights with men worth a tenth as much.
cat >"$work/scores.lua" <<'EOF'
local w = tune.weights()
local s = tune.sample{games = 4, depth = 2, score_depth = 4}
local cheap = tune.check(w)
cheap.man, cheap.king = 10, 30
print(string.format("%d positions, own %.6f, cheap %.6f", #s, tune.error(s, w, 1, 1), tune.error(s, cheap, 1, 1)))
return w
EOF
for n in 1 2; do
  "$draughts" tune brazilian --script "$work/scores.lua" --threads $n --out "$work/scores.out" 2>"$work/scores$n" ||
    fail "tune with search scores, --threads $n: $(cat "$work/scores$n")"
done
if cmp -s "$work/scores1" "$work/scores2"; then pass
else fail "search scores depend on the threads: $(cat "$work/scores1") / $(cat "$work/scores2")"; fi
own=$(sed -n 's/.* own \([0-9.]*\),.*/\1/p' "$work/scores1") cheap=$(sed -n 's/.* cheap \([0-9.]*\)$/\1/p' "$work/scores1")
if [ -n "$own" ] && awk "BEGIN { exit !($own < $cheap) }"; then pass
else fail "search scores fit other weights better: $(cat "$work/scores1")"; fi
if "$draughts" tune brazilian --script "$src/sdk/tune/texel.lua" --games 20 --label-depth 4 --out "$work/labelled.lua" \
  2>"$err" && grep -q "^texel.lua: .*labelled by searches of 4 plies" "$err"; then pass
else fail "tune: texel with --label-depth: $(cat "$err")"; fi
printf 'local w = tune.weights()\nw.king = w.king + 1\nreturn w\n' >"$work/plus.lua"
if "$draughts" tune template --script "$work/plus.lua" --out "$work/keep.lua" 2>"$err" &&
  grep -q "^  king = " "$work/keep.lua"; then pass; else fail "tune does not write --out: $(cat "$err")"; fi

echo "engine commands: $passed passed, $failed failed"
[ $failed -eq 0 ]
