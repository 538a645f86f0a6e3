#!/usr/bin/env bash
# Runs deepl-node's own test suite, in its real-server mode, against the translator built in this checkout,
# and prints one line per test. The results are recorded in docs/deepl-node-suite.md.
#
#   DEEPL_NODE_SRC=/path/to/deepl-node services/translator/scripts/deepl-node-suite.sh [jest arguments...]
#
# DEEPL_NODE_SRC is a checkout of github.com/DeepLcom/deepl-node (its tests/ folder and package.json); its
# jest and ts-jest are installed there with `npm install` when it has no node_modules. The suite runs its own
# source of the client, so tests and client match. Extra arguments go to each jest run (`-t <test name>`).
#
# What it does: builds nothing (run `pnpm build` first); starts `node dist/server.js` on a free port against
# a fresh database (dropped at the end unless KEEP_DATABASE=1), with an admin key of its own; creates a
# developer key through /v2/admin/developer-keys; runs each test file in a jest of its own with DEEPL_SERVER_URL
# and DEEPL_AUTH_KEY set and DEEPL_MOCK_SERVER_PORT unset (deepl-node's tests/core.ts: real-server mode);
# stops the service. Needs curl and psql (to drop the database).
#
# Settings: PG_SERVER_URL (default: what infra/local/lib.sh finds, 127.0.0.1:5432), DEEPL_NODE_TEST_TIMEOUT_MS
# (jest's timeout for the tests that set none, default 30000: jest's 5 s is too short on a loaded machine),
# DEEPL_NODE_READY_TIMEOUT (seconds to wait for /readyz, default 300), OUT_DIR (default a new /tmp directory:
# the per-test report, results.json, jest's output, jest.log, and the service log, service.log).
# Exit status: 0 when every test that ran passed, else a failing jest's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
service_dir="$(cd "$here/.." && pwd)"
# shellcheck source=../../../infra/local/lib.sh
source "$service_dir/../../infra/local/lib.sh"

[[ -n "${DEEPL_NODE_SRC:-}" && -f "${DEEPL_NODE_SRC:-}/tests/core.ts" ]] ||
  die "DEEPL_NODE_SRC must name a deepl-node checkout (with tests/core.ts), not '${DEEPL_NODE_SRC:-}'"
DEEPL_NODE_SRC="$(cd "$DEEPL_NODE_SRC" && pwd)"
[[ -f "$service_dir/dist/server.js" ]] || die "no $service_dir/dist/server.js: run 'pnpm build' at the repository root"

ensure_node >/dev/null
ensure_postgres

if [[ ! -x "$DEEPL_NODE_SRC/node_modules/.bin/jest" ]]; then
  log "installing deepl-node's test dependencies (npm install in $DEEPL_NODE_SRC)"
  (cd "$DEEPL_NODE_SRC" && npm install --no-audit --no-fund >&2)
fi

OUT_DIR="${OUT_DIR:-$(mktemp -d /tmp/deepl-node-suite.XXXXXX)}"
mkdir -p "$OUT_DIR"
port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
database="translator_deepl_node_$(date +%s)_$$"
admin_key="deepl-node-suite-admin-$(node -e 'process.stdout.write(require("crypto").randomBytes(16).toString("hex"))')"
base="http://127.0.0.1:$port"

service_pid=""
cleanup() {
  if [[ -n "$service_pid" ]] && kill -0 "$service_pid" 2>/dev/null; then
    kill -TERM "$service_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$service_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$service_pid" 2>/dev/null || true
    wait "$service_pid" 2>/dev/null || true
  fi
  if [[ "${KEEP_DATABASE:-}" != 1 ]]; then
    psql -q "$PG_SERVER_URL" -c "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" >/dev/null 2>&1 ||
      warn "could not drop database $database"
  fi
}
trap cleanup EXIT

log "starting the translator on $base (database $database, log $OUT_DIR/service.log)"
(
  cd "$service_dir"
  exec env -u DEEPL_MOCK_SERVER_PORT PORT="$port" HOST=127.0.0.1 NODE_ENV=development \
    DATABASE_URL="$(service_database_url "$database")" TRANSLATOR_ADMIN_KEY="$admin_key" \
    node dist/server.js
) >"$OUT_DIR/service.log" 2>&1 &
service_pid=$!

