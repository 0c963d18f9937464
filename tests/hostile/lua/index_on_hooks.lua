-- an __index on the hooks table that loops: the table is read raw, it has no hooks of its own
-- run: perft template 1 --rules SCRIPT
-- exit: 0
-- stdout: ^perft 1 7$
hooks = setmetatable({}, {__index = function() while true do end end})
