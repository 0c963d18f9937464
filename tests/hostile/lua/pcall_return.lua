-- the script swallows the budget's error and returns as if all went well
-- run: perft template 2 --rules SCRIPT
-- stderr: pcall_return.lua:[0-9]*: instruction budget exhausted
return pcall(function() while true do end end)
