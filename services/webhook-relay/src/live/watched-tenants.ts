import type { Redis } from 'ioredis';
import { parseWatchMessage, watchAckChannel, watchChannel, watchersKey } from './tenant-watch.js';

/**
 * The ingest process's side of the live feed's watch (tenant-watch.ts): which tenants some API process has a
 * listener for. It holds one Redis subscriber connection, opened at the first question (the first captured
 * batch), for the life of the process: whatever the number of tenants, and without it the process could not
 * know of a page opened before it had anything to publish. Until it has subscribed and read the current
 * watchers (and again after losing Redis, when messages may have been missed), every tenant counts as watched:
 * a notice too many costs a PUBLISH, a notice missed costs a page its event.
 */
export class WatchedTenants {
  private subscriber: Redis | undefined;
  private loaded = false;
  private loading: Promise<void> | undefined;
  /** Moves on every lost connection: a read begun before it cannot vouch for what was missed during it. */
  private generation = 0;
  /** Tenant to listening process to when its watch lapses (epoch ms). */
  private readonly watchers = new Map<string, Map<string, number>>();

  constructor(
    private readonly connect: () => Redis,
    private readonly commands: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether notices of the tenant should be published now: someone listens, or this process cannot tell yet. */
  isWatched(tenantId: string): boolean {
    if (!this.subscriber) this.open();
    if (!this.loaded) return true;
    const watchers = this.watchers.get(tenantId);
    if (!watchers) return false;
    const now = this.now();
    for (const [watcher, until] of watchers) {
      if (until > now) return true;
      watchers.delete(watcher);
    }
    this.watchers.delete(tenantId);
    return false;
  }

  /** Resolves once the current watchers are known (tests; isWatched never waits). */
  async ready(): Promise<void> {
    if (!this.subscriber) this.open();
    await this.loading;
  }

  /** Open Redis connections: 0 before the first question, then 1. */
  get connections(): number {
    return this.subscriber ? 1 : 0;
  }

  close(): void {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.loaded = false;
    this.watchers.clear();
    subscriber?.disconnect();
  }

  private open(): void {
    const subscriber = this.connect();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === watchChannel(this.prefix)) this.apply(message);
    });
    subscriber.on('error', this.onError);
    // Messages sent while disconnected are lost: publish for everyone until the watchers are read again.
    subscriber.on('close', () => {
      this.loaded = false;
      this.generation += 1;
    });
    subscriber.on('ready', () => {
      if (!this.loaded) this.load();
    });
    this.load();
  }

  /** Subscribes first, then reads the set: a watch added in between arrives as a message, none is missed. */
  private load(): void {
    const subscriber = this.subscriber;
    if (!subscriber || this.loading) return;
    const generation = this.generation;
    this.loading = (async () => {
      try {
        await subscriber.subscribe(watchChannel(this.prefix));
        const entries = await this.commands.zrangebyscore(watchersKey(this.prefix), this.now(), '+inf', 'WITHSCORES');
        for (let index = 0; index + 1 < entries.length; index += 2) {
          const [tenantId, watcher] = entries[index]!.split(' ');
          if (tenantId && watcher) this.watch(tenantId, watcher, Number(entries[index + 1]));
        }
        if (this.subscriber === subscriber && this.generation === generation) this.loaded = true;
      } catch (error) {
        this.onError(error);
      } finally {
        this.loading = undefined;
      }
      // Lost Redis while reading and already back: read again (its 'ready' came while this read was under way).
      if (!this.loaded && this.subscriber === subscriber && subscriber.status === 'ready') this.load();
    })();
  }

  private apply(text: string): void {
    const message = parseWatchMessage(text);
    if (!message) return;
    this.forgetLapsed();
    if ('watch' in message) {
      for (const tenantId of message.watch) this.watch(tenantId, message.watcher, message.until);
      // Taken in: every batch this process commits from now on is published for these tenants.
      if (message.ack !== undefined)
        this.commands.publish(watchAckChannel(this.prefix, message.watcher), String(message.ack)).catch(this.onError);
    } else
      for (const tenantId of message.unwatch) {
        const watchers = this.watchers.get(tenantId);
        watchers?.delete(message.watcher);
        if (watchers?.size === 0) this.watchers.delete(tenantId);
      }
  }

  /** Drops the watches of processes that stopped refreshing them (crashed): nothing is kept for them. */
  private forgetLapsed(): void {
    const now = this.now();
    for (const [tenantId, watchers] of this.watchers) {
      for (const [watcher, until] of watchers) if (until <= now) watchers.delete(watcher);
      if (watchers.size === 0) this.watchers.delete(tenantId);
    }
  }

  /** Keeps the later lapse time: a read of the set never shortens a watch a message refreshed. */
  private watch(tenantId: string, watcher: string, until: number): void {
    let watchers = this.watchers.get(tenantId);
    if (!watchers) {
      watchers = new Map();
      this.watchers.set(tenantId, watchers);
    }
    watchers.set(watcher, Math.max(until, watchers.get(watcher) ?? 0));
  }
}
