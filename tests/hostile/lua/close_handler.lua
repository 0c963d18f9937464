-- a to-be-closed variable whose __close loops runs as an ordinary call, under the budget
-- run: perft template 2 --rules SCRIPT
-- stderr: close_handler.lua:[0-9]*: instruction budget exhausted
do
  local x <close> = setmetatable({}, {__close = function() while true do end end})
end