deadline=$((SECONDS + ${DEEPL_NODE_READY_TIMEOUT:-300}))
until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base/readyz")" == 200 ]]; do
  kill -0 "$service_pid" 2>/dev/null || die "the translator exited before it was ready; see $OUT_DIR/service.log"
  ((SECONDS < deadline)) || die "the translator was not ready within ${DEEPL_NODE_READY_TIMEOUT:-300}s; see $OUT_DIR/service.log"
  sleep 1
done
log "ready"

key="$(curl -sf -X POST "$base/v2/admin/developer-keys" -H "Authorization: DeepL-Auth-Key $admin_key" \
  -H 'Content-Type: application/json' -d '{"label":"deepl-node suite"}' |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => process.stdout.write(JSON.parse(s).key))')"
[[ -n "$key" ]] || die "could not create a developer key"

# deepl-node's user-agent and document-parameter tests intercept requests to http://localhost:<port> with nock
# (tests/core.ts: urlToMockRegexp), so the suite must reach the service by that name; and
# translateDocument.test.ts leaves nock's disableNetConnect on, so each test file runs in a jest of its own
# (in one process, the files after it could not connect at all).
base="http://localhost:$port"
# A JSON reporter of our own: jest's --json cannot serialize the axios errors some failures carry.
cat >"$OUT_DIR/reporter.cjs" <<'EOF'
module.exports = class {
  onRunComplete(_contexts, results) {
    const files = results.testResults.map((f) => ({
      name: f.testFilePath,
      message: f.failureMessage ?? '',
      tests: f.testResults.map((t) => ({ fullName: t.fullName, status: t.status, failure: t.failureMessages.join('\n') })),
    }));
    require('fs').writeFileSync(process.env.SUITE_REPORT, JSON.stringify(files, null, 1));
  }
};
EOF
log "running deepl-node's suite ($(git -C "$DEEPL_NODE_SRC" rev-parse --short HEAD 2>/dev/null || echo 'commit unknown')), one jest per file"
status=0
mapfile -t files < <(cd "$DEEPL_NODE_SRC" && find tests -name '*.test.ts' | sort)
for i in "${!files[@]}"; do
  (
    cd "$DEEPL_NODE_SRC"
    exec env -u DEEPL_MOCK_SERVER_PORT -u DEEPL_MOCK_PROXY_SERVER_PORT -u DEEPL_PROXY_URL \
      DEEPL_SERVER_URL="$base" DEEPL_AUTH_KEY="$key" SUITE_REPORT="$OUT_DIR/report-$i.json" \
      node_modules/.bin/jest --runInBand --reporters=default --reporters="$OUT_DIR/reporter.cjs" \
      --testTimeout="${DEEPL_NODE_TEST_TIMEOUT_MS:-30000}" "${files[$i]}" "$@"
  ) >>"$OUT_DIR/jest.log" 2>&1 || status=$?
done

# One line per test: status, file, name, and the first lines of its failure; then the counts.
node - "$OUT_DIR" <<'EOF'
const fs = require('fs');
const dir = process.argv[2];
const files = fs.readdirSync(dir).filter((f) => /^report-\d+\.json$/.test(f)).flatMap((f) => JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')));
fs.writeFileSync(`${dir}/results.json`, JSON.stringify(files, null, 1));
const counts = {};
const clean = (s) => s.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
for (const file of files) {
  const name = file.name.replace(/^.*\/tests\//, '');
  if (file.tests.length === 0) console.log(`FILE-ERROR ${name}  ${clean(file.message).slice(0, 3).join(' / ')}`);
  for (const t of file.tests) {
    counts[t.status] = (counts[t.status] ?? 0) + 1;
    const why = clean(t.failure).slice(0, 2).join(' / ');
    console.log(`${t.status.padEnd(8)} ${name.padEnd(40)} ${t.fullName}${why ? `  -- ${why.slice(0, 240)}` : ''}`);
  }
}
const total = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(`\ntotal ${total}: ${Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ')}`);
EOF
log "report: $OUT_DIR/results.json, jest output: $OUT_DIR/jest.log, service log: $OUT_DIR/service.log"
exit "$status"
