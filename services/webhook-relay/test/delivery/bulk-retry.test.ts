// Bulk retry of dead letters (docs/bulk-retry.md), with the runner in this process: real dead letters (a receiver
// that failed every attempt) are re-sent to the same destination in their order, as many as the preview said; a
// cancel stops the job between chunks.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import {
  bulkRetryRunner,
  deadLettersInOrder,
  firstArrivals,
  holdCaptureOrder,
  replaysPerDeadLetter,
  waitForLockWaiter,
} from '../helpers/bulk-retry.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';

const EVENTS = 30;
const CHUNK = 7;

describe('a bulk retry re-sends a destination’s dead letters', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let failing = true;
  let destination: { id: string };
  let endpoint: { id: string; url: string };

  beforeAll(async () => {
    h = await startDeliveryHarness({ policy: { schedule: [20], jitter: 0 } });
    receiver = await startReceiver(() => (failing ? { status: 500 } : { status: 200, body: 'ok' }));
    endpoint = await h.endpoint();
    destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= EVENTS; n += 1)
      await h.send(endpoint.url, JSON.stringify({ n }), { 'x-event-type': n % 2 === 0 ? 'order.paid' : 'order.created' });
    await eventually(async () => expect(await deadLettersInOrder(h, destination.id)).toHaveLength(EVENTS), 60_000);
    failing = false;
  }, 120_000);
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  // Every bulk retry answer (queued, running, succeeded, cancelled, 409) is checked against its contract.
  const post = (path: string, body: unknown) =>
    checkedApi(h.context)
      .post(path)
      .set(h.tenant.auth)
      .send(body as object);
  const waitForNothingPending = () =>
    eventually(async () => {
      const { rows } = await h.context.ownerPool.query(
        "SELECT count(*)::int AS n FROM deliveries WHERE destination_id = $1 AND state = 'pending'",
        [destination.id],
      );
      expect(rows[0].n).toBe(0);
    }, 60_000);
  const get = async (id: string) => (await checkedApi(h.context).get(`/v1/bulk-retries/${id}`).set(h.tenant.auth).expect(200)).body;

  it('previews what a selection holds, by filter', async () => {
    const all = (await post('/v1/bulk-retries/preview', { destination_id: destination.id }).expect(200)).body;
    expect(all).toMatchObject({ deliveries: EVENTS, events: EVENTS });
    expect(Date.parse(all.oldest)).toBeLessThanOrEqual(Date.parse(all.newest));
    const paid = (
      await post('/v1/bulk-retries/preview', { destination_id: destination.id, filter: { event_type: 'order.paid' } }).expect(200)
    ).body;
    expect(paid.deliveries).toBe(EVENTS / 2);
    const byClass = (await post('/v1/bulk-retries/preview', { destination_id: destination.id, filter: { last_status: '5xx' } }).expect(200))
      .body;
    expect(byClass.deliveries).toBe(EVENTS);
    const other = (await post('/v1/bulk-retries/preview', { destination_id: destination.id, filter: { last_status: 404 } }).expect(200))
      .body;
    expect(other).toEqual({ deliveries: 0, events: 0, oldest: null, newest: null });
    const before = (
      await post('/v1/bulk-retries/preview', { destination_id: destination.id, to: new Date(Date.parse(all.oldest)).toISOString() }).expect(
        200,
      )
    ).body;
    expect(before.deliveries).toBe(0);
  });

  it('re-sends every dead letter once, in the destination’s order, as many as the preview counted', async () => {
    const deadLetters = await deadLettersInOrder(h, destination.id);
    const preview = (await post('/v1/bulk-retries/preview', { destination_id: destination.id }).expect(200)).body;
    const started = (await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202)).body;
    expect(started).toMatchObject({ state: 'queued', total: null, retried: 0, selection: { destination_id: destination.id } });
    const before = receiver.received.length;
    await bulkRetryRunner(h, { chunk: CHUNK }).pass();
    const finished = await get(started.id);
    expect(finished).toMatchObject({ state: 'succeeded', total: preview.deliveries, retried: preview.deliveries, error: null });
    expect(finished.started_at).not.toBeNull();
    expect(finished.finished_at).not.toBeNull();
    await receiver.waitFor(before + EVENTS, 60_000);
    const bodies = firstArrivals(receiver)
      .slice(-EVENTS)
      .map((arrival) => (JSON.parse(arrival.body) as { n: number }).n);
    expect(bodies).toEqual(Array.from({ length: EVENTS }, (_, index) => index + 1));
    const replays = await replaysPerDeadLetter(
      h,
      deadLetters.map((row) => row.id),
    );
    expect([...replays.values()]).toEqual(Array(EVENTS).fill(1));
    const audit = (await api(h.context).get('/v1/audit?limit=5').set(h.tenant.auth).expect(200)).body.data;
    expect(audit.map((entry: { action: string }) => entry.action).slice(0, 2)).toEqual(['bulk_retry.finished', 'bulk_retry.started']);
    expect(audit[0]).toMatchObject({
      target: { type: 'bulk_retry', id: started.id },
      details: { state: 'succeeded', total: EVENTS, retried: EVENTS },
    });
  });

  it('leaves out dead letters whose replay is still pending', async () => {
    // The destination off: replays stay pending.
    await api(h.context).patch(`/v1/destinations/${destination.id}`).set(h.tenant.auth).send({ enabled: false }).expect(200);
    const job = (await post('/v1/bulk-retries', { destination_id: destination.id, filter: { event_type: 'order.created' } }).expect(202))
      .body;
    await bulkRetryRunner(h, { chunk: CHUNK }).pass();
    expect(await get(job.id)).toMatchObject({ state: 'succeeded', total: EVENTS / 2, retried: EVENTS / 2 });
    const preview = (await post('/v1/bulk-retries/preview', { destination_id: destination.id }).expect(200)).body;
    expect(preview.deliveries).toBe(EVENTS / 2);
    const second = (await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202)).body;
    await bulkRetryRunner(h, { chunk: CHUNK }).pass();
    expect(await get(second.id)).toMatchObject({ state: 'succeeded', total: EVENTS / 2, retried: EVENTS / 2 });
    const before = receiver.received.length;
    await api(h.context).patch(`/v1/destinations/${destination.id}`).set(h.tenant.auth).send({ enabled: true }).expect(200);
    await receiver.waitFor(before + EVENTS, 60_000);
  });

  it('queues each dead letter once when two runners take the job from each other chunk after chunk', async () => {
    await waitForNothingPending();
    const job = (await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202)).body;
    // A lease of 1 ms: every chunk may find the job taken over by the other runner, which goes on from the cursor.
    const runners = [bulkRetryRunner(h, { chunk: 3, leaseMs: 1 }), bulkRetryRunner(h, { chunk: 3, leaseMs: 1 })];
    const done = async () => (await get(job.id)).state === 'succeeded';
    await Promise.all(
      runners.map(async (runner) => {
        while (!(await done())) await runner.pass();
      }),
    );
    expect(await get(job.id)).toMatchObject({ state: 'succeeded', total: EVENTS, retried: EVENTS });
    const { rows } = await h.context.ownerPool.query(
      'SELECT replay_of, count(*)::int AS n FROM deliveries WHERE destination_id = $1 AND created_at >= $2 GROUP BY replay_of',
      [destination.id, new Date(job.created_at)],
    );
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    await waitForNothingPending();
  });

  it('stops between chunks when cancelled: nothing is queued after the cancel answers', async () => {
    const job = (await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202)).body;
    // The runner's first chunk waits for the tenant's capture-order lock, holding the job's row.
    const lock = await holdCaptureOrder(h, h.tenant.tenantId);
    const runner = bulkRetryRunner(h, { chunk: CHUNK });
    const running = runner.pass();
    await waitForLockWaiter(h, '%relay_capture_order%');
    // The cancel waits for that chunk (the job's row), then every later chunk sees it.
    const cancelling = post(`/v1/bulk-retries/${job.id}/cancel`, undefined).then((response) => response);
    await waitForLockWaiter(h, '%update%bulk_retries%');
    await lock.release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: job.id, state: 'cancelled', total: EVENTS, retried: CHUNK });
    expect(cancelled.body.cancelled_at).not.toBeNull();
    await running;
    await runner.pass();
    expect(await get(job.id)).toMatchObject({ state: 'cancelled', retried: CHUNK });
    const { rows } = await h.context.ownerPool.query(
      'SELECT count(*)::int AS n FROM deliveries WHERE created_at >= $1 AND destination_id = $2',
      [new Date(job.created_at), destination.id],
    );
    expect(rows[0].n).toBe(CHUNK);
    const again = await post(`/v1/bulk-retries/${job.id}/cancel`, undefined).expect(409);
    expect(again.body.error.message).toMatch(/already cancelled/);
    const audit = (await api(h.context).get('/v1/audit?limit=1').set(h.tenant.auth).expect(200)).body.data[0];
    expect(audit).toMatchObject({ action: 'bulk_retry.cancelled', target: { id: job.id }, details: { retried: CHUNK, total: EVENTS } });
  });
});
