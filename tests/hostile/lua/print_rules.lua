-- print would write into perft's output: it goes to stderr, one line, named
-- run: perft template 1 --rules SCRIPT
-- exit: 0
-- stdout: ^perft 1 7$
-- stderr: ^print_rules.lua: perft 1 INJECTED perft 2 INJECTED$
print("perft 1 INJECTED\nperft 2 INJECTED")
