-- an __index on _G that loops, and no hooks: the runtime reads 'hooks' raw, so it never runs
-- (a strict mode that raises for undefined globals is harmless the same way)
-- run: perft template 1 --rules SCRIPT
-- exit: 0
-- stdout: ^perft 1 7$
setmetatable(_G, {__index = function() while true do end end})
