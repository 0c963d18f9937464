-- Turkish federation rules: crowned when the move ends; one piece against one piece is a draw
-- (the default, and what the published engines play)
options.promote_midcapture = false
options.king_beats_lone_man = false
options.men_beat_lone_man = false
