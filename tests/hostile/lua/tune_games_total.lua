-- tune.match asks for games the script may not play in all (each call is within its own limit)
-- run: tune template --script SCRIPT
-- stderr: tune_games_total.lua:[0-9]*: tune.match: a script may play 100000 games in all (2 played, 100000 asked)
tune.match({}, {}, {games = 2, depth = 1})
tune.match({}, {}, {games = 100000, depth = 1})
return {}
