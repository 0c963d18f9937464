-- House rule: several men against a lone man win (written as a judge hook)
-- The same rule as the option men_beat_lone_man, in Lua: when one side has two
-- or more men and no king, and the other a single man, the side with the men wins.
local function men_only(pieces, kings)
  return (pieces & kings) == 0
end

hooks = {
  judge = function(pos, history, verdict, why)
    if verdict ~= "ongoing" and verdict ~= "draw" then return nil end
    local white, black = board.count(pos.white), board.count(pos.black)
    if not (men_only(pos.white, pos.kings) and men_only(pos.black, pos.kings)) then return nil end
    if white >= 2 and black == 1 then return "white", "several men against a lone man" end
    if black >= 2 and white == 1 then return "black", "several men against a lone man" end
    return nil
  end,
}
