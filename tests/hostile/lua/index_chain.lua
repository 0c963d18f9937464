-- each read walks an __index chain of 1990 tables: much C work per instruction, caught by the clock
-- run: perft template 1 --rules SCRIPT
-- stderr: index_chain.lua:[0-9]*: time limit exceeded (a call may run 5 s)
local chain, last = {}, nil
last = chain
for _ = 1, 1990 do
  local next_table = {}
  setmetatable(last, {__index = next_table})
  last = next_table
end
while true do local _ = chain.missing end
