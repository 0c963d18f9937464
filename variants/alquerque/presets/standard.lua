-- Alquerque as the seed game plays it: 40 plies without a capture end the game
options.quiet_ply_limit = 40
