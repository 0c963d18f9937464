-- English checkers: the engine's evaluation weights (format: sdk/docs/eval.md).
return {
  man = 100,
  king = 130,           -- a short king (against 150: 55.8%, 200 games at 0.05 s a move, Elo +40)
  -- Men by row from their own side: early on a man held back is a spare move for when
  -- the position locks (the side out of safe moves must give ground), late a man pushed on
  -- is a king sooner.  Against the single table {0, 1, 2, 4, 6, 9, 12}: 63% (200 games at
  -- 0.05 s a move, ballots, +88 =76 -36, Elo +92, 95% +55 to +132).
  advance = {0, -3, -6, -9, -12, -15, -18},
  advance_end = {0, 3, 6, 9, 12, 15, 18},
  center = 3,
  king_center = 4,      -- a short king belongs in the centre
  back_rank = 10,       -- the king row keeps enemy men from crowning
  mobility = 3,
  king_mobility = 2,
  balance = 3,
  exchange = 30,        -- ahead in material: trade down
  -- A man with a clear way to the crown while the other side has no king: with the formations
  -- against them alone, 54.4% in 400 games at 0.05 s a move from ballots (+113 =209 -78, Elo +31).
  runaway = 25,
  -- Formations, from Black's side (squares 1-4 its back rank), the second player's turned
  -- half a circle.  Against the same weights without them: 56.0% (200 games at 0.05 s a
  -- move from ballots, +58 =108 -34, Elo +42, 95% +10 to +75; at depth 8, 400 games: +65).
  patterns = {
    {value = 10, mine = {1, 3}},                -- the bridge: no single man crowns past it
    {value = 6, mine = {2, 3, 7}},              -- the oreo triangle
    {value = -15, mine = {28}, theirs = {32}},  -- a man in the dog-hole, held by the man on 32
  },
}
