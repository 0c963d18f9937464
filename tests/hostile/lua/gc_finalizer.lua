-- a finalizer runs with the count hook off: it would hang when collected or at close
-- run: perft template 2 --rules SCRIPT
-- stderr: gc_finalizer.lua:[0-9]*: setmetatable: no __gc finalizers
setmetatable({}, {__gc = function() while true do end end})
