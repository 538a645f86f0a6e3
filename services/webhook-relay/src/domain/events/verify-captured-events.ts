import { relayRecordChecks } from '../../db/functions/relay-record-checks.js';
import type { ConnectionPool } from '../../db/prisma.js';
import { idRange } from '../../db/id-range.js';
import { withTenantSql } from '../../db/tenant-sql.js';
import type { CapturedRequestView, VerificationOutcome } from '../../verification/types.js';
import { signsUrl } from '../../verification/registry.js';
import { verifyRequest } from '../../verification/verify-request.js';
import { maskedIngestPath } from '../endpoints/ingest-token.js';
import type { Runtime } from '../runtime.js';
import { noteFailure, resolveIssues } from '../issues/note-failure.js';
import { activeSecrets, type VerificationSettings, type VerificationSettingsCache } from './verification-settings.js';

/** An event to check; `request` is the bytes just committed, when the caller still holds them. */
export interface EventToVerify {
  id: string;
  held?: { endpointId: string; request: CapturedRequestView };
  /** false: its endpoint had no subscription when it was captured, so there is nothing to fan out once checked. */
  subscribed?: boolean;
}

export interface VerifyCapturedEventsOptions {
  pool: ConnectionPool;
  tenantId: string;
  events: EventToVerify[];
  runtime: Runtime;
  /** Endpoints' providers and secrets, held between batches. */
  settings: VerificationSettingsCache;
  /** The public base of ingest URLs: providers that sign the URL signed this one. */
  ingestBase: string;
  verify?: typeof verifyRequest;
}

// Raw SQL on plain connections throughout: this runs for every captured event, and Prisma's query
// layer cost more CPU than the checks themselves. Each event, its payload and its check are looked up by key, one
// lookup per id ($1), bounded by the ids' first and last ($2, $3) and days so that only the partitions holding them
// are planned and read: joined to the id array, on a partition not yet analyzed the planner read all of it, and an
// array condition beside the key walks the index once per element on every lookup (docs/retention.md).
export const LOAD_UNCHECKED_EVENTS = `
SELECT e.id, e.endpoint_id, e.ingest_token_id, e.method, e.path, e.query, e.headers, p.body
  FROM unnest($1::uuid[]) AS k(id)
  CROSS JOIN LATERAL (
    SELECT e.id, e.tenant_id, e.endpoint_id, e.ingest_token_id, e.method, e.path, e.query, e.headers, e.payload_sha256, e.plan_id, e.day
      FROM events e WHERE e.id = k.id AND e.id BETWEEN $2::uuid AND $3::uuid LIMIT 1
  ) AS e
  CROSS JOIN LATERAL (
    SELECT p.body FROM payloads p
     WHERE p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
       AND p.day = ANY (relay_uuid7_days($1::uuid[]))
     LIMIT 1
  ) AS p
 WHERE NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id BETWEEN $2::uuid AND $3::uuid)`;

/** The parameters of LOAD_UNCHECKED_EVENTS: the ids, each once, and their first and last. */
export function loadUncheckedParams(ids: readonly string[]): [string[], string, string] {
  const range = idRange(ids);
  return [range.ids, range.first, range.last];
}

/** Checks of one batch at most: the first with held settings, one more for those found stale. */
const ATTEMPTS = 2;

interface Loaded {
  id: string;
  endpoint_id: string;
  ingest_token_id: string | null;
  method: string;
  /** The rest after the token (capture never stores the token). */
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Uint8Array;
}

interface ToCheckEntry {
  endpointId: string;
  request: CapturedRequestView;
  /** Read back from the database: the URL has its token masked until a provider that signs it needs it. */
  sealedUrl?: { ingestTokenId: string | null; path: string; query: string };
}
type ToCheck = Map<string, ToCheckEntry>;
type Checked = Map<string, { outcome: VerificationOutcome; endpointId: string; version: number | null }>;

/**
 * Checks captured events' signatures with the provider and secrets their endpoints have now, and
 * records every outcome with one statement. Events whose bytes the caller no longer holds (found by
 * the sweep after a restart) are read back first. A verifier that throws is recorded as an
 * unattempted check with its reason; the event itself is never touched. Events whose endpoint
 * changed while they were checked are checked again; if it changes again they stay unchecked, for
 * the sweep.
 */
