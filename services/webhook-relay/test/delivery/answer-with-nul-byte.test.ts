// A receiver's answer is kept as an excerpt of text, and PostgreSQL's text cannot hold a NUL byte. An answer
// carrying one (a binary body, say) once made the round's record fail: the job was set aside and the delivery sent
// again, every second, for as long as the receiver answered that way. The excerpt keeps every other character.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('a receiver answering with a NUL byte', () => {
  let h: DeliveryHarness;
  let accepting: Receiver;
  let failing: Receiver;

  beforeAll(async () => {
    h = await startDeliveryHarness({ policy: { schedule: [100], jitter: 0 } });
    accepting = await startReceiver(() => ({ status: 200, body: 'ok\u0000done' }));
    failing = await startReceiver(() => ({ status: 500, body: '\u0000broken' }));
  });
  afterAll(async () => {
    await h.close();
    await accepting.close();
    await failing.close();
  });

  const attemptLog = async (eventId: string, state: string) => {
    const delivery = await eventually(async () => {
      const [row] = (await api(h.context).get(`/v1/deliveries?event_id=${eventId}`).set(h.tenant.auth).expect(200)).body.data;
      expect(row.state).toBe(state);
      return row;
    });
    return (await api(h.context).get(`/v1/deliveries/${delivery.id}`).set(h.tenant.auth).expect(200)).body;
  };

  it('records a success once, its excerpt without the NUL, and sends it once', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(accepting.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"n":1}');
    const detail = await attemptLog(eventId, 'succeeded');
    expect(detail.attempts).toBe(1);
    expect(detail.attempt_log).toEqual([expect.objectContaining({ status_code: 200, response_excerpt: 'ok\uFFFDdone' })]);
    // Given time to send it again, had the record failed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(accepting.received).toHaveLength(1);
  });

  it('records failures and dead-letters the delivery, the issue keeping the excerpt too', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(failing.url);
    await h.subscribe(endpoint.id, destination.id);
    const eventId = await h.send(endpoint.url, '{"n":2}');
    const detail = await attemptLog(eventId, 'dead_lettered');
    expect(detail.attempt_log).toHaveLength(2);
    for (const attempt of detail.attempt_log) expect(attempt).toMatchObject({ status_code: 500, response_excerpt: '\uFFFDbroken' });
    expect(failing.received).toHaveLength(2);
  });
});
