-- Turkish draughts (dama): the engine's evaluation weights (format: sdk/docs/eval.md).
-- Tuned by self-play at depth 5 against the default weights (about 70% for these).
return {
  man = 100,
  -- A flying king sweeps whole ranks and files: the first king decides most games.  Against
  -- 350: 62.0% (100 games at 0.05 s a move, +48 =28 -24, Elo +85, 95% +28 to +147); 550
  -- against 350 scored 42.5% (a king bought with men it cannot win back).
  king = 450,
  advance = {0, 0, 3, 7, 12, 20, 32},  -- men by row: the race to crown is everything
  center = 0,           -- men move sideways too: the centre files are worth no more than the edges
  king_center = 2,
  back_rank = 0,        -- men start on the second and third ranks: the first stays empty
  mobility = 1,
  king_mobility = 1,
  balance = 0,
  exchange = 40,        -- one piece against one is a draw: trade down while two or more remain
  -- One capture here takes several men: a score a man outside the window is no reason to
  -- look shallower (with 100: +12 =29 -25 against 0, 40.2% in 66 games at 0.05 s a move).
  reduction_margin = 0,
}
