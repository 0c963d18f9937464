-- House rule: when a king can capture, a capture with a king must be played
-- The filter sees every legal move at once ('moves'), so it can compare them:
-- if any capture is made by a king, captures by men are forbidden.
local function king_can_capture(moves)
  for _, m in ipairs(moves) do
    if m.king and m.captures > 0 then return true end
  end
  return false
end

hooks = {
  filter = function(pos, move, moves)
    return move.king or move.captures == 0 or not king_can_capture(moves)
  end,
}
