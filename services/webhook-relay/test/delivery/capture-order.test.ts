import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyCapturedEvents } from '../../src/domain/events/verify-captured-events.js';
import { FanOut } from '../../src/delivery/fan-out.js';
import { capture, gate, PROVIDER_SECRET, runtimeBehind, signedByProvider, startReplica, type Replica } from '../helpers/capture-order.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';

// Each case forces the interleaving that used to reorder deliveries: the earlier-captured event's
// check, fan-out or recovery is made to finish after a later event was fanned out.
describe('delivery order is capture order', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let verifying: { id: string; url: string };
  let plain: { id: string; url: string };
  const replicas: Replica[] = [];

  const bodiesAt = (path: string) => receiver.received.filter((item) => item.path === path).map((item) => item.body.toString());
  const destinationFor = async (path: string, subscription: Record<string, unknown> = {}) => {
    const destination = await h.destination(`${receiver.url}${path}`);
    await h.subscribe(verifying.id, destination.id, subscription);
    await h.subscribe(plain.id, destination.id, subscription);
    return destination;
  };
  // A wrong delivery would come within this; the right behaviour is that nothing comes at all.
  const noEarlyDelivery = (path: string) => eventually(() => expect(bodiesAt(path).length).toBeGreaterThan(0), 1500).catch(() => undefined);

  // A replica whose checks finish only once the test opens the gate.
  const slowCheckReplica = async () => {
    const held = gate();
    const slow = await startReplica(h, {
      verifyEvents: async (options) => {
        await held.opened;
        return verifyCapturedEvents(options);
      },
    });
    replicas.push(slow);
    return { held, slow };
  };

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
    verifying = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${verifying.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    plain = await h.endpoint({ name: 'plain' });
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((replica) => replica.close()));
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('holds a later event while an earlier one is still being checked on another replica, then sends both in capture order', async () => {
    await destinationFor('/slow-check');
    const { held, slow } = await slowCheckReplica();
    const first = '{"n":1}';
    await capture(slow.urlOf(verifying.url), first, signedByProvider(first, 'msg_order_1'));
    const second = '{"n":2}';
    await h.send(verifying.url, second, signedByProvider(second, 'msg_order_2'));
    const third = '{"n":3}';
    await h.send(plain.url, third);

    await noEarlyDelivery('/slow-check');
    expect(bodiesAt('/slow-check')).toEqual([]);
    held.open();
    await slow.ingest.verification.idle();
    await h.fanOut.idle();
    await eventually(() => expect(bodiesAt('/slow-check')).toEqual([first, second, third]));
  });

  it('lets later events go once an earlier event that the subscription filters out has been checked', async () => {
    await destinationFor('/verified-only', { states: ['verified'] });
    const { held, slow } = await slowCheckReplica();
    // Signed with the wrong body: it fails its check and never goes to this destination.
    const forged = '{"n":"forged"}';
    await capture(slow.urlOf(verifying.url), forged, signedByProvider('{"other":true}', 'msg_forged'));
    const later = '{"n":"later"}';
    await h.send(verifying.url, later, signedByProvider(later, 'msg_later'));

    await noEarlyDelivery('/verified-only');
    expect(bodiesAt('/verified-only')).toEqual([]);
    held.open();
    await slow.ingest.verification.idle();
    await eventually(() => expect(bodiesAt('/verified-only')).toEqual([later]));
  });

  it('delivers an event whose replica stopped before its check in its capture position, once the sweep has checked it', async () => {
    await destinationFor('/swept-check');
    // The replica commits the capture, then "dies": its check never runs. Its clock is behind, so the
    // event is past the sweep's grace at once (and its id sorts before the events captured after it).
    const crashed = await startReplica(h, {
      runtime: runtimeBehind(h.context.deps.runtime, 30_000),
      verifyEvents: async () => {
        throw new Error('the process stopped here');
      },
    });
    replicas.push(crashed);
    const first = '{"swept":1}';
    await capture(crashed.urlOf(verifying.url), first, signedByProvider(first, 'msg_swept_1'));
    await crashed.ingest.verification.idle();
    const second = '{"swept":2}';
    await h.send(plain.url, second);
    const third = '{"swept":3}';
    await h.send(verifying.url, third, signedByProvider(third, 'msg_swept_3'));

    await noEarlyDelivery('/swept-check');
    expect(bodiesAt('/swept-check')).toEqual([]);
    expect(await h.ingest.verification.sweep()).toBeGreaterThanOrEqual(1);
    await h.ingest.verification.idle();
    await h.fanOut.idle();
    await eventually(() => expect(bodiesAt('/swept-check')).toEqual([first, second, third]));
  });

  it('delivers an event whose replica stopped before its fan-out in its capture position, once the fan-out sweep finds it', async () => {
    // An endpoint of its own: the fan-out sweep also fans the earlier cases' events captured before
    // this destination existed into it (they are as old as this replica makes its event look).
    const source = await h.endpoint({ name: 'fan-out source' });
    const destination = await h.destination(`${receiver.url}/swept-fan-out`);
    await h.subscribe(source.id, destination.id);
    // No fan-out on this replica: the event is committed and nothing else happens to it.
    const crashed = await startReplica(h, { runtime: runtimeBehind(h.context.deps.runtime, 30_000), fanOut: null });
    replicas.push(crashed);
    const first = '{"fanned":1}';
    await capture(crashed.urlOf(source.url), first);
    const second = '{"fanned":2}';
    await h.send(source.url, second);

    await noEarlyDelivery('/swept-fan-out');
    expect(bodiesAt('/swept-fan-out')).toEqual([]);
    const sweeper = new FanOut({ ...h.context.deps, queues: h.queues });
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    await eventually(() => expect(bodiesAt('/swept-fan-out')).toEqual([first, second]));
  });

  it('shows an event with a check still due as pending, and its verdict once checked', async () => {
    const { held, slow } = await slowCheckReplica();
    const body = '{"pending":true}';
    const id = await capture(slow.urlOf(verifying.url), body, signedByProvider(body, 'msg_pending'));
    const read = async () => (await api(h.context).get(`/v1/events/${id}`).set(h.tenant.auth).expect(200)).body.verification;
    expect(await read()).toMatchObject({ state: null, cause: null, pending: true });
    const listed = (await api(h.context).get(`/v1/events?endpoint_id=${verifying.id}`).set(h.tenant.auth).expect(200)).body.data;
    expect(listed.find((event: { id: string }) => event.id === id).verification).toEqual({ state: null, cause: null, pending: true });
    held.open();
    await slow.ingest.verification.idle();
    expect(await read()).toMatchObject({ state: 'verified', pending: false });
    const unverified = await h.send(plain.url, '{}');
    expect((await api(h.context).get(`/v1/events/${unverified}`).set(h.tenant.auth).expect(200)).body.verification).toMatchObject({
      state: 'unattempted',
      pending: false,
    });
  });
});
