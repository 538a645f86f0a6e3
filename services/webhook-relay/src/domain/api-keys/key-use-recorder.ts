import type { TenantDatabase } from '../../db/tenant-database.js';
import type { Runtime } from '../runtime.js';

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * Keeps `last_used_at` of API keys current to the minute without a write per request: each key is
 * written at most once per interval, after the request, and a failed write is only logged.
 */
export class KeyUseRecorder {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly tenants: TenantDatabase,
    private readonly runtime: Runtime,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  record(tenantId: string, apiKeyId: string): Promise<void> {
    const now = this.runtime.now();
    const last = this.lastWritten.get(apiKeyId);
    if (last !== undefined && now.getTime() - last < this.intervalMs) return Promise.resolve();
    this.lastWritten.set(apiKeyId, now.getTime());
    if (this.lastWritten.size > 100_000) this.lastWritten.clear();
    return this.tenants
      .run(tenantId, (tx) => tx.apiKey.updateMany({ where: { id: apiKeyId }, data: { lastUsedAt: now } }))
      .then(() => undefined, this.onError);
  }
}
