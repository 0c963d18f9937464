-- Casual damas: short kings, men capture forwards, free choice of capture, crowning ends the move
options.flying_kings = false
options.men_capture_backwards = false
options.majority_capture = false
options.promotion_ends_capture = true
options.quiet_move_limit = 40
options.endgame_counts = false
