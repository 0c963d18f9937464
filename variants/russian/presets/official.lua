-- Russian draughts as the Russian draughts federation plays it: 15-move king rule and endgame counts
options.kings_only_limit = 15
options.endgame_counts = true
