-- Used by wrk-load.ts: every request gets its own body, WRK_BODY_TEMPLATE with the request's number in
-- place of %d, and the headers of WRK_HEADERS (one `name: value` per line). At the end one line,
-- `WRK_RESULT {json}`, carries what wrk-load.ts reads (wrk's own report is for people).
local template = os.getenv("WRK_BODY_TEMPLATE")
local headers = {}
for line in string.gmatch(os.getenv("WRK_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  headers[name] = value
end
local sent = 0

function request()
  sent = sent + 1
  return wrk.format("POST", nil, headers, string.format(template, sent))
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, summary.errors.status, errors, latency:percentile(50), latency:percentile(99)))
end
