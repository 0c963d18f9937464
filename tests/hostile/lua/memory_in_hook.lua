-- a filter hook fills memory under pcall, then returns as if nothing happened
-- run: perft template 2 --rules SCRIPT
-- stdout: ^perft 2 49$
-- stderr: house rules disabled, filter hook failed: memory_in_hook.lua: not enough memory
local t = {}
hooks = {filter = function()
  while pcall(function() t[#t + 1] = {} end) do end
  return true
end}
