-- English checkers as the ACF and the WCDF play it: draw after 40 moves each without a capture or a man move
options.move_limit = 40