export async function verifyCapturedEvents(options: VerifyCapturedEventsOptions): Promise<Map<string, VerificationOutcome>> {
  const { pool, tenantId, runtime } = options;
  let toCheck: ToCheck = new Map();
  for (const event of options.events) if (event.held) toCheck.set(event.id, event.held);
  const missing = options.events.filter((event) => !event.held).map((event) => event.id);
  if (missing.length) {
    const { rows } = await withTenantSql(pool, tenantId, (sql) =>
      sql.query<Loaded>({ name: 'relay-verify-load', text: LOAD_UNCHECKED_EVENTS, values: loadUncheckedParams(missing) }),
    );
    for (const row of rows) {
      const url = urlOf(options.ingestBase, maskedIngestPath(null, row.path), row.query);
      const request = { method: row.method, url, headers: row.headers, body: Buffer.from(row.body) };
      toCheck.set(row.id, {
        endpointId: row.endpoint_id,
        request,
        sealedUrl: { ingestTokenId: row.ingest_token_id, path: row.path, query: row.query },
      });
    }
  }
  const outcomes = new Map<string, VerificationOutcome>();
  for (let attempt = 1; attempt <= ATTEMPTS && toCheck.size > 0; attempt += 1) {
    const now = runtime.now();
    const settings = await options.settings.settingsFor(
      tenantId,
      [...toCheck.values()].map((event) => event.endpointId),
    );
    await revealSignedUrls(options, toCheck, settings);
    const checked = check(toCheck, settings, now, options.verify ?? verifyRequest);
    const stale = await record(pool, tenantId, checked, now);
    for (const [id, { outcome }] of checked) if (!stale.has(id)) outcomes.set(id, outcome);
    // The checks are recorded: an issue that could not be written now is written by the endpoint's next failure.
    const recorded = new Map([...checked].filter(([id]) => !stale.has(id)));
    await noteEndpointHealth(options, settings, recorded, now).catch(() => undefined);
    options.settings.forget([...stale].map((id) => toCheck.get(id)!.endpointId));
    toCheck = new Map([...toCheck].filter(([id]) => stale.has(id)));
  }
  return outcomes;
}

/** The URL a provider called: the public ingest base, the path (with the token) and the query. */
export const urlOf = (ingestBase: string, path: string, query: string) => `${ingestBase}${path}${query ? `?${query}` : ''}`;

/**
 * Providers that sign the URL signed the one with the token in it: for their read-back events only,
 * the token each came in on (rotated since or not) is opened and the URL rebuilt, one read per batch.
 */
async function revealSignedUrls(
  options: VerifyCapturedEventsOptions,
  toCheck: ToCheck,
  settings: Map<string, VerificationSettings>,
): Promise<void> {
  const needsUrl = (endpointId: string) => {
    const endpoint = settings.get(endpointId);
    return !!endpoint && signsUrl(endpoint.provider) && endpoint.secrets.length > 0;
  };
  const waiting = [...toCheck.values()].filter((entry) => entry.sealedUrl?.ingestTokenId && needsUrl(entry.endpointId));
  if (waiting.length === 0) return;
  const tokens = await options.settings.openIngestTokens(options.tenantId, [
    ...new Set(waiting.map((entry) => entry.sealedUrl!.ingestTokenId!)),
  ]);
  for (const entry of waiting) {
    const { ingestTokenId, path, query } = entry.sealedUrl!;
    const token = tokens.get(ingestTokenId!);
    if (token === undefined) continue;
    entry.request = { ...entry.request, url: urlOf(options.ingestBase, `/${token}${path}`, query) };
    delete entry.sealedUrl;
  }
}

function check(toCheck: ToCheck, settings: Map<string, VerificationSettings>, now: Date, verify: typeof verifyRequest): Checked {
  const checked: Checked = new Map();
  for (const [id, { endpointId, request }] of toCheck) {
    const endpoint = settings.get(endpointId) ?? { version: null, provider: null, secrets: [] };
    checked.set(id, { outcome: checkRequest(endpoint, request, now, verify), endpointId, version: endpoint.version });
  }
  return checked;
}

