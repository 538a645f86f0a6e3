import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { eventNoticeChannel } from './event-notices.js';
import { WATCH_ACK_TIMEOUT_MS, WATCH_TTL_MS, watchAckChannel, watchChannel, watcherMember, watchersKey } from './tenant-watch.js';

export type EventNoticeListener = (eventIds: string[]) => void;

export interface LiveEventsWatch {
  /** A command connection (not a subscriber) for announcing which tenants this process listens to. */
  commands: Redis;
  /** Epoch ms (injected in tests). */
  now?: () => number;
  /** How long an announcement holds unless refreshed (refreshed every third of it while listening). */
  ttlMs?: number;
  /** How long a first announcement waits for the ingest processes' acks before going on without the missing ones. */
  ackTimeoutMs?: number;
}

/**
 * The API process's side of the live feed. It holds one Redis subscriber connection, opened when the
 * first listener starts and closed when the last one leaves, and subscribes to a tenant's channel only
 * while something of that tenant listens (a dashboard page, or any other caller of listen()): an idle
 * tenant, or an idle relay, costs no connection and no work.
 *
 * Ingest publishes a tenant's notices only while some process has announced a listener for it
 * (tenant-watch.ts). listen() announces the tenant once its channel's subscription is confirmed, never
 * before: a notice published because of the announcement always finds the subscription in place. From the
 * moment an ingest process has taken the announcement in, every batch it commits for the tenant is
 * published; whenListening() resolves once every ingest process has acknowledged it (or after
 * ackTimeoutMs, for one that does not answer).
 */
export class LiveEvents {
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, Set<EventNoticeListener>>();
  /** How each listening page's stream is ended when the process shuts down. */
  private readonly enders = new Map<EventNoticeListener, () => void>();
  /** Per listened tenant: subscribed, then announced (in that order), or failed (reported). */
  private readonly started = new Map<string, Promise<void>>();
  /** Tenants whose announcement was made: the refresh renews these only. */
  private readonly announced = new Set<string>();
  private refresher: NodeJS.Timeout | undefined;
  private readonly watcherId = randomUUID();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly ackTimeoutMs: number;
  private lastAnnouncement = 0;
  /** Per first announcement: acks received, and what waits for them once PUBLISH has told how many to expect. */
  private readonly acks = new Map<number, { received: number; expected?: number; done?: () => void }>();

  constructor(
    private readonly connect: () => Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
    private readonly watch: LiveEventsWatch,
  ) {
    this.now = watch.now ?? Date.now;
    this.ttlMs = watch.ttlMs ?? WATCH_TTL_MS;
    this.ackTimeoutMs = watch.ackTimeoutMs ?? WATCH_ACK_TIMEOUT_MS;
  }

  /** Listeners of a tenant now (the stream route caps it). */
  listening(tenantId: string): number {
    return this.listeners.get(tenantId)?.size ?? 0;
  }

  /** Open connections to Redis for the feed: 0 or 1. */
  get connections(): number {
    return this.subscriber ? 1 : 0;
  }

  /**
   * `listener` gets the ids of the tenant's events each time some are captured or checked, until `stop` is
   * called; `end` closes the listener's stream at shutdown (drain).
   */
  listen(tenantId: string, listener: EventNoticeListener, end?: () => void): () => void {
    const subscriber = this.open();
    let tenantListeners = this.listeners.get(tenantId);
    if (!tenantListeners) {
      tenantListeners = new Set();
      this.listeners.set(tenantId, tenantListeners);
      const start = subscriber.subscribe(eventNoticeChannel(this.prefix, tenantId)).then(async () => {
        if (this.listeners.get(tenantId) !== tenantListeners) return; // left before its subscription was confirmed
        await this.announceAndWait(tenantId);
        if (this.listeners.get(tenantId) === tenantListeners) this.announced.add(tenantId);
      });
      // Reported here; whenListening() hands the failure to the tenant's listeners, which stop (and answer 503).
      start.catch(this.onError);
      this.started.set(tenantId, start);
      this.refresher ??= setInterval(() => void this.refresh(), Math.max(1, Math.floor(this.ttlMs / 3)));
      this.refresher.unref();
    }
    tenantListeners.add(listener);
    if (end) this.enders.set(listener, end);
    return () => this.stop(tenantId, listener);
  }

  /**
   * Resolves once the ingest processes have taken in that this tenant is listened to (at once if it is not).
   * Rejects if Redis did not take the subscription or the announcement within its command timeout: nothing
   * would be noticed, so the caller stops listening and answers 503 rather than wait for notices that never come.
   */
  async whenListening(tenantId: string): Promise<void> {
    await this.started.get(tenantId);
  }

