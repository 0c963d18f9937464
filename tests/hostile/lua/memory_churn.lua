-- copying 8 MB at every instruction: allocations are charged to the budget
-- run: perft template 1 --rules SCRIPT
-- stderr: memory_churn.lua:[0-9]*: instruction budget exhausted
local s = string.rep("x", 1 << 23)
while true do local _ = s .. "" end
