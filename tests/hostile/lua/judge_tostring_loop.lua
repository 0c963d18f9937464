-- a judge returns a value whose __tostring loops
-- run: analyse template --depth 2 --rules SCRIPT
-- stderr: house rules disabled, judge hook failed: judge_tostring_loop.lua: judge returned a table, not ongoing
hooks = {judge = function() return setmetatable({}, {__tostring = function() while true do end end}) end}
