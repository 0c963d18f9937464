-- Texel tuning: fit the evaluation weights to the results of the engine's own games.
--
--   draughts tune VARIANT --script sdk/tune/texel.lua [--eval START.lua] [--out FILE]
--                 [--games N] [--depth D]
--
-- Each round plays N self-play games with the current weights at playing level 3 (whose
-- deliberate mistakes make the games decisive and varied: tune.sample), then moves one
-- weight at a time while that lowers the error with which the static evaluation
-- predicts the games' results (tune.error).  A second sample from other games checks
-- each step size: when the fit stops generalising, the search stops.  The logistic scale k is fitted
-- to material alone and then held, so that weights are measured in men and cannot
-- all grow together while k shrinks.  A match between the fitted
-- and the starting weights decides which are returned: tuning never makes it worse.
-- The library is documented in sdk/docs/tuning.md.

local games = tune.games or 400
local depth = tune.depth or 4 -- of the final match
local level = 3               -- of the sample games
-- With --label-depth D, each position's target is also what a search of D plies makes of
-- it: a game's result says who won a game of mistakes, the search what the position holds.
local label_depth = tune.label_depth
local lambda = label_depth and 1 or 0 -- the search's share of the target
local rounds = 3
local steps = {32, 16, 8, 4, 2, 1}
local max_passes = 8

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = type(v) == "table" and copy(v) or v end
  return c
end

-- The weights to fit, as {table, key} pairs: every scalar but 'man' (a man stays
-- 100, so that scores read in men), the value of a man on each row, and the value
-- of each formation ('patterns').  'runaway' is fitted only where the weights use it:
-- off (0), it stays off, since a sample of short games rates it far too high (Brazilian
-- from weakened.lua, 100 games: 108, and the fitted weights scored 58% instead of 91%).
local function parameters(w)
  local list = {}
  for _, name in ipairs({"king", "center", "king_center", "back_rank", "mobility", "king_mobility",
                         "balance", "exchange", "runaway"}) do
    if name ~= "runaway" or w.runaway ~= 0 then list[#list + 1] = {w, name} end
  end
  for row = 1, #w.advance do list[#list + 1] = {w.advance, row} end
  if w.advance_end then for row = 1, #w.advance_end do list[#list + 1] = {w.advance_end, row} end end
  for _, pattern in ipairs(w.patterns) do list[#list + 1] = {pattern, "value"} end
  return list
end

-- The k of the logistic curve that best fits weights 'w' to the results (golden section on log k).
local function fit_k(sample, w)
  local a, b = math.log(0.02), math.log(20)
  local g = (math.sqrt(5) - 1) / 2
  local function err(x) return tune.error(sample, w, math.exp(x)) end
  local c, d = b - g * (b - a), a + g * (b - a)
  local fc, fd = err(c), err(d)
  for _ = 1, 40 do
    if fc < fd then b, d, fd = d, c, fc; c = b - g * (b - a); fc = err(c)
    else a, c, fc = c, d, fd; d = a + g * (b - a); fd = err(d) end
  end
  return math.exp((a + b) / 2)
end

-- Local search: each weight up or down by 'step' while the error falls; returns the
-- weights that did best on the 'check' sample.
local function descend(sample, check, w, k)
  local function err(s) return tune.error(s, w, k, lambda) end
  local best = err(sample)
  local kept, kept_error = copy(w), err(check)
  for _, step in ipairs(steps) do
    for _ = 1, max_passes do
      local improved = false
      for _, p in ipairs(parameters(w)) do
        local t, key = p[1], p[2]
        local old = t[key]
        for _, delta in ipairs({step, -step}) do
          t[key] = math.max(-10000, math.min(10000, old + delta))
          local e = err(sample)
          if e < best then best, old, improved = e, t[key], true; break end
        end
        t[key] = old
      end
      if not improved then break end
    end
    local e = err(check)
    if e > kept_error then break end
    kept, kept_error = copy(w), e
  end
  return kept, best, kept_error
end

-- The games this script plays in all: a --games the library would stop part way is
-- refused before the first one.
local function plays(n) return rounds * (n + n // 4 + 1) + n end
if plays(games) > tune.max_games then
  local most = games
  while plays(most) > tune.max_games do most = most - 1 end
  error(string.format("--games %d would play %d games, more than the %d a script may play: give at most --games %d",
                      games, plays(games), tune.max_games, most), 0)
end

local start = tune.weights()
local w = copy(start)
print(string.format("tuning %s: %d rounds of %d games at depth %d%s", tune.variant, rounds, games, depth,
                    label_depth and string.format(", labelled by searches of %d plies", label_depth) or ""))
local material = tune.defaults()
for name in pairs(material) do
  if type(material[name]) == "number" and name ~= "man" and name ~= "king" then material[name] = 0 end
end
material.advance, material.squares = {0}, {}

for round = 1, rounds do
  local sample = tune.sample{weights = w, games = games, level = level, seed = 2 * round, score_depth = label_depth}
  local check = tune.sample{weights = w, games = games // 4 + 1, level = level, seed = 2 * round + 1,
                            score_depth = label_depth}
  local k = fit_k(sample, material)
  local before, check_before = tune.error(sample, w, k, lambda), tune.error(check, w, k, lambda)
  local fitted, after, check_after = descend(sample, check, w, k)
  w = fitted
  print(string.format("round %d: %d positions, k %.3f, error %.5f -> %.5f (other games %.5f -> %.5f)",
                      round, #sample, k, before, after, check_before, check_after))
end

local score, wins, draws, losses = tune.match(w, start, {games = games, depth = depth})
print(string.format("fitted against start: +%d =%d -%d, score %.1f%%", wins, draws, losses, 100 * score))
if score <= 0.5 then
  print("no better than the start: keeping the starting weights")
  return start
end
return w
