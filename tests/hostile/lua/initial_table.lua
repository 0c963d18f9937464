-- an initial hook returns a table with a __tostring that loops, not a FEN
-- run: perft template 1 --rules SCRIPT
-- stdout: ^perft 1 7$
-- stderr: house rules disabled, initial hook failed: initial_table.lua: initial returned a table, not a FEN string
hooks = {initial = function() return setmetatable({}, {__tostring = function() while true do end end}) end}
