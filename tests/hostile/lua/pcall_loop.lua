-- pcall catches the budget's error and tries again, for ever
-- run: perft template 2 --rules SCRIPT
-- stderr: pcall_loop.lua:[0-9]*: instruction budget exhausted
while true do
  pcall(function() while true do end end)
end