  /** Ends every open stream (the process is shutting down); each stream's own close then stops its listening. */
  drain(): void {
    for (const end of [...this.enders.values()]) end();
  }

  async close(): Promise<void> {
    const tenants = [...this.listeners.keys()];
    this.listeners.clear();
    this.enders.clear();
    this.started.clear();
    this.announced.clear();
    for (const pending of this.acks.values()) pending.done?.();
    this.acks.clear();
    clearInterval(this.refresher);
    this.refresher = undefined;
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    subscriber?.disconnect();
    if (tenants.length) await this.withdraw(tenants).catch(this.onError);
  }

  private stop(tenantId: string, listener: EventNoticeListener): void {
    this.enders.delete(listener);
    const tenantListeners = this.listeners.get(tenantId);
    if (!tenantListeners?.delete(listener) || tenantListeners.size > 0) return;
    this.listeners.delete(tenantId);
    this.announced.delete(tenantId);
    // After its announcement (if under way), so the withdrawal is the last word.
    const started = this.started.get(tenantId);
    this.started.delete(tenantId);
    void started
      ?.catch(() => undefined) // already reported; a failed start may still have announced, so withdraw anyway
      .then(() => (this.listeners.has(tenantId) ? undefined : this.withdraw([tenantId])))
      .catch(this.onError);
    if (this.listeners.size === 0) {
      void this.close();
      return;
    }
    this.subscriber?.unsubscribe(eventNoticeChannel(this.prefix, tenantId)).catch(this.onError);
  }

  /** Adds (or renews) this process's watch of the tenants, then tells the ingest processes: one MULTI. Returns how many received it. */
  private async announce(tenants: string[], ack?: number): Promise<number> {
    const until = this.now() + this.ttlMs;
    const members = tenants.flatMap((tenantId) => [until, watcherMember(tenantId, this.watcherId)]);
    const results = await this.watch.commands
      .multi()
      .zadd(watchersKey(this.prefix), ...members)
      .publish(watchChannel(this.prefix), JSON.stringify({ watcher: this.watcherId, watch: tenants, until, ...(ack ? { ack } : {}) }))
      .exec();
    const published = results?.[1];
    if (published?.[0]) throw published[0];
    return Number(published?.[1] ?? 0);
  }

  /** A first announcement: resolves once every ingest process that received it has acked it (or on the timeout). */
  private async announceAndWait(tenantId: string): Promise<void> {
    this.lastAnnouncement += 1;
    const id = this.lastAnnouncement;
    const pending: { received: number; expected?: number; done?: () => void } = { received: 0 };
    this.acks.set(id, pending);
    try {
      const expected = await this.announce([tenantId], id);
      if (pending.received >= expected) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.ackTimeoutMs);
        timer.unref();
        pending.expected = expected;
        pending.done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    } finally {
      this.acks.delete(id);
    }
  }

  private acked(message: string): void {
    const pending = this.acks.get(Number(message));
    if (!pending) return;
    pending.received += 1;
    if (pending.expected !== undefined && pending.received >= pending.expected) pending.done?.();
  }

  private async withdraw(tenants: string[]): Promise<void> {
    await this.watch.commands
      .multi()
      .zrem(watchersKey(this.prefix), ...tenants.map((tenantId) => watcherMember(tenantId, this.watcherId)))
      .publish(watchChannel(this.prefix), JSON.stringify({ watcher: this.watcherId, unwatch: tenants }))
      .exec();
  }

  /** Renews the announced tenants' watches, and drops lapsed ones of processes that crashed. */
  private async refresh(): Promise<void> {
    const tenants = [...this.announced];
    try {
      await this.watch.commands.zremrangebyscore(watchersKey(this.prefix), '-inf', this.now());
      if (tenants.length) await this.announce(tenants);
    } catch (error) {
      this.onError(error);
    }
  }

  private open(): Redis {
    if (this.subscriber) return this.subscriber;
    const subscriber = this.connect();
    const channelStart = `${this.prefix}:live:events:`.length;
    const ackChannel = watchAckChannel(this.prefix, this.watcherId);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === ackChannel) return this.acked(message);
      const tenantListeners = this.listeners.get(channel.slice(channelStart));
      if (!tenantListeners) return;
      const ids = message.split(',');
      for (const listener of tenantListeners) listener(ids);
    });
    subscriber.on('error', this.onError);
    // First on this connection: confirmed before any tenant's subscription, so before any announcement.
    subscriber.subscribe(ackChannel).catch(this.onError);
    this.subscriber = subscriber;
    return subscriber;
  }
}
