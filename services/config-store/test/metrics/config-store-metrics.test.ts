import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ServiceMetrics } from '@workspace/service-kit';
import { labelValues, sampleValue } from '@workspace/service-kit/testing';
import { configStoreMetrics, type ConfigStoreMetrics } from '../../src/metrics/config-store-metrics.js';
import { PASSWORD, USERNAME, createTestContext, record, type TestContext } from '../helpers/test-app.js';

const PAIR_LIMIT = 3;

/** The config store driven through its API on real PostgreSQL and Redis, then scraped. */
describe('config-store /metrics', () => {
  let context: TestContext;
  let metrics: ConfigStoreMetrics;
  let app: TestContext['app'];

  const scrape = async () => {
    const response = await request(app).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  };
  const login = (from: string, password: string) =>
    request(app).post('/login').set('X-Forwarded-For', from).send({ username: USERNAME, password });

  beforeAll(async () => {
    context = await createTestContext({ LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS: PAIR_LIMIT, TRUST_PROXY: true });
    metrics = configStoreMetrics(new ServiceMetrics({ enabled: true, service: 'config-store' }));
    app = context.buildApp({}, { metrics });
  });
  afterAll(() => context.close());

  it('counts logins by outcome, rate-limit refusals by scope, and sessions made and ended', async () => {
    // 3 wrong passwords fill the pair's counter; the 4th and 5th attempts are refused without a check.
    for (let i = 0; i < PAIR_LIMIT; i += 1) await login('203.0.113.7', `wrong-${i}`).expect(401);
    await login('203.0.113.7', 'wrong-again').expect(429);
    await login('203.0.113.7', PASSWORD).expect(429);
    // 2 logins from elsewhere, one of them logged out.
    const agent = request.agent(app);
    await agent.post('/login').set('X-Forwarded-For', '198.51.100.9').send({ username: USERNAME, password: PASSWORD }).expect(200);
    await agent.post('/configurations').send(record('billing-db')).expect(200);
    await agent.post('/logout').expect(200);
    await login('198.51.100.10', PASSWORD).expect(200);
    await request(app).post('/login').send({ username: 42 }).expect(400);

    const text = await scrape();
    expect(sampleValue(text, 'config_store_logins_total', { outcome: 'failed' })).toBe(3);
    expect(sampleValue(text, 'config_store_logins_total', { outcome: 'rate_limited' })).toBe(2);
    expect(sampleValue(text, 'config_store_logins_total', { outcome: 'succeeded' })).toBe(2);
    expect(sampleValue(text, 'config_store_logins_total', { outcome: 'invalid' })).toBe(1);
    expect(sampleValue(text, 'config_store_login_rate_limit_refusals_total', { scope: 'user_address' })).toBe(2);
    expect(sampleValue(text, 'config_store_sessions_total', { event: 'created' })).toBe(2);
    expect(sampleValue(text, 'config_store_sessions_total', { event: 'ended' })).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/configurations/', status: '200' })).toBe(1);
  });

  it('serves Node process metrics with the security headers', async () => {
    const response = await request(app).get('/metrics').expect(200);
    expect(response.text).toMatch(/^nodejs_eventloop_lag_seconds\{service="config-store"\} /m);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carries no user name, password, address or configuration name in any label', async () => {
    for (const value of labelValues(await scrape())) {
      expect(value).not.toContain(USERNAME);
      expect(value).not.toContain(PASSWORD);
      expect(value).not.toMatch(/203\.0\.113|198\.51\.100|billing-db/);
    }
  });
});
