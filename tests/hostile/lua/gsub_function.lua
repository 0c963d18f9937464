-- gsub calls a replacement function that loops, from C, for every match
-- run: perft template 1 --rules SCRIPT
-- stderr: gsub_function.lua:[0-9]*: instruction budget exhausted
while true do pcall(string.gsub, "c3-d4", "%d", function() while true do end end) end
