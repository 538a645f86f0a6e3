// The service itself (dist/server.js, built before the tests run) writes the chart's last counts of events per
// day when it is stopped with SIGTERM: its write interval here is longer than the test, so only the shutdown
// drain can have written them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createTestContext, TEST_MASTER_KEY, TEST_REDIS_URL, type TestContext } from '../helpers/test-app.js';

const serviceRoot = fileURLToPath(new URL('../..', import.meta.url));

let context: TestContext;
const prefix = `relay-test-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
  await context.close();
});

/** Starts the service; resolves with its API and ingest ports once both listen. */
function startService(apiKey: string) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serviceRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      INGEST_PORT: '0',
      DATABASE_URL: context.databaseUrl,
      DATABASE_APP_URL: context.appRoleUrl,
      MIGRATE_ON_START: 'false',
      RELAY_MASTER_KEY: TEST_MASTER_KEY.toString('base64'),
      RELAY_BOOTSTRAP_API_KEY: apiKey,
      RELAY_BOOTSTRAP_PLAN: 'pro',
      REDIS_URL: TEST_REDIS_URL,
      RELAY_QUEUE_PREFIX: prefix,
      INGEST_USAGE_FLUSH_MS: String(5 * 60 * 1000),
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ports = new Promise<{ api: number; ingest: number }>((resolve, reject) => {
    let stdout = '';
    const found: { api?: number; ingest?: number } = {};
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      for (const line of stdout.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number };
          if (entry.msg === 'webhook-relay API listening') found.api = entry.port;
          if (entry.msg === 'webhook-relay ingest listening') found.ingest = entry.port;
        } catch {
          // A partial line: the rest comes with the next chunk.
        }
      }
      if (found.api && found.ingest) resolve({ api: found.api, ingest: found.ingest });
    });
    void exited.then((code) => reject(new Error(`the service exited (${code}) before listening: ${stderr}`)));
  });
  return { child, exited, ports };
}

describe('the chart of events per day at shutdown', () => {
  it('is written by the graceful shutdown: every event answered 200 is counted', async () => {
    const apiKey = `whk_${randomBytes(32).toString('base64url')}`;
    const service = startService(apiKey);
    try {
      const ports = await service.ports;
      const created = await fetch(`http://127.0.0.1:${ports.api}/v1/endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'source' }),
      });
      expect(created.status).toBe(201);
      const { ingest_url } = (await created.json()) as { ingest_url: string };
      const ingestUrl = `http://127.0.0.1:${ports.ingest}${new URL(ingest_url).pathname}`;
      const statuses = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => (await fetch(ingestUrl, { method: 'POST', body: `{"n":${i}}` })).status),
      );
      expect(statuses).toEqual(Array(6).fill(200));

      const counted = async () =>
        Number((await context.ownerPool.query('SELECT coalesce(sum(events_captured), 0) AS n FROM tenant_daily_usage')).rows[0].n);
      expect(await counted()).toBe(0);
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      expect(await counted()).toBe(6);
    } finally {
      if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
      await service.exited;
    }
  });
});
