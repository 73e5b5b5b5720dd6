-- wrk script for scripts/soak.sh: a mix of node requests (boxes, Texture specs,
-- text, flex) and health checks; `done` prints one SOAK line for scripts/soak.sh.
-- Bodies vary by a counter so text measurement and the caches see new keys
-- until the variety is exhausted, after which memory must stay flat.

local bodies = {}
local variety = 512

local function box_tree(i)
  return string.format('{"sizeRange":{"min":{"width":375,"height":0},"max":{"width":375,"height":null}},"root":{"type":"stack","direction":"horizontal","spacing":8,"children":[{"type":"box","id":"a","style":{"preferredSize":{"width":%d,"height":44}}},{"type":"box","id":"b","style":{"flexGrow":1,"height":60}}]}}', 20 + i % 40)
end

local function spec_tree(i)
  return string.format('{"sizeRange":{"min":{"width":0,"height":0},"max":{"width":%d,"height":null}},"pointScale":2,"root":{"type":"inset","insets":{"top":8,"left":8,"bottom":8,"right":8},"child":{"type":"overlay","child":{"type":"ratio","ratio":0.5625,"child":{"type":"image","intrinsicSize":{"width":640,"height":360}}},"overlay":{"type":"corner","location":"topRight","child":{"type":"center","centeringOptions":"xy","child":{"type":"box","style":{"width":30,"height":30}}},"corner":{"type":"box","style":{"preferredSize":{"width":12,"height":12}}}}}}}', 200 + i % 200)
end

local function text_tree(i)
  return string.format('{"sizeRange":{"min":{"width":0,"height":0},"max":{"width":%d,"height":null}},"root":{"type":"stack","direction":"vertical","spacing":4,"children":[{"type":"text","id":"title","text":"Post number %d: the quick brown fox jumps over the lazy dog","font":{"family":"Inter","size":17,"weight":700},"maxLines":2},{"type":"text","id":"body","text":"Weft lays out text with real fonts; entry %d wraps across several lines and is truncated at the tail when it runs over three lines of body copy.","font":{"family":"Noto Sans","size":15},"maxLines":3}]}}', 240 + i % 135, i, i)
end

local function flex_tree(i)
  return string.format('{"sizeRange":{"min":{"width":0,"height":0},"max":{"width":%d,"height":600}},"root":{"type":"flex","style":{"flexDirection":"row","padding":8,"gap":4},"children":[{"type":"box","style":{"width":44,"height":44}},{"type":"box","style":{"flexGrow":1,"height":20}}]}}', 100 + i % 300)
end

local makers = { box_tree, spec_tree, text_tree, flex_tree }

function init(args)
  for i = 0, variety - 1 do
    bodies[#bodies + 1] = makers[(i % #makers) + 1](i)
  end
end

local counter = 0

function request()
  counter = counter + 1
  if counter % 10 == 0 then
    return wrk.format("GET", "/healthz")
  end
  local body = bodies[(counter % variety) + 1]
  return wrk.format("POST", "/v1/layout/node", { ["Content-Type"] = "application/json" }, body)
end

-- errors.status counts answers with a status of 400 or more; a soak of valid
-- requests expects none (each wrk thread has its own Lua state, so a table
-- filled in response() would not reach done()).
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("SOAK requests=%d socket_errors=%d http_errors=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f\n",
    summary.requests, errors.connect + errors.read + errors.write + errors.timeout, errors.status,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
