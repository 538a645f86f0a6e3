import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Express, Request } from 'express';
import { RelayError } from '../../domain/relay-error.js';

/** Where `pnpm build` copies the single-file CLI (packages/relay-cli's dist/relay.mjs; scripts/copy-cli-bundle.mjs). */
export const CLI_BUNDLE = fileURLToPath(new URL('../../../dist/public/cli/relay.mjs', import.meta.url));

// A host as a client may send it (name, IPv4, [IPv6], port): anything else is not written into a shell script.
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * GET /install.sh and GET /cli/relay.mjs: the CLI for users without a checkout. The script downloads the
 * bundle from the same server and refuses it unless its SHA-256 is the one written into the script. Without a
 * build (a test run from source before `pnpm build`), both answer 404.
 */
export function registerInstallRoutes(
  app: Express,
  options: { browserSignIn: boolean; bundlePath?: string } = { browserSignIn: false },
): void {
  const bundlePath = options.bundlePath ?? CLI_BUNDLE;
  const bundle = existsSync(bundlePath) ? readFileSync(bundlePath) : undefined;
  const sha256 = bundle ? createHash('sha256').update(bundle).digest('hex') : undefined;
  const missing = () => new RelayError('not_found', 'this server has no CLI build to offer (build packages/relay-cli, then the relay)');

  app.get('/install.sh', (req, res, next) => {
    if (!bundle || !sha256) return next(missing());
    const host = req.get('host') ?? '';
    if (!SAFE_HOST.test(host)) return next(new RelayError('invalid_request', 'the Host header is not a host name'));
    res.setHeader('Content-Type', 'text/x-shellscript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.send(installScript(baseUrlOf(req, host), sha256, options.browserSignIn));
  });

  app.get('/cli/relay.mjs', (_req, res, next) => {
    if (!bundle || !sha256) return next(missing());
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-SHA256', sha256);
    res.send(bundle);
  });
}

function baseUrlOf(req: Request, host: string): string {
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The installer: POSIX sh, Node.js 18+ (the CLI's runtime, also what checks the hash), curl or wget. */
export function installScript(baseUrl: string, sha256: string, browserSignIn = false): string {
  // Without identity providers, `login` has no browser sign-in to open: an API key is how to sign in.
  const nextStep = browserSignIn ? 'login' : 'login --with-token   (then paste an API key, whk_...)';
  return `#!/bin/sh
# Installs the webhook-relay command-line tool from ${baseUrl}
#   curl -fsSL ${baseUrl}/install.sh | sh
# It downloads the CLI (one file) from this server, refuses it unless its SHA-256 is the one below, and puts
# \`webhook-relay\` in $WEBHOOK_RELAY_BIN_DIR (default ~/.local/bin); the CLI itself goes to
# $WEBHOOK_RELAY_HOME (default ~/.local/share/webhook-relay). Needs Node.js 18 or later, and curl or wget.
set -eu

RELAY_URL='${baseUrl}'
EXPECTED_SHA256='${sha256}'
BIN_DIR="\${WEBHOOK_RELAY_BIN_DIR:-$HOME/.local/bin}"
LIB_DIR="\${WEBHOOK_RELAY_HOME:-$HOME/.local/share/webhook-relay}"

fail() {
  echo "webhook-relay install: $*" >&2
  exit 1
}

command -v node >/dev/null 2>&1 || fail "Node.js 18 or later is needed (https://nodejs.org), and node is not on PATH"
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 18 ] || fail "Node.js 18 or later is needed; this is $(node --version)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
if command -v curl >/dev/null 2>&1; then
  curl -fsSL "$RELAY_URL/cli/relay.mjs" -o "$tmp/relay.mjs" || fail "could not download $RELAY_URL/cli/relay.mjs"
elif command -v wget >/dev/null 2>&1; then
  wget -qO "$tmp/relay.mjs" "$RELAY_URL/cli/relay.mjs" || fail "could not download $RELAY_URL/cli/relay.mjs"
else
  fail "curl or wget is needed"
fi

actual=$(node -e 'const f=require("fs"),c=require("crypto");process.stdout.write(c.createHash("sha256").update(f.readFileSync(process.argv[1])).digest("hex"))' "$tmp/relay.mjs")
[ "$actual" = "$EXPECTED_SHA256" ] || fail "the download's SHA-256 is $actual, not $EXPECTED_SHA256: nothing installed"

mkdir -p "$BIN_DIR" "$LIB_DIR"
cp "$tmp/relay.mjs" "$LIB_DIR/relay.mjs.new"
mv "$LIB_DIR/relay.mjs.new" "$LIB_DIR/relay.mjs"
cat >"$BIN_DIR/webhook-relay.new" <<WRAPPER
#!/bin/sh
exec node "$LIB_DIR/relay.mjs" "\\$@"
WRAPPER
chmod 755 "$BIN_DIR/webhook-relay.new"
mv "$BIN_DIR/webhook-relay.new" "$BIN_DIR/webhook-relay"

echo "Installed webhook-relay $(node "$LIB_DIR/relay.mjs" --version) in $BIN_DIR/webhook-relay"
case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) echo "Add $BIN_DIR to your PATH, e.g.: export PATH=\\"$BIN_DIR:\\$PATH\\"" ;;
esac
echo "Next: webhook-relay --api-url $RELAY_URL ${nextStep}"
`;
}
