# shellcheck shell=bash
# Helpers for start.sh, test.sh and .ci/run: bring up Node.js 24, pnpm, dependencies, PostgreSQL and Redis
# with working defaults on any Debian 12 machine with Node.js (20 or later) + npm. Source it; every function is safe under
# `set -euo pipefail`. Nothing here prints a password.
#
# Settings read from the environment (all optional):
#   DATABASE_URL            use this PostgreSQL server (its database part is replaced per use)
#   PG_SERVER_URL           use exactly this server-level URL (wins over DATABASE_URL)
#   LOCAL_PG_FORCE_EMBEDDED=1  skip the 127.0.0.1:5432 probe and use the embedded server
#   EMBEDDED_PG_PORT        embedded server port (default 5433)
#   EMBEDDED_PG_DATA_DIR    embedded cluster directory (default <repo>/.local/postgres)
#   EMBEDDED_PG_START_TIMEOUT  seconds to wait for it (default 90)
#   REDIS_URL               use this Redis
#   LOCAL_REDIS_PORT        port probed / started on 127.0.0.1 (default 6379)
#   LOCAL_STATE_DIR         where logs, pid files and local data go (default <repo>/.local)
#   LOCAL_NODE_VERSION      the Node.js fetched from the npm registry when the machine's is older (default 24.11.1)

LOCAL_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LOCAL_INFRA_DIR="$LOCAL_REPO_ROOT/infra/local"
LOCAL_STATE_DIR="${LOCAL_STATE_DIR:-$LOCAL_REPO_ROOT/.local}"
# pid of the embedded PostgreSQL wrapper if *this* shell started it (stop_local_postgres stops only that one)
LOCAL_PG_STARTED_PID=""
# The translator's Apertium engine and the language pairs it serves out of the box: every Debian pair
# whose two languages have DeepL codes and that the pivot through Spanish makes useful (the `*-en-es`
# style names are transitional aliases of these). Both `npm start` and `npm test` install them.
# The second group adds the DeepL languages RU, UK, BE, NB, IS, HR, SR, BS, SL, EO, OC, AN, BR, HI and UR (and
# MK -> EN), reached from the others through a pivot (services/translator/docs/engines.md). Debian's Russian
# tagger models (apertium-rus-ukr, apertium-bel-rus) crash apertium-tagger; the engine runs those modes without it.
# Left out: apertium-eo-es (es-eo.mode names a file the package lacks), and pairs that add no DeepL language
# (apertium-nno-nob, apertium-hbs-mkd, apertium-oci-fra: 80 MB).
# libtcmalloc-minimal4: the malloc the chains' processes run with (APERTIUM_STAGE_ALLOCATOR), a fifth faster.
APERTIUM_APT_PACKAGES=(
  libtcmalloc-minimal4 apertium apertium-eng-spa apertium-eng-cat apertium-es-pt apertium-fr-es apertium-spa-cat apertium-spa-ita
  apertium-es-ro apertium-es-gl apertium-eu-es apertium-swe-dan apertium-afr-nld apertium-ind-zlm
  apertium-mkd-bul
  apertium-rus-ukr apertium-bel-rus apertium-dan-nor apertium-swe-nor apertium-isl-eng apertium-isl-swe apertium-mkd-eng
  apertium-hbs-eng apertium-hbs-slv apertium-eo-en apertium-oc-es apertium-spa-arg apertium-br-fr apertium-urd-hin
)
# The translator's PDF and image translation (services/translator/docs/documents.md): poppler reads a PDF's text, Tesseract
# reads an image's (with English and Spanish data here; tesseract-ocr-<lang> adds a language), chromium writes the result.
# About 10 s to install on top of chromium; without them those uploads answer 400 naming the package.
DOCUMENT_APT_PACKAGES=(poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa)
# Debian packages the tests need: python3 and golang-go run the relay's Python and Go client libraries' suites; chromium runs
# the dashboard's browser tests (playwright-core drives it) and renders the translator's translated PDFs and images.
# The translator's voice tests: flite speaks the test audio, sox joins it, ffmpeg decodes sources and writes translated
# speech, espeak-ng speaks translated speech (services/translator/docs/voice.md).
VOICE_TEST_APT_PACKAGES=(espeak-ng flite ffmpeg sox)
TEST_APT_PACKAGES=("${APERTIUM_APT_PACKAGES[@]}" "${DOCUMENT_APT_PACKAGES[@]}" "${VOICE_TEST_APT_PACKAGES[@]}" python3 golang-go chromium)

