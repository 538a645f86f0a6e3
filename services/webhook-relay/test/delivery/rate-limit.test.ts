import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../helpers/worker-process.js';

const LIMIT = 10;
const EVENTS = 30;

/** The most first arrivals (by webhook-id) in any window of `windowMs`. */
function busiestWindow(receiver: Receiver, windowMs: number): number {
  const seen = new Set<string>();
  const times: number[] = [];
  for (const request of receiver.received) {
    const id = String(request.headers['webhook-id']);
    if (seen.has(id)) continue;
    seen.add(id);
    times.push(request.at);
  }
  let most = 0;
  for (let start = 0; start < times.length; start += 1) {
    let end = start;
    while (end < times.length && times[end]! - times[start]! < windowMs) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}

// Two real worker processes share the destinations; the rate limit is kept in Redis, so whichever process holds
// the destination keeps to it. The receivers' own clocks judge it.
describe('a destination rate limit holds across two worker processes', () => {
  let h: DeliveryHarness;
  let workers: WorkerProcess[] = [];
  let limited: Receiver;
  let other: Receiver;

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    limited = await startReceiver(() => ({ status: 200 }));
    other = await startReceiver(() => ({ status: 200 }));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopWorkerProcess(worker, 'SIGKILL')));
    await h.close();
    await limited.close();
    await other.close();
  });

  it(`sends ${EVENTS} events to a destination limited to ${LIMIT}/s no faster than that, in order, while another gets all of them`, async () => {
    const endpoint = await h.endpoint();
    const slow = await h.destination(limited.url, { rate_limit: { max: LIMIT, per: 'second' } });
    const fast = await h.destination(other.url);
    await h.subscribe(endpoint.id, slow.id);
    await h.subscribe(endpoint.id, fast.id);
    const shown = (await api(h.context).get(`/v1/destinations/${slow.id}`).set(h.tenant.auth).expect(200)).body;
    expect(shown.rate_limit).toEqual({ max: LIMIT, per: 'second' });
    for (let n = 1; n <= EVENTS; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    workers = [startWorkerProcess(h), startWorkerProcess(h)];
    // The unlimited destination gets every event (its throughput beside paced ones is a figure of
    // bench/relay-rate-limit.md, not a timing asserted here).
    await other.waitFor(EVENTS, 60_000);
    await limited.waitFor(EVENTS, 60_000);
    const order = limited.bodies().map((body) => (JSON.parse(body) as { n: number }).n);
    expect([...new Set(order)]).toEqual(Array.from({ length: EVENTS }, (_, index) => index + 1));
    // Never faster than the limit. At send time one second holds at most the limit plus the one send a late worker
    // may catch up (destination-pacer.ts). The receiver's clock sees arrivals, though: a send made on time but held
    // on its way by a busy machine arrives beside the next ones, one more per 100 ms it was held (a CI run saw 12).
    // Up to 200 ms of that is allowed; two processes each sending at the limit would put 20 in a second.
    expect(busiestWindow(limited, 1000)).toBeLessThanOrEqual(LIMIT + 3);
    // And no faster on average: the 30 arrivals span at least 2.8 s.
    const span = limited.received.at(-1)!.at - limited.received[0]!.at;
    expect(span).toBeGreaterThanOrEqual(((EVENTS - 2) * 1000) / LIMIT);
  }, 120_000);
});
