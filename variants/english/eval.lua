-- English checkers: the engine's evaluation weights (format: sdk/docs/eval.md).
return {
  man = 100,
  king = 150,           -- a short king is worth half a man more than a man
  advance = {0, 1, 2, 4, 6, 9, 12},  -- men by row from their own side
  center = 3,
  king_center = 4,      -- a short king belongs in the centre
  back_rank = 10,       -- the king row keeps enemy men from crowning
  mobility = 3,
  king_mobility = 2,
  balance = 3,
  exchange = 30,        -- ahead in material: trade down
}
