-- table.move over 2^40 slots is one C loop
-- run: perft template 1 --rules SCRIPT
-- stderr: table_move.lua:[0-9]*: instruction budget exhausted
pcall(table.move, {}, 1, 1 << 40, 2)
