// Small PostgreSQL URL helpers for lib.sh, so the shell never parses URLs by hand.
//   node pg-tool.mjs with-db <url> <database>   print <url> with its database replaced
//   node pg-tool.mjs redact <url>               print <url> with any password masked
//   node pg-tool.mjs check <url> [timeoutSec]   exit 0 if `SELECT 1` works; 2 if nothing answers;
//                                               3 if a server answered but refused (auth, missing database, ...)
// Passwords are never printed.

const [command, url, arg] = process.argv.slice(2);

function parse(raw) {
  try {
    return new URL(raw);
  } catch {
    console.error(`[local] not a valid URL: ${redact(raw)}`);
    process.exit(64);
  }
}

function redact(raw) {
  try {
    const u = new URL(raw);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return String(raw).replace(/(\/\/[^/:@]*):[^@/]*@/, '$1:***@');
  }
}

function withDatabase(raw, database) {
  const u = parse(raw);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

// Errors that mean "no server there" rather than "a server said no".
const NOT_ANSWERING = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT',
]);

async function check(raw, timeoutSec) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: raw, connectionTimeoutMillis: timeoutSec * 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    await client.end();
    return 0;
  } catch (error) {
    const code = error?.code ?? '';
    const message = String(error?.message ?? error).replaceAll(new URL(raw).password || '\u0000', '***');
    console.error(`[local] ${redact(raw)}: ${message}${code ? ` (${code})` : ''}`);
    await client.end().catch(() => {});
    if (NOT_ANSWERING.has(code) || /timeout|terminated unexpectedly|Connection terminated/i.test(message)) return 2;
    return 3;
  }
}

switch (command) {
  case 'with-db':
    if (!url || !arg) {
      console.error('usage: pg-tool.mjs with-db <url> <database>');
      process.exit(64);
    }
    console.log(withDatabase(url, arg));
    break;
  case 'redact':
    console.log(redact(url ?? ''));
    break;
  case 'check':
    if (!url) {
      console.error('usage: pg-tool.mjs check <url> [timeoutSec]');
      process.exit(64);
    }
    process.exit(await check(url, Number(arg) > 0 ? Number(arg) : 3));
    break;
  default:
    console.error('usage: pg-tool.mjs with-db|redact|check ...');
    process.exit(64);
}
