-- evaluation weights that never come: the budget holds in eval scripts too
-- run: analyse template --depth 1 --eval SCRIPT
-- stderr: eval_pcall.lua:[0-9]*: instruction budget exhausted
while true do pcall(function() while true do end end) end
return {}
