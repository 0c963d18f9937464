-- tune writes the weights to stdout without --out: print goes to stderr, named
-- run: tune template --script SCRIPT
-- exit: 0
-- stdout: ^return {$
-- stderr: ^tune_print.lua: INJECTED$
print("INJECTED")
return tune.weights()
