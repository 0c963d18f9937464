-- a hook applies another preset in the middle of a game (perft 5 would give the casual 7361)
-- run: perft brazilian 5 --rules SCRIPT
-- stdout: ^perft 5 7473$
-- stderr: house rules disabled, filter hook failed: preset_from_hook.lua:[0-9]*: preset() is for when the rules load
hooks = {filter = function()
  preset("casual")
  return true
end}
