-- Turkish federation rules: crowned when the move ends; one piece against one piece is a draw
-- (the default; what the published engines play, and seeds 001/003 apart from their lone-man rule)
options.promote_midcapture = false
options.king_beats_lone_man = false
options.men_beat_lone_man = false