# Log lines never fail: at exit the reader of stderr (a pipe to tee, a terminal closed) may be gone already.
log() { printf '[local] %s\n' "$*" >&2 || true; }
warn() { printf '[local] WARNING: %s\n' "$*" >&2 || true; }
die() {
  printf '[local] ERROR: %s\n' "$*" >&2
  exit 1
}

is_root() { [[ "$(id -u)" == 0 ]]; }

# --- URLs -------------------------------------------------------------------------------------------

# url_with_db URL DB: URL with its database replaced (query parameters such as ?host= are kept).
url_with_db() { node "$LOCAL_INFRA_DIR/pg-tool.mjs" with-db "$1" "$2"; }
# redact_url URL: URL with any password masked, for log lines.
redact_url() { node "$LOCAL_INFRA_DIR/pg-tool.mjs" redact "$1"; }
# pg_check URL [timeout]: 0 = SELECT 1 works, 2 = nothing answers, 3 = a server answered but refused.
# Needs infra/local's node_modules (ensure_node_modules).
pg_check() { node "$LOCAL_INFRA_DIR/pg-tool.mjs" check "$1" "${2:-3}"; }

# service_database_url NAME: the server URL with the database NAME (services create it if missing).
service_database_url() {
  [[ -n "${PG_SERVER_URL:-}" ]] || die "service_database_url: call ensure_postgres first"
  url_with_db "$PG_SERVER_URL" "$1"
}

# --- apt --------------------------------------------------------------------------------------------

# apt_cmd: prints the prefix to run apt-get as root ("" as root, "sudo -n" in CI with passwordless sudo);
# fails when neither is possible.
apt_cmd() {
  if is_root; then
    printf ''
  elif [[ "${CI:-}" == true ]] && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    printf 'sudo -n'
  else
    return 1
  fi
}

apt_is_installed() { [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]; }

