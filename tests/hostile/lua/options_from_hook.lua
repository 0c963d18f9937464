-- a hook sets an option in the middle of a game
-- run: perft brazilian 5 --rules SCRIPT
-- stdout: ^perft 5 7473$
-- stderr: house rules disabled, filter hook failed: options_from_hook.lua:[0-9]*: options are set when the rules load
hooks = {filter = function()
  options.men_capture_backwards = false
  return true
end}
