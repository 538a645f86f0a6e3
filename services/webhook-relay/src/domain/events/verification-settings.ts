import type { ConnectionPool } from '../../db/prisma.js';
import { withTenantSql } from '../../db/tenant-sql.js';
import { sqlWrappedKeyStore } from '../../db/wrapped-key-store.js';
import type { VerificationSecret } from '../../verification/types.js';
import { isActiveSecret } from '../provider-secrets/store-provider-secret.js';
import type { SealedValues } from '../sealed-values.js';

/**
 * What verifies an endpoint's events, as of its `version` (endpoints.verification_version, moved on by
 * trigger with every provider or secret change): its provider and its unrevoked secrets, opened.
 * `version` is null for an endpoint that could not be read (none of the tenant's).
 */
export interface VerificationSettings {
  version: number | null;
  provider: string | null;
  secrets: Array<VerificationSecret & { expiresAt: Date | null }>;
  /**
   * The endpoint has a verification issue not resolved yet (as of the read): a verified event resolves it.
   * Held with the rest; the verifier that opens or resolves one sets it here too (docs/failure-handling.md).
   */
  failing?: boolean;
}

/** The secrets of `settings` that verify at `now` (a secret may expire while its settings are held). */
export const activeSecrets = (settings: VerificationSettings, now: Date): VerificationSecret[] =>
  settings.secrets
    .filter((secret) => isActiveSecret({ revokedAt: null, expiresAt: secret.expiresAt }, now))
    .map(({ id, value }) => ({ id, value }));

const SETTINGS = `
SELECT ep.id AS endpoint_id, ep.verification_version, ep.provider, s.id AS secret_id, s.secret_ciphertext, s.expires_at,
       EXISTS (SELECT 1 FROM issues i WHERE i.endpoint_id = ep.id AND i.state <> 'resolved') AS failing
  FROM endpoints ep LEFT JOIN provider_secrets s ON s.endpoint_id = ep.id AND s.revoked_at IS NULL
 WHERE ep.id = ANY($1::uuid[])
 ORDER BY s.id DESC`;

// Revoked tokens too: an event is checked against the URL it came in on, whatever was rotated since.
const INGEST_TOKENS = 'SELECT id, token_ciphertext FROM ingest_tokens WHERE id = ANY($1::uuid[])';

interface SettingsRow {
  endpoint_id: string;
  verification_version: number;
  provider: string | null;
  secret_id: string | null;
  secret_ciphertext: Uint8Array | null;
  expires_at: Date | null;
  failing: boolean;
}

export interface VerificationSettingsCacheDeps {
  pool: ConnectionPool;
  sealed: SealedValues;
  /** Endpoints held at most; the least recently used go first. */
  maxEntries?: number;
  /** How long opened secrets stay in memory before they are read again (as the tenant keyring holds data keys). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Endpoints' verification settings kept in memory, so verifying a batch reads nothing in the common
 * case. Whoever uses an entry records its results with the entry's version (relay_record_checks), and
 * the database refuses results checked with a version that has moved on: the caller then forgets the
 * entry and checks again. A stale entry can cost a second check, never a wrong result.
 */
export class VerificationSettingsCache {
  private readonly entries = new Map<string, { tenantId: string; settings: VerificationSettings; until: number }>();
  /** Endpoints being read in the background by `prefetch`, so that a burst of misses reads each once. */
  private readonly reading = new Set<string>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(private readonly deps: VerificationSettingsCacheDeps) {
    this.maxEntries = deps.maxEntries ?? 10_000;
    this.maxAgeMs = deps.maxAgeMs ?? 300_000;
    this.now = deps.now ?? Date.now;
  }

