#!/usr/bin/env bash
# `npm test`: install, bring up PostgreSQL and Redis, then run every package's tests through turbo
# (turbo's test task depends on build). Extra arguments go to turbo, e.g.
#   npm test -- --filter=@workspace/config-store
# Tests get TEST_DATABASE_SERVER_URL (a server-level URL; each test file creates its own database) and
# REDIS_URL. The exit code is the tests' exit code.
# Lint (Biome) and the dependency rules (.dependency-cruiser.cjs) run first: `pnpm lint`.
# Settings: those of lib.sh, and LOCAL_SKIP_INSTALL=1 to skip `pnpm install`.
set -euo pipefail
# shellcheck source=infra/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$LOCAL_REPO_ROOT"

# Stops the embedded PostgreSQL if this run started it (one started by a running `npm start` is left alone).
trap 'stop_local_postgres' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ensure_node
[[ "${LOCAL_SKIP_INSTALL:-}" == 1 ]] || {
  ensure_pnpm
  ensure_node_modules
}
log "running: pnpm lint"
pnpm lint || { log "lint FAILED: fix what it names (pnpm format rewrites the formatting), then run npm test again"; exit 1; }
# The translator's engine tests run the real Apertium pipelines (Debian packages).
apt_install_missing "${TEST_APT_PACKAGES[@]}"
ensure_speech_tools
ensure_postgres
ensure_redis

export TEST_DATABASE_SERVER_URL="$PG_SERVER_URL" REDIS_URL TURBO_TELEMETRY_DISABLED=1
# One failing package should not hide the results of the others (pass --continue=never to stop early).
args=("$@")
[[ " ${args[*]} " == *" --continue"* ]] || args=(--continue=dependencies-successful "${args[@]}")
log "running: turbo run test ${args[*]}"
status=0
pnpm exec turbo run test "${args[@]}" || status=$?
if ((status == 0)); then log "tests passed"; else log "tests FAILED (exit $status)"; fi
exit "$status"
