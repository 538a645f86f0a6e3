// Figure: GET /configurations/:name requests per second, 32 concurrent logged-in clients,
// config-store vs a bare Express + pg handler doing the same SELECT, in the same run.
// Target (ARCHITECTURE.md): at least 0.7x. Run: pnpm bench:config-store
// Environment: BENCH_DATABASE_SERVER_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
// REDIS_URL, BENCH_SECONDS (10 per round), BENCH_ROUNDS (3).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from '../lib/load.js';
import { benchNodeFlags, freePort, startServer, type RunningServer } from '../lib/processes.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = new URL(process.env.BENCH_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
serverUrl.pathname = '/config_store_bench';
const databaseUrl = serverUrl.toString();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const USERNAME = 'bench';
const PASSWORD = 'bench-password';
const logDir = `${repoRoot}bench/results`;
mkdirSync(logDir, { recursive: true });

async function startConfigStore(): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    command: process.execPath,
    args: [...benchNodeFlags(), 'dist/server.js'],
    cwd: `${repoRoot}services/config-store`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: 'config-store-bench:',
      SESSION_SECRET: 'bench-session-secret',
      CONFIG_STORE_USERNAME: USERNAME,
      CONFIG_STORE_PASSWORD: PASSWORD,
    },
    port,
    readyPath: '/readyz',
    logFile: `${logDir}/config-store.log`,
  });
}

// The peers are small scripts beside this one, each given the same database (and, when they
// check sessions, the same Redis prefix and secret as config-store).
async function startPeer(script: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    command: process.execPath,
    args: ['--import', 'tsx', `config-store/${script}.ts`],
    cwd: `${repoRoot}bench`,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, POOL_SIZE: '10', ...extraEnv },
    port,
    readyPath: '/healthz',
    logFile: `${logDir}/${script}.log`,
  });
}

async function loginAndSeed(url: string): Promise<string> {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed with ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const headers = { 'content-type': 'application/json', cookie };
  await fetch(`${url}/configurations/bench-record`, { method: 'DELETE', headers });
  const created = await fetch(`${url}/configurations/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench-record', hostname: 'db.example.com', port: 5432, username: 'app' }),
  });
  if (created.status !== 200) throw new Error(`seeding failed with ${created.status}`);
  return cookie;
}

function show(label: string, result: LoadResult): void {
  console.log(
    `${label.padEnd(16)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: some requests failed; the figure would be meaningless`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const configStore = await startConfigStore();
  const baseline = await startPeer('bare-baseline');
  const withSession = await startPeer('bare-with-session', {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: 'config-store-bench:',
    SESSION_SECRET: 'bench-session-secret',
  });
  try {
    const cookie = await loginAndSeed(configStore.url);
    const ours: number[] = [];
    const bare: number[] = [];
    const bareWithSession: number[] = [];
    // Warm both (JIT, pools) before measuring; then alternate so drift on a shared machine hits both.
    await runLoad({ url: `${configStore.url}/configurations/bench-record`, connections: CONNECTIONS, seconds: 3, headers: { cookie } });
    await runLoad({ url: `${baseline.url}/configurations/bench-record`, connections: CONNECTIONS, seconds: 3 });
    for (let round = 1; round <= rounds; round += 1) {
      const a = await runLoad({ url: `${baseline.url}/configurations/bench-record`, connections: CONNECTIONS, seconds });
      show(`bare #${round}`, a);
      bare.push(a.requestsPerSecond);
      const c = await runLoad({
        url: `${withSession.url}/configurations/bench-record`,
        connections: CONNECTIONS,
        seconds,
        headers: { cookie },
      });
      show(`bare+session #${round}`, c);
      bareWithSession.push(c.requestsPerSecond);
      const b = await runLoad({
        url: `${configStore.url}/configurations/bench-record`,
        connections: CONNECTIONS,
        seconds,
        headers: { cookie },
      });
      show(`config-store #${round}`, b);
      ours.push(b.requestsPerSecond);
    }
    const ratio = median(ours) / median(bare);
    console.log(
      `diagnostic: bare + express-session alone ${median(bareWithSession).toFixed(0)} req/s = ${(median(bareWithSession) / median(bare)).toFixed(2)}x of bare`,
    );
    console.log(`\nmedian: config-store ${median(ours).toFixed(0)} req/s, bare Express + pg ${median(bare).toFixed(0)} req/s`);
    console.log(`ratio ${ratio.toFixed(2)}x (target >= 0.70x) ${ratio >= 0.7 ? 'PASS' : 'FAIL'}`);
    process.exitCode = ratio >= 0.7 ? 0 : 1;
  } finally {
    await configStore.stop();
    await baseline.stop();
    await withSession.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
