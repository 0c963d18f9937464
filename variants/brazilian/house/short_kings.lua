-- House rule: kings do not fly (official rules otherwise)
-- Kings move and capture one square at a time, as men do, but in every direction.
options.flying_kings = false
