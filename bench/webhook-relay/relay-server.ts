// What the webhook-relay benchmarks share: their databases, and the relay started as in production
// (node dist/server.js) on a fresh database with a bootstrap tenant on a paid plan far above the run's volume.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { benchNodeFlags, freePort, startServer, type RunningServer } from '../lib/processes.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const logDir = `${repoRoot}bench/results`;
mkdirSync(logDir, { recursive: true });

export function databaseUrl(name: string): string {
  const url = new URL(process.env.BENCH_DATABASE_SERVER_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreateDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

export interface BenchRelay {
  server: RunningServer;
  ingestPort: number;
  /** POSTs a JSON body to the API with the bootstrap key; throws unless it answers 2xx. */
  post(path: string, body: unknown): Promise<{ id: string; ingest_url: string }>;
}

export async function startRelay(options: {
  database: string;
  apiKey: string;
  logName: string;
  env?: NodeJS.ProcessEnv;
}): Promise<BenchRelay> {
  await recreateDatabase(options.database);
  const [port, ingestPort] = [await freePort(), await freePort()];
  const server = await startServer({
    command: process.execPath,
    args: [...benchNodeFlags(), 'dist/server.js'],
    cwd: `${repoRoot}services/webhook-relay`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      INGEST_PORT: String(ingestPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(options.database),
      RELAY_MASTER_KEY: randomBytes(32).toString('base64'),
      RELAY_BOOTSTRAP_API_KEY: options.apiKey,
      RELAY_BOOTSTRAP_PLAN: 'scale',
      RELAY_PLAN_ALLOWANCES: 'scale=1000000000',
      ...options.env,
    },
    port,
    readyPath: '/readyz',
    logFile: `${logDir}/${options.logName}.log`,
  });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string; ingest_url: string };
  };
  return { server, ingestPort, post };
}

/**
 * Gives every plan a range of partitions (events, payloads, checks) for each of the `days` days before today, as a
 * relay that has run that long holds them (services/webhook-relay/docs/retention.md): the partition count queries
 * that reach events from another table have to live with. As the owner, as the worker's pass would.
 */
export async function makePastRanges(database: string, days: number): Promise<number> {
  const owner = new pg.Client({ connectionString: databaseUrl(database) });
  await owner.connect();
  try {
    await owner.query(
      `SELECT relay_create_range_partitions(p.id, d::date, d::date + 1)
         FROM plans p, generate_series(current_date - $1::int, current_date - 1, interval '1 day') AS d
        WHERE NOT EXISTS (SELECT 1 FROM event_partitions x WHERE x.plan_id = p.id AND x.starts_on = d::date)`,
      [days],
    );
    const { rows } = await owner.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE c.relname LIKE 'events\\_%' AND c.relkind = 'r'",
    );
    return Number(rows[0]!.n);
  } finally {
    await owner.end();
  }
}

/** Runs `work(0..count-1)` with at most `concurrency` calls at a time. */
export async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Deletes a run's Redis keys (its queue prefix), leaving every other user of the Redis alone. */
export async function dropRedisPrefix(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
}

/**
 * Starts `count` relay worker processes (node dist/worker.js, as in production) together, so none has a head
 * start, on `database` with `env` (the run's Redis prefix and master key), each with its log in bench/results.
 */
export async function startWorkers(options: {
  count: number;
  database: string;
  env: NodeJS.ProcessEnv;
  logName: string;
}): Promise<RunningServer[]> {
  const ports = await Promise.all(Array.from({ length: options.count }, () => freePort()));
  return Promise.all(
    ports.map((healthPort, index) =>
      startServer({
        command: process.execPath,
        args: [...benchNodeFlags(), 'dist/worker.js'],
        cwd: `${repoRoot}services/webhook-relay`,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl(options.database),
          MIGRATE_ON_START: 'false',
          WORKER_HEALTH_PORT: String(healthPort),
          ...options.env,
        },
        port: healthPort,
        readyPath: '/readyz',
        logFile: `${logDir}/${options.logName}-${index}.log`,
      }),
    ),
  );
}

/** What the API and worker processes of one bench run share: its Redis prefix, a fresh master key, a local receiver allowed. */
export function relayProcessEnv(prefix: string, redisUrl: string): NodeJS.ProcessEnv {
  return {
    REDIS_URL: redisUrl,
    RELAY_QUEUE_PREFIX: prefix,
    RELAY_MASTER_KEY: randomBytes(32).toString('base64'),
    RELAY_EGRESS_ALLOW: '127.0.0.1/32',
  };
}
