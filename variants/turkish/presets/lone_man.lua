-- The federation rules, except that several men against a lone man win
-- ("several simple men against one simple man wins")
options.men_beat_lone_man = true
