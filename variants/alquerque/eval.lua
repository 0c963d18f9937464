-- Alquerque: the engine's evaluation weights (format: sdk/docs/eval.md)
return {
  man = 100,
  advance = {0, 0, 0, -3, -8},  -- pieces never step back: one far forward has few moves left
  center = 2,
  back_rank = 0,                -- nothing is ever crowned, so there is no back rank to guard
  mobility = 4,                 -- a side with no move loses: spare moves are worth keeping
  balance = 1,
  exchange = 25,                -- ahead in pieces, trades and quiet play both win
  squares = {
    -- where diagonals cross a piece moves and attacks in up to eight directions
    man = {c3 = 6, b2 = 4, d2 = 4, b4 = 4, d4 = 4, a3 = 2, e3 = 2, c1 = 2, c5 = 2},
  },
}
