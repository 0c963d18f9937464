#!/bin/sh
# test_egdb.sh DRAUGHTS — endgame databases built from the plugins alone: small
# builds for every variant checked for self-consistency (each value against the
# position's moves), known values, symmetry, and the refusals: other rules, damaged,
# truncated and foreign files, each one line.
set -u
draughts=$1
. "$(dirname "$0")/../lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=$work/egdb

# english to 3 pieces, the others smaller (their boards are bigger or their rules heavier).
for build in "english 3" "russian 3" "brazilian 3" "alquerque 3" "turkish 2" "international 2"; do
  set -- $build
  if "$draughts" egdb build "$1" --pieces "$2" --dir "$db" >"$work/$1.txt" 2>&1 &&
     "$draughts" egdb verify "$1" --dir "$db" >"$work/$1-verify.txt" 2>&1 &&
     grep -q "^every value agrees with its moves" "$work/$1-verify.txt"; then pass
  else fail "egdb $1 --pieces $2: $(cat "$work/$1.txt" "$work/$1-verify.txt" | tail -3)"; fi
done

# Every core solves a signature's positions: the files are the same on one.
if "$draughts" egdb build english --pieces 3 --threads 1 --dir "$work/one" >/dev/null 2>&1 &&
   diff -r "$work"/one/english-* "$db"/english-* >/dev/null && [ "$(ls "$work"/one/english-* | wc -l)" -gt 10 ]
then pass
else fail "egdb build --threads 1 wrote other files than on every core"; fi

# A value its moves deny (the checksum made to match) is named by verify: the first
# such index of the signature, on one core or on several (two wrong values, one in each
# run of positions the threads take).
mkdir "$work/bad" && cp -r "$db"/english-* "$work/bad/"
if command -v python3 >/dev/null; then
  wrong=$(python3 - "$(ls -d "$work"/bad/english-*)/0102.egdb" <<'EOF'
import struct, sys
path = sys.argv[1]
data = bytearray(open(path, 'rb').read())
values = data[512:]
def flip(start):
    i = next(k for k in range(start, len(values)) if values[k] != 255)
    values[i] = 0 if values[i] else 1
    return i
flip(20000)
first = flip(100)
h = 0xcbf29ce484222325
for b in values:
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
data[512:] = values
struct.pack_into('<Q', data, 32, h)
open(path, 'wb').write(data)
print(first)
EOF
)
  for threads in 1 2; do
    expect_error "verify names a wrong value (--threads $threads)" \
      ": 0m1k-0m2k: index $wrong (B:.*) holds [0-9]* where its moves give [0-9]*$" -- \
      egdb verify english --dir "$work/bad" --threads $threads
  done
else
  echo "python3 not found: the wrong-value cases of verify skipped"
fi

# White's material against Black's is Black's against White's: the same counts.
a=$(grep '^1m0k-2m0k' "$work/english.txt" | awk '{print $2, $4, $6, $8}')
b=$(grep '^2m0k-1m0k' "$work/english.txt" | awk '{print $2, $4, $6, $8}')
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass; else fail "colour symmetry: '$a' vs '$b'"; fi

expect_lines "a capture that takes the last piece" "^win in 1 plies" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
expect_lines "two kings against one win" "^win in 11 plies" -- egdb probe english --dir "$db" --fen B:BKa1,c1:WKh8
expect_lines "the best move of a won ending" "^best .* (then loss in 10 plies for the other side)" -- \
  egdb probe english --dir "$db" --fen B:BKa1,c1:WKh8
expect_lines "more pieces than the database has" "^not in the database" -- \
  egdb probe english --dir "$db" --fen B:BKa1,c1:WKh8,f8
expect_lines "a second build reads what is there" "^0m1k-0m1k .*(already built)" -- \
  egdb build english --pieces 2 --dir "$db"

