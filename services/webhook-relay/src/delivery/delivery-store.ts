import { relayDeliveryHeads } from '../db/functions/relay-delivery-heads.js';
import { relayRecordDeliveryOutcomes, type DeliveryOutcome } from '../db/functions/relay-record-delivery-outcomes.js';
import type { RecordRounds } from './outcome-batches.js';
import type { ConnectionPool } from '../db/prisma.js';
import { withTenantSql } from '../db/tenant-sql.js';
import { pooledWrappedKeyStore } from '../db/wrapped-key-store.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { RateLimit } from '../queue/destination-pacer.js';
import type { Breaker, BreakerSettings } from './circuit-breaker.js';

export interface DestinationTarget {
  url: string;
  timeoutMs: number;
  headers: Record<string, string>;
  /** Signing secrets in force now, opened. */
  secrets: string[];
  breaker: Breaker;
  breakerSettings: BreakerSettings;
  /** null: no limit. */
  rateLimit: RateLimit | null;
  /** Issues of the destination are open or acknowledged: a success resolves them. */
  unresolvedIssues: boolean;
  /** The active transformation's version (docs/transformations.md); null: deliveries go as captured. */
  transformationVersion: number | null;
}

export interface PendingHead {
  id: string;
  eventId: string;
  attempts: number;
  nextAttemptAt: Date | null;
  state: string;
  contentType: string | null;
  body: Buffer;
}

/**
 * The destination (null when deleted or disabled) and its oldest pending deliveries, in FIFO order.
 * `held`: more deliveries wait behind an earlier-captured event that is still being checked or fanned
 * out (fan_out_pending); they are not among the heads until it is.
 * One statement (relay_delivery_heads sets the tenant itself); the tenant's data key comes from the
 * keyring's cache, or from a transaction of its own when the cache has expired.
 */
export async function loadHeads(
  pool: ConnectionPool,
  sealed: SealedValues,
  input: { tenantId: string; destinationId: string; limit: number; now: Date },
): Promise<{ target: DestinationTarget | null; heads: PendingHead[]; held: boolean }> {
  const { tenantId, destinationId } = input;
  const rows = await relayDeliveryHeads(pool, input);
  const first = rows[0];
  if (!first?.live) return { target: null, heads: [], held: false };
  const store = pooledWrappedKeyStore(pool);
  const secrets = await Promise.all(
    (first.secrets ?? []).map((secret) =>
      sealed.openFrom(store, tenantId, 'destination_secret', secret.id, Buffer.from(secret.sealed, 'base64')),
    ),
  );
  const headers = first.headers_ciphertext
    ? (JSON.parse(await sealed.openFrom(store, tenantId, 'destination_headers', destinationId, first.headers_ciphertext)) as Record<
        string,
        string
      >)
    : {};
  return {
    target: {
      url: first.url,
      timeoutMs: first.timeout_ms,
      headers,
      secrets,
      breaker: {
        state: first.breaker_state === 'open' ? 'open' : 'closed',
        consecutiveFailures: first.consecutive_failures,
        failingSince: first.failing_since,
        probesFailed: first.probes_failed,
      },
      breakerSettings: {
        failures: first.breaker_failures,
        windowMs: first.breaker_window_ms,
        disableAfterMs: Number(first.disable_after_ms),
      },
      rateLimit: first.rate_limit_max && first.rate_limit_per_ms ? { max: first.rate_limit_max, perMs: first.rate_limit_per_ms } : null,
      unresolvedIssues: first.unresolved_issues,
      transformationVersion: first.transformation_version,
    },
    held: first.held,
    heads: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        eventId: row.event_id,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        state: row.state,
        contentType: row.content_type,
        body: Buffer.from(row.body),
      })),
  };
}

export type AttemptOutcome = DeliveryOutcome;

/**
 * Records rounds of attempts of one tenant and moves their deliveries on, in one statement (OutcomeBatches gathers
 * them). It never turns a destination off: a 410 disables the destination together with its audit entry and
 * notification (recordDestinationTrouble), which this statement cannot write.
 */
export function roundRecorder(pool: ConnectionPool): RecordRounds {
  return (tenantId, rounds) => relayRecordDeliveryOutcomes(pool, { tenantId, rounds });
}

/** Pending deliveries of a destination, oldest first (the reconciler's view of what Redis should hold). */
export async function pendingDeliveryIds(pool: ConnectionPool, tenantId: string, destinationId: string, limit: number): Promise<string[]> {
  return withTenantSql(pool, tenantId, async (sql) => {
    const { rows } = await sql.query<{ id: string }>(
      "SELECT id FROM deliveries WHERE destination_id = $1 AND state = 'pending' ORDER BY position LIMIT $2",
      [destinationId, limit],
    );
    return rows.map((row) => row.id);
  });
}
