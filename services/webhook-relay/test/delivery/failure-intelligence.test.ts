import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

// Real receivers on loopback that fail in each way and recover; the harness's fast policy (3 retries 100 ms
// apart, probes from 200 ms doubling to 1 s) keeps the waits short.
describe('failure intelligence: issues, the circuit breaker, pause and resume', () => {
  let h: DeliveryHarness;
  const receivers: Receiver[] = [];
  const newReceiver = async (answer?: Receiver['answer']) => {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    return receiver;
  };
  const get = async (path: string) => (await api(h.context).get(path).set(h.tenant.auth).expect(200)).body;
  const issuesOf = async (destinationId: string) => (await get(`/v1/issues?destination_id=${destinationId}`)).data;
  const deliveriesOf = async (destinationId: string) => (await get(`/v1/deliveries?destination_id=${destinationId}&limit=100`)).data;
  /** An endpoint subscribed to a new destination at `url`. */
  const wire = async (url: string, body: Record<string, unknown> = {}) => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(url, body);
    await h.subscribe(endpoint.id, destination.id);
    return { endpoint, destination };
  };

  beforeAll(async () => {
    h = await startDeliveryHarness();
  });
  afterAll(async () => {
    await h.close();
    for (const receiver of receivers) await receiver.close();
  });

  it('groups an outage into one issue, opens the breaker instead of dead-lettering, and recovers in order', async () => {
    let down = true;
    const receiver = await newReceiver(() => (down ? { status: 503, body: 'maintenance' } : { status: 200 }));
    const { endpoint, destination } = await wire(receiver.url, { breaker: { failures: 2, window_seconds: 0 } });
    for (let n = 1; n <= 4; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    // More attempts than the schedule allows (1 + 3 retries): with the breaker open, the head is probed, never dead-lettered.
    await receiver.waitFor(7);
    expect(new Set(receiver.bodies())).toEqual(new Set(['{"n":1}']));
    const failing = await get(`/v1/destinations/${destination.id}`);
    expect(['open', 'half_open']).toContain(failing.breaker.state);
    expect(failing.breaker).toMatchObject({ failures: 2, window_seconds: 0, disable_after_hours: 120 });
    expect(failing.breaker.consecutive_failures).toBeGreaterThanOrEqual(6);
    expect(failing.breaker.failing_since).not.toBeNull();
    expect((await deliveriesOf(destination.id)).every((row: { state: string }) => row.state === 'pending')).toBe(true);
    const [issue, ...others] = await issuesOf(destination.id);
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ kind: 'http_5xx', state: 'open', last_status: 503, last_excerpt: 'maintenance', resolved_at: null });
    expect(issue.count).toBeGreaterThanOrEqual(6);

    down = false;
    await receiver.waitForBody('{"n":4}');
    const delivered = receiver.bodies().filter((body) => body !== '{"n":1}');
    expect(delivered).toEqual(['{"n":2}', '{"n":3}', '{"n":4}']);
    const resolved = await eventually(async () => {
      const [after] = await issuesOf(destination.id);
      expect(after.state).toBe('resolved');
      return after;
    });
    expect(resolved).toMatchObject({ id: issue.id, resolved_by: 'system:delivery' });
    expect((await get(`/v1/destinations/${destination.id}`)).breaker).toMatchObject({
      state: 'closed',
      consecutive_failures: 0,
      failing_since: null,
      next_probe_at: null,
    });
  });

  it.each([
    ['connection_refused', 'a closed port', async () => closedPortUrl(), null],
    [
      'timeout',
      'a receiver that hangs past the timeout',
      async () => (await newReceiver(() => ({ status: 200, delayMs: 2000 }))).url,
      null,
    ],
    ['tls', 'a receiver that does not speak TLS on an https URL', async () => (await newReceiver()).url.replace('http:', 'https:'), null],
    ['http_5xx', 'a receiver answering 500', async () => (await newReceiver(() => ({ status: 500 }))).url, 500],
    ['http_429', 'a receiver answering 429', async () => (await newReceiver(() => ({ status: 429 }))).url, 429],
    ['http_4xx', 'a receiver answering 400', async () => (await newReceiver(() => ({ status: 400, body: 'bad shape' }))).url, 400],
    ['gone', 'a receiver answering 410', async () => (await newReceiver(() => ({ status: 410 }))).url, 410],
  ])('opens a %s issue for %s', async (kind, _what, url, status) => {
    const { endpoint, destination } = await wire(await url(), { timeout_ms: 300 });
    const eventId = await h.send(endpoint.url, '{"kind":"probe"}');
    const issue = await eventually(async () => {
      const [found] = await issuesOf(destination.id);
      expect(found?.kind).toBe(kind);
      return found;
    });
    expect(issue).toMatchObject({
      state: 'open',
      destination_id: destination.id,
      endpoint_id: null,
      last_status: status,
      last_event_id: eventId,
    });
    if (kind === 'gone') expect((await get(`/v1/destinations/${destination.id}`)).enabled).toBe(false);
  });

  it('opens no issue for a slow receiver that answers within the timeout', async () => {
    const receiver = await newReceiver(() => ({ status: 200, delayMs: 400 }));
    const { endpoint, destination } = await wire(receiver.url, { timeout_ms: 5000 });
    for (let n = 1; n <= 3; n += 1) await h.send(endpoint.url, `{"slow":${n}}`);
    await receiver.waitForBody('{"slow":3}');
    await eventually(async () =>
      expect((await deliveriesOf(destination.id)).map((row: { state: string }) => row.state)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
      ]),
    );
    expect(await issuesOf(destination.id)).toEqual([]);
    expect((await get(`/v1/destinations/${destination.id}`)).breaker).toMatchObject({ state: 'closed', consecutive_failures: 0 });
  });

  it('dead-letters at once a message the receiver declines for good (X-Relay-No-Retry) and moves on', async () => {
    const receiver = await newReceiver((request) =>
      request.body.toString() === '{"poison":1}' ? { status: 422, headers: { 'x-relay-no-retry': 'true' } } : { status: 200 },
    );
    const { endpoint, destination } = await wire(receiver.url);
    await h.send(endpoint.url, '{"poison":1}');
    await h.send(endpoint.url, '{"fine":2}');
    await receiver.waitForBody('{"fine":2}');
    expect(receiver.bodies()).toEqual(['{"poison":1}', '{"fine":2}']);
    const rows = await eventually(async () => {
      const all = await deliveriesOf(destination.id);
      expect(all.map((row: { state: string }) => row.state).sort()).toEqual(['dead_lettered', 'succeeded']);
      return all;
    });
    expect(rows.find((row: { state: string }) => row.state === 'dead_lettered')).toMatchObject({ attempts: 1, last_status: 422 });
    // The success after it resolved the 4xx issue.
    const [issue] = await eventually(async () => {
      const found = await issuesOf(destination.id);
      expect(found[0]?.state).toBe('resolved');
      return found;
    });
    expect(issue.kind).toBe('http_4xx');
  });

  it('holds a paused destination in order and sends its queue when it is resumed', async () => {
    const receiver = await newReceiver();
    const { endpoint, destination } = await wire(receiver.url);
    const paused = (
      await api(h.context).post(`/v1/destinations/${destination.id}/pause`).set(h.tenant.auth).send({ reason: 'deploying' }).expect(200)
    ).body;
    expect(paused).toMatchObject({ enabled: true, paused_at: expect.any(String), paused_reason: 'deploying' });
    for (let n = 1; n <= 3; n += 1) await h.send(endpoint.url, `{"p":${n}}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(0);
    const resumed = (await api(h.context).post(`/v1/destinations/${destination.id}/resume`).set(h.tenant.auth).expect(200)).body;
    expect(resumed).toMatchObject({ enabled: true, paused_at: null, paused_reason: null, breaker: { state: 'closed' } });
    await receiver.waitFor(3);
    expect(receiver.bodies()).toEqual(['{"p":1}', '{"p":2}', '{"p":3}']);
    const audit = (await get('/v1/audit?limit=10')).data.map((entry: { action: string }) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['destination.paused', 'destination.resumed']));
  });

  it('turns off a destination whose probes keep failing past its disable window, and resume sends its queue at once', async () => {
    let down = true;
    const receiver = await newReceiver(() => (down ? { status: 502 } : { status: 200 }));
    const { endpoint, destination } = await wire(receiver.url, { breaker: { failures: 1, window_seconds: 0, disable_after_hours: 1 } });
    await h.send(endpoint.url, '{"d":1}');
    await eventually(async () => expect(['open', 'half_open']).toContain((await get(`/v1/destinations/${destination.id}`)).breaker.state));
    // The run of failures began over an hour ago (the clock the breaker reads is the row's failing_since).
    await h.context.deps.tenants.run(
      h.tenant.tenantId,
      (tx) => tx.$executeRaw`UPDATE destinations SET failing_since = now() - interval '2 hours' WHERE id = ${destination.id}::uuid`,
    );
    const disabled = await eventually(async () => {
      const body = await get(`/v1/destinations/${destination.id}`);
      expect(body.enabled).toBe(false);
      return body;
    });
    expect(disabled.disabled_reason).toMatch(/kept failing since/);
    expect((await get('/v1/audit?limit=5')).data[0]).toMatchObject({ action: 'destination.disabled', actor: 'system:delivery' });
    const before = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(before);
    down = false;
    await api(h.context).post(`/v1/destinations/${destination.id}/resume`).set(h.tenant.auth).expect(200);
    await eventually(async () => expect(receiver.received.length).toBeGreaterThan(before));
    await eventually(async () => expect((await issuesOf(destination.id))[0].state).toBe('resolved'));
  });

  it('lets an issue be acknowledged, then resolved by hand; the next failure opens a new one', async () => {
    const receiver = await newReceiver(() => ({ status: 500 }));
    const { endpoint, destination } = await wire(receiver.url);
    await h.send(endpoint.url, '{"a":1}');
    const [issue] = await eventually(async () => {
      const found = await issuesOf(destination.id);
      expect(found).toHaveLength(1);
      return found;
    });
    const path = `/v1/issues/${issue.id}`;
    const acknowledged = (await api(h.context).post(`${path}/acknowledge`).set(h.tenant.auth).expect(200)).body;
    expect(acknowledged).toMatchObject({ state: 'acknowledged', acknowledged_at: expect.any(String) });
    await api(h.context).post(`${path}/acknowledge`).set(h.tenant.auth).expect(200);
    expect((await get(`/v1/issues?destination_id=${destination.id}&state=unresolved`)).data).toHaveLength(1);
    const resolved = (await api(h.context).post(`${path}/resolve`).set(h.tenant.auth).expect(200)).body;
    expect(resolved).toMatchObject({ state: 'resolved', resolved_by: expect.any(String) });
    const refused = await api(h.context).post(`${path}/acknowledge`).set(h.tenant.auth).expect(409);
    expect(refused.body.error.message).toMatch(/resolved already/);
    // The next failure opens a new issue of the same kind. The head may have spent its retries and been dead-lettered
    // while the issue was handled (a slow machine), so another event is sent to be sure a failure comes after the resolve.
    await h.send(endpoint.url, '{"a":2}');
    await eventually(async () =>
      expect((await issuesOf(destination.id)).map((found: { state: string }) => found.state)).toEqual(['open', 'resolved']),
    );
  });

  it('refuses bad input with a message that says what to fix, and changes nothing', async () => {
    const receiver = await newReceiver();
    const { destination } = await wire(receiver.url);
    const patch = (body: unknown) =>
      api(h.context)
        .patch(`/v1/destinations/${destination.id}`)
        .set(h.tenant.auth)
        .send(body as object);
    expect((await patch({ rate_limit: { max: 0, per: 'second' } }).expect(400)).body.error.message).toMatch(
      /rate_limit.max must be at least 1/,
    );
    expect((await patch({ rate_limit: { max: 5, per: 'hour' } }).expect(400)).body.error.message).toMatch(
      /rate_limit.per must be second or minute/,
    );
    expect((await patch({ breaker: { failures: 0 } }).expect(400)).body.error.message).toMatch(/breaker.failures must be at least 1/);
    expect((await patch({ breaker: { disable_after_hours: 1000 } }).expect(400)).body.error.message).toMatch(/at most 720/);
    expect((await get(`/v1/destinations/${destination.id}`)).rate_limit).toBeNull();
    const limited = (await patch({ rate_limit: { max: 10, per: 'minute' }, breaker: { failures: 9 } }).expect(200)).body;
    expect(limited).toMatchObject({ rate_limit: { max: 10, per: 'minute' }, breaker: { failures: 9, window_seconds: 300 } });
    expect((await patch({ rate_limit: null }).expect(200)).body.rate_limit).toBeNull();
    const list = await api(h.context).get('/v1/issues?state=broken').set(h.tenant.auth).expect(400);
    expect(list.body.error.message).toMatch(/state must be open, acknowledged, resolved or unresolved/);
    expect((await api(h.context).get('/v1/issues?kind=meltdown').set(h.tenant.auth).expect(400)).body.error.message).toMatch(
      /kind must be one of/,
    );
    await api(h.context).get('/v1/issues/not-a-uuid').set(h.tenant.auth).expect(400);
    await api(h.context).get('/v1/issues/01890a5d-ac96-774b-bcce-b302099a8057').set(h.tenant.auth).expect(404);
    await api(h.context).post(`/v1/destinations/${destination.id}/pause`).set(h.tenant.auth).send({ reason: '' }).expect(400);
    await api(h.context).post('/v1/destinations/01890a5d-ac96-774b-bcce-b302099a8057/resume').set(h.tenant.auth).expect(404);
  });
});

/** A loopback URL nothing listens on: a port taken and released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
