-- print from a hook would inject a line into the hub protocol, which 'draughts hub' speaks on stdout
-- run: hub template --allow-rule-files
-- input: set-param name=rules value=SCRIPT
-- input: init
-- input: pos pos=W:Wc3:Bd4
-- input: quit
-- exit: 0
-- stdout: ^ready$
-- stderr: ^print_hub.lua: done move=INJECTED$
local said = false
hooks = {filter = function()
  if not said then print("done move=INJECTED") end
  said = true
  return true
end}
