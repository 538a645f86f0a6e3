import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import request from 'supertest';
import { ServiceMetrics } from '@workspace/service-kit';
import { sampleValue } from '@workspace/service-kit/testing';
import { workerHealthServer } from '../../src/delivery/worker-health.js';
import { registerRelayGauges, relayMetrics } from '../../src/metrics/relay-metrics.js';
import { REDIS_URL } from '../helpers/delivery-harness.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

/** The worker process has no API port: its /metrics is on the probe port, beside /healthz and /readyz. */
describe('the worker process serves /metrics on its probe port', () => {
  let context: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    context = await createTestContext();
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await context.close();
  });

  it('answers /metrics with the outbox and pool figures, and 404 JSON elsewhere', async () => {
    const metrics = relayMetrics(new ServiceMetrics({ enabled: true, service: 'webhook-relay' }));
    registerRelayGauges(metrics, context.pool, context.runtime, (error) => {
      throw error;
    });
    const server = workerHealthServer({ pool: context.pool, redis, metrics: metrics.service });
    const scraped = await request(server).get('/metrics').expect(200);
    expect(sampleValue(scraped.text, 'relay_outbox_pending_deliveries', {})).toBe(0);
    expect(sampleValue(scraped.text, 'db_pool_waiting', { pool: 'app' })).toBe(0);
    await request(server).get('/healthz').expect(200);
    const other = await request(server).get('/v1/usage').expect(404);
    expect(other.body.error.code).toBe('not_found');
  });

  it('has no /metrics when metrics are off', async () => {
    const server = workerHealthServer({
      pool: context.pool,
      redis,
      metrics: new ServiceMetrics({ enabled: false, service: 'webhook-relay' }),
    });
    await request(server).get('/metrics').expect(404);
  });
});
