-- wrk script for BENCHMARKS.md: cycles 8 queries over /api/search.
local queries = {"splice+onto+arcane", "mana+burn", "%22first+strike%22", "deathtouch+damage", "trample+lethal+damage", "commander+color+identity", "legend+rule", "timestamp+order"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", "/api/search?q=" .. queries[(i % #queries) + 1])
end
