-- International draughts as the FMJD plays it: 25-move king rule and the 16- and 5-move endgame counts
options.quiet_move_limit = 25
options.endgame_counts = true
