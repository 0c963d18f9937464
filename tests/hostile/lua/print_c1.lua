-- print with a C1 control (CSI, U+009B, which some terminals obey as ESC [) and DEL: plain on stderr
-- run: perft template 1 --rules SCRIPT
-- exit: 0
-- stdout: ^perft 1 7$
-- stderr: ^print_c1.lua: a  2J b c$
print("a\194\1552J b\127c")
