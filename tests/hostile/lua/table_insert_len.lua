-- table.insert shifts #t elements: a __len of 2^60 would make that loop endless
-- run: perft template 1 --rules SCRIPT
-- stderr: table_insert_len.lua:[0-9]*: table.insert: not on a table with a __len metamethod
local t = setmetatable({}, {__len = function() return 1 << 60 end})
table.insert(t, 1, "x")
