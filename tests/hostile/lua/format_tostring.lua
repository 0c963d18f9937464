-- string.format('%s') calls a __tostring that loops
-- run: perft template 1 --rules SCRIPT
-- stderr: format_tostring.lua:[0-9]*: instruction budget exhausted
local t = setmetatable({}, {__tostring = function() while true do end end})
while true do pcall(string.format, "%s", t) end
