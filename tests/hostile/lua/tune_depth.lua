-- games searched to a depth that would take years
-- run: tune template --script SCRIPT
-- stderr: tune_depth.lua:[0-9]*: option 'depth' takes an integer from 1 to 20
tune.match({}, {}, {games = 2, depth = 40})
return {}
