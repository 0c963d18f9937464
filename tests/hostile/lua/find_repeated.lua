-- a cheap-looking plain find over 8 MB, repeated: each call is charged its scan
-- run: perft template 1 --rules SCRIPT
-- stderr: find_repeated.lua:[0-9]*: instruction budget exhausted
local s = string.rep("x", 1 << 23)
while true do s:find("y", 1, true) end
