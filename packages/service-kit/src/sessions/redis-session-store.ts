import session from 'express-session';
import type { Redis } from 'ioredis';

type Callback<T = void> = (error?: unknown, value?: T | null) => void;

export interface RedisSessionStoreOptions {
  prefix: string;
  ttlSeconds: number;
  // How long a replica may answer from its own memory. Every change is announced on a channel so
  // other replicas drop their copy at once; this bound only matters if an announcement is missed.
  cacheMilliseconds: number;
  // A dedicated connection for the invalidation channel; without it nothing is cached.
  subscriber?: Redis;
  now?: () => number;
}

const MAX_CACHED_SESSIONS = 10_000;

// Sessions live in Redis so every replica sees the same logins and a restart keeps them.
// Each key expires with its session (absolute lifetime from login); logout deletes it.
// Reads are served from a short-lived local copy, because a Redis round trip on every request
// costs about a third of the service's throughput (bench/config-store).
export class RedisSessionStore extends session.Store {
  private readonly cache = new Map<string, { json: string; until: number }>();
  private cacheUsable = false;
  // Bumped by every announced change: a read that raced a change is not cached.
  private changesSeen = 0;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisSessionStoreOptions,
  ) {
    super();
    this.now = options.now ?? Date.now;
  }

  private get channel(): string {
    return `${this.options.prefix}session-changes`;
  }

  private key(sessionId: string): string {
    return `${this.options.prefix}sess:${sessionId}`;
  }

  // Subscribes to changes made by other replicas. Until subscribed, and whenever the subscription
  // is interrupted, every read goes to Redis.
  async listenForChanges(): Promise<void> {
    const subscriber = this.options.subscriber;
    if (!subscriber || this.options.cacheMilliseconds <= 0) return;
    const stopCaching = () => {
      this.cacheUsable = false;
      this.cache.clear();
    };
    subscriber.on('message', (channel: string, sessionId: string) => {
      if (channel !== this.channel) return;
      this.changesSeen += 1;
      this.cache.delete(sessionId);
    });
    subscriber.on('close', stopCaching);
    subscriber.on('reconnecting', stopCaching);
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(() => (this.cacheUsable = true), stopCaching);
    });
    await subscriber.subscribe(this.channel);
    this.cacheUsable = true;
  }

  override get(sessionId: string, callback: Callback<session.SessionData>): void {
    const cached = this.cacheUsable ? this.cache.get(sessionId) : undefined;
    if (cached && cached.until > this.now()) return callback(undefined, JSON.parse(cached.json) as session.SessionData);
    const changesBefore = this.changesSeen;
    this.redis.get(this.key(sessionId)).then((raw) => {
      if (!raw) return callback(undefined, null);
      const data = JSON.parse(raw) as session.SessionData;
      if (changesBefore === this.changesSeen) this.remember(sessionId, raw, data);
      callback(undefined, data);
    }, callback);
  }

  override set(sessionId: string, data: session.SessionData, callback?: Callback): void {
    const ttlMs = this.ttlMs(data);
    const json = JSON.stringify(data);
    const write = ttlMs > 0 ? this.redis.set(this.key(sessionId), json, 'PX', ttlMs) : this.redis.del(this.key(sessionId));
    this.cache.delete(sessionId);
    write
      .then(() => this.announce(sessionId))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  override destroy(sessionId: string, callback?: Callback): void {
    this.cache.delete(sessionId);
    this.redis
      .del(this.key(sessionId))
      .then(() => this.announce(sessionId))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  private async announce(sessionId: string): Promise<void> {
    if (this.options.subscriber) await this.redis.publish(this.channel, sessionId);
  }

  private remember(sessionId: string, json: string, data: session.SessionData): void {
    if (!this.cacheUsable) return;
    const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : Number.POSITIVE_INFINITY;
    if (this.cache.size >= MAX_CACHED_SESSIONS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(sessionId, { json, until: Math.min(this.now() + this.options.cacheMilliseconds, expires) });
  }

  private ttlMs(data: session.SessionData): number {
    const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() - this.now() : undefined;
    return Math.floor(expires ?? this.options.ttlSeconds * 1000);
  }
}
