-- memory filled to the cap under pcall, then hooks: the runtime's own tables would not fit
-- run: perft template 2 --rules SCRIPT
-- stderr: memory_then_tables.lua: not enough memory (a script may hold 32 MB)
local t = {}
while pcall(function() t[#t + 1] = {} end) do end
hooks = {filter = function() return true end}
