import type { SqlClient } from '../../db/tenant-sql.js';
import { sqlWrappedKeyStore } from '../../db/wrapped-key-store.js';
import type { CapturedRequestView, VerificationOutcome, VerificationSecret } from '../../verification/types.js';
import { verifyRequest } from '../../verification/verify-request.js';
import { isActiveSecret } from '../provider-secrets/store-provider-secret.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';

/** An event to check; `request` is the bytes just committed, when the caller still holds them. */
export interface EventToVerify {
  id: string;
  held?: { endpointId: string; request: CapturedRequestView };
}

export interface VerifyCapturedEventsOptions {
  /** A transaction with the tenant set (withTenantSql). */
  sql: SqlClient;
  tenantId: string;
  events: EventToVerify[];
  runtime: Runtime;
  sealed: SealedValues;
  /** The public base of ingest URLs: providers that sign the URL signed this one. */
  ingestBase: string;
  verify?: typeof verifyRequest;
}

// Raw SQL on a plain connection throughout: this runs for every captured event, and Prisma's query
// layer cost more CPU than the checks themselves.
const LOAD = `
SELECT e.id, e.endpoint_id, e.method, e.path, e.query, e.headers, p.body
  FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256
 WHERE e.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = e.id)`;
const SETTINGS = `
SELECT ep.id AS endpoint_id, ep.provider, s.id AS secret_id, s.secret_ciphertext, s.expires_at
  FROM endpoints ep LEFT JOIN provider_secrets s ON s.endpoint_id = ep.id AND s.revoked_at IS NULL
 WHERE ep.id = ANY($1::uuid[])
 ORDER BY s.id DESC`;
// Insert-only: a result is written once (the first wins when two replicas checked the same event).
const RECORD = `
INSERT INTO event_checks (event_id, tenant_id, state, cause, detail, provider, matched_secret_id, verified_at, checked_at)
SELECT u.id, app_current_tenant(), u.state::verification_state, u.cause, u.detail, u.provider, u.matched, u.verified_at, $8::timestamptz
  FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::text[], $6::uuid[], $7::timestamptz[])
       AS u(id, state, cause, detail, provider, matched, verified_at)
ON CONFLICT (event_id) DO NOTHING`;

interface Loaded {
  id: string;
  endpoint_id: string;
  method: string;
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Uint8Array;
}

/**
 * Checks captured events' signatures, with the provider and secrets their endpoints have now, and
 * records every outcome in one statement. Events whose bytes the caller no longer holds (found by
 * the sweep after a restart) are read back from the database. A verifier that throws is recorded
 * as an unattempted check with its reason; the event itself is never touched otherwise.
 */
export async function verifyCapturedEvents(options: VerifyCapturedEventsOptions): Promise<Map<string, VerificationOutcome>> {
  const { sql, runtime } = options;
  const toCheck = new Map<string, { endpointId: string; request: CapturedRequestView }>();
  for (const event of options.events) if (event.held) toCheck.set(event.id, event.held);
  const missing = options.events.filter((event) => !event.held).map((event) => event.id);
  if (missing.length) {
    for (const row of (await sql.query<Loaded>({ name: 'relay-verify-load', text: LOAD, values: [missing] })).rows) {
      const request = { method: row.method, url: `${options.ingestBase}${row.path}${row.query ? `?${row.query}` : ''}`, headers: row.headers, body: Buffer.from(row.body) };
      toCheck.set(row.id, { endpointId: row.endpoint_id, request });
    }
  }
  const outcomes = new Map<string, VerificationOutcome>();
  if (toCheck.size === 0) return outcomes;
  const now = runtime.now();
  const settings = await endpointSettings(options, [...new Set([...toCheck.values()].map((event) => event.endpointId))], now);
  const verify = options.verify ?? verifyRequest;
  for (const [id, { endpointId, request }] of toCheck) {
    const { provider, secrets } = settings.get(endpointId) ?? { provider: null, secrets: [] };
    try {
      outcomes.set(id, verify({ provider, secrets, request, now }));
    } catch (error) {
      outcomes.set(id, { state: 'unattempted', provider, cause: null, detail: { error: 'verifier_error', message: error instanceof Error ? error.message : String(error) }, matchedSecretId: null });
    }
  }
  const rows = [...outcomes];
  await sql.query({
    name: 'relay-verify-record',
    text: RECORD,
    values: [
      rows.map(([id]) => id),
      rows.map(([, outcome]) => outcome.state),
      rows.map(([, outcome]) => outcome.cause),
      rows.map(([, outcome]) => (outcome.detail ? JSON.stringify(outcome.detail) : null)),
      rows.map(([, outcome]) => outcome.provider),
      rows.map(([, outcome]) => outcome.matchedSecretId),
      rows.map(([, outcome]) => (outcome.state === 'verified' || outcome.state === 'authenticated' ? now : null)),
      now,
    ],
  });
  return outcomes;
}

interface SettingsRow {
  endpoint_id: string;
  provider: string | null;
  secret_id: string | null;
  secret_ciphertext: Uint8Array | null;
  expires_at: Date | null;
}

/** Each endpoint's provider and its active secrets, opened with the tenant's data key. */
async function endpointSettings(options: VerifyCapturedEventsOptions, endpointIds: string[], now: Date): Promise<Map<string, { provider: string | null; secrets: VerificationSecret[] }>> {
  const { sql, tenantId, sealed } = options;
  const result = new Map<string, { provider: string | null; secrets: VerificationSecret[] }>();
  const keys = sqlWrappedKeyStore(sql);
  for (const row of (await sql.query<SettingsRow>({ name: 'relay-verify-settings', text: SETTINGS, values: [endpointIds] })).rows) {
    const entry = result.get(row.endpoint_id) ?? { provider: row.provider, secrets: [] };
    result.set(row.endpoint_id, entry);
    if (row.secret_id && row.secret_ciphertext && isActiveSecret({ revokedAt: null, expiresAt: row.expires_at }, now)) {
      entry.secrets.push({ id: row.secret_id, value: await sealed.openFrom(keys, tenantId, 'provider_secret', row.secret_id, row.secret_ciphertext) });
    }
  }
  return result;
}
