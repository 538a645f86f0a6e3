import type { ConnectionPool } from '../db/prisma.js';
import { withTenantSql } from '../db/tenant-sql.js';
import { sqlWrappedKeyStore } from '../db/wrapped-key-store.js';
import type { SealedValues } from '../domain/sealed-values.js';

export interface DestinationTarget {
  url: string;
  timeoutMs: number;
  headers: Record<string, string>;
  /** Signing secrets in force now, opened. */
  secrets: string[];
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

const DESTINATION = `
SELECT d.url, d.timeout_ms, d.headers_ciphertext, d.enabled AND d.deleted_at IS NULL AS live,
       coalesce((SELECT json_agg(json_build_object('id', s.id, 'sealed', encode(s.secret_ciphertext, 'base64')) ORDER BY s.created_at)
                   FROM destination_secrets s
                  WHERE s.destination_id = d.id AND s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > $2)), '[]') AS secrets
  FROM destinations d WHERE d.id = $1`;

const HEADS = `
SELECT d.id, d.event_id, d.attempts, d.next_attempt_at, coalesce(c.state::text, 'unattempted') AS state, e.headers, p.body
  FROM deliveries d
  JOIN events e ON e.id = d.event_id
  JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256
  LEFT JOIN event_checks c ON c.event_id = e.id
 WHERE d.destination_id = $1 AND d.state = 'pending'
 ORDER BY d.position LIMIT $2`;

/** The destination (null when deleted or disabled) and its oldest pending deliveries, in FIFO order. */
export async function loadHeads(
  pool: ConnectionPool,
  sealed: SealedValues,
  input: { tenantId: string; destinationId: string; limit: number; now: Date },
): Promise<{ target: DestinationTarget | null; heads: PendingHead[] }> {
  const { tenantId, destinationId } = input;
  return withTenantSql(pool, tenantId, async (sql) => {
    const { rows } = await sql.query<{ url: string; timeout_ms: number; headers_ciphertext: Uint8Array | null; live: boolean; secrets: Array<{ id: string; sealed: string }> }>({
      name: 'relay-delivery-destination',
      text: DESTINATION,
      values: [destinationId, input.now],
    });
    const row = rows[0];
    if (!row || !row.live) return { target: null, heads: [] };
    const store = sqlWrappedKeyStore(sql);
    const secrets = await Promise.all(row.secrets.map((secret) => sealed.openFrom(store, tenantId, 'destination_secret', secret.id, Buffer.from(secret.sealed, 'base64'))));
    const headers = row.headers_ciphertext ? (JSON.parse(await sealed.openFrom(store, tenantId, 'destination_headers', destinationId, row.headers_ciphertext)) as Record<string, string>) : {};
    const heads = await sql.query<{ id: string; event_id: string; attempts: number; next_attempt_at: Date | null; state: string; headers: Array<[string, string]>; body: Uint8Array }>({
      name: 'relay-delivery-heads',
      text: HEADS,
      values: [destinationId, input.limit],
    });
    return {
      target: { url: row.url, timeoutMs: row.timeout_ms, headers, secrets },
      heads: heads.rows.map((head) => ({
        id: head.id,
        eventId: head.event_id,
        attempts: head.attempts,
        nextAttemptAt: head.next_attempt_at,
        state: head.state,
        contentType: head.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null,
        body: Buffer.from(head.body),
      })),
    };
  });
}

export interface AttemptOutcome {
  deliveryId: string;
  attemptId: string;
  startedAt: Date;
  durationMs: number;
  status: number | null;
  error: string | null;
  excerpt: string | null;
  state: 'pending' | 'succeeded' | 'dead_lettered';
  nextAttemptAt: Date | null;
}

const INSERT_ATTEMPTS = `
INSERT INTO delivery_attempts (id, tenant_id, delivery_id, started_at, duration_ms, status_code, error, response_excerpt)
SELECT u.id, $1, u.delivery_id, u.started_at, u.duration_ms, u.status, u.error, u.excerpt
  FROM unnest($2::uuid[], $3::uuid[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[]) AS u(id, delivery_id, started_at, duration_ms, status, error, excerpt)`;

const UPDATE_DELIVERIES = `
UPDATE deliveries d
   SET state = u.state::delivery_state, attempts = d.attempts + 1, next_attempt_at = u.next_attempt_at,
       last_status = u.status, last_error = u.error,
       completed_at = CASE WHEN u.state = 'succeeded' THEN u.finished_at END,
       dead_lettered_at = CASE WHEN u.state = 'dead_lettered' THEN u.finished_at END
  FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::timestamptz[]) AS u(id, state, next_attempt_at, status, error, finished_at)
 WHERE d.id = u.id AND d.state = 'pending'`;

/** Records attempts and moves their deliveries on, in one transaction; `disable` turns the destination off too. */
export async function recordOutcomes(
  pool: ConnectionPool,
  input: { tenantId: string; destinationId: string; outcomes: AttemptOutcome[]; disable?: string },
): Promise<void> {
  const { tenantId, outcomes } = input;
  if (outcomes.length === 0 && !input.disable) return;
  await withTenantSql(pool, tenantId, async (sql) => {
    if (outcomes.length) {
      await sql.query({
        name: 'relay-delivery-attempts',
        text: INSERT_ATTEMPTS,
        values: [
          tenantId,
          outcomes.map((o) => o.attemptId),
          outcomes.map((o) => o.deliveryId),
          outcomes.map((o) => o.startedAt),
          outcomes.map((o) => o.durationMs),
          outcomes.map((o) => o.status),
          outcomes.map((o) => o.error),
          outcomes.map((o) => o.excerpt),
        ],
      });
      await sql.query({
        name: 'relay-delivery-update',
        text: UPDATE_DELIVERIES,
        values: [
          outcomes.map((o) => o.deliveryId),
          outcomes.map((o) => o.state),
          outcomes.map((o) => o.nextAttemptAt),
          outcomes.map((o) => o.status),
          outcomes.map((o) => o.error),
          outcomes.map((o) => new Date(o.startedAt.getTime() + o.durationMs)),
        ],
      });
    }
    if (input.disable) {
      await sql.query('UPDATE destinations SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1', [input.destinationId, input.disable]);
    }
  });
}

/** Pending deliveries of a destination, oldest first (the reconciler's view of what Redis should hold). */
export async function pendingDeliveryIds(pool: ConnectionPool, tenantId: string, destinationId: string, limit: number): Promise<string[]> {
  return withTenantSql(pool, tenantId, async (sql) => {
    const { rows } = await sql.query<{ id: string }>("SELECT id FROM deliveries WHERE destination_id = $1 AND state = 'pending' ORDER BY position LIMIT $2", [destinationId, limit]);
    return rows.map((row) => row.id);
  });
}
