-- a comparator that loops, called by C (table.sort)
-- run: perft template 1 --rules SCRIPT
-- stderr: sort_comparator.lua:[0-9]*: instruction budget exhausted
while true do pcall(table.sort, {3, 2, 1}, function() while true do end end) end
