-- the hub reports a runaway rules script as a protocol error line, and goes on
-- run: hub template --allow-rule-files
-- input: set-param name=rules value=SCRIPT
-- input: init
-- input: ping
-- input: quit
-- exit: 0
-- stdout: ^error message="pcall_hub.lua:[0-9]*: instruction budget exhausted
while true do pcall(function() while true do end end) end
