-- A filter hook that allows every move: perft and search must not change, only slow down
hooks = {filter = function(pos, move, moves) return true end}
