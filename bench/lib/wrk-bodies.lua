-- Used by wrk-load.ts and wrk-cycle.ts. Every request gets its body either from WRK_BODY_TEMPLATE, with the
-- request's number in place of %d, or, with WRK_BODIES_FILE, from that file's lines (one body each) sent in turn
-- and over again; and the headers of WRK_HEADERS (one `name: value` per line). With one wrk thread the bodies go
-- out in order. At the end one line, `WRK_RESULT {json}`, carries what the callers read (wrk's own report is for
-- people).
local template = os.getenv("WRK_BODY_TEMPLATE")
local bodies_file = os.getenv("WRK_BODIES_FILE")
local headers = {}
for line in string.gmatch(os.getenv("WRK_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  headers[name] = value
end
local bodies = {}
if bodies_file then
  for line in io.lines(bodies_file) do
    bodies[#bodies + 1] = line
  end
end
local sent = 0

function request()
  sent = sent + 1
  local body = bodies_file and bodies[(sent - 1) % #bodies + 1] or string.format(template, sent)
  return wrk.format("POST", nil, headers, body)
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p95_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, summary.errors.status, errors, latency:percentile(50), latency:percentile(95),
    latency:percentile(99)))
end
