-- Alquerque as traditionally played in the app: 40 plies without a capture end the game
options.quiet_ply_limit = 40
