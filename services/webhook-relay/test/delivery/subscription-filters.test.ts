import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyCapturedEvents } from '../../src/domain/events/verify-captured-events.js';
import { relayFanOut } from '../../src/db/functions/relay-fan-out.js';
import { capture, gate, PROVIDER_SECRET, runtimeBehind, signedByProvider, startReplica, type Replica } from '../helpers/capture-order.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';

// Filters through the real ingest, fan-out and workers: passing events reach the receiver in capture order,
// the others are recorded as `filtered` deliveries and never sent.
describe('subscription filters', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  const replicas: Replica[] = [];

  const bodiesAt = (path: string) => receiver.received.filter((item) => item.path === path).map((item) => item.body.toString());
  const deliveriesOf = async (eventId: string) =>
    (await api(h.context).get(`/v1/deliveries?event_id=${eventId}`).set(h.tenant.auth).expect(200)).body.data as {
      state: string;
      destination_id: string;
    }[];
  const filteredRoute = async (path: string, filter: Record<string, unknown>) => {
    const endpoint = await h.endpoint({ name: path });
    const destination = await h.destination(`${receiver.url}${path}`);
    const subscription = await h.subscribe(endpoint.id, destination.id, { filter });
    return { endpoint, destination, subscription };
  };
  // A wrong delivery would come within this; the right behaviour is that nothing comes at all.
  const noEarlyDelivery = (path: string) => eventually(() => expect(bodiesAt(path).length).toBeGreaterThan(0), 1500).catch(() => undefined);

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.close()));
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('sends the events a body filter matches in capture order and records the others as filtered', async () => {
    const filter = {
      'body.amount': { $gt: 100 },
      'body.currency': { $in: ['usd', 'eur'] },
      'body.customer.tier': 'gold',
      'body.items': { $elemMatch: { sku: 'A-1', qty: { $gte: 2 } } },
    };
    const { endpoint, destination, subscription } = await filteredRoute('/orders', filter);
    expect(subscription).toMatchObject({ filter });
    const order = (n: number, changes: Record<string, unknown> = {}) =>
      JSON.stringify({
        n,
        amount: 150,
        currency: 'usd',
        customer: { tier: 'gold' },
        items: [
          { sku: 'B-2', qty: 1 },
          { sku: 'A-1', qty: 3 },
        ],
        ...changes,
      });
    const sent = [
      order(1),
      order(2, { amount: 100 }),
      order(3, { currency: 'gbp' }),
      order(4, { currency: 'eur' }),
      order(5, { customer: { tier: 'silver' } }),
      order(6, {
        items: [
          { sku: 'A-1', qty: 1 },
          { sku: 'B-2', qty: 5 },
        ],
      }),
      order(7, { amount: 101 }),
    ];
    const ids: string[] = [];
    for (const body of sent) ids.push(await h.send(endpoint.url, body));

    await eventually(() => expect(bodiesAt('/orders')).toEqual([sent[0], sent[3], sent[6]]));
    await eventually(async () => {
      const states = await Promise.all(ids.map(async (id) => (await deliveriesOf(id)).map((delivery) => delivery.state)));
      expect(states).toEqual([['succeeded'], ['filtered'], ['filtered'], ['succeeded'], ['filtered'], ['filtered'], ['succeeded']]);
    });
    const listed = (
      await api(h.context).get(`/v1/deliveries?state=filtered&destination_id=${destination.id}`).set(h.tenant.auth).expect(200)
    ).body.data as { event_id: string }[];
    expect(listed.map((delivery) => delivery.event_id).sort()).toEqual([ids[1], ids[2], ids[4], ids[5]].sort());
    const pending = await h.context.ownerPool.query(
      `SELECT count(*)::int AS n FROM deliveries WHERE destination_id = $1 AND state = 'pending'`,
      [destination.id],
    );
    expect(pending.rows[0].n).toBe(0);
  });

  it('matches a string inside an array body field and $exists on a dotted path', async () => {
    const { endpoint } = await filteredRoute('/tags', { 'body.tags': 'urgent', 'body.meta.source': { $exists: true } });
    const sent = ['{"tags":["a","urgent"],"meta":{"source":"x"}}', '{"tags":["a"],"meta":{"source":"x"}}', '{"tags":["urgent"]}'];
    const ids: string[] = [];
    for (const body of sent) ids.push(await h.send(endpoint.url, body));
    await eventually(() => expect(bodiesAt('/tags')).toEqual([sent[0]]));
    expect((await deliveriesOf(ids[1]!))[0]!.state).toBe('filtered');
    expect((await deliveriesOf(ids[2]!))[0]!.state).toBe('filtered');
  });

  it('judges a non-JSON body on its headers and metadata only', async () => {
    const { endpoint } = await filteredRoute('/plain', { 'headers.x-kind': 'invoice', state: 'unattempted' });
    const bodyFilter = await filteredRoute('/plain-body', { 'body.kind': 'invoice' });
    await h.send(endpoint.url, 'kind=invoice', { 'content-type': 'text/plain', 'X-Kind': 'invoice' });
    await h.send(endpoint.url, 'kind=invoice', { 'content-type': 'text/plain', 'x-kind': 'receipt' });
    const unread = await h.send(bodyFilter.endpoint.url, 'kind=invoice', { 'content-type': 'text/plain', 'x-kind': 'invoice' });
    await eventually(() => expect(bodiesAt('/plain')).toEqual(['kind=invoice']));
    await eventually(async () => expect((await deliveriesOf(unread))[0]?.state).toBe('filtered'));
    expect(bodiesAt('/plain-body')).toEqual([]);
  });

  it('lets later events go once an earlier event still being checked turns out filtered, keeping capture order', async () => {
    const endpoint = await h.endpoint({ name: 'verifying', provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    const destination = await h.destination(`${receiver.url}/held`);
    await h.subscribe(endpoint.id, destination.id, { filter: { 'body.keep': true } });
    const held = gate();
    const slow = await startReplica(h, {
      verifyEvents: async (options) => {
        await held.opened;
        return verifyCapturedEvents(options);
      },
    });
    replicas.push(slow);
    const dropped = '{"keep":false,"n":1}';
    await capture(slow.urlOf(endpoint.url), dropped, signedByProvider(dropped, 'msg_filter_1'));
    const kept = ['{"keep":true,"n":2}', '{"keep":true,"n":3}'];
    for (const [index, body] of kept.entries()) await h.send(endpoint.url, body, signedByProvider(body, `msg_filter_${index + 2}`));

    await noEarlyDelivery('/held');
    expect(bodiesAt('/held')).toEqual([]);
    held.open();
    await slow.ingest.verification.idle();
    await eventually(() => expect(bodiesAt('/held')).toEqual(kept));
    // The receiver has the bodies a moment before the worker records the outcomes.
    await eventually(async () => {
      const states = await h.context.ownerPool.query(`SELECT state::text FROM deliveries WHERE destination_id = $1 ORDER BY position`, [
        destination.id,
      ]);
      expect(states.rows.map((row) => row.state)).toEqual(['filtered', 'succeeded', 'succeeded']);
    });
  });

  it('loses nothing and writes nothing twice when the process stops between the unfiltered and the filtered fan-out', async () => {
    const endpoint = await h.endpoint({ name: 'crash' });
    const plain = await h.destination(`${receiver.url}/crash-plain`);
    const filtered = await h.destination(`${receiver.url}/crash-filtered`);
    await h.subscribe(endpoint.id, plain.id);
    await h.subscribe(endpoint.id, filtered.id, { filter: { 'body.keep': true } });
    // A replica that stops right after its commit, its clock behind so the sweep takes the event at once.
    const stopped = await startReplica(h, { fanOut: null, runtime: runtimeBehind(h.context.deps.runtime, 30_000) });
    replicas.push(stopped);
    const first = '{"keep":false,"n":1}';
    const firstId = await capture(stopped.urlOf(endpoint.url), first);
    // Only the first statement ran: the unfiltered delivery is written, the event is named and stays pending.
    const rows = await relayFanOut(h.context.deps.pool, { tenantId: h.tenant.tenantId, eventIds: [firstId], now: new Date() });
    expect(rows.filter((row) => row.event_to_filter === firstId)).toHaveLength(1);
    const pendingFanOut = async () =>
      (await h.context.ownerPool.query('SELECT count(*)::int AS n FROM fan_out_pending WHERE event_id = $1', [firstId])).rows[0].n;
    expect(await pendingFanOut()).toBe(1);
    const later = '{"keep":true,"n":2}';
    await h.send(endpoint.url, later);

    // The later event waits at the filtered destination behind the unjudged one.
    await noEarlyDelivery('/crash-filtered');
    expect(bodiesAt('/crash-filtered')).toEqual([]);
    await h.fanOut.sweep();
    await eventually(() => expect(bodiesAt('/crash-filtered')).toEqual([later]));
    await eventually(() => expect(bodiesAt('/crash-plain')).toEqual([first, later]));
    expect(await pendingFanOut()).toBe(0);
    await h.fanOut.fanOut(h.tenant.tenantId, [firstId]);
    await eventually(async () =>
      expect((await deliveriesOf(firstId)).map((delivery) => delivery.state).sort()).toEqual(['filtered', 'succeeded']),
    );
  });

  it('takes a changed filter for events fanned out after the change, and removing it lets everything through', async () => {
    const { endpoint, subscription } = await filteredRoute('/changed', { 'body.n': { $lt: 0 } });
    await h.send(endpoint.url, '{"n":1}');
    const changed = await api(h.context)
      .patch(`/v1/subscriptions/${subscription.id}`)
      .set(h.tenant.auth)
      .send({ filter: { 'body.n': { $gte: 2 } } })
      .expect(200);
    expect(changed.body.filter).toEqual({ 'body.n': { $gte: 2 } });
    await h.send(endpoint.url, '{"n":2}');
    await h.send(endpoint.url, '{"n":1.5}');
    await api(h.context).patch(`/v1/subscriptions/${subscription.id}`).set(h.tenant.auth).send({ filter: null }).expect(200);
    await h.send(endpoint.url, '{"n":-3}');
    await eventually(() => expect(bodiesAt('/changed')).toEqual(['{"n":2}', '{"n":-3}']));
  });

  it('dry-runs a filter against the endpoint’s last events, newest first, and changes nothing', async () => {
    const endpoint = await h.endpoint({ name: 'dry' });
    const sent = ['{"type":"a","amount":5}', '{"type":"b","amount":500}', 'not json', '{"type":"c","amount":50}'];
    const ids: string[] = [];
    for (const body of sent) ids.push(await h.send(endpoint.url, body));
    const before = await h.context.ownerPool.query('SELECT count(*)::int AS n FROM deliveries');
    const answer = await api(h.context)
      .post('/v1/subscriptions/dry-run')
      .set(h.tenant.auth)
      .send({ endpoint_id: endpoint.id, filter: { 'body.amount': { $gte: 50 } }, limit: 3 })
      .expect(200);
    expect(answer.body).toMatchObject({ endpoint_id: endpoint.id, matched: 2, unmatched: 1 });
    expect(answer.body.events.map((event: { event_id: string; matched: boolean }) => [event.event_id, event.matched])).toEqual([
      [ids[3], true],
      [ids[2], false],
      [ids[1], true],
    ]);
    expect(answer.body.events[0].event_type).toBe('c');
    expect(answer.body.events[1].reason).toMatch(/not JSON/);
    const after = await h.context.ownerPool.query('SELECT count(*)::int AS n FROM deliveries');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it.each([
    ['$where', { $where: 'this.body.amount > 1' }, /\$where/],
    ['$function', { 'body.amount': { $function: {} } }, /operator \$function is not supported/],
    ['$regex', { 'body.amount': { $regex: 'a+' } }, /operator \$regex is not supported/],
    ['a path outside the document', { amount: 1 }, /filter field "amount" must start with one of body, headers/],
    ['$in without an array', { 'body.a': { $in: 'x' } }, /\$in on "body.a" must be an array/],
    ['operators mixed with plain keys', { 'body.a': { $gt: 1, b: 2 } }, /mixes operators/],
    ['11 levels', JSON.parse(`${'{"$and":['.repeat(11)}{"body.a":1}${']}'.repeat(11)}`), /at most 10 levels/],
    ['over 8 KiB', { 'body.big': 'x'.repeat(9000) }, /at most 8192 bytes/],
    ['an array', [1], /filter must be a JSON object/],
  ])('refuses a filter with %s with 400 naming the problem', async (_label, filter, message) => {
    const endpoint = await h.endpoint({ name: 'bad' });
    const destination = await h.destination(`${receiver.url}/bad`);
    const created = await api(h.context)
      .post('/v1/subscriptions')
      .set(h.tenant.auth)
      .send({ endpoint_id: endpoint.id, destination_id: destination.id, filter });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('invalid_request');
    expect(created.body.error.message).toMatch(message);
    const dryRun = await api(h.context).post('/v1/subscriptions/dry-run').set(h.tenant.auth).send({ endpoint_id: endpoint.id, filter });
    expect(dryRun.status).toBe(400);
    expect(dryRun.body.error.message).toMatch(message);
  });
});
