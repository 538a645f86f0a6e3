-- Used by wrk-cycle.ts: the bodies of WRK_BODIES_FILE (one per line), sent in turn and over again, with the
-- headers of WRK_HEADERS (one `name: value` per line). One wrk thread, so the bodies go out in file order.
-- At the end one line, `WRK_RESULT {json}`, carries what wrk-cycle.ts reads (wrk's own report is for people).
local headers = {}
for line in string.gmatch(os.getenv("WRK_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  headers[name] = value
end
local bodies = {}
for line in io.lines(os.getenv("WRK_BODIES_FILE")) do
  bodies[#bodies + 1] = line
end
local sent = 0

function request()
  sent = sent + 1
  return wrk.format("POST", nil, headers, bodies[(sent - 1) % #bodies + 1])
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p95_us":%d}\n',
    summary.requests, summary.duration, summary.errors.status, errors, latency:percentile(50), latency:percentile(95)))
end
