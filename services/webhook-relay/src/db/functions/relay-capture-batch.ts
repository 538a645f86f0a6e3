import type { VerificationOutcome } from '../../verification/types.js';
import type { ConnectionPool } from '../prisma.js';

/**
 * A request's signature check made before its commit, with the endpoint's settings as of `version`: the capture
 * statement records it beside the event, in the same commit, while `version` is still the endpoint's.
 */
export interface CaptureCheck {
  version: number;
  checkedAt: Date;
  outcome: VerificationOutcome;
  /** Set for a verified or authenticated outcome. */
  verifiedAt: Date | null;
}

/** One received request, as relay_capture_batch stores it. */
export interface CaptureBatchRequest {
  /** The event id the caller made (a UUIDv7); rows come back matched by it. */
  id: string;
  receivedAt: Date;
  method: string;
  /** The path after the ingest token ('' or '/a/b'): the token itself is never stored. */
  path: string;
  query: string;
  source: string | null;
  dedupKey: string | null;
  /** The request's event type (src/ingest/event-type.ts); absent or null: none. */
  eventType?: string | null;
  headers: Array<[string, string]>;
  /** SHA-256 of the ingest token (32 bytes). */
  tokenHash: Buffer;
  /** SHA-256 of the body (32 bytes). */
  bodySha256: Buffer;
  body: Buffer;
  /** Its check, when capture could make it before the commit (src/ingest/check-before-capture.ts). */
  check?: CaptureCheck | null;
}

/** A stored or refused request; a request whose token opens no live endpoint has no row. */
export interface CaptureBatchRow {
  event_id: string;
  tenant_id: string;
  endpoint_id: string;
  duplicate_of: string | null;
  to_verify: boolean;
  /** Set when nothing was stored: the tenant's capture is paused, or its plan allowance is spent. */
  refused: 'paused' | 'allowance' | null;
  subscribed: boolean;
  /** Its check was recorded with it (the request carried one, made with the endpoint's current settings). */
  checked: boolean;
}

// Bytes go as one binary parameter each (concatenated; hashes are 32 bytes, bodies come with their
// lengths) and headers as one JSON array: nothing large is escaped into an array literal and parsed back.
// Checks go as one JSON array of the requests that have one, with their ids; NULL for a batch without any.
const CAPTURE = `SELECT event_id, tenant_id, endpoint_id, duplicate_of, to_verify, refused, subscribed, checked FROM relay_capture_batch(
  $1::uuid[], $2::float8[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::json, $9::bytea, $10::bytea, $11::bytea, $12::int[], $13::text[],
  $14::json)`;

/** Stores a batch of requests in one statement and one commit (prisma/functions/relay_capture_batch.sql). */
export async function relayCaptureBatch(pool: ConnectionPool, requests: CaptureBatchRequest[]): Promise<CaptureBatchRow[]> {
  const { rows } = await pool.query<CaptureBatchRow>({
    name: 'relay-capture-batch',
    text: CAPTURE,
    values: [
      requests.map((r) => r.id),
      requests.map((r) => r.receivedAt.getTime()),
      requests.map((r) => r.method),
      requests.map((r) => r.path),
      requests.map((r) => r.query),
      requests.map((r) => r.source),
      requests.map((r) => r.dedupKey),
      JSON.stringify(requests.map((r) => r.headers)),
      Buffer.concat(requests.map((r) => r.tokenHash)),
      Buffer.concat(requests.map((r) => r.bodySha256)),
      Buffer.concat(requests.map((r) => r.body)),
      requests.map((r) => r.body.length),
      requests.map((r) => r.eventType ?? null),
      checksOf(requests),
    ],
  });
  return rows;
}

function checksOf(requests: CaptureBatchRequest[]): string | null {
  const checks = requests.flatMap(({ id, check }) =>
    check
      ? [
          {
            id,
            version: check.version,
            state: check.outcome.state,
            cause: check.outcome.cause,
            detail: check.outcome.detail,
            provider: check.outcome.provider,
            matched: check.outcome.matchedSecretId,
            checked_ms: check.checkedAt.getTime(),
            verified_ms: check.verifiedAt?.getTime() ?? null,
          },
        ]
      : [],
  );
  return checks.length ? JSON.stringify(checks) : null;
}
