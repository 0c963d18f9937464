-- xpcall with a message handler that loops, called again and again
-- run: perft template 2 --rules SCRIPT
-- stderr: xpcall_handler.lua:[0-9]*: instruction budget exhausted
local function handler() while true do end end
while true do
  xpcall(function() while true do end end, handler)
end
