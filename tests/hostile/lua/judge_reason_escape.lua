-- a judge's reason holds escape sequences (window title, clear screen, a C1 CSI): shown plain
-- run: play template --frontend line --two-players --rules SCRIPT
-- input: c3-d4
-- input: quit
-- exit: 0
-- stdout: ^game over: 1/2-1/2 (?]0;owned??\[2J?\[31mdrawn by house rule??x)$
hooks = {judge = function(pos, hist, verdict, why)
  if hist.plies >= 1 then return "draw", "\27]0;owned\7\27[2J\27[31mdrawn by house rule\194\155x" end
end}
