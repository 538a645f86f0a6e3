import session from 'express-session';
import type { Redis } from 'ioredis';

type Callback<T = void> = (error?: unknown, value?: T | null) => void;

// Sessions live in Redis so every replica sees the same logins and a restart keeps them.
// Each key expires with its session (absolute lifetime from login); logout deletes it at once.
export class RedisSessionStore extends session.Store {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; ttlSeconds: number },
  ) {
    super();
  }

  private key(sessionId: string): string {
    return `${this.options.prefix}sess:${sessionId}`;
  }

  override get(sessionId: string, callback: Callback<session.SessionData>): void {
    this.redis.get(this.key(sessionId)).then(
      (raw) => callback(undefined, raw ? (JSON.parse(raw) as session.SessionData) : null),
      (error: unknown) => callback(error),
    );
  }

  override set(sessionId: string, data: session.SessionData, callback?: Callback): void {
    const ttlMs = this.ttlMs(data);
    const write = ttlMs > 0 ? this.redis.set(this.key(sessionId), JSON.stringify(data), 'PX', ttlMs) : this.redis.del(this.key(sessionId));
    write.then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  override destroy(sessionId: string, callback?: Callback): void {
    this.redis.del(this.key(sessionId)).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  private ttlMs(data: session.SessionData): number {
    const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() - Date.now() : undefined;
    return Math.floor(expires ?? this.options.ttlSeconds * 1000);
  }
}
