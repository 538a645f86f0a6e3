import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { capture, PROVIDER_SECRET, signedByProvider, startReplica, type Replica } from '../helpers/capture-order.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';

const RUNS = 20;
const SIGNED_PER_RUN = 200;
const PLAIN_EVERY = 10;

// What a sender sees: each event is sent only once the previous one was answered, so capture order is
// beyond doubt. Signed events go through verification, plain ones straight to fan-out; two ingest
// replicas take turns, so checks and fan-outs of neighbouring events run in different processes.
describe('capture order under a steady stream', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let replica: Replica;
  let verifying: { id: string; url: string };
  let plain: { id: string; url: string };

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
    replica = await startReplica(h);
    verifying = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${verifying.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    plain = await h.endpoint({ name: 'plain' });
    const destination = await h.destination(`${receiver.url}/in`);
    await h.subscribe(verifying.id, destination.id);
    await h.subscribe(plain.id, destination.id);
  });
  afterAll(async () => {
    await replica.close();
    await h.close();
    await receiver.close();
  });

  it(`delivers ${SIGNED_PER_RUN} signed events and the plain ones sent between them in capture order, ${RUNS} runs in a row`, async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const sent: string[] = [];
      for (let n = 0; n < SIGNED_PER_RUN; n += 1) {
        const viaReplica = n % 2 === 1;
        const body = JSON.stringify({ run, n, signed: true });
        await capture(viaReplica ? replica.urlOf(verifying.url) : verifying.url, body, signedByProvider(body, `msg_${run}_${n}`));
        sent.push(body);
        if (n % PLAIN_EVERY === PLAIN_EVERY - 1) {
          const between = JSON.stringify({ run, n, signed: false });
          await capture(viaReplica ? plain.url : replica.urlOf(plain.url), between);
          sent.push(between);
        }
      }
      const firstArrivals = () => [...new Set(receiver.bodies())].filter((body) => (JSON.parse(body) as { run: number }).run === run);
      await eventually(() => expect(firstArrivals()).toHaveLength(sent.length), 60_000);
      expect(firstArrivals()).toEqual(sent);
    }
  }, 900_000);
});
