-- House rule: a quick game, eight men each on the third and sixth ranks
hooks = {
  initial = function()
    return "W:Wa3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6"
  end,
}
