// What idle destinations cost a delivery worker process (issue 25's figure): N destinations, each with a
// subscription, and no traffic at all. Starts the relay's API (to create them) and then its worker process as in
// production, lets the worker settle, and measures over BENCH_SECONDS: the worker's Redis connections, its CPU
// (share of one core), its resident memory, Redis commands per second (all clients; nothing else runs), and
// how long the worker's reconciler passes took (its debug log lines).
// Targets at 10,000 destinations: <= 64 Redis connections, < 2% of a core, < 300 MB, a reconciler pass < 200 ms.
// Usage: pnpm --filter ./bench run webhook-relay:idle (needs `pnpm build`); BENCH_DESTINATIONS (default 1000),
// BENCH_SECONDS (30), BENCH_SETTLE_SECONDS (15). Mind Redis' maxclients (10,000) when the build under test opens
// connections per destination.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { benchNodeFlags, freePort, startServer } from '../lib/processes.js';
import { connectionsTo, residentBytes } from '../lib/process-resources.js';
import { databaseUrl, logDir, repoRoot, startRelay, dropRedisPrefix, inParallel } from './relay-server.js';

const DESTINATIONS = Number(process.env.BENCH_DESTINATIONS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CREATE_CONCURRENCY = 16;
const DATABASE = 'bench_relay_idle';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;
const TICK_MS = 10; // USER_HZ

function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Durations of the reconciler passes a worker logged (JSON lines with msg 'reconciler pass'). */
function reconcilerPasses(logFile: string): number[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"reconciler pass"'))
    .map((line) => (JSON.parse(line) as { duration_ms: number }).duration_ms);
}

async function main(): Promise<void> {
  const prefix = `bench-idle-${randomBytes(4).toString('hex')}`;
  const masterKey = randomBytes(32).toString('base64');
  const shared = { REDIS_URL, RELAY_QUEUE_PREFIX: prefix, RELAY_MASTER_KEY: masterKey };
  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-idle-api',
    env: { ...shared, RELAY_WORKERS_IN_PROCESS: 'false' },
  });
  const redis = new Redis(REDIS_URL);
  let worker: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const endpoint = await relay.post('/v1/endpoints', { name: 'idle' });
    const started = Date.now();
    await inParallel(DESTINATIONS, CREATE_CONCURRENCY, async (index) => {
      const destination = await relay.post('/v1/destinations', { name: `idle-${index}`, url: `https://idle-${index}.example.com/in` });
      await relay.post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    });
    console.log(`created ${DESTINATIONS} destinations with a subscription each in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const healthPort = await freePort();
    const workerLog = `${logDir}/relay-idle-worker.log`;
    worker = await startServer({
      command: process.execPath,
      args: [...benchNodeFlags(), 'dist/worker.js'],
      cwd: `${repoRoot}services/webhook-relay`,
      env: {
        ...process.env,
        ...shared,
        NODE_ENV: 'production',
        // debug: the reconciler logs each pass with its duration.
        LOG_LEVEL: 'debug',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl(DATABASE),
        MIGRATE_ON_START: 'false',
        WORKER_HEALTH_PORT: String(healthPort),
      },
      port: healthPort,
      readyPath: '/readyz',
      logFile: workerLog,
    });
    const pid = worker.pid!;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));

    const commands = async () => Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);
    const [cpuBefore, commandsBefore, at] = [cpuMs(pid), await commands(), Date.now()];
    const connectionSamples: number[] = [];
    const rssSamples: number[] = [];
    while (Date.now() - at < SECONDS * 1000) {
      connectionSamples.push(connectionsTo(pid, Number(new URL(REDIS_URL).port || 6379)));
      rssSamples.push(residentBytes(pid));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const elapsedMs = Date.now() - at;
    const cpuShare = (cpuMs(pid) - cpuBefore) / elapsedMs;
    const commandsPerSecond = ((await commands()) - commandsBefore) / (elapsedMs / 1000);
    const connections = Math.max(...connectionSamples);
    const rssMb = Math.max(...rssSamples) / 1024 / 1024;
    console.log(`idle worker process over ${(elapsedMs / 1000).toFixed(0)} s with ${DESTINATIONS} destinations:`);
    console.log(`  Redis connections  ${connections} (target <= 64)`);
    console.log(`  CPU                ${(cpuShare * 100).toFixed(2)}% of a core (target < 2%)`);
    console.log(`  resident memory    ${rssMb.toFixed(0)} MB (target < 300 MB)`);
    console.log(`  Redis commands     ${commandsPerSecond.toFixed(0)}/s (all clients)`);
    // The worker's log is buffered until it stops.
    await worker.stop();
    worker = undefined;
    const passes = reconcilerPasses(workerLog).sort((a, b) => a - b);
    if (passes.length === 0) console.log('  reconciler passes  none logged');
    else
      console.log(
        `  reconciler pass    max ${passes.at(-1)!.toFixed(1)} ms, median ${passes[Math.floor(passes.length / 2)]!.toFixed(1)} ms over ${passes.length} passes (target < 200 ms)`,
      );
  } finally {
    await worker?.stop();
    await relay.server.stop();
    await dropRedisPrefix(redis, prefix);
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
