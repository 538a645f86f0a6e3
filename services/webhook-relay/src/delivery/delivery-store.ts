import { relayDeliveryHeads, type DeliveryHeadRow } from '../db/functions/relay-delivery-heads.js';
import { relayRecordDeliveryOutcomes, type DeliveryOutcome, type DeliveryRound } from '../db/functions/relay-record-delivery-outcomes.js';
import type { ConnectionPool } from '../db/prisma.js';
import { withTenantSql } from '../db/tenant-sql.js';
import { pooledWrappedKeyStore } from '../db/wrapped-key-store.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { RateLimit } from '../queue/destination-pacer.js';
import type { Runtime } from '../domain/runtime.js';
import type { Breaker, BreakerSettings } from './circuit-breaker.js';
import { TenantBatches } from './tenant-batches.js';
import type { TenantConnectionShare } from './tenant-connection-share.js';

/** Pending deliveries read (and sent, one after the other) per destination and read. */
export const HEADS_PER_READ = 20;
/**
 * Destinations read in one heads call at most: each brings up to HEADS_PER_READ bodies, so a call's rows stay
 * bounded (at the default 1 MiB ingest limit, 80 MiB at worst, as four reads one after the other would hold).
 */
export const DESTINATIONS_PER_HEADS_READ = 4;
/** Attempts recorded by one outcomes call at most: a batch never holds its connection for long. */
export const OUTCOMES_PER_RECORD = 200;

/**
 * The two statements of a destination's turn, each run for several of a tenant's destinations at once when their
 * turns wait for a connection together (TenantBatches): the heads read and the outcomes' record.
 */
export interface DeliveryStatements {
  /** A destination's rows of relay_delivery_heads. */
  heads: TenantBatches<string, DeliveryHeadRow[]>;
  /** A round's outcomes recorded; resolves once committed. */
  outcomes: TenantBatches<DeliveryRound, void>;
}

export function deliveryStatements(pool: ConnectionPool, connections: TenantConnectionShare, runtime: Runtime): DeliveryStatements {
  return {
    heads: new TenantBatches(connections, (tenantId, destinationIds) => readHeads(pool, runtime, tenantId, destinationIds), {
      maxSize: DESTINATIONS_PER_HEADS_READ,
    }),
    outcomes: new TenantBatches<DeliveryRound, void>(
      connections,
      async (tenantId, rounds) => {
        await relayRecordDeliveryOutcomes(pool, { tenantId, rounds });
        return rounds.map(() => undefined);
      },
      { size: (round) => round.outcomes.length, maxSize: OUTCOMES_PER_RECORD },
    ),
  };
}

/** The heads of several destinations, in one statement, read at the time it runs: each destination's rows. */
async function readHeads(pool: ConnectionPool, runtime: Runtime, tenantId: string, destinationIds: string[]): Promise<DeliveryHeadRow[][]> {
  const distinct = [...new Set(destinationIds)];
  const rows = await relayDeliveryHeads(pool, { tenantId, destinationIds: distinct, limit: HEADS_PER_READ, now: runtime.now() });
  const byDestination = new Map<string, DeliveryHeadRow[]>();
  for (const row of rows) {
    const own = byDestination.get(row.destination_id);
    if (own) own.push(row);
    else byDestination.set(row.destination_id, [row]);
  }
  return destinationIds.map((id) => byDestination.get(id) ?? []);
}

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
 * Read with the tenant's other destinations whose heads are asked for at the same time (one relay_delivery_heads
 * call); the tenant's data key comes from the keyring's cache, or from a transaction of its own when the cache has
 * expired. Rejects when a pending head came back without its event or payload (a row moved between partitions
 * meanwhile): never an answer that leaves it out, which would read as "nothing pending" and complete the job with
 * the delivery still pending (the caller sets its job aside and reads again).
 */
export async function loadHeads(
  statements: DeliveryStatements,
  pool: ConnectionPool,
  sealed: SealedValues,
  input: { tenantId: string; destinationId: string },
): Promise<{ target: DestinationTarget | null; heads: PendingHead[]; held: boolean }> {
  const { tenantId, destinationId } = input;
  const rows = await statements.heads.run(tenantId, destinationId);
  const first = rows[0];
  if (!first?.live) return { target: null, heads: [], held: false };
  const returned = rows.filter((row) => row.id !== null).length;
  if (returned < first.heads_read)
    throw new Error(
      `${first.heads_read - returned} of the ${first.heads_read} pending heads of destination ${destinationId} could not be read with their event and payload; read again shortly`,
    );
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
