-- a coroutine to run the loop out of the budget's sight: there is no coroutine library
-- run: perft template 2 --rules SCRIPT
-- stderr: coroutine_wrap.lua:[0-9]*: .*global 'coroutine'
local loop = coroutine.wrap(function() while true do pcall(coroutine.yield) end end)
while true do pcall(loop) end
