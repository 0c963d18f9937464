-- and in tuning scripts
-- run: tune template --script SCRIPT
-- stderr: tune_pcall.lua:[0-9]*: instruction budget exhausted
while true do pcall(function() while true do end end) end
return {}
