// Ingest publishes a tenant's live notices only while some process listens to that tenant (LiveEvents.listen
// announces it; src/live/tenant-watch.ts), against real Redis, PostgreSQL and the ingest listener. What Redis is
// sent is observed by a plain Redis client subscribed to the notice channels by pattern (it announces nothing).
// Absence is proven in order, not by waiting: notices go out on one connection, so once the observer has seen a
// later notice of a watched "marker" tenant, any earlier notice would have arrived before it.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createIngest } from '../../src/ingest/create-ingest.js';
import { EventNotices } from '../../src/live/event-notices.js';
import { LiveEvents } from '../../src/live/live-events.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { api, TEST_REDIS_URL, type TestTenant } from '../helpers/test-app.js';

let h: DeliveryHarness;
let observer: Redis;
/** Notices the observer saw, in order: [tenant id, event ids]. */
const seen: Array<[string, string[]]> = [];
let marker: { tenant: TestTenant; url: string; stop(): void };
const ignore = () => {};

beforeAll(async () => {
  h = await startDeliveryHarness({ workers: false });
  observer = new Redis(TEST_REDIS_URL);
  const channels = `${h.context.livePrefix}:live:events:`;
  observer.on('pmessage', (_pattern: string, channel: string, message: string) =>
    seen.push([channel.slice(channels.length), message.split(',')]),
  );
  await observer.psubscribe(`${channels}*`);
  // Ingest knows who listens before the tests start (until then it publishes for everyone).
  await h.context.notices.watchedTenants.ready();
  const markerTenant = await h.context.newTenant('pro');
  const stop = h.context.deps.live!.listen(markerTenant.tenantId, ignore);
  await reachedIngest(markerTenant.tenantId);
  marker = { tenant: markerTenant, url: await endpointOf(markerTenant), stop };
});
afterAll(async () => {
  marker.stop();
  observer.disconnect();
  await h.close();
});

async function endpointOf(tenant: TestTenant): Promise<string> {
  const created = (await api(h.context).post('/v1/endpoints').set(tenant.auth).send({ name: 'source' }).expect(201)).body;
  return `${h.ingestUrl}${new URL(created.ingest_url).pathname}`;
}

async function capture(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', body: '{"live":true}' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { event_id: string }).event_id;
}

/** Waits until the ingest process has received the announcement of a listener of the tenant. */
async function reachedIngest(tenantId: string, notices = h.context.notices): Promise<void> {
  await eventually(() => expect(notices.watchedTenants.isWatched(tenantId)).toBe(true));
}

/** Every notice published for the tenant so far (proven complete by a marker notice published after). */
async function publishedFor(tenantId: string): Promise<string[]> {
  const markerEvent = await capture(marker.url);
  await eventually(() => expect(seen.some(([tenant, ids]) => tenant === marker.tenant.tenantId && ids.includes(markerEvent))).toBe(true));
  return seen.filter(([tenant]) => tenant === tenantId).flatMap(([, ids]) => ids);
}