  /** Each endpoint's settings: held ones as they are, the others read in one transaction. */
  async settingsFor(tenantId: string, endpointIds: string[]): Promise<Map<string, VerificationSettings>> {
    const result = new Map<string, VerificationSettings>();
    const missing: string[] = [];
    for (const endpointId of new Set(endpointIds)) {
      const entry = this.entries.get(endpointId);
      if (entry && entry.tenantId === tenantId && entry.until > this.now()) {
        // Most recently used last: eviction takes from the front.
        this.entries.delete(endpointId);
        this.entries.set(endpointId, entry);
        result.set(endpointId, entry.settings);
      } else missing.push(endpointId);
    }
    if (missing.length === 0) return result;
    const loaded = await this.load(tenantId, missing);
    for (const endpointId of missing) {
      const settings = loaded.get(endpointId) ?? { version: null, provider: null, secrets: [] };
      result.set(endpointId, settings);
      if (settings.version !== null) this.remember(tenantId, endpointId, settings);
    }
    return result;
  }

  /**
   * An endpoint's settings if they are held and fresh, without reading anything: capture checks a request
   * before its commit only with these (src/ingest/check-before-capture.ts), never waiting on the database.
   */
  held(tenantId: string, endpointId: string): VerificationSettings | undefined {
    const entry = this.entries.get(endpointId);
    return entry && entry.tenantId === tenantId && entry.until > this.now() ? entry.settings : undefined;
  }

  /** Reads an endpoint's settings in the background (once, however often asked meanwhile), so that `held` finds them. */
  prefetch(tenantId: string, endpointId: string, onError: (error: unknown) => void): void {
    if (this.reading.has(endpointId)) return;
    this.reading.add(endpointId);
    this.settingsFor(tenantId, [endpointId])
      .catch(onError)
      .finally(() => this.reading.delete(endpointId));
  }

  /**
   * The plain ingest tokens of these ingest_tokens rows, for providers that sign the URL they called
   * (events keep their path without the token). Opened on demand and not held: few events need one,
   * and a token is a live credential.
   */
  openIngestTokens(tenantId: string, tokenIds: string[]): Promise<Map<string, string>> {
    const { pool, sealed } = this.deps;
    return withTenantSql(pool, tenantId, async (sql) => {
      const keys = sqlWrappedKeyStore(sql);
      const opened = new Map<string, string>();
      const { rows } = await sql.query<{ id: string; token_ciphertext: Uint8Array }>({
        name: 'relay-verify-ingest-tokens',
        text: INGEST_TOKENS,
        values: [tokenIds],
      });
      for (const row of rows) opened.set(row.id, await sealed.openFrom(keys, tenantId, 'ingest_token', row.id, row.token_ciphertext));
      return opened;
    });
  }

  /** Drops entries found stale; their next use reads them again. */
  forget(endpointIds: Iterable<string>): void {
    for (const endpointId of endpointIds) this.entries.delete(endpointId);
  }

  private remember(tenantId: string, endpointId: string, settings: VerificationSettings): void {
    this.entries.delete(endpointId);
    this.entries.set(endpointId, { tenantId, settings, until: this.now() + this.maxAgeMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  private load(tenantId: string, endpointIds: string[]): Promise<Map<string, VerificationSettings>> {
    const { pool, sealed } = this.deps;
    return withTenantSql(pool, tenantId, async (sql) => {
      const loaded = new Map<string, VerificationSettings>();
      const keys = sqlWrappedKeyStore(sql);
      for (const row of (await sql.query<SettingsRow>({ name: 'relay-verify-settings', text: SETTINGS, values: [endpointIds] })).rows) {
        const settings = loaded.get(row.endpoint_id) ?? {
          version: row.verification_version,
          provider: row.provider,
          secrets: [],
          failing: row.failing,
        };
        loaded.set(row.endpoint_id, settings);
        if (row.secret_id && row.secret_ciphertext) {
          const value = await sealed.openFrom(keys, tenantId, 'provider_secret', row.secret_id, row.secret_ciphertext);
          settings.secrets.push({ id: row.secret_id, value, expiresAt: row.expires_at });
        }
      }
      return loaded;
    });
  }
}
