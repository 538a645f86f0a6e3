import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import {
  httpMetrics,
  metricsServer,
  metricsSettings,
  registerMetricsRoute,
  registerPoolMetrics,
  registerRedisMetrics,
  ServiceMetrics,
} from '../src/index.js';
import { z } from 'zod';

/** The value of one series in exposition text, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

function appWithMetrics(metrics: ServiceMetrics) {
  const app = express();
  app.use(httpMetrics(metrics));
  registerMetricsRoute(app, metrics);
  const v1 = express.Router();
  v1.get('/things/:id', (_req, res) => void res.json({ ok: true }));
  app.use('/v1', v1);
  app.post('/boom', (_req, res) => void res.status(503).json({}));
  return app;
}

describe('httpMetrics', () => {
  it('counts requests by route template, method and status, never by the path with its ids', async () => {
    const metrics = new ServiceMetrics({ enabled: true, service: 'test', processMetrics: false });
    const app = appWithMetrics(metrics);
    for (const id of ['a1', 'b2', 'c3']) await request(app).get(`/v1/things/${id}`).expect(200);
    await request(app).post('/boom').expect(503);
    await request(app).get('/nowhere/secret-token-123').expect(404);

    const text = (await request(app).get('/metrics').expect(200)).text;
    const count = (labels: Record<string, string>) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/v1/things/:id', status: '200' })).toBe(3);
    expect(count({ method: 'POST', route: '/boom', status: '503' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('a1');
    expect(text).not.toContain('secret-token-123');
    expect(text).toContain('service="test"');
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });

  it('adds nothing when metrics are off: no /metrics route, and recording is a no-op', async () => {
    const metrics = new ServiceMetrics({ enabled: false, service: 'test' });
    const app = appWithMetrics(metrics);
    await request(app).get('/v1/things/x').expect(200);
    await request(app).get('/metrics').expect(404);
    metrics.counter({ name: 'anything_total', help: 'x', labelNames: ['a'] }).inc({ a: 'b' });
    expect((await metrics.scrape()).body.trim()).toBe('');
  });
});

describe('pool and Redis gauges', () => {
  it('reads pool saturation and Redis state when scraped, not before', async () => {
    const metrics = new ServiceMetrics({ enabled: true, service: 'test', processMetrics: false });
    const pool = { totalCount: 0, idleCount: 0, waitingCount: 0 };
    const redis = { status: 'connecting' };
    registerPoolMetrics(metrics, { app: pool });
    registerRedisMetrics(metrics, { commands: redis });
    Object.assign(pool, { totalCount: 10, idleCount: 3, waitingCount: 4 });
    redis.status = 'ready';
    let text = (await metrics.scrape()).body;
    expect(sample(text, 'db_pool_connections', { pool: 'app', state: 'in_use' })).toBe(7);
    expect(sample(text, 'db_pool_connections', { pool: 'app', state: 'idle' })).toBe(3);
    expect(sample(text, 'db_pool_waiting', { pool: 'app' })).toBe(4);
    expect(sample(text, 'redis_connection_up', { connection: 'commands' })).toBe(1);
    redis.status = 'reconnecting';
    text = (await metrics.scrape()).body;
    expect(sample(text, 'redis_connection_up', { connection: 'commands' })).toBe(0);
    // A lazy connection no command has needed yet is not down.
    redis.status = 'wait';
    text = (await metrics.scrape()).body;
    expect(sample(text, 'redis_connection_up', { connection: 'commands' })).toBe(1);
  });

  it('answers the rest of a scrape when one read fails', async () => {
    const metrics = new ServiceMetrics({ enabled: true, service: 'test', processMetrics: false });
    const errors: unknown[] = [];
    metrics.gaugeAtScrape(
      { name: 'broken', help: 'x' },
      () => Promise.reject(new Error('database down')),
      (error) => errors.push(error),
    );
    metrics.counter({ name: 'fine_total', help: 'x' }).inc();
    const text = (await metrics.scrape()).body;
    expect(sample(text, 'fine_total')).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('includes Node process metrics by default', async () => {
    const text = (await new ServiceMetrics({ enabled: true, service: 'test' }).scrape()).body;
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('metricsServer (METRICS_PORT)', () => {
  it('answers GET /metrics and nothing else', async () => {
    const metrics = new ServiceMetrics({ enabled: true, service: 'test', processMetrics: false });
    metrics.counter({ name: 'things_total', help: 'x' }).inc(2);
    const server = metricsServer(metrics);
    const scraped = await request(server).get('/metrics').expect(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(sample(scraped.text, 'things_total')).toBe(2);
    expect((await request(server).get('/v1/anything').expect(404)).body.error.code).toBe('not_found');
    await request(server).post('/metrics').expect(404);
  });
});

describe('metricsSettings', () => {
  const schema = z.object(metricsSettings());
  it('defaults to metrics on, on the service port', () => {
    expect(schema.parse({})).toEqual({ METRICS_ENABLED: true, METRICS_PORT: undefined });
  });
  it('reads METRICS_ENABLED=false and a separate port', () => {
    expect(schema.parse({ METRICS_ENABLED: 'false', METRICS_PORT: '9464' })).toEqual({ METRICS_ENABLED: false, METRICS_PORT: 9464 });
    expect(schema.parse({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });
  it('refuses a port that is not one, naming what to set', () => {
    const result = schema.safeParse({ METRICS_PORT: '70000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be a port number (1-65535)');
  });
});
