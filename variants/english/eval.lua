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
  -- Formations, from Black's side (squares 1-4 its back rank); at depth 8 these three
  -- scored +162 =150 -88 against the weights without them (400 games, Elo +65, +38 to +93).
  patterns = {
    {value = 10, mine = {1, 3}},                -- the bridge: no single man crowns past it
    {value = 6, mine = {2, 3, 7}},              -- the oreo triangle
    {value = -15, mine = {28}, theirs = {32}},  -- a man in the dog-hole, held by the man on 32
  },
}
