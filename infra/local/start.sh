#!/usr/bin/env bash
# `npm start`: install, build, bring up PostgreSQL and Redis, then run every service in the foreground.
# Ctrl-C (or SIGTERM) stops the services, and the embedded PostgreSQL if this script started it.
# If one service exits, the others are stopped and the script exits non-zero.
#
# Settings (besides those of lib.sh):
#   NODE_ENV               passed to the services (default development)
#   LOCAL_SKIP_INSTALL=1   skip `pnpm install`        LOCAL_SKIP_BUILD=1   skip `pnpm run build`
#   LOCAL_READY_TIMEOUT    seconds to wait for every /healthz (default 120)
#   LOCAL_STOP_TIMEOUT     seconds a service gets to stop before it is killed (default 20)
#   LOCAL_HOST             the address every service listens on (default 127.0.0.1: the demo credentials
#                          below stay on this machine; 0.0.0.0 to reach the services from elsewhere)
#   <SERVICE>_PORT         a service's port: CONFIG_STORE_PORT (8080), TRANSLATOR_PORT (8090),
#                          WEBHOOK_RELAY_PORT (8100) and WEBHOOK_RELAY_INGEST_PORT (8101)
#   <SERVICE>_DATABASE     a service's database name: CONFIG_STORE_DATABASE (config_store),
#                          TRANSLATOR_DATABASE (translator), WEBHOOK_RELAY_DATABASE (webhook_relay)
# shellcheck disable=SC2317 # stop_all and on_signal are called from traps
set -euo pipefail
# shellcheck source=infra/local/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$LOCAL_REPO_ROOT"

# Default ports, as the services define them; another service can declare `"config": {"port": N}`
# in its package.json to be health-checked too.
declare -A DEFAULT_PORTS=([config-store]=8080 [translator]=8090 [webhook-relay]=8100)

SERVICE_NAMES=() SERVICE_PIDS=() SERVICE_PORTS=()
STOPPING=0

# Each service runs in its own session (setsid), whose id is the pid we keep. pnpm runs the start script
# as `sh -c <script>` in a process group of its own inside that session. We signal the processes under that
# shell (node), not pnpm or the shell: pnpm would forward SIGTERM a second time, and a shell killed by it
# makes pnpm report a failure while the service is still finishing its work. Nor the service's own child
# processes: stopping them is the service's job.
session_members() { # SID: prints "pid pgid ppid" for each live process in that session, from /proc (no procps)
  local f stat state ppid pgrp sess
  for f in /proc/[0-9]*/stat; do
    { read -r stat <"$f"; } 2>/dev/null || continue
    read -r state ppid pgrp sess _ <<<"${stat##*) }"
    # Zombies have finished; their reaping is up to their parent (or init), not us.
    [[ "$sess" == "$1" && "$state" != Z ]] && printf '%s %s %s\n' "${f//[^0-9]/}" "$pgrp" "$ppid"
  done
  return 0
}

signal_service() { # SID SIGNAL
  local sid="$1" sig="$2" targets pid
  # In each process group other than pnpm's: the children of its leader (the shell), or the leader if it
  # has none.
  targets="$(session_members "$sid" | awk -v sid="$sid" '
    $2 == sid { next }
    $1 == $2 { leaders[$1] = 1; next }
    { parent[$1] = $3 }
    END {
      for (p in parent) if (parent[p] in leaders) { print p; has[parent[p]] = 1 }
      for (l in leaders) if (!(l in has)) print l
    }')"
  [[ -n "$targets" ]] || targets="$sid"
  for pid in $targets; do kill -"$sig" "$pid" 2>/dev/null || true; done
}

services_alive() { # prints the session ids among SERVICE_PIDS that still have processes
  local sid
  for sid in "${SERVICE_PIDS[@]}"; do [[ -z "$(session_members "$sid")" ]] || echo "$sid"; done
}

