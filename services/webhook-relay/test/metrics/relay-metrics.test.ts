import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { createLogger, ServiceMetrics } from '@workspace/service-kit';
import { DeliveryReconciler } from '../../src/delivery/delivery-reconciler.js';
import { registerRelayGauges, relayMetrics, type RelayMetrics } from '../../src/metrics/relay-metrics.js';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { labelValues, sampleValue } from '@workspace/service-kit/testing';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/**
 * The relay driven through its real interfaces (API, ingest listener, in-process workers on real PostgreSQL
 * and Redis), then scraped: each counter moved by what was done, and no label names a tenant or a secret.
 */
describe('relay /metrics', () => {
  let h: DeliveryHarness;
  let metrics: RelayMetrics;
  let receiver: Receiver;
  let logLines = '';
  let endpoint: { id: string; url: string };
  let destination: { id: string; secret: string };
  const eventIds: string[] = [];

  const scrape = async () => {
    const response = await api(h.context).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text;
  };
  const signed = (body: string, id: string) => {
    const at = new Date();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, at, body),
    };
  };

  beforeAll(async () => {
    const destinationStream = new Writable({ write: (chunk, _encoding, done) => void ((logLines += chunk.toString()), done()) });
    metrics = relayMetrics(new ServiceMetrics({ enabled: true, service: 'webhook-relay' }));
    h = await startDeliveryHarness({
      // Two retries, then the dead letter.
      policy: { schedule: [100, 100], jitter: 0 },
      metrics,
      logger: createLogger({ service: 'webhook-relay-test', level: 'info', destination: destinationStream }),
    });
    registerRelayGauges(metrics, h.context.pool, h.context.deps.runtime, (error) => {
      throw error;
    });
    receiver = await startReceiver((request) => (request.body.toString() === '{"poison":true}' ? { status: 500 } : { status: 204 }));
    endpoint = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret: SECRET }).expect(201);
    destination = await h.destination(`${receiver.url}/hook?token=secret-in-query`);
    await h.subscribe(endpoint.id, destination.id);

    // 10 captures: 7 signed (the first is the poison one), 3 without a signature.
    eventIds.push(await h.send(endpoint.url, '{"poison":true}', signed('{"poison":true}', 'msg_poison')));
    for (let n = 1; n <= 6; n += 1) eventIds.push(await h.send(endpoint.url, `{"n":${n}}`, signed(`{"n":${n}}`, `msg_${n}`)));
    for (let n = 1; n <= 3; n += 1) eventIds.push(await h.send(endpoint.url, `{"unsigned":${n}}`));
    // 1 + 2 retries of the poison event, then the 9 others once each.
    await receiver.waitFor(12);
    await eventually(async () => {
      const dead = (await api(h.context).get(`/v1/deliveries?state=dead_lettered`).set(h.tenant.auth).expect(200)).body.data;
      expect(dead).toHaveLength(1);
      const text = await scrape();
      expect(sampleValue(text, 'relay_delivery_attempts_total', { result: 'succeeded' })).toBe(9);
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('counts 10 captures, 3 failed verifications with their cause, 2 retries and 1 dead letter', async () => {
    const text = await scrape();
    expect(sampleValue(text, 'relay_ingest_requests_total', { outcome: 'captured' })).toBe(10);
    expect(sampleValue(text, 'relay_ingest_request_duration_seconds_count', { outcome: 'captured' })).toBe(10);
    expect(sampleValue(text, 'relay_verifications_total', { state: 'verified', cause: 'none' })).toBe(7);
    expect(sampleValue(text, 'relay_verifications_total', { state: 'failed', cause: 'missing_header' })).toBe(3);
    expect(sampleValue(text, 'relay_delivery_attempts_total', { result: 'retry_scheduled' })).toBe(2);
    expect(sampleValue(text, 'relay_delivery_attempts_total', { result: 'dead_lettered' })).toBe(1);
    expect(sampleValue(text, 'relay_delivery_attempts_total', { result: 'succeeded' })).toBe(9);
    expect(sampleValue(text, 'relay_dead_letters_total', {})).toBe(1);
    expect(sampleValue(text, 'relay_delivery_attempt_duration_seconds_count', {})).toBe(12);
  });

  it('counts refused ingest requests by outcome, never by token', async () => {
    const before = sampleValue(await scrape(), 'relay_ingest_requests_total', { outcome: 'unknown_token' }) ?? 0;
    const unknown = await fetch(`${h.ingestUrl}/whep_${'x'.repeat(40)}`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(sampleValue(await scrape(), 'relay_ingest_requests_total', { outcome: 'unknown_token' })).toBe(before + 1);
  });

  it('times API requests by route template, method and status', async () => {
    await api(h.context).get(`/v1/endpoints/${endpoint.id}`).set(h.tenant.auth).expect(200);
    await api(h.context).get('/v1/endpoints/00000000-0000-7000-8000-000000000000').set(h.tenant.auth).expect(404);
    await api(h.context).get('/no/such/path').expect(404);
    const text = await scrape();
    expect(
      sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/endpoints/:endpoint_id', status: '200' }),
    ).toBe(1);
    expect(
      sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/endpoints/:endpoint_id', status: '404' }),
    ).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/v1/endpoints', status: '201' })).toBe(1);
    expect(sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
  });

  it('reads the outbox, the pool and Node process figures at scrape time', async () => {
    const text = await scrape();
    expect(sampleValue(text, 'relay_outbox_pending_deliveries', {})).toBe(0);
    expect(sampleValue(text, 'relay_outbox_oldest_pending_age_seconds', {})).toBe(0);
    expect(sampleValue(text, 'db_pool_connections', { pool: 'app', state: 'in_use' })).toEqual(expect.any(Number));
    expect(sampleValue(text, 'db_pool_waiting', { pool: 'app' })).toBe(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="webhook-relay"\} /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="webhook-relay"\} /m);
  });

  it('logs every dead letter with the ids needed to replay it, and no URL', () => {
    const lines = logLines
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => String(line.msg).startsWith('delivery dead-lettered'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      tenant_id: h.tenant.tenantId,
      destination_id: destination.id,
      event_id: eventIds[0],
      delivery_id: expect.any(String),
      attempts: 3,
      last_status: 500,
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret-in-query');
    expect(JSON.stringify(lines[0])).not.toContain(receiver.url);
  });

  it('carries no tenant id, token, key, secret, id or URL in any label', async () => {
    const text = await scrape();
    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(20);
    const forbidden = [
      h.tenant.tenantId,
      h.tenant.apiKey,
      endpoint.id,
      destination.id,
      destination.secret,
      new URL(endpoint.url).pathname.slice(1),
      receiver.url,
      SECRET,
      ...eventIds,
    ];
    for (const value of values) {
      for (const secret of forbidden) expect(value).not.toContain(secret);
      // Whatever the test did not think of: no UUID, no key or token prefix, no URL.
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(value).not.toMatch(/whk_|whep_|whsec_|:\/\//);
    }
  });

  // Last: it stops the harness's workers.
  it('counts the reconciler re-creating a job Redis lost, and reads the outbox that waits', async () => {
    await h.workers?.close();
    const other = await h.endpoint();
    await h.subscribe(other.id, destination.id);
    await h.send(other.url, '{"lost":1}');
    await h.dropQueueKeys();
    const waiting = await scrape();
    expect(sampleValue(waiting, 'relay_outbox_pending_deliveries', {})).toBe(1);
    expect(sampleValue(waiting, 'relay_outbox_oldest_pending_age_seconds', {})).toBeGreaterThanOrEqual(0);
    const reconciler = new DeliveryReconciler({ ...h.context.deps, queues: h.queues, intervalMs: 60_000, metrics });
    expect(await reconciler.reconcile()).toMatchObject({ jobsAdded: 1 });
    await reconciler.close();
    expect(sampleValue(await scrape(), 'relay_reconciler_repairs_total', { repair: 'jobs_added' })).toBe(1);
  });
});
