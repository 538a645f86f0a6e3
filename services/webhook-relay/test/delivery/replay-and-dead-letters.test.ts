import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('dead-letter inspection and replay', () => {
  let h: DeliveryHarness;
  let broken: Receiver;
  let healthy: Receiver;
  let endpoint: { id: string; url: string };
  let brokenDestination: { id: string };
  let healthyDestination: { id: string; secret: string };
  const eventIds: string[] = [];

  beforeAll(async () => {
    h = await startDeliveryHarness({ policy: { schedule: [50], jitter: 0 } });
    broken = await startReceiver(() => ({ status: 500 }));
    healthy = await startReceiver();
    endpoint = await h.endpoint();
    brokenDestination = await h.destination(broken.url);
    healthyDestination = await h.destination(healthy.url);
    await h.subscribe(endpoint.id, brokenDestination.id);
    for (let n = 1; n <= 3; n += 1) eventIds.push(await h.send(endpoint.url, `{"replay":${n}}`));
  });
  afterAll(async () => {
    await h.close();
    await broken.close();
    await healthy.close();
  });

  const deadLetters = () =>
    eventually(async () => {
      const rows = (
        await api(h.context).get(`/v1/deliveries?state=dead_lettered&destination_id=${brokenDestination.id}`).set(h.tenant.auth).expect(200)
      ).body.data;
      expect(rows).toHaveLength(3);
      return rows as Array<{ id: string; event_id: string; attempts: number }>;
    });

  it('lists dead letters newest first, each after its retries, with a cursor', async () => {
    const rows = await deadLetters();
    expect(rows.map((row) => row.event_id)).toEqual([...eventIds].reverse());
    expect(rows.every((row) => row.attempts === 2)).toBe(true);
    const first = (
      await api(h.context)
        .get(`/v1/deliveries?state=dead_lettered&destination_id=${brokenDestination.id}&limit=2`)
        .set(h.tenant.auth)
        .expect(200)
    ).body;
    expect(first.data).toHaveLength(2);
    const second = (
      await api(h.context)
        .get(`/v1/deliveries?state=dead_lettered&destination_id=${brokenDestination.id}&limit=2&cursor=${first.next_cursor}`)
        .set(h.tenant.auth)
        .expect(200)
    ).body;
    expect(second.data.map((row: { event_id: string }) => row.event_id)).toEqual([eventIds[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it('replays a dead-letter set to another destination in capture order, as new audited deliveries', async () => {
    const rows = await deadLetters();
    const result = (
      await api(h.context)
        .post('/v1/replays')
        .set(h.tenant.auth)
        .send({ destination_id: healthyDestination.id, delivery_ids: rows.map((row) => row.id) })
        .expect(201)
    ).body;
    expect(result).toMatchObject({ destination_id: healthyDestination.id, replayed: 3 });
    await healthy.waitFor(3);
    expect(healthy.bodies()).toEqual(['{"replay":1}', '{"replay":2}', '{"replay":3}']);
    const replayed = await eventually(async () => {
      const all = (await api(h.context).get(`/v1/deliveries?destination_id=${healthyDestination.id}`).set(h.tenant.auth).expect(200)).body
        .data;
      expect(all.every((row: { state: string }) => row.state === 'succeeded')).toBe(true);
      return all as Array<{ replay_of: string }>;
    });
    expect(replayed.map((row) => row.replay_of).sort()).toEqual(rows.map((row) => row.id).sort());
    const audit = (await api(h.context).get('/v1/audit?limit=1').set(h.tenant.auth).expect(200)).body.data[0];
    expect(audit).toMatchObject({
      action: 'delivery.replayed',
      target: { type: 'destination', id: healthyDestination.id },
      details: { selector: 'delivery_ids', events: 3 },
    });
  });

  it('replays one event by id, and a time range, to a registered destination', async () => {
    const before = healthy.received.length;
    await api(h.context)
      .post('/v1/replays')
      .set(h.tenant.auth)
      .send({ destination_id: healthyDestination.id, event_ids: [eventIds[1]] })
      .expect(201);
    await healthy.waitFor(before + 1);
    expect(healthy.bodies()[before]).toBe('{"replay":2}');
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 1000).toISOString();
    const range = (
      await api(h.context)
        .post('/v1/replays')
        .set(h.tenant.auth)
        .send({ destination_id: healthyDestination.id, from, to, endpoint_id: endpoint.id })
        .expect(201)
    ).body;
    expect(range.replayed).toBe(3);
    await healthy.waitFor(before + 4);
    expect(healthy.bodies().slice(before + 1)).toEqual(['{"replay":1}', '{"replay":2}', '{"replay":3}']);
  });

  it('refuses to replay deliveries that are not dead-lettered, and unknown events', async () => {
    const live = (await api(h.context).get(`/v1/deliveries?destination_id=${healthyDestination.id}&limit=1`).set(h.tenant.auth).expect(200))
      .body.data[0];
    const refused = (
      await api(h.context)
        .post('/v1/replays')
        .set(h.tenant.auth)
        .send({ destination_id: healthyDestination.id, delivery_ids: [live.id] })
        .expect(400)
    ).body;
    expect(refused.error.message).toMatch(/must name dead-lettered deliveries/);
    await api(h.context)
      .post('/v1/replays')
      .set(h.tenant.auth)
      // An id of today (an id from before the retention window would be 410 expired, stored or not).
      .send({
        destination_id: healthyDestination.id,
        event_ids: [
          `${Date.now()
            .toString(16)
            .padStart(12, '0')
            .replace(/^(.{8})/, '$1-')}-7000-8000-000000000001`,
        ],
      })
      .expect(404);
    const other = await h.context.newTenant();
    await api(h.context)
      .post('/v1/replays')
      .set(other.auth)
      .send({ destination_id: healthyDestination.id, event_ids: [eventIds[0]] })
      .expect(404);
  });
});
