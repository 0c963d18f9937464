-- an error object whose __tostring loops: the message describes it, never converts it
-- run: perft template 1 --rules SCRIPT
-- stderr: error_object.lua: error object is a table value
error(setmetatable({}, {__tostring = function() while true do end end}))
