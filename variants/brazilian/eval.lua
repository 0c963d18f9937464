-- Brazilian draughts: the engine's evaluation weights (format: sdk/docs/eval.md).
-- Tuned by self-play at depth 6 against the default weights.
return {
  man = 100,
  king = options.flying_kings and 300 or 150, -- a flying king is worth about three men, a short one 1.5
  advance = {0, 1, 3, 5, 8, 12, 18},  -- men by row from their own side: tempo, but not too early
  center = 2,
  king_center = 3,
  back_rank = 6,        -- men at home stop enemy men from crowning
  mobility = 4,         -- a blocked position loses: keep moves in hand
  king_mobility = 1,
  balance = 4,          -- both wings manned
  exchange = 30,        -- ahead in material: trade down before the endgame counts run out
  squares = {
    king = {a1 = 8, b2 = 8, c3 = 8, d4 = 8, e5 = 8, f6 = 8, g7 = 8, h8 = 8},  -- the long diagonal
  },
}
