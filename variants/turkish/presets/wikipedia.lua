-- Wikipedia's rules: a man crowned mid-capture goes on as a king; a king against a lone man wins
-- (the rules as the English-language encyclopedia describes them)
options.promote_midcapture = true
options.king_beats_lone_man = true
