-- Russian draughts: the engine's evaluation weights (format: sdk/docs/eval.md).
return {
  man = 100,
  king = 300,           -- a flying king is worth about three men
  advance = {0, 1, 3, 5, 8, 12, 18},  -- men by row from their own side
  center = 2,
  king_center = 3,
  back_rank = 6,        -- men at home stop enemy men from crowning
  mobility = 3,
  king_mobility = 1,
  balance = 3,
  exchange = 30,        -- ahead in material: trade down before the endgame counts run out
  squares = {
    king = {a1 = 8, b2 = 8, c3 = 8, d4 = 8, e5 = 8, f6 = 8, g7 = 8, h8 = 8},  -- the main road
  },
}
