import { describe, expect, it } from '@jest/globals';
import type { EventSummary } from '@workspace/contracts';
import type { RelayClient } from '../src/api-client.js';
import { firstIdAt, timeOfId } from '../src/event-ids.js';
import { EventTail } from '../src/event-tail.js';
import { advanceCursor } from '../src/listener-cursor.js';

const idAt = (ms: number, n: number) => {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-${n.toString(16).padStart(12, '0')}`;
};
const event = (id: string, state: EventSummary['verification']['state'] = 'verified'): EventSummary => ({
  id,
  endpoint_id: 'e',
  received_at: new Date(timeOfId(id)).toISOString(),
  capture_seq: null,
  method: 'POST',
  content_type: null,
  size: 0,
  provider: 'stripe',
  verification: { state, cause: null, pending: state === null },
  duplicate_of: null,
  event_type: null,
});

/** The events list of the API: newest first, pages of `limit`, bounded below by `from`. */
function fakeClient(events: EventSummary[]) {
  const calls: Array<Record<string, unknown>> = [];
  const client = {
    async listEvents(query: Record<string, string | number | undefined>) {
      calls.push(query);
      const from = query.from ? Date.parse(String(query.from)) : 0;
      const sorted = [...events].filter((item) => timeOfId(item.id) >= from).sort((a, b) => (a.id < b.id ? 1 : -1));
      const start = query.cursor ? Number(query.cursor) : 0;
      const limit = Number(query.limit);
      const data = sorted.slice(start, start + limit);
      return { data, next_cursor: start + limit < sorted.length ? String(start + limit) : null };
    },
  };
  return { client: client as unknown as RelayClient, calls };
}

const clock = (time = { value: 0 }) => ({ now: () => new Date(time.value), sleep: async () => undefined });

describe('EventTail', () => {
  it('without a cursor shows only events that arrive after it started, oldest first, each once', async () => {
    const events = [event(idAt(1_000, 1))];
    const { client } = fakeClient(events);
    const tail = new EventTail({ client, endpointId: 'e', clock: clock(), after: null });
    await tail.start();
    expect(await tail.poll()).toEqual([]);
    events.push(event(idAt(3_000, 3)), event(idAt(2_000, 2)));
    expect((await tail.poll()).map((item) => item.id)).toEqual([idAt(2_000, 2), idAt(3_000, 3)]);
    expect(await tail.poll()).toEqual([]);
    expect(tail.cursor).toBe(idAt(3_000, 3));
  });

  it('with a cursor hands out everything after it, across pages, and asks from a little before it', async () => {
    const events = Array.from({ length: 250 }, (_, index) => event(idAt(100_000 + index, index)));
    const { client, calls } = fakeClient(events);
    const handedOut = Array.from({ length: 10 }, (_, index) => idAt(100_000 + index, index)).filter((id) => timeOfId(id) >= 100_004);
    const tail = new EventTail({
      client,
      endpointId: 'e',
      clock: clock(),
      after: { last: idAt(100_009, 9), recent: handedOut },
      lookbackMs: 5,
    });
    await tail.start();
    const ready = await tail.poll();
    expect(ready).toHaveLength(240);
    expect(ready[0]!.id).toBe(idAt(100_010, 10));
    expect(calls[0]).toMatchObject({ from: new Date(100_004).toISOString(), limit: 100 });
  });

  it("after a restart, hands out what was not forwarded in the cursor's millisecond and just before it, and nothing twice", async () => {
    // Two events of one millisecond: their ids order at random. The listener forwarded the higher one,
    // then stopped; the lower one committed a moment later.
    const [lowInSameMs, forwarded, forwardedEarlier, lateEarlier] = [idAt(50_000, 1), idAt(50_000, 9), idAt(49_000, 5), idAt(49_500, 2)];
    const events = [event(forwarded), event(forwardedEarlier), event(lowInSameMs), event(lateEarlier)];
    const { client } = fakeClient(events);
    let cursor = advanceCursor(null, forwardedEarlier);
    cursor = advanceCursor(cursor, forwarded);
    const tail = new EventTail({ client, endpointId: 'e', clock: clock(), after: cursor });
    await tail.start();
    expect((await tail.poll()).map((item) => item.id)).toEqual([lateEarlier, lowInSameMs]);
    expect(await tail.poll()).toEqual([]);
  });

  it('a listener that found no events at its first start resumes from that moment next time', async () => {
    const events: EventSummary[] = [];
    const { client } = fakeClient(events);
    const first = new EventTail({ client, endpointId: 'e', clock: clock({ value: 60_000 }), after: null });
    await first.start();
    const saved = first.startCursor();
    expect(saved).toEqual({ last: firstIdAt(60_000), recent: [] });
    events.push(event(idAt(45_000, 1)), event(idAt(70_000, 2)));
    const next = new EventTail({ client, endpointId: 'e', clock: clock({ value: 80_000 }), after: saved, lookbackMs: 10_000 });
    await next.start();
    // 45 s is before the first start (less its look-back): not this listener's; 70 s came while it was away.
    expect((await next.poll()).map((item) => item.id)).toEqual([idAt(70_000, 2)]);
  });

  it('keeps in a cursor only the forwarded events within the look-back of the newest', () => {
    let cursor = advanceCursor(null, idAt(1_000, 1), 100);
    cursor = advanceCursor(cursor, idAt(1_050, 2), 100);
    cursor = advanceCursor(cursor, idAt(1_200, 3), 100);
    expect(cursor).toEqual({ last: idAt(1_200, 3), recent: [idAt(1_200, 3)] });
    expect(advanceCursor(cursor, idAt(1_150, 4), 100)).toEqual({ last: idAt(1_200, 3), recent: [idAt(1_200, 3), idAt(1_150, 4)] });
  });

  it('picks up an event committed late with an id below the newest one seen', async () => {
    const events = [event(idAt(10_000, 1))];
    const { client } = fakeClient(events);
    const tail = new EventTail({ client, endpointId: 'e', clock: clock(), after: null });
    await tail.start();
    events.push(event(idAt(12_000, 3)));
    expect((await tail.poll()).map((item) => item.id)).toEqual([idAt(12_000, 3)]);
    events.push(event(idAt(11_000, 2)));
    expect((await tail.poll()).map((item) => item.id)).toEqual([idAt(11_000, 2)]);
  });

  it('holds an event whose check is still due until its result is in, for a few seconds at most', async () => {
    const pending = event(idAt(5_000, 1), null);
    const events = [pending];
    const { client } = fakeClient(events);
    const time = { value: 0 };
    const tail = new EventTail({
      client,
      endpointId: 'e',
      clock: clock(time),
      after: { last: idAt(1_000, 0), recent: [idAt(1_000, 0)] },
      verificationWaitMs: 3_000,
    });
    expect(await tail.poll()).toEqual([]);
    events[0] = { ...pending, verification: { state: 'verified', cause: null, pending: false } };
    expect((await tail.poll()).map((item) => item.verification.state)).toEqual(['verified']);

    events.push(event(idAt(6_000, 2), null));
    expect(await tail.poll()).toEqual([]);
    time.value += 3_000;
    expect((await tail.poll()).map((item) => item.verification.pending)).toEqual([true]);
  });

  it('shows an unattempted event at once: no check will come for it', async () => {
    const events: EventSummary[] = [];
    const { client } = fakeClient(events);
    const tail = new EventTail({ client, endpointId: 'e', clock: clock(), after: { last: idAt(1_000, 0), recent: [idAt(1_000, 0)] } });
    events.push(event(idAt(5_000, 1), 'unattempted'));
    expect((await tail.poll()).map((item) => item.verification.state)).toEqual(['unattempted']);
  });
});
