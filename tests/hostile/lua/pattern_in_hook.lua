-- the same, from a filter hook and through gmatch
-- run: perft template 2 --rules SCRIPT
-- stdout: ^perft 2 49$
-- stderr: house rules disabled, filter hook failed: pattern_in_hook.lua:[0-9]*: string.gmatch: pattern too costly
hooks = {filter = function(pos, move)
  for _ in string.rep(move.text, 20):gmatch("(.-)(.-)(.-)(.-)x") do end
  return true
end}
