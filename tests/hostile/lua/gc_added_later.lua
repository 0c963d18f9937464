-- a __gc added after setmetatable: Lua never marks the table for finalization, so nothing hangs
-- run: perft template 1 --rules SCRIPT
-- exit: 0
-- stdout: ^perft 1 7$
local mt = {}
local t = setmetatable({}, mt)
mt.__gc = function() while true do end end
t = nil
