import { relayResolveIngestToken } from '../db/functions/relay-resolve-ingest-token.js';
import type { ConnectionPool } from '../db/prisma.js';
import type { DedupSettings, DedupStrategy } from './dedup-key.js';

export interface ResolvedToken {
  tenantId: string;
  endpointId: string;
  dedup: DedupSettings;
}

/**
 * What capture needs to know before storing: the token's endpoint and its dedup settings. Answers
 * are reused for `cacheMs`; that only delays a dedup setting change, never a rotation: the capture
 * statement checks the token again and a rotated one stores nothing (404).
 */
export class TokenResolver {
  private readonly cache = new Map<string, { value: ResolvedToken; until: number }>();

  constructor(
    private readonly pool: ConnectionPool,
    private readonly cacheMs = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(tokenHash: Buffer): Promise<ResolvedToken | null> {
    const cacheKey = tokenHash.toString('hex');
    const cached = this.cache.get(cacheKey);
    if (cached && cached.until > this.now()) return cached.value;
    const rows = await relayResolveIngestToken(this.pool, tokenHash);
    const row = rows[0];
    if (!row) {
      this.cache.delete(cacheKey);
      return null;
    }
    const value: ResolvedToken = {
      tenantId: row.tenant_id,
      endpointId: row.endpoint_id,
      dedup: {
        strategy: row.dedup_strategy as DedupStrategy | null,
        provider: row.provider,
        fields: row.dedup_fields,
        windowSeconds: row.dedup_window_seconds,
      },
    };
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(cacheKey, { value, until: this.now() + this.cacheMs });
    return value;
  }
}