# apt_install_missing PKG...: installs the packages that are not installed yet; `apt-get update` runs at
# most once (LOCAL_APT_UPDATED=1 is exported so child scripts skip it too).
apt_install_missing() {
  local missing=() pkg prefix
  for pkg in "$@"; do
    apt_is_installed "$pkg" || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  command -v apt-get >/dev/null || die "missing packages (${missing[*]}) and no apt-get to install them"
  if ! prefix="$(apt_cmd)"; then
    die "missing Debian packages: ${missing[*]}. Install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  fi
  if [[ "${LOCAL_APT_UPDATED:-}" != 1 ]]; then
    log "apt-get update"
    # shellcheck disable=SC2086 # prefix is empty or "sudo -n"
    $prefix env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    export LOCAL_APT_UPDATED=1
  fi
  log "apt-get install -y ${missing[*]}"
  # shellcheck disable=SC2086
  $prefix env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# --- offline speech recognition (the translator's voice area) ---------------------------------------

# The translator's speech recognizer: the pocketsphinx wheel (5.x, with its US English model; --no-deps: its one dependency, sounddevice, is for microphones) in a virtualenv under
# .local/ (Debian's pocketsphinx 0.8 recognizes far worse), ffmpeg for compressed audio, espeak-ng for spoken
# terms' pronunciations. services/translator/docs/voice.md.
SPEECH_APT_PACKAGES=(python3 python3-venv ffmpeg espeak-ng)
LOCAL_POCKETSPHINX_VERSION="${LOCAL_POCKETSPHINX_VERSION:-5.1.1}"

# ensure_speech_tools: installs the packages and the wheel when missing and exports TRANSLATOR_SPEECH_PYTHON, the
# virtualenv's python. Never fatal: without them the translator starts and its voice routes say what is missing.
ensure_speech_tools() {
  local venv="$LOCAL_STATE_DIR/speech-venv"
  ( apt_install_missing "${SPEECH_APT_PACKAGES[@]}" ) || warn "speech tools: Debian packages missing (${SPEECH_APT_PACKAGES[*]}); voice sessions will answer 503"
  if ! "$venv/bin/python3" -c "import pocketsphinx" 2>/dev/null; then
    log "installing pocketsphinx $LOCAL_POCKETSPHINX_VERSION into $venv"
    if ! { python3 -m venv "$venv" >&2 && "$venv/bin/pip" install -q --no-deps "pocketsphinx==$LOCAL_POCKETSPHINX_VERSION" >&2; }; then
      warn "speech tools: could not install pocketsphinx; voice sessions will answer 503"
      return 0
    fi
  fi
  export TRANSLATOR_SPEECH_PYTHON="$venv/bin/python3"
}

# --- Node.js ----------------------------------------------------------------------------------------

# The Node.js the project runs on: the current LTS (Node 20 reached its end of life on 2026-04-30). The same
# version as the Dockerfiles and the GitHub workflow.
LOCAL_NODE_VERSION="${LOCAL_NODE_VERSION:-24.11.1}"

# ensure_node: leaves a machine whose own node is at least LOCAL_NODE_VERSION's major alone. On an older one,
# fetches the runtime the way everything else is fetched here, from the npm registry (the node-linux-<arch>
# package carries the node binary), into .local/node/<version>, and puts it first on PATH for this shell and
# everything it starts.
ensure_node() {
  local want current arch dir
  want="${LOCAL_NODE_VERSION%%.*}"
  current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  ((current >= want)) && return 0
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "Node.js $want or later is needed and this machine's is ${current:-missing}; no npm package carries it for $(uname -m): install it yourself" ;;
  esac
  dir="$LOCAL_STATE_DIR/node/$LOCAL_NODE_VERSION/node_modules/node-linux-$arch/bin"
  if [[ ! -x "$dir/node" ]]; then
    log "Node.js $(node --version 2>/dev/null || echo none) is older than $want: npm install node-linux-$arch@$LOCAL_NODE_VERSION into .local/node"
    npm install --prefix "$LOCAL_STATE_DIR/node/$LOCAL_NODE_VERSION" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
      "node-linux-$arch@$LOCAL_NODE_VERSION" >&2 || die "could not install node-linux-$arch@$LOCAL_NODE_VERSION from the npm registry"
  fi
  export PATH="$dir:$PATH"
  hash -r
  log "using Node.js $(node --version) from .local/node"
}

# --- pnpm and the workspace -------------------------------------------------------------------------

pnpm_pin() {
  node -e 'const pm = require(process.argv[1]).packageManager || ""; const m = /^pnpm@([^+]+)/.exec(pm);
           if (!m) { console.error("root package.json has no pnpm packageManager pin"); process.exit(1) }
           console.log(m[1])' "$LOCAL_REPO_ROOT/package.json"
}

ensure_pnpm() {
  local pin current
  pin="$(pnpm_pin)"
  current="$(pnpm --version 2>/dev/null || true)"
  if [[ "$current" == "$pin" ]]; then
    return 0
  fi
  log "installing pnpm@$pin (found: ${current:-none}): npm i -g pnpm@$pin"
  npm i -g "pnpm@$pin" >&2 || die "could not install pnpm@$pin; run:  npm i -g pnpm@$pin  (as root or with a user-writable npm prefix)"
  hash -r
  current="$(pnpm --version 2>/dev/null || true)"
  [[ "$current" == "$pin" ]] || die "pnpm on PATH is '${current:-none}' ($(command -v pnpm || echo 'not found')) but the repo pins $pin; put npm's global bin ($(npm prefix -g)/bin) first on PATH"
}

ensure_node_modules() {
  log "pnpm install --frozen-lockfile"
  (cd "$LOCAL_REPO_ROOT" && pnpm install --frozen-lockfile --config.confirmModulesPurge=false >&2) ||
    die "pnpm install failed (if package.json changed, run 'pnpm install' to update pnpm-lock.yaml)"
}

ensure_build() {
  log "pnpm run build"
  (cd "$LOCAL_REPO_ROOT" && TURBO_TELEMETRY_DISABLED=1 pnpm run build >&2) || die "the build failed (see above)"
}

# --- PostgreSQL -------------------------------------------------------------------------------------

# pg_answers_on HOST PORT: something PostgreSQL-like accepts connections there (no credentials checked).
pg_answers_on() {
  if command -v pg_isready >/dev/null; then
    pg_isready -q -h "$1" -p "$2" -t 3
  else
    tcp_open "$1" "$2"
  fi
}

# shellcheck disable=SC2016 # expanded by the inner bash
tcp_open() { timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null; }

# ensure_postgres: exports PG_SERVER_URL, a server-level URL (database `postgres`), and LOCAL_PG_SOURCE
# (env | local | embedded). Order: PG_SERVER_URL, DATABASE_URL, 127.0.0.1:5432, the embedded server.
ensure_postgres() {
  local url status=0
  if [[ -n "${PG_SERVER_URL:-}" ]]; then
    url="$PG_SERVER_URL"
    LOCAL_PG_SOURCE="env"
  elif [[ -n "${DATABASE_URL:-}" ]]; then
    url="$(url_with_db "$DATABASE_URL" postgres)"
    LOCAL_PG_SOURCE="env"
  fi
  if [[ -n "${url:-}" ]]; then
    pg_check "$url" 5 || die "the PostgreSQL server given by PG_SERVER_URL/DATABASE_URL ($(redact_url "$url")) is not usable (see above)"
    export PG_SERVER_URL="$url" LOCAL_PG_SOURCE
    log "PostgreSQL: $(redact_url "$PG_SERVER_URL") (from the environment)"
    return 0
  fi

  url="postgresql://postgres@127.0.0.1:5432/postgres"
  if [[ "${LOCAL_PG_FORCE_EMBEDDED:-}" == 1 ]]; then
    log "LOCAL_PG_FORCE_EMBEDDED=1: not probing 127.0.0.1:5432"
  elif pg_answers_on 127.0.0.1 5432; then
    pg_check "$url" 5 || status=$?
    if ((status == 0)); then
      export PG_SERVER_URL="$url" LOCAL_PG_SOURCE=local
      log "PostgreSQL: $PG_SERVER_URL (the server already running on this machine)"
      return 0
    fi
    warn "a server answers on 127.0.0.1:5432 but refuses user postgres without a password; using the embedded server instead (set DATABASE_URL to use yours)"
  fi
  start_embedded_postgres
}

start_embedded_postgres() {
  local port="${EMBEDDED_PG_PORT:-5433}"
  local data_dir="${EMBEDDED_PG_DATA_DIR:-$LOCAL_STATE_DIR/postgres}"
  local pid_file="$LOCAL_STATE_DIR/postgres.pid" log_file="$LOCAL_STATE_DIR/postgres.log"
  local timeout="${EMBEDDED_PG_START_TIMEOUT:-90}"
  local url="postgresql://postgres@127.0.0.1:$port/postgres" pid="" deadline

  mkdir -p "$LOCAL_STATE_DIR"
  if [[ -s "$pid_file" ]]; then
    pid="$(<"$pid_file")"
    if kill -0 "$pid" 2>/dev/null && grep -q 'embedded-postgres.mjs' "/proc/$pid/cmdline" 2>/dev/null; then
      log "PostgreSQL: reusing the embedded server started earlier (pid $pid, port $port)"
    else
      pid=""
    fi
  fi
  if [[ -z "$pid" ]] && tcp_open 127.0.0.1 "$port"; then
    if pg_check "$url" 5 2>/dev/null; then
      log "PostgreSQL: reusing the server that answers on 127.0.0.1:$port"
      export PG_SERVER_URL="$url" LOCAL_PG_SOURCE=embedded
      return 0
    fi
    die "port $port is taken by something that is not a usable PostgreSQL; free it or set EMBEDDED_PG_PORT"
  fi

  if [[ -z "$pid" ]]; then
    log "PostgreSQL: starting the embedded server on 127.0.0.1:$port (data: $data_dir, log: $log_file)"
    # Its own session, so a Ctrl-C in the terminal reaches only our trap, which stops it in order.
    EMBEDDED_PG_PORT="$port" EMBEDDED_PG_DATA_DIR="$data_dir" EMBEDDED_PG_PID_FILE="$pid_file" \
      setsid node "$LOCAL_INFRA_DIR/embedded-postgres.mjs" >"$log_file" 2>&1 </dev/null &
    pid=$!
    LOCAL_PG_STARTED_PID=$pid
  fi

  deadline=$((SECONDS + timeout))
  until pg_check "$url" 2 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      LOCAL_PG_STARTED_PID=""
      tail -n 25 "$log_file" >&2 || true
      die "the embedded PostgreSQL exited before accepting connections (full log: $log_file)"
    fi
    if ((SECONDS >= deadline)); then
      tail -n 25 "$log_file" >&2 || true
      stop_local_postgres
      die "the embedded PostgreSQL did not accept connections within ${timeout}s (log: $log_file; EMBEDDED_PG_START_TIMEOUT raises the limit)"
    fi
    sleep 0.5
  done
  export PG_SERVER_URL="$url" LOCAL_PG_SOURCE=embedded
  log "PostgreSQL: $PG_SERVER_URL (embedded, pid $pid)"
}

# stop_local_postgres: stops the embedded server if this shell started it; leaves any other alone.
stop_local_postgres() {
  local pid="${LOCAL_PG_STARTED_PID:-}" i
  [[ -n "$pid" ]] || return 0
  LOCAL_PG_STARTED_PID=""
  kill -0 "$pid" 2>/dev/null || return 0
  # Called from exit traps: a closed stderr (SIGPIPE) must not keep us from stopping the server.
  trap '' PIPE
  kill -TERM "$pid" 2>/dev/null || true
  log "stopping the embedded PostgreSQL (pid $pid)"
  for ((i = 0; i < 120; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.5
  done
  warn "the embedded PostgreSQL did not stop within 60s; killing it"
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
}

# --- Redis ------------------------------------------------------------------------------------------

# redis_ping HOST PORT: prints the server's first reply to PING in protocol form: +PONG, -NOAUTH ..., or
# nothing when no server answers.
redis_ping() {
  if command -v redis-cli >/dev/null; then
    # redis-cli prints replies without the protocol's +/- marker: put it back.
    timeout 3 redis-cli -h "$1" -p "$2" ping 2>/dev/null | head -n 1 |
      sed -E 's/^PONG$/+PONG/; s/^(\(error\) )?(NOAUTH|WRONGPASS|ERR|DENIED|NOPERM)/-\2/' || true
  else
    # shellcheck disable=SC2016 # expanded by the inner bash
    timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2" && printf "PING\r\n" >&3 && IFS= read -r line <&3 && printf "%s\n" "$line"' \
      _ "$1" "$2" 2>/dev/null | tr -d '\r' || true
  fi
}

# ensure_redis: exports REDIS_URL. Order: REDIS_URL, 127.0.0.1:6379, a redis-server started here
# (installed from Debian first when missing and we are root), persistent (append-only file) in .local/redis.
ensure_redis() {
  local port="${LOCAL_REDIS_PORT:-6379}" reply i
  if [[ -n "${REDIS_URL:-}" ]]; then
    export REDIS_URL
    log "Redis: $(redact_url "$REDIS_URL") (from the environment)"
    return 0
  fi
  reply="$(redis_ping 127.0.0.1 "$port")"
  case "$reply" in
  +PONG*)
    export REDIS_URL="redis://127.0.0.1:$port"
    log "Redis: $REDIS_URL (already running)"
    return 0
    ;;
  -*) die "Redis on 127.0.0.1:$port answered '${reply%% *}' (it needs a password?): set REDIS_URL=redis://:PASSWORD@127.0.0.1:$port" ;;
  esac

  if ! command -v redis-server >/dev/null; then
    if ! apt_cmd >/dev/null; then
      die "no Redis answers on 127.0.0.1:$port and redis-server is not installed. Run:  sudo apt-get update && sudo apt-get install -y redis-server   (or set REDIS_URL)"
    fi
    apt_install_missing redis-server
    hash -r
    # Debian's package may have started its own service already.
    if [[ "$(redis_ping 127.0.0.1 "$port")" == +PONG* ]]; then
      export REDIS_URL="redis://127.0.0.1:$port"
      log "Redis: $REDIS_URL (started by the Debian package)"
      return 0
    fi
  fi

  mkdir -p "$LOCAL_STATE_DIR/redis"
  log "Redis: starting redis-server on 127.0.0.1:$port (data: $LOCAL_STATE_DIR/redis, log: $LOCAL_STATE_DIR/redis.log); it keeps running after this script"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" \
    --appendonly yes --appendfsync everysec \
    --dir "$LOCAL_STATE_DIR/redis" --logfile "$LOCAL_STATE_DIR/redis.log" \
    --pidfile "$LOCAL_STATE_DIR/redis.pid" >&2 || die "redis-server did not start (log: $LOCAL_STATE_DIR/redis.log)"
  for ((i = 0; i < 40; i++)); do
    if [[ "$(redis_ping 127.0.0.1 "$port")" == +PONG* ]]; then
      export REDIS_URL="redis://127.0.0.1:$port"
      log "Redis: $REDIS_URL (stop it with: redis-cli -p $port shutdown)"
      return 0
    fi
    sleep 0.5
  done
  tail -n 20 "$LOCAL_STATE_DIR/redis.log" >&2 || true
  die "redis-server did not answer PING within 20s (log: $LOCAL_STATE_DIR/redis.log)"
}
