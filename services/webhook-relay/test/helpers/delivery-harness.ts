import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { McpSettings } from '../../src/mcp/mcp-settings.js';
import type { Logger } from '@workspace/service-kit';
import { DeliveryWorkers } from '../../src/delivery/delivery-workers.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { FanOut } from '../../src/delivery/fan-out.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { deliveryStatements } from '../../src/delivery/delivery-store.js';
import { TenantConnectionShare } from '../../src/delivery/tenant-connection-share.js';
import { RecentlyDone } from '../../src/delivery/deliver-heads.js';
import type { RetryPolicy } from '../../src/delivery/retry-policy.js';
import type { WorkDestinationDeps } from '../../src/delivery/work-destination.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import type { RelayMetrics } from '../../src/metrics/relay-metrics.js';
import { createIngest, type Ingest } from '../../src/ingest/create-ingest.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { api, createTestContext, type TestContext, type TestTenant } from './test-app.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface DeliveryHarnessOptions {
  policy?: Partial<RetryPolicy>;
  egressAllow?: string;
  lockMs?: number;
  reconcileIntervalMs?: number;
  /** Destinations the in-process workers deliver to at once. */
  concurrency?: number;
  /** false: no workers in this process (a test starts its own, e.g. a child process). */
  workers?: boolean;
  /** The MCP server and its OAuth server (a test that serves /mcp on a known public URL). */
  mcp?: McpSettings;
  /** Where the service logs (silent unless given). */
  logger?: Logger;
  /** The relay's metrics, recorded by the app, ingest and the workers (none unless given). */
  metrics?: RelayMetrics;
}

export interface DeliveryHarness {
  context: TestContext;
  tenant: TestTenant;
  /** This file's own BullMQ key prefix: other test files running at the same time use others. */
  prefix: string;
  queues: DeliveryQueues;
  workers: DeliveryWorkers | undefined;
  fanOut: FanOut;
  ingest: Ingest;
  ingestUrl: string;
  /** Creates an endpoint (optionally verifying with a provider) and returns its ingest URL on the local listener. */
  endpoint(body?: Record<string, unknown>): Promise<{ id: string; url: string }>;
  destination(url: string, body?: Record<string, unknown>): Promise<{ id: string; secret: string }>;
  subscribe(endpointId: string, destinationId: string, body?: Record<string, unknown>): Promise<{ id: string }>;
  /** POSTs to ingest; returns the event id once its fan-out (and check) has run. */
  send(url: string, body: string, headers?: Record<string, string>): Promise<string>;
  /** Simulates Redis losing this file's data: deletes every key under its prefix (never FLUSHALL the shared Redis). */
  dropQueueKeys(): Promise<number>;
  close(): Promise<void>;
}

export const FAST_POLICY: RetryPolicy = {
  schedule: [100, 100, 100],
  jitter: 0,
  retryAfterMin: 50,
  retryAfterMax: 2000,
  probeFirstMs: 200,
  probeMaxMs: 1000,
};

/**
 * What workDestination needs to work one destination directly (no claim), with these queues and sender: the
 * fast retry policy, its own memory of finished deliveries, long turns, and nothing slow or gone.
 */
export function workDestinationDeps(h: DeliveryHarness, parts: { queues: DeliveryQueues; sender: HttpSender }): WorkDestinationDeps {
  const connections = TenantConnectionShare.forPool(h.context.deps.pool.options.max ?? 10);
  return {
    ...h.context.deps,
    ...parts,
    policy: FAST_POLICY,
    done: new RecentlyDone(),
    lockMs: 5000,
    turnMs: 60_000,
    slowAfterMs: 60_000,
    noteTrouble: async () => undefined,
    statements: deliveryStatements(h.context.deps.pool, connections, h.context.deps.runtime),
  };
}

/** Real PostgreSQL (own database), real Redis (own prefix), a real ingest listener, workers in process. */
export async function startDeliveryHarness(options: DeliveryHarnessOptions = {}): Promise<DeliveryHarness> {
  const egressGuard = new EgressGuard(parseCidrList(options.egressAllow ?? '127.0.0.1/32'));
  const context = await createTestContext({
    runtime: systemRuntime,
    egressGuard,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.mcp ? { mcp: options.mcp } : {}),
  });
  const tenant = await context.newTenant('pro');
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  const queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
  const sender = new HttpSender(egressGuard, 256);
  const { pool, runtime, logger } = context.deps;
  const fanOut = new FanOut({ pool, queues, runtime, logger });
  const workers =
    options.workers === false
      ? undefined
      : new DeliveryWorkers({
          ...context.deps,
          queues,
          sender,
          policy: { ...FAST_POLICY, ...options.policy },
          concurrency: options.concurrency ?? 8,
          lockMs: options.lockMs ?? 5000,
          reconcileIntervalMs: options.reconcileIntervalMs ?? 200,
        });
  context.deps.delivery = { queues, wake: () => void workers?.reconcile() };
  const ingest = createIngest(context.deps, { maxBodyBytes: 1024 * 1024, maxBatch: 256, sweep: false, fanOut, notices: context.notices });
  await new Promise<void>((resolve) => ingest.server.listen(0, '127.0.0.1', () => resolve()));
  const ingestUrl = `http://127.0.0.1:${(ingest.server.address() as AddressInfo).port}`;
  await workers?.start();
  const auth = tenant.auth;
  return {
    context,
    tenant,
    prefix,
    queues,
    workers,
    fanOut,
    ingest,
    ingestUrl,
    async endpoint(body = {}) {
      const created = (
        await api(context)
          .post('/v1/endpoints')
          .set(auth)
          .send({ name: 'source', ...body })
          .expect(201)
      ).body;
      return { id: created.id, url: `${ingestUrl}${new URL(created.ingest_url).pathname}` };
    },
    async destination(url, body = {}) {
      const created = (
        await api(context)
          .post('/v1/destinations')
          .set(auth)
          .send({ name: 'receiver', url, timeout_ms: 2000, ...body })
          .expect(201)
      ).body;
      await workers?.reconcile();
      return { id: created.id, secret: created.secret };
    },
    async subscribe(endpointId, destinationId, body = {}) {
      return (
        await api(context)
          .post('/v1/subscriptions')
          .set(auth)
          .send({ endpoint_id: endpointId, destination_id: destinationId, ...body })
          .expect(201)
      ).body;
    },
    async send(url, body, headers = {}) {
      const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
      const { event_id } = (await response.json()) as { event_id: string };
      await ingest.verification.idle();
      await fanOut.idle();
      return event_id;
    },
    dropQueueKeys: () => dropKeys(prefix),
    async close() {
      await workers?.close();
      await fanOut.idle();
      await ingest.close();
      await queues.close();
      await sender.close();
      await dropKeys(prefix);
      queues.connection.disconnect();
      await context.close();
    },
  };
}

/** Removes every Redis key under a queue prefix (a test's own). */
export async function dropKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL);
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) removed += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return removed;
}

/** Polls until `check` passes (or throws its last failure after the timeout). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
