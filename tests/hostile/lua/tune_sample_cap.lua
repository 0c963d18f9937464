-- a sample's positions count against the memory cap: the script has filled it all but about
-- 90 KB (4066 strings of 8 KB would be the most it can hold), and a sample needs 160 KB at once
-- run: tune template --script SCRIPT
-- stderr: tune_sample_cap.lua: not enough memory (a script may hold 32 MB)
local keep = {}
for i = 1, 4056 do keep[i] = string.rep("x", 8192) end
tune.sample{games = 2, depth = 1}
return {}
