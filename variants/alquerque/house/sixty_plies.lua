-- House rule: a quiet game is adjudicated after 60 plies without a capture, not 40
options.quiet_ply_limit = 60
