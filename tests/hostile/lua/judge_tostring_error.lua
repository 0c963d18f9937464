-- a judge returns a value whose __tostring raises: the runtime never converts it
-- run: play template --frontend line --rules SCRIPT
-- input: c3-d4
-- input: quit
-- stderr: house rules disabled, judge hook failed: judge_tostring_error.lua: judge returned a table, not ongoing
hooks = {judge = function() return setmetatable({}, {__tostring = function() error("INJECTED") end}) end}