# The search probes them: a shallow search sees the end, and plays it out.
expect_lines "analyse knows the end at depth 1" "^depth  1  score win in 11 " -- \
  analyse english --fen B:BKa1,c1:WKh8 --depth 1 --dir "$db"
echo "a1-b2" >"$work/opening.txt"
expect_lines "a won ending is won at depth 1" "^game   1  A (depth 1) black  wins  (no pieces left" -- \
  match english --fen B:BKa1,c1:WKh8 --openings "$work/opening.txt" --a depth=1 --b depth=1 --games 1 --dir "$db"
got=$(printf 'init\npos pos="B:BKa1,c1:WKh8"\nlevel depth=1\ngo\nquit\n' | "$draughts" hub english --dir "$db" 2>&1)
if printf '%s\n' "$got" | grep -q '^info depth=1 score=99.89 '; then pass; else fail "hub with --dir: $got"; fi
# Alquerque's count gives a game 40 plies without a capture to the side with more pieces;
# the databases are solved with the counts at zero, so their draws of unequal armies are
# count wins, and every value is built on those: none holds, and the engine searches
# instead (trusting them, it drew and lost games on the count: 22.5% at 0.05 s).
for fen in W:Wa5,b5:Ba1 W:Wa1,c3:Bc5; do
  expect_lines "a value the count overrules is said to be so ($fen)" \
    "^(solved with the counters at zero; here the rules' counts" -- egdb probe alquerque --dir "$db" --fen $fen
  got=$("$draughts" analyse alquerque --fen $fen --depth 1 --dir "$db" 2>&1)
  if printf '%s\n' "$got" | grep -q '^depth  1  score *[-+][0-9]'; then pass; else fail "alquerque's count: $got"; fi
done
expect_lines "a player without the databases" "^depth 1 no egdb vs depth 1: " -- \
  match english --fen B:BKa1,c1:WKh8 --openings "$work/opening.txt" --a depth=1,noegdb --b depth=1 --games 2 \
  --dir "$db"
expect_error "a player option that is not one" "--a: 'fast' is not an option of a player" -- \
  match english --a depth=1,fast --b depth=1

# The rules are the database's identity.
expect_error "a database of other rules" \
  "no endgame database for the rules 'english move_limit=0' in .* (there is one for 'english move_limit=40')" -- \
  egdb probe english --set move_limit=0 --dir "$db" --fen B:BKc3:WKd4
expect_error "no database at all" "no endgame database for the rules 'russian" -- \
  egdb probe russian --dir "$work/none" --fen W:WKc3:BKd4

folder=$(ls -d "$db"/english-*)
file=$folder/0101.egdb
cp "$file" "$work/keep"
head -c 600 "$work/keep" >"$file"
expect_error "a truncated file" "0101.egdb: 600 bytes, not the 2496 its header gives (truncated?)" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
cp "$work/keep" "$file"; printf 'x' | dd of="$file" bs=1 seek=700 conv=notrunc 2>/dev/null
expect_error "a damaged file" "0101.egdb: damaged (its checksum does not match)" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
head -c 100 /dev/zero >"$file"
expect_error "a file too short for a header" "0101.egdb: too short for an endgame database" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
head -c 2496 /dev/zero >"$file"
expect_error "a file that is not a database" "0101.egdb: not an endgame database file" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
cp "$(ls -d "$db"/brazilian-*)/0101.egdb" "$file"
expect_error "another variant's file" "0101.egdb: built for the rules 'brazilian .*', not 'english move_limit=40'" -- \
  egdb probe english --dir "$db" --fen B:BKc3:WKd4
cp "$work/keep" "$file"

expect_error "egdb without a subcommand" "egdb needs a subcommand and a variant" -- egdb english
expect_error "too many pieces" "--pieces takes a number from 1 to 8" -- egdb build english --pieces 9 --dir "$db"
expect_error "too few pieces" "--pieces takes 2 to 8" -- egdb build english --pieces 1 --dir "$db"

echo "egdb: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
