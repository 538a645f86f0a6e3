import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('FIFO delivery per destination with in-place retry and dead-letter', () => {
  let h: DeliveryHarness;
  const receivers: Receiver[] = [];
  const newReceiver = async (answer?: Receiver['answer']) => {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    return receiver;
  };
  const deliveries = async (query: string) =>
    (await api(h.context).get(`/v1/deliveries?${query}`).set(h.tenant.auth).expect(200)).body.data;

  beforeAll(async () => {
    h = await startDeliveryHarness({ policy: { schedule: [150, 150, 150, 150], jitter: 0 } });
  });
  afterAll(async () => {
    await h.close();
    for (const receiver of receivers) await receiver.close();
  });

  it('delivers the original body bytes to a subscribed destination and records a succeeded delivery', async () => {
    const receiver = await newReceiver();
    const endpoint = await h.endpoint();
    const destination = await h.destination(`${receiver.url}/hook`);
    await h.subscribe(endpoint.id, destination.id);
    const body = '{"amount": 12.50,   "note": "spaces kept"}';
    const eventId = await h.send(endpoint.url, body);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.body.toString()).toBe(body);
    expect(receiver.received[0]!.path).toBe('/hook');
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json');
    const [delivery] = await eventually(async () => {
      const rows = await deliveries(`event_id=${eventId}`);
      expect(rows[0].state).toBe('succeeded');
      return rows;
    });
    expect(delivery).toMatchObject({ destination_id: destination.id, event_id: eventId, attempts: 1, last_status: 200 });
    const detail = (await api(h.context).get(`/v1/deliveries/${delivery.id}`).set(h.tenant.auth).expect(200)).body;
    expect(detail.attempt_log).toEqual([
      expect.objectContaining({ status_code: 200, error: null, response_excerpt: 'ok', duration_ms: expect.any(Number) }),
    ]);
  });

  it('holds the queue behind a head that fails 3 times, then delivers everything in capture order', async () => {
    let failuresLeft = 3;
    const receiver = await newReceiver((request) => {
      if (request.body.toString() === '{"n":1}' && failuresLeft > 0) {
        failuresLeft -= 1;
        return { status: 503, body: 'try later' };
      }
      return { status: 200 };
    });
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= 5; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    await receiver.waitFor(8);
    // The head three times, then it and each later event once, in order: nothing overtook it.
    expect(receiver.bodies()).toEqual(['{"n":1}', '{"n":1}', '{"n":1}', '{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}', '{"n":5}']);
    const times = receiver.received.map((item) => item.at);
    // Each retry waited about the scheduled 150 ms.
    for (let i = 1; i < 4; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(120);
    const rows = await eventually(async () => {
      const all = await deliveries(`destination_id=${destination.id}`);
      expect(all.every((row: { state: string }) => row.state === 'succeeded')).toBe(true);
      return all;
    });
    const head = rows.find((row: { attempts: number }) => row.attempts === 4);
    expect(head).toBeDefined();
    const detail = (await api(h.context).get(`/v1/deliveries/${head.id}`).set(h.tenant.auth).expect(200)).body;
    expect(detail.attempt_log.map((attempt: { status_code: number }) => attempt.status_code)).toEqual([503, 503, 503, 200]);
    expect(detail.attempt_log[0]).toMatchObject({ response_excerpt: 'try later', error: 'answered 503' });
  });

  it('dead-letters a head after the retry schedule and moves on to the next event', async () => {
    const receiver = await newReceiver((request) => (request.body.toString() === '{"poison":true}' ? { status: 500 } : { status: 204 }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const poison = await h.send(endpoint.url, '{"poison":true}');
    await h.send(endpoint.url, '{"after":1}');
    // 1 attempt + 4 retries of the schedule, then the next event.
    await receiver.waitFor(6);
    expect(receiver.bodies()).toEqual([...Array(5).fill('{"poison":true}'), '{"after":1}']);
    const dead = await eventually(async () => {
      const rows = await deliveries(`state=dead_lettered&destination_id=${destination.id}`);
      expect(rows).toHaveLength(1);
      return rows[0];
    });
    expect(dead).toMatchObject({
      event_id: poison,
      attempts: 5,
      last_status: 500,
      dead_lettered_at: expect.any(String),
      next_attempt_at: null,
    });
  });

  it('does not follow redirects: a 3xx is a failure, retried, then dead-lettered', async () => {
    const target = await newReceiver();
    const receiver = await newReceiver(() => ({ status: 302, headers: { location: `${target.url}/elsewhere` } }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"redirect":true}');
    await receiver.waitFor(5);
    const [dead] = await eventually(async () => {
      const rows = await deliveries(`state=dead_lettered&event_id=${eventId}`);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(dead.last_status).toBe(302);
    expect(dead.last_error).toMatch(/redirect to .*elsewhere not followed/);
    expect(target.received).toHaveLength(0);
  });

  it('honours Retry-After within its bounds instead of the schedule', async () => {
    const receiver = await newReceiver((_request, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    await h.send(endpoint.url, '{"rate":"limited"}');
    await receiver.waitFor(2);
    const waited = receiver.received[1]!.at - receiver.received[0]!.at;
    // The schedule says 150 ms; the destination asked for 1 s.
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(1900);
  });

  it('caps a Retry-After longer than the bound (RELAY_RETRY_AFTER_MAX)', async () => {
    const receiver = await newReceiver((_request, index) =>
      index === 0 ? { status: 503, headers: { 'retry-after': '86400' } } : { status: 200 },
    );
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    await h.send(endpoint.url, '{"rate":"huge"}');
    await receiver.waitFor(2, 5000);
    const waited = receiver.received[1]!.at - receiver.received[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(waited).toBeLessThan(3500);
  });

  it('treats a timeout as a failure and retries', async () => {
    const receiver = await newReceiver((_request, index) => (index === 0 ? { status: 200, delayMs: 1500 } : { status: 200 }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url, { timeout_ms: 300 });
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"slow":true}');
    await receiver.waitFor(2);
    const [delivery] = await eventually(async () => {
      const rows = await deliveries(`event_id=${eventId}`);
      expect(rows[0].state).toBe('succeeded');
      return rows;
    });
    const detail = (await api(h.context).get(`/v1/deliveries/${delivery.id}`).set(h.tenant.auth).expect(200)).body;
    expect(detail.attempt_log[0]).toMatchObject({ status_code: null, error: 'timed out after 300 ms' });
  });

  it('disables the destination on 410 and holds its deliveries until it is enabled again', async () => {
    let gone = true;
    const receiver = await newReceiver(() => (gone ? { status: 410 } : { status: 200 }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    await h.send(endpoint.url, '{"g":1}');
    await receiver.waitFor(1);
    const disabled = await eventually(async () => {
      const body = (await api(h.context).get(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(200)).body;
      expect(body.enabled).toBe(false);
      return body;
    });
    expect(disabled.disabled_reason).toMatch(/410/);
    const audit = (await api(h.context).get('/v1/audit?limit=5').set(h.tenant.auth).expect(200)).body.data;
    // Turned off and audited in one transaction: once the destination reads disabled, the entry is there.
    expect(audit[0]).toMatchObject({
      action: 'destination.disabled',
      actor: 'system:delivery',
      target: { type: 'destination', id: destination.id },
      details: { reason: disabled.disabled_reason },
    });
    // Events of a disabled destination are not queued; the one that got 410 waits, untouched.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.received).toHaveLength(1);
    gone = false;
    await api(h.context).patch(`/v1/destinations/${destination.id}`).set(h.tenant.auth).send({ enabled: true }).expect(200);
    await receiver.waitFor(2);
    expect(receiver.bodies()).toEqual(['{"g":1}', '{"g":1}']);
  });
});
