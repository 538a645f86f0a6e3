import type { ConnectionPool } from '../prisma.js';

/** One event's verification result, with the endpoint settings' version it was checked with. */
export interface EventCheck {
  eventId: string;
  endpointId: string;
  /** The endpoint's verification_version the settings had; null when the endpoint was not found. */
  version: number | null;
  state: string;
  cause: string | null;
  detail: Record<string, unknown> | null;
  provider: string | null;
  matchedSecretId: string | null;
  verifiedAt: Date | null;
}

/** An event whose endpoint's settings changed since it was checked: its result was not recorded. */
export interface StaleCheckRow {
  stale: string;
}

// One statement, its own transaction: insert-only (the first result wins when two replicas checked
// the same event); returns the events whose endpoint's settings changed since they were checked.
const RECORD = `SELECT relay_record_checks(
  $1::uuid, $2::timestamptz, $3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::jsonb[], $9::text[], $10::uuid[], $11::timestamptz[]) AS stale`;

/** Records one tenant's verification results (prisma/functions/relay_record_checks.sql). */
export async function relayRecordChecks(
  pool: ConnectionPool,
  input: { tenantId: string; checkedAt: Date; checks: EventCheck[] },
): Promise<StaleCheckRow[]> {
  const { checks } = input;
  const { rows } = await pool.query<StaleCheckRow>({
    name: 'relay-verify-record',
    text: RECORD,
    values: [
      input.tenantId,
      input.checkedAt,
      checks.map((check) => check.eventId),
      checks.map((check) => check.endpointId),
      checks.map((check) => check.version),
      checks.map((check) => check.state),
      checks.map((check) => check.cause),
      checks.map((check) => (check.detail ? JSON.stringify(check.detail) : null)),
      checks.map((check) => check.provider),
      checks.map((check) => check.matchedSecretId),
      checks.map((check) => check.verifiedAt),
    ],
  });
  return rows;
}
