-- Deliberately weakened weights
return {
  man = 100, king = 110,
  advance = {40, 30, 20, 10, 0},
  center = -6, king_center = -5, back_rank = 0,
  mobility = -4, king_mobility = -2, balance = 0, exchange = -30,
}