describe('live notices follow listeners', () => {
  it('publishes nothing for a tenant no process listens to', async () => {
    const tenant = await h.context.newTenant('pro');
    const url = await endpointOf(tenant);
    await capture(url);
    await capture(url);
    expect(await publishedFor(tenant.tenantId)).toEqual([]);
  });

  it('publishes while any process listens to the tenant, and stops once the last listener has left', async () => {
    const tenant = await h.context.newTenant('pro');
    const url = await endpointOf(tenant);
    const heardHere: string[] = [];
    const heardElsewhere: string[] = [];
    const live = h.context.deps.live!;
    // Another API process: its own LiveEvents and subscriber connection.
    const elsewhere = new LiveEvents(() => h.context.redis.duplicate(), h.context.livePrefix, ignore, { commands: h.context.redis });
    try {
      const stopHere = live.listen(tenant.tenantId, (ids) => heardHere.push(...ids));
      await live.whenListening(tenant.tenantId);
      // Resolved only once the ingest process has acked: it publishes for the tenant already.
      expect(h.context.notices.watchedTenants.isWatched(tenant.tenantId)).toBe(true);
      const first = await capture(url);
      await eventually(() => expect(heardHere).toContain(first));

      const stopElsewhere = elsewhere.listen(tenant.tenantId, (ids) => heardElsewhere.push(...ids));
      await elsewhere.whenListening(tenant.tenantId);
      stopHere();
      // The other process still listens: still published.
      const second = await capture(url);
      await eventually(() => expect(heardElsewhere).toContain(second));
      expect(heardHere).not.toContain(second);

      stopElsewhere();
      await eventually(() => expect(h.context.notices.watchedTenants.isWatched(tenant.tenantId)).toBe(false));
      const third = await capture(url);
      const published = await publishedFor(tenant.tenantId);
      expect(published).toEqual(expect.arrayContaining([first, second]));
      expect(published).not.toContain(third);
    } finally {
      await elsewhere.close();
    }
  });

  it("announces a listener only once its subscription is confirmed, and then hears the tenant's next batch", async () => {
    const tenant = await h.context.newTenant('pro');
    const url = await endpointOf(tenant);
    // A subscriber connection whose SUBSCRIBE is held back until the test lets it through.
    let letThrough!: () => void;
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    const slowSubscriber = () => {
      const subscriber = h.context.redis.duplicate();
      const subscribe = subscriber.subscribe.bind(subscriber) as (...channels: string[]) => Promise<unknown>;
      subscriber.subscribe = ((...channels: string[]) => gate.then(() => subscribe(...channels))) as typeof subscriber.subscribe;
      return subscriber;
    };
    const live = new LiveEvents(slowSubscriber, h.context.livePrefix, ignore, { commands: h.context.redis });
    const heard: string[] = [];
    try {
      live.listen(tenant.tenantId, (ids) => heard.push(...ids));
      const before = await capture(url);
      // Not announced while unsubscribed: ingest published nothing it could have lost.
      expect(await publishedFor(tenant.tenantId)).toEqual([]);
      expect(h.context.notices.watchedTenants.isWatched(tenant.tenantId)).toBe(false);

      letThrough();
      await live.whenListening(tenant.tenantId);
      await reachedIngest(tenant.tenantId);
      const after = await capture(url); // at once
      await eventually(() => expect(heard).toContain(after));
      expect(heard).not.toContain(before);
    } finally {
      await live.close();
    }
  });

  it('resolves whenListening only once every ingest process has taken the announcement in; a capture right after is heard', async () => {
    const tenant = await h.context.newTenant('pro');
    const url = await endpointOf(tenant);
    // A second "ingest process" that has not taken the announcement in yet: it acks only when the test says so.
    const slowIngest = new Redis(TEST_REDIS_URL);
    const announcements: Array<{ watcher: string; ack?: number }> = [];
    slowIngest.on('message', (_channel: string, message: string) => announcements.push(JSON.parse(message)));
    await slowIngest.subscribe(`${h.context.livePrefix}:live:watch`);
    const live = new LiveEvents(() => h.context.redis.duplicate(), h.context.livePrefix, ignore, {
      commands: h.context.redis,
      ackTimeoutMs: 60_000,
    });
    const heard: string[] = [];
    try {
      live.listen(tenant.tenantId, (ids) => heard.push(...ids));
      let listening = false;
      const whenListening = live.whenListening(tenant.tenantId).then(() => (listening = true));
      await reachedIngest(tenant.tenantId); // the real ingest process has it (and has acked)
      await eventually(() => expect(announcements.some((a) => a.ack !== undefined)).toBe(true));
      expect(listening).toBe(false);

      const announcement = announcements.find((a) => a.ack !== undefined)!;
      await h.context.redis.publish(`${h.context.livePrefix}:live:watch-ack:${announcement.watcher}`, String(announcement.ack));
      await whenListening;
      // No waiting beyond whenListening: the ingest process already publishes for the tenant.
      expect(h.context.notices.watchedTenants.isWatched(tenant.tenantId)).toBe(true);
      const eventId = await capture(url);
      await eventually(() => expect(heard).toContain(eventId));
    } finally {
      slowIngest.disconnect();
      await live.close();
    }
  });

  it('publishes a batch received before the announcement but committed after it reached ingest', async () => {
    const tenant = await h.context.newTenant('pro');
    const url = await endpointOf(tenant);
    const live = h.context.deps.live!;
    const heard: string[] = [];
    const locker = await h.context.ownerPool.connect();
    let stop: (() => void) | undefined;
    try {
      // Capture's commit waits on this lock: the request is in, its batch not yet committed.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE');
      const pending = capture(url);
      await eventually(async () => {
        const { rows } = await h.context.ownerPool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'events'::regclass AND NOT granted",
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
      });
      stop = live.listen(tenant.tenantId, (ids) => heard.push(...ids));
      await live.whenListening(tenant.tenantId);
      await reachedIngest(tenant.tenantId);
      await locker.query('COMMIT');
      const eventId = await pending;
      await eventually(() => expect(heard).toContain(eventId));
    } finally {
      await locker.query('ROLLBACK').catch(ignore);
      locker.release();
      stop?.();
    }
  });

  it("stops publishing when a listening process's watch lapses unrefreshed (it crashed), and hears the tenant again when a page opens after a long idle", async () => {
    const clock = { now: Date.now() };
    const now = () => clock.now;
    const notices = new EventNotices(h.context.redis, h.context.livePrefix, ignore, { now });
    const ingest = createIngest(h.context.deps, { maxBodyBytes: 1024 * 1024, maxBatch: 256, sweep: false, notices });
    await new Promise<void>((resolve) => ingest.server.listen(0, '127.0.0.1', () => resolve()));
    const crashed = new LiveEvents(() => h.context.redis.duplicate(), h.context.livePrefix, ignore, { commands: h.context.redis, now });
    const later = new LiveEvents(() => h.context.redis.duplicate(), h.context.livePrefix, ignore, { commands: h.context.redis, now });
    try {
      const tenant = await h.context.newTenant('pro');
      const path = new URL(await endpointOf(tenant)).pathname;
      const url = `http://127.0.0.1:${(ingest.server.address() as AddressInfo).port}${path}`;
      await notices.watchedTenants.ready();
      crashed.listen(tenant.tenantId, ignore);
      await crashed.whenListening(tenant.tenantId);
      await reachedIngest(tenant.tenantId, notices);

      clock.now += 10 * 60 * 1000; // ten minutes without a refresh
      expect(notices.watchedTenants.isWatched(tenant.tenantId)).toBe(false);
      await capture(url);
      expect(await publishedFor(tenant.tenantId)).toEqual([]);

      const heard: string[] = [];
      later.listen(tenant.tenantId, (ids) => heard.push(...ids));
      await later.whenListening(tenant.tenantId);
      await reachedIngest(tenant.tenantId, notices);
      const eventId = await capture(url);
      await eventually(() => expect(heard).toEqual([eventId]));
    } finally {
      await crashed.close();
      await later.close();
      await ingest.close();
      notices.close();
    }
  });
});
