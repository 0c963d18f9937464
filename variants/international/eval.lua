-- International draughts: the engine's evaluation weights (format: sdk/docs/eval.md).
return {
  man = 100,
  king = 300,           -- a flying king is worth about three men
  advance = {0, 1, 2, 3, 5, 7, 10, 14, 20},  -- men by row from their own side
  center = 3,           -- the centre files give men room and tempo
  king_center = 2,
  back_rank = 5,        -- men at home stop enemy men from crowning
  mobility = 2,
  king_mobility = 1,
  balance = 3,          -- both wings manned
  exchange = 30,        -- ahead in material: trade down
}
