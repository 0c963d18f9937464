-- a filter that loops under pcall while a game is played in line mode
-- run: play template --frontend line --rules SCRIPT
-- input: c3-d4
-- input: quit
-- stderr: house rules disabled, filter hook failed: play_filter_loop.lua:[0-9]*: instruction budget exhausted
hooks = {filter = function()
  while true do pcall(function() while true do end end) end
end}
