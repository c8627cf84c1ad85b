-- wrk script of server/benches/uploads.sh: each request uploads a full
-- 5,000-row prediction file as one of the teams whose API tokens are in
-- the file named after `--` (one per line), shared out among the wrk
-- threads (uploads.sh runs one thread and one connection per team), each
-- upload under a new model name (so none is a repeat), each team with a
-- file of its own (no two teams' files are near-duplicates); with `vary`
-- after the team count, each upload a variant of the team's file.
-- Prints the status codes and the latency to the answer (p50, p90, p99).
--
--   wrk -t20 -c20 -d5s --timeout 10s -s server/benches/uploads.lua URL -- TOKENS_FILE 20 [vary]

local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("id", counter)
  table.insert(threads, thread)
end

-- The prediction file of team i (0-based): pseudo-random letters from a
-- seed of the team's own (Park-Miller; exact in Lua's doubles), so any two
-- teams agree on about a quarter of the questions, as unrelated models
-- would. (A rule linear in the question number made every fourth team's
-- file the same.) Returned as the letters of the first VARIED questions
-- and the rest of the file (header and first rows left out).
local VARIED = 16
local letters = { "A", "B", "C", "D" }
local function predictions(i)
  local first, rows = {}, {}
  local s = 1000 + i * 7919
  for q = 1, 5000 do
    s = (s * 16807) % 2147483647
    local letter = math.floor(s / 65536) % 4 + 1
    if q <= VARIED then
      first[q] = letter
    else
      rows[#rows + 1] = q .. "," .. letters[letter]
    end
  end
  return first, table.concat(rows, "\n") .. "\n"
end

-- The n-th variant of the file (0: the file itself): the first VARIED
-- questions' letters moved on by the bits of n, so that with `vary` each
-- upload of a team is a sheet of its own, a near-duplicate of the team's
-- others (as a team's variations of one model would be).
local function body(first, rest, n)
  local rows = { "question_id,answer" }
  for q = 1, VARIED do
    local bit = math.floor(n / 2 ^ (q - 1)) % 2
    rows[#rows + 1] = q .. "," .. letters[(first[q] + bit - 1) % 4 + 1]
  end
  return table.concat(rows, "\n") .. "\n" .. rest
end

function init(args)
  tokens, firsts, rests, bodies = {}, {}, {}, {}
  vary = args[3] == "vary"
  local all = {}
  for line in io.lines(args[1]) do
    all[#all + 1] = line
  end
  -- This thread's share of the teams.
  local threads_count = tonumber(args[2] or "2")
  for i = 1, #all do
    if (i - 1) % threads_count == id - 1 then
      tokens[#tokens + 1] = all[i]
      firsts[#firsts + 1], rests[#rests + 1] = predictions(i - 1)
      -- Built once when it does not vary.
      bodies[#bodies + 1] = body(firsts[#firsts], rests[#rests], 0)
    end
  end
  sent, statuses = 0, {}
  run = tostring(os.time())
end

function request()
  sent = sent + 1
  local team = (sent - 1) % #tokens + 1
  local path = "/api/v1/submissions?model_name=load-" .. run .. "-" .. id .. "-" .. sent
  local headers = { ["authorization"] = "Bearer " .. tokens[team], ["content-type"] = "text/csv" }
  local file = vary and body(firsts[team], rests[team], sent) or bodies[team]
  return wrk.format("POST", path, headers, file)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local codes = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      codes[status] = (codes[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(codes) do
    parts[#parts + 1] = status .. ": " .. n
  end
  table.sort(parts)
  local ms = function(p) return latency:percentile(p) / 1000 end
  io.write(string.format("uploads: %d in %.1f s (%.0f/s), statuses {%s}, socket errors %d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    table.concat(parts, ", "), summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.timeout))
  io.write(string.format("latency to the answer: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    ms(50), ms(90), ms(99), latency.max / 1000))
end
