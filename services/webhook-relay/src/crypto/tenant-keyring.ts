import { randomBytes as systemRandomBytes } from 'node:crypto';
import { KEY_BYTES } from './aes-gcm.js';
import type { KeyProvider } from './key-provider.js';

export interface WrappedKey {
  masterKeyId: string;
  wrappedKey: Buffer;
}

export interface WrappedKeyStore {
  /** The tenant's wrapped key, or null; runs inside the caller's transaction (the tenant is set). */
  read(tenantId: string): Promise<WrappedKey | null>;
  /** Inserts unless one exists; returns the row stored afterwards (the winner of a race). */
  insertIfAbsent(tenantId: string, row: WrappedKey): Promise<WrappedKey>;
}

export interface TenantKeyringOptions {
  provider: KeyProvider;
  randomBytes?: (size: number) => Buffer;
  now?: () => number;
  cacheMs?: number;
  maxCached?: number;
}

/** Each tenant's plain data key, made on first use, unwrapped once and kept for a few minutes. */
export class TenantKeyring {
  private readonly cache = new Map<string, { key: Buffer; until: number }>();
  private readonly randomBytes: (size: number) => Buffer;
  private readonly now: () => number;
  private readonly cacheMs: number;
  private readonly maxCached: number;

  constructor(private readonly options: TenantKeyringOptions) {
    this.randomBytes = options.randomBytes ?? systemRandomBytes;
    this.now = options.now ?? Date.now;
    this.cacheMs = options.cacheMs ?? 300_000;
    this.maxCached = options.maxCached ?? 10_000;
  }

  async dataKey(tenantId: string, store: WrappedKeyStore): Promise<Buffer> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.until > this.now()) return cached.key;
    const context = `tenant:${tenantId}`;
    let stored = await store.read(tenantId);
    if (!stored) {
      const { provider } = this.options;
      const fresh = { masterKeyId: provider.keyId, wrappedKey: await provider.wrap(this.randomBytes(KEY_BYTES), context) };
      stored = await store.insertIfAbsent(tenantId, fresh);
    }
    const key = await this.options.provider.unwrap(stored.wrappedKey, context, stored.masterKeyId);
    // Delete before set so a refreshed tenant moves to the back: Map order is then oldest first.
    this.cache.delete(tenantId);
    if (this.cache.size >= this.maxCached) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(tenantId, { key, until: this.now() + this.cacheMs });
    return key;
  }

  forget(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}
