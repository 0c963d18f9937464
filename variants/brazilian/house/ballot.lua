-- House rule: the casual rules with a three-move opening ballot
-- As in match play, the first three plies are drawn from a list of openings;
-- the game starts from the position they leave (black to move).
preset("casual")

local ballots = {
  "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,d4,h4:Bg5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8", -- c3-d4 f6-g5 g3-h4
  "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,g3,g5:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", -- e3-f4 b6-a5 f4-g5
  "B:Wa1,c1,e1,g1,b2,d2,f2,h2,c3,e3,g3,d6:Bb6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",    -- a3-b4 d6-c5 b4xd6
  "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g5:Be5,b6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8", -- g3-h4 d6-e5 h4-g5
  "B:Wa1,c1,e1,g1,d2,f2,h2,a3,c3,e3,g3,b4:Bg5,b6,d6,f6,a7,c7,e7,g7,b8,d8,f8,h8", -- c3-b4 h6-g5 b2-c3
  "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,g3,b6:Bd6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",    -- e3-d4 b6-c5 d4xb6
}

hooks = {
  initial = function()
    return ballots[math.random(#ballots)]
  end,
}
