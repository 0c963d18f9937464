-- one string.find that backtracks for hours is a single VM instruction
-- run: perft template 1 --rules SCRIPT
-- stderr: pattern_find.lua:[0-9]*: string.find: pattern too costly for a 40-byte subject
local s = string.rep("a", 40)
s:find("a*a*a*a*a*a*a*b")
