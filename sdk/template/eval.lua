-- English checkers: the engine's evaluation weights.  Every field is optional; the
-- format is in sdk/docs/eval.md.  Values are in hundredths of a man.
return {
  man = 100,
  king = 160,            -- a king that moves one square is worth about a man and a half
  advance = {0, 1, 2, 4, 6, 9, 13},  -- men by row from their own side (row 1 = the home row)
  center = 2,            -- men: per half-file nearer the centre
  king_center = 3,       -- kings: per half-step nearer the centre
  back_rank = 8,         -- each man on its home row while the opponent still has men
  mobility = 2,          -- each empty point a man could step to
  king_mobility = 1,
  balance = 2,           -- per man of difference between the two wings
  exchange = 25,         -- ahead in material: bonus growing as pieces come off
  squares = {            -- extra values per point, written for the first player
    man = {c1 = 4, g1 = 4},
    king = {},
  },
}
