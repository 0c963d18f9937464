-- The federation rules, except that several men against a lone man win
-- (the reading of seeds 001/003: "several simple men against one simple man wins")
options.men_beat_lone_man = true