/** One request checked with an endpoint's settings; a verifier that throws gives an unattempted check with its reason. */
export function checkRequest(
  endpoint: VerificationSettings,
  request: CapturedRequestView,
  now: Date,
  verify: typeof verifyRequest = verifyRequest,
): VerificationOutcome {
  const { provider } = endpoint;
  try {
    return verify({ provider, secrets: activeSecrets(endpoint, now), request, now });
  } catch (error) {
    return {
      state: 'unattempted',
      provider,
      cause: null,
      detail: { error: 'verifier_error', message: error instanceof Error ? error.message : String(error) },
      matchedSecretId: null,
    };
  }
}

/** When a check's outcome counts as a verification (verified_at is set). */
export const verifiedAtOf = (outcome: VerificationOutcome, now: Date): Date | null =>
  outcome.state === 'verified' || outcome.state === 'authenticated' ? now : null;

async function record(pool: ConnectionPool, tenantId: string, checked: Checked, now: Date): Promise<Set<string>> {
  // One statement, its own transaction, insert-only: returns the events whose endpoint's settings changed since they were checked.
  const checks = [...checked].map(([eventId, { outcome, endpointId, version }]) => ({
    eventId,
    endpointId,
    version,
    state: outcome.state,
    cause: outcome.cause,
    detail: outcome.detail,
    provider: outcome.provider,
    matchedSecretId: outcome.matchedSecretId,
    verifiedAt: verifiedAtOf(outcome, now),
  }));
  const rows = await relayRecordChecks(pool, { tenantId, checkedAt: now, checks });
  return new Set(rows.map((row) => row.stale));
}

/**
 * Verification failures are issues of their endpoint (kind verification_failed): a failed check adds to it (one
 * round trip, only when something failed); a verified or authenticated one resolves it when the endpoint's held
 * settings say one is unresolved. Healthy endpoints cost nothing here. `checked` holds recorded checks only.
 */
export async function noteEndpointHealth(
  options: Pick<VerifyCapturedEventsOptions, 'pool' | 'tenantId' | 'runtime'>,
  settings: Map<string, VerificationSettings>,
  checked: ReadonlyMap<string, { outcome: VerificationOutcome; endpointId: string }>,
  now: Date,
): Promise<void> {
  const failed = new Map<string, { eventId: string; outcome: VerificationOutcome }>();
  const passed = new Set<string>();
  for (const [eventId, { outcome, endpointId }] of checked) {
    if (outcome.state === 'failed') failed.set(endpointId, { eventId, outcome });
    else if (outcome.state === 'verified' || outcome.state === 'authenticated') passed.add(endpointId);
  }
  const recovered = [...passed].filter((endpointId) => !failed.has(endpointId) && settings.get(endpointId)?.failing);
  if (failed.size === 0 && recovered.length === 0) return;
  const { tenantId, runtime } = options;
  await withTenantSql(options.pool, tenantId, async (sql) => {
    for (const [endpointId, { eventId, outcome }] of failed) {
      const message = typeof outcome.detail?.message === 'string' ? `: ${outcome.detail.message}` : '';
      await noteFailure(sql, {
        tenantId,
        runtime,
        subject: { endpointId },
        failure: {
          kind: 'verification_failed',
          at: now,
          status: null,
          error: `${outcome.cause ?? 'failed'}${message}`,
          excerpt: null,
          eventId,
        },
      });
    }
    for (const endpointId of recovered) await resolveIssues(sql, { tenantId, runtime, subject: { endpointId }, by: 'system:verification' });
  });
  for (const endpointId of failed.keys()) setFailing(settings, endpointId, true);
  for (const endpointId of recovered) setFailing(settings, endpointId, false);
}

/** The held settings object is the cache's own: what is set here holds for its next batches. */
function setFailing(settings: Map<string, VerificationSettings>, endpointId: string, failing: boolean): void {
  const held = settings.get(endpointId);
  if (held) held.failing = failing;
}