stop_all() {
  local i sid pid deadline left
  ((STOPPING)) && return 0
  STOPPING=1
  trap '' PIPE # keep going if whoever reads our output has gone
  for sid in "${SERVICE_PIDS[@]}"; do signal_service "$sid" TERM; done
  deadline=$((SECONDS + ${LOCAL_STOP_TIMEOUT:-20}))
  while left="$(services_alive)" && [[ -n "$left" ]] && ((SECONDS < deadline)); do sleep 0.2; done
  if [[ -n "$left" ]]; then
    for i in "${!SERVICE_PIDS[@]}"; do
      sid="${SERVICE_PIDS[$i]}"
      grep -qx "$sid" <<<"$left" || continue
      warn "${SERVICE_NAMES[$i]} did not stop within ${LOCAL_STOP_TIMEOUT:-20}s; killing it"
      # Everything but pnpm first, so that pnpm reports and exits by itself; then whatever is left.
      for pid in $(session_members "$sid" | awk -v sid="$sid" '$1 != sid { print $1 }'); do kill -KILL "$pid" 2>/dev/null || true; done
    done
    deadline=$((SECONDS + 3))
    while left="$(services_alive)" && [[ -n "$left" ]] && ((SECONDS < deadline)); do sleep 0.2; done
    for sid in $left; do
      for pid in $(session_members "$sid" | awk '{ print $1 }'); do kill -KILL "$pid" 2>/dev/null || true; done
    done
  fi
  if ((${#SERVICE_PIDS[@]})); then
    wait "${SERVICE_PIDS[@]}" 2>/dev/null || true
    log "services stopped"
  fi
  # Only now, so that services can finish their work against the database.
  stop_local_postgres
}

on_signal() {
  trap '' INT TERM
  log "$1: stopping"
  stop_all
  exit 0
}
trap 'stop_all' EXIT
trap 'on_signal SIGINT' INT
trap 'on_signal SIGTERM' TERM

ensure_node
[[ "${LOCAL_SKIP_INSTALL:-}" == 1 ]] || {
  ensure_pnpm
  ensure_node_modules
}
[[ "${LOCAL_SKIP_BUILD:-}" == 1 ]] || ensure_build
ensure_postgres
ensure_redis
# The translator's default engine: Apertium and its language pairs (Debian packages).
apt_install_missing "${APERTIUM_APT_PACKAGES[@]}"
# Its offline speech recognizer (voice sessions and jobs); never fatal.
ensure_speech_tools

# --- which services ---------------------------------------------------------------------------------
# A service's settings in this script's environment: its name in capitals, `-` as `_` (CONFIG_STORE_PORT).
setting_prefix() { local upper="${1^^}"; printf '%s' "${upper//-/_}"; }
# A setting's value, or nothing when it is unset; a port must be a number.
setting() { local name="$1"; printf '%s' "${!name:-}"; }

service_port() { # DIR NAME: the port it listens on and is health-checked at, or nothing
  local port override
  override="$(setting "$(setting_prefix "$2")_PORT")"
  if [[ -n "$override" ]]; then
    [[ "$override" =~ ^[0-9]+$ ]] || die "$(setting_prefix "$2")_PORT must be a port number, not '$override'"
    printf '%s' "$override"
    return
  fi
  port="$(node -e 'const p = require(process.argv[1]); console.log(p.config?.port ?? "")' "$1/package.json")"
  printf '%s' "${port:-${DEFAULT_PORTS[$2]:-}}"
}

for dir in services/*/; do
  dir="${dir%/}" name="${dir##*/}"
  [[ -f "$dir/package.json" ]] || continue
  if ! node -e 'process.exit(require(process.argv[1]).scripts?.start ? 0 : 1)' "$PWD/$dir/package.json"; then
    log "$name: no start script; skipped"
    continue
  fi
  if [[ ! -f "$dir/dist/server.js" ]]; then
    warn "$name: no dist/server.js (not built?); skipped"
    continue
  fi
  SERVICE_NAMES+=("$name")
  SERVICE_PORTS+=("$(service_port "$PWD/$dir" "$name")")
done
((${#SERVICE_NAMES[@]})) || die "no service to start: none under services/ has a start script and a dist/server.js"

for i in "${!SERVICE_NAMES[@]}"; do
  port="${SERVICE_PORTS[$i]}"
  if [[ -n "$port" ]] && tcp_open 127.0.0.1 "$port"; then
    die "${SERVICE_NAMES[$i]}: port $port is already in use (is another 'npm start' running? set $(setting_prefix "${SERVICE_NAMES[$i]}")_PORT to move it)"
  fi
done
relay_ingest_port="${WEBHOOK_RELAY_INGEST_PORT:-8101}"
[[ "$relay_ingest_port" =~ ^[0-9]+$ ]] || die "WEBHOOK_RELAY_INGEST_PORT must be a port number, not '$relay_ingest_port'"
if [[ " ${SERVICE_NAMES[*]} " == *" webhook-relay "* ]] && tcp_open 127.0.0.1 "$relay_ingest_port"; then
  die "webhook-relay: ingest port $relay_ingest_port is already in use (set WEBHOOK_RELAY_INGEST_PORT to move it)"
fi
if [[ -n "${PORT:-}" ]]; then
  warn "PORT=$PORT is set but applies to every service; not passing it on (set CONFIG_STORE_PORT, TRANSLATOR_PORT, WEBHOOK_RELAY_PORT instead)"
fi
LOCAL_HOST="${LOCAL_HOST:-127.0.0.1}"
# Where this script reaches the services for their health checks and prints their addresses.
case "$LOCAL_HOST" in 0.0.0.0 | :: | '[::]') local_reach=127.0.0.1 ;; *) local_reach="$LOCAL_HOST" ;; esac

# --- start them ---------------------------------------------------------------------------------------
width=0
for name in "${SERVICE_NAMES[@]}"; do ((${#name} > width)) && width=${#name}; done

# Prefixes each line with the service name. It ignores Ctrl-C so that it keeps printing while the
# service shuts down, and ends when the service closes its output.
prefix_output() {
  trap '' INT TERM
  exec awk -v prefix="$(printf "%-${width}s | " "$1")" '{ print prefix $0; fflush() }'
}

# A known first config-store user, so the README's curl example works on a fresh machine.
export CONFIG_STORE_USERNAME="${CONFIG_STORE_USERNAME:-admin}" CONFIG_STORE_PASSWORD="${CONFIG_STORE_PASSWORD:-admin-local}"
# A known translator admin key, so the README's curl and deepl-node examples work on a fresh machine.
export TRANSLATOR_ADMIN_KEY="${TRANSLATOR_ADMIN_KEY:-local-admin-key-change-me}"
# webhook-relay: a master key made once per user of this machine and kept out of the database (mode 0600),
# and a known first API key, so the README's curl examples work on a fresh machine. Per user, not per
# checkout: a second clone starting against the same PostgreSQL must open the data keys the first one
# wrapped (the service refuses to start otherwise). A checkout that already has .local/relay-master-key keeps it.
if [[ -z "${RELAY_MASTER_KEY:-}" ]]; then
  master_key_file="$LOCAL_STATE_DIR/relay-master-key"
  [[ -s "$master_key_file" ]] || master_key_file="${RELAY_MASTER_KEY_FILE:-${XDG_STATE_HOME:-$HOME/.local/state}/services-monorepo/relay-master-key}"
  if [[ ! -s "$master_key_file" ]]; then
    mkdir -p "$(dirname "$master_key_file")"
    (umask 077 && node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64"))' >"$master_key_file")
    log "webhook-relay: generated a master key in $master_key_file (set RELAY_MASTER_KEY to use your own)"
  fi
  RELAY_MASTER_KEY="$(<"$master_key_file")"
fi
export RELAY_MASTER_KEY RELAY_BOOTSTRAP_API_KEY="${RELAY_BOOTSTRAP_API_KEY:-whk_local_bootstrap_key_change_me}"
# The quick start runs the delivery workers inside the API process (production runs `worker` on its own).
export RELAY_WORKERS_IN_PROCESS="${RELAY_WORKERS_IN_PROCESS:-true}"
# ... and may deliver to a receiver on this machine (the SSRF guard refuses loopback otherwise).
export RELAY_EGRESS_ALLOW="${RELAY_EGRESS_ALLOW:-127.0.0.1/32,::1/128}"

for i in "${!SERVICE_NAMES[@]}"; do
  name="${SERVICE_NAMES[$i]}"
  database="$(setting "$(setting_prefix "$name")_DATABASE")"
  database="${database:-${name//-/_}}"
  [[ "$database" =~ ^[A-Za-z_][A-Za-z0-9_]{0,62}$ ]] || die "$(setting_prefix "$name")_DATABASE must be a PostgreSQL name (letters, digits, _), not '$database'"
  db_url="$(service_database_url "$database")"
  port_env=(-u PORT)
  [[ -n "${SERVICE_PORTS[$i]}" ]] && port_env=(PORT="${SERVICE_PORTS[$i]}")
  [[ "$name" == webhook-relay ]] && port_env+=(INGEST_PORT="$relay_ingest_port")
  log "starting $name (database $database${SERVICE_PORTS[$i]:+, $LOCAL_HOST port ${SERVICE_PORTS[$i]}})"
  # setsid: its own process group, so Ctrl-C reaches only our trap and we stop services in order.
  DATABASE_URL="$db_url" REDIS_URL="$REDIS_URL" NODE_ENV="${NODE_ENV:-development}" HOST="$LOCAL_HOST" \
    setsid env "${port_env[@]}" pnpm --filter "./services/$name" start </dev/null > >(prefix_output "$name") 2>&1 &
  SERVICE_PIDS+=("$!")
done
# Watched too: if the embedded PostgreSQL this script started dies, everything stops.
WATCH_NAMES=("${SERVICE_NAMES[@]}") WATCH_PIDS=("${SERVICE_PIDS[@]}")
if [[ -n "$LOCAL_PG_STARTED_PID" ]]; then
  WATCH_NAMES+=("postgres (embedded)") WATCH_PIDS+=("$LOCAL_PG_STARTED_PID")
fi

# --- wait for /healthz --------------------------------------------------------------------------------
http_ok() {
  if command -v curl >/dev/null; then
    [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1" 2>/dev/null)" == 200 ]]
  else
    node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) })
               .then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"
  fi
}

declare -A READY=()
deadline=$((SECONDS + ${LOCAL_READY_TIMEOUT:-120}))
while :; do
  pending=0 dead=0
  for pid in "${WATCH_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || dead=1; done
  for i in "${!SERVICE_NAMES[@]}"; do
    port="${SERVICE_PORTS[$i]}"
    [[ -z "$port" || -n "${READY[$i]:-}" ]] && continue
    if http_ok "http://$local_reach:$port/healthz"; then READY[$i]=1; else pending=1; fi
  done
  ((dead || !pending || SECONDS >= deadline)) && break
  sleep 0.5
done

if ((!dead)); then
  {
    echo
    echo "  ready:"
    for i in "${!SERVICE_NAMES[@]}"; do
      name="${SERVICE_NAMES[$i]}" port="${SERVICE_PORTS[$i]}"
      if [[ -z "$port" ]]; then
        printf '    %-*s  running (no known port; not health-checked)\n' "$width" "$name"
      elif [[ -n "${READY[$i]:-}" ]]; then
        printf '    %-*s  http://%s:%s\n' "$width" "$name" "$local_reach" "$port"
      else
        printf '    %-*s  http://%s:%s  NOT READY: no 200 from /healthz within %ss (see its output above)\n' "$width" "$name" "$local_reach" "$port" "${LOCAL_READY_TIMEOUT:-120}"
      fi
    done
    echo "  PostgreSQL $(redact_url "$PG_SERVER_URL"), Redis $(redact_url "$REDIS_URL")"
    echo "  Ctrl-C stops everything."
    echo
  } >&2
fi

# --- run until a service exits or we are told to stop ------------------------------------------------
status=0 exited=""
wait -n -p exited "${WATCH_PIDS[@]}" || status=$?
for i in "${!WATCH_PIDS[@]}"; do
  if [[ "${WATCH_PIDS[$i]}" == "$exited" ]]; then
    if [[ "$exited" == "$LOCAL_PG_STARTED_PID" ]]; then LOCAL_PG_STARTED_PID=""; fi
    log "ERROR: ${WATCH_NAMES[$i]} exited (status $status); stopping the others"
    break
  fi
done
exit $((status == 0 ? 1 : status))
