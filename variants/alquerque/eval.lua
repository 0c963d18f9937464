-- Alquerque: the engine's evaluation weights (format: sdk/docs/eval.md)
-- Measured against the previous set with distinct balanced openings, 100 games each
-- (draughts match alquerque --a depth=D --b depth=D --eval-a ...): 63% at depth 4,
-- 64.5% at depth 6, even from depth 8 on, where nearly every game is drawn.
return {
  man = 100,
  advance = {40, 30, 20, 10, 0}, -- pieces never step back: one kept home is moves in hand
  center = -6,                   -- fewer lines cross the edge files: fewer ways to be jumped
  back_rank = 0,                 -- nothing is ever crowned, so there is no back rank to guard
  mobility = 4,                  -- a side with no move loses: spare moves are worth keeping
  balance = 1,
  exchange = 25,                 -- ahead in pieces, trades and quiet play both win
}
