-- a filter within its budget on every call, but slow once the search is deep in an iteration
-- run: analyse template --time 1 --rules SCRIPT
-- exit: 0
-- stdout: ^best
-- timeout: 15
-- The first 3300 move lists come at once, so depth 7 starts well before the soft
-- limit; from then on each list takes some 50 ms of the budget.  The limits used to
-- be polled every 1024 nodes, the next poll some 800 lists away (40 s); the search
-- must now stop near its second.  The timeout is a hang guard, not a measure.
local lists = 0
hooks = {filter = function(pos, move, moves)
  if move ~= moves[1] then return true end -- once per list
  lists = lists + 1
  if lists > 3300 then
    local x = 0
    for i = 1, 2500000 do x = x + i end
  end
  return true
end}
