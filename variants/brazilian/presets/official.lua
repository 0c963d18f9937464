-- Official Brazilian draughts (CBD / FMJD rules): flying kings, majority capture, crowned only at the end of a move
options.flying_kings = true
options.men_capture_backwards = true
options.majority_capture = true
options.promotion_ends_capture = false
options.quiet_move_limit = 20
options.endgame_counts = true
