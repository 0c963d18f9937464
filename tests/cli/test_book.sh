#!/bin/sh
# test_book.sh DRAUGHTS — opening books built by the engine's own searches: build,
# probe, the search playing the book's move, the book a plugin ships, and the refusals
# (other rules, a line that does not read, no book), each one line.
set -u
draughts=$1
. "$(dirname "$0")/../lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dir=$work/book
book=$dir/english-acf.book

expect_lines "book build writes every position" "^book $book written" -- \
  book build english --plies 2 --depth 4 --dir "$dir"
if [ "$(grep -c '^[WB]:' "$book")" -eq 15 ]; then pass; else fail "15 positions to 2 plies: $(wc -l <"$book")"; fi
expect_lines "book probe of the start" "^book [0-9]*-[0-9]*  [-+][0-9.]*  (15 positions, $book)" -- \
  book probe english --dir "$dir"
expect_lines "a position out of the book" "^not in the book" -- \
  book probe english --dir "$dir" --fen B:BKa1,c1:WKh8
expect_lines "the search plays the book's move at once" "^depth  0 .* nodes  *0 " -- \
  analyse english --depth 9 --dir "$dir"
expect_lines "a player without the book searches" "^depth 2 no book vs depth 2: " -- \
  match english --a depth=2,nobook --b depth=2 --games 2 --dir "$dir"

# From the end of each line of a ballot list: the side to move's move, and the other side's
# after each reply (the three-move ballots of English checkers start where the book does not reach).
printf '12-16 24-19 8-12  # a ballot\n\n12-16 23-18 9-14\n' >"$work/ballots"
expect_lines "book build from ballots" "^book $work/ballots-book/english-acf.book written" -- \
  book build english --openings "$work/ballots" --plies 1 --depth 4 --dir "$work/ballots-book"
expect_lines "the book's move where a ballot ends" "^book [0-9]*-[0-9]*  [-+][0-9.]*" -- \
  book probe english --dir "$work/ballots-book" --fen W:W19,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16
expect_lines "and after White's reply to it (22-18)" "^book [0-9]*-[0-9]*  [-+][0-9.]*" -- \
  book probe english --dir "$work/ballots-book" --fen B:W18,19,21,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16
printf '12-16 24-19 8-12\n\n12-16 23-18 9-15\n' >"$work/bad-ballots"
expect_error "a ballot that is not legal, by its line" "bad-ballots:3: move '9-15'" -- \
  book build english --openings "$work/bad-ballots" --plies 1 --depth 2 --dir "$work/ballots-book"

# The book the English plugin ships (built from every three-move ballot), where the user has none;
# one the user builds replaces it.
ballot_end=W:W19,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16
expect_lines "the shipped book where a ballot ends" "^book [0-9]*-[0-9]*  [-+][0-9.]*  ([0-9]* positions, the english plugin's acf book)" -- \
  book probe english --dir "$work/none" --fen "$ballot_end"
expect_lines "the search plays the shipped book's move" "^depth  0 .* nodes  *0 " -- \
  analyse english --depth 9 --dir "$work/none" --fen "$ballot_end"
expect_lines "the user's book replaces the shipped one" "^not in the book (15 positions, $book)" -- \
  book probe english --dir "$dir" --fen "$ballot_end"
expect_error "the shipped book is of its preset's rules only" "the english plugin's acf book: built for the rules 'english move_limit=40 preset=acf', not 'english move_limit=0" -- \
  book probe english --set move_limit=0 --dir "$work/none"

expect_error "a book of other rules" "built for the rules 'english move_limit=40 preset=acf', not 'english move_limit=0" -- \
  book probe english --set move_limit=0 --dir "$dir"
cp "$book" "$work/keep"
echo "B:Ba1:Wh8 a1-b2" >>"$book"
expect_error "a line without its score" "english-acf.book:17: expected 'FEN MOVE SCORE DEPTH'" -- \
  book probe english --dir "$dir"
cp "$work/keep" "$book"; echo "B:Bc3:Wh8 c3-c4 0 1" >>"$book"
expect_error "a move that is not legal there" "english-acf.book:17: move 'c3-c4'" -- book probe english --dir "$dir"
printf 'nonsense\n' >"$book"
expect_error "a file that is not a book" "english-acf.book: not an opening book" -- book probe english --dir "$dir"
expect_error "no book" "no opening book of these rules: none at $dir/russian-official.book, none shipped" -- \
  book probe russian --dir "$dir"
expect_error "book without a subcommand" "book needs a subcommand and a variant" -- book english

echo "book: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
