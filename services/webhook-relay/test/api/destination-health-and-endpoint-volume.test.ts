// GET /v1/destinations/{id}/health and GET /v1/endpoints/{id}/volume, through HTTP on real PostgreSQL, with real
// delivery workers and a local receiver that fails on demand: the figures are counted by the relay, per window and
// bucket, scoped to the tenant, and bad windows are refused with a message that says what to send.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { eventually, FAST_POLICY, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import type { TestTenant } from '../helpers/test-app.js';

let h: DeliveryHarness;
let receiver: Receiver;
let failing = false;
let endpointId: string;
let destinationId: string;
let other: TestTenant;

const get = (path: string, tenant: { auth: Record<string, string> } = h.tenant) => checkedApi(h.context).get(path).set(tenant.auth);
const deliveriesIn = async (state: string) =>
  (await get(`/v1/deliveries?state=${state}&destination_id=${destinationId}`).expect(200)).body.data as Array<{ id: string }>;

beforeAll(async () => {
  h = await startDeliveryHarness({ policy: FAST_POLICY });
  receiver = await startReceiver(() => (failing ? { status: 503, body: 'down for maintenance' } : { status: 200, body: 'ok' }));
  const endpoint = await h.endpoint({ name: 'Orders' });
  endpointId = endpoint.id;
  destinationId = (await h.destination(`${receiver.url}/hooks`, { name: 'Warehouse' })).id;
  await h.subscribe(endpointId, destinationId, { states: ['unattempted'] });
  for (const n of [1, 2, 3]) await h.send(endpoint.url, `{"order":${n}}`);
  await eventually(async () => expect(await deliveriesIn('succeeded')).toHaveLength(3), 60_000);
  failing = true;
  await h.send(endpoint.url, '{"order":4}');
  await eventually(async () => expect(await deliveriesIn('dead_lettered')).toHaveLength(1), 60_000);
  other = await h.context.newTenant();
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

describe('destination health', () => {
  it('counts the deliveries, attempts, success rate, latency and last failure of the window', async () => {
    const [deadLetter] = await deliveriesIn('dead_lettered');
    const health = (await get(`/v1/destinations/${destinationId}/health`).expect(200)).body;
    expect(health).toMatchObject({
      destination_id: destinationId,
      window: '24h',
      bucket: '1h',
      deliveries: { total: 4, succeeded: 3, dead_lettered: 1, retrying: 0, pending: 0, cancelled: 0 },
      success_rate: 0.75,
      backlog: { pending: 0, more: false, oldest_pending_at: null },
      last_failure: { delivery_id: deadLetter!.id, status_code: 503, response_excerpt: 'down for maintenance' },
    });
    expect(health.attempts.succeeded).toBe(3);
    expect(health.attempts.failed).toBeGreaterThanOrEqual(1);
    expect(health.attempts.total).toBe(health.attempts.succeeded + health.attempts.failed);
    expect(health.latency_ms.p95).toBeGreaterThanOrEqual(health.latency_ms.p50);
    // Every hour that overlaps the last 24, oldest first, zeros included; the attempts are all in them.
    expect(health.series.length).toBeGreaterThanOrEqual(24);
    expect(health.series.length).toBeLessThanOrEqual(25);
    expect(health.series.reduce((sum: number, bucket: { succeeded: number }) => sum + bucket.succeeded, 0)).toBe(3);
    expect(health.series.reduce((sum: number, bucket: { failed: number }) => sum + bucket.failed, 0)).toBe(health.attempts.failed);
    const starts = health.series.map((bucket: { start: string }) => Date.parse(bucket.start));
    expect(starts.every((start: number, index: number) => index === 0 || start - starts[index - 1] === 3_600_000)).toBe(true);
  });

  it('draws a one-hour window in five-minute buckets, and a week by day', async () => {
    const hour = (await get(`/v1/destinations/${destinationId}/health?window=1h`).expect(200)).body;
    expect(hour).toMatchObject({ window: '1h', bucket: '5m' });
    expect(hour.series.length).toBeGreaterThanOrEqual(12);
    expect(hour.series.length).toBeLessThanOrEqual(13);
    const week = (await get(`/v1/destinations/${destinationId}/health?window=7d&bucket=1d`).expect(200)).body;
    expect(week).toMatchObject({ window: '7d', bucket: '1d', deliveries: { total: 4 } });
  });
});

describe('endpoint volume', () => {
  it('counts the events captured per bucket with their verification states', async () => {
    const volume = (await get(`/v1/endpoints/${endpointId}/volume?window=1h`).expect(200)).body;
    expect(volume).toMatchObject({
      endpoint_id: endpointId,
      window: '1h',
      bucket: '5m',
      totals: { events: 4, unattempted: 4, verified: 0, authenticated: 0, failed: 0, pending: 0, duplicates: 0 },
    });
    expect(volume.series.reduce((sum: number, bucket: { events: number }) => sum + bucket.events, 0)).toBe(4);
    const byHour = (await get(`/v1/endpoints/${endpointId}/volume?window=24h&bucket=5m`).expect(200)).body;
    expect(byHour.series.length).toBeGreaterThanOrEqual(288);
    expect(byHour.totals.events).toBe(4);
  });
});

describe('scoping and bad input', () => {
  it("answers 404 for another tenant's destination or endpoint, as for the other reads", async () => {
    for (const path of [`/v1/destinations/${destinationId}/health`, `/v1/endpoints/${endpointId}/volume`]) {
      const answer = await get(path, other).expect(404);
      expect(answer.body.error.code).toBe('not_found');
    }
  });

  it.each([
    ['/v1/destinations/{d}/health?window=30d', /window must be one of 1h, 24h, 7d/],
    ['/v1/endpoints/{e}/volume?window=', /window must be one of 1h, 24h, 7d/],
    ['/v1/endpoints/{e}/volume?bucket=1w', /bucket must be one of 5m, 1h, 1d/],
    ['/v1/endpoints/{e}/volume?window=7d&bucket=5m', /more than 288 bars over 7d: use a wider bucket/],
    ['/v1/destinations/{d}/health?window=1h&bucket=1d', /bucket 1d is longer than window 1h/],
    ['/v1/destinations/{d}/health?since=yesterday', /since/],
    ['/v1/destinations/not-a-uuid/health', /destination_id must be a UUID/],
  ])('refuses %s with a 400 that says what to fix', async (path, message) => {
    const answer = await get(path.replace('{d}', destinationId).replace('{e}', endpointId)).expect(400);
    expect(answer.body.error.code).toBe('invalid_request');
    expect(answer.body.error.message).toMatch(message);
  });
});
