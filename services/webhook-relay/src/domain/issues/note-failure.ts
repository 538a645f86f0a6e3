import type { SqlClient } from '../../db/tenant-sql.js';
import { enqueueNotification, type NotificationType } from '../notifications/enqueue-notification.js';
import type { Runtime } from '../runtime.js';
import { issueData, issueFromRow, type IssueRow } from './issue-subject.js';

export interface FailureSeen {
  kind: string;
  at: Date;
  status: number | null;
  error: string | null;
  excerpt: string | null;
  deliveryId?: string | null;
  eventId?: string | null;
}

/** Who the failure is of: a destination (deliveries) or an endpoint (verification of what it receives). */
export type IssueSubject = { destinationId: string } | { endpointId: string };

const columnOf = (subject: IssueSubject) => ('destinationId' in subject ? 'destination_id' : 'endpoint_id');
const idOf = (subject: IssueSubject) => ('destinationId' in subject ? subject.destinationId : subject.endpointId);

// One unresolved issue per subject and kind: a failure adds to it, or opens it when there is none (xmax = 0:
// the row was inserted, not updated). Resolved issues stay as they were.
const UPSERT = (column: string) => `
INSERT INTO issues (id, tenant_id, ${column}, kind, first_seen_at, last_seen_at, last_status, last_error, last_excerpt,
                    last_delivery_id, last_event_id)
VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $5, $6, $7, $8, $9::uuid, $10::uuid)
ON CONFLICT (${column}, kind) WHERE state <> 'resolved' AND ${column} IS NOT NULL
DO UPDATE SET count = issues.count + 1, last_seen_at = excluded.last_seen_at, last_status = excluded.last_status,
              last_error = excluded.last_error, last_excerpt = excluded.last_excerpt,
              last_delivery_id = coalesce(excluded.last_delivery_id, issues.last_delivery_id),
              last_event_id = coalesce(excluded.last_event_id, issues.last_event_id)
RETURNING *, (xmax = 0) AS opened`;

const RESOLVE = (column: string) => `
UPDATE issues SET state = 'resolved', resolved_at = $2, resolved_by = $3
 WHERE ${column} = $1::uuid AND state <> 'resolved'
RETURNING *`;

/**
 * Adds a failure to its issue, in the caller's tenant transaction; the first failure of a kind opens the issue and
 * notifies `issue.opened` (and `endpoint.verification_failing` for an endpoint). Returns whether it opened one.
 */
export async function noteFailure(
  sql: SqlClient,
  options: { tenantId: string; runtime: Runtime; subject: IssueSubject; failure: FailureSeen },
): Promise<boolean> {
  const { tenantId, runtime, subject, failure } = options;
  const { rows } = await sql.query<IssueRow & { opened: boolean }>(UPSERT(columnOf(subject)), [
    runtime.newIdAt(failure.at),
    tenantId,
    idOf(subject),
    failure.kind,
    failure.at,
    failure.status,
    failure.error?.slice(0, 1000) ?? null,
    failure.excerpt?.slice(0, 1000) ?? null,
    failure.deliveryId ?? null,
    failure.eventId ?? null,
  ]);
  const row = rows[0];
  if (!row?.opened) return false;
  const data = issueData(issueFromRow(row));
  await notify(sql, tenantId, runtime, 'issue.opened', data);
  if ('endpointId' in subject) await notify(sql, tenantId, runtime, 'endpoint.verification_failing', data);
  return true;
}

/** Resolves the subject's unresolved issues (by the system when things work again, or by hand); notifies each. */
export async function resolveIssues(
  sql: SqlClient,
  options: { tenantId: string; runtime: Runtime; subject: IssueSubject; by: string },
): Promise<number> {
  const { tenantId, runtime, subject } = options;
  const { rows } = await sql.query<IssueRow>(RESOLVE(columnOf(subject)), [idOf(subject), runtime.now(), options.by]);
  for (const row of rows) await notify(sql, tenantId, runtime, 'issue.resolved', issueData(issueFromRow(row)));
  return rows.length;
}

export function notify(
  sql: SqlClient,
  tenantId: string,
  runtime: Runtime,
  type: NotificationType,
  data: Record<string, unknown>,
): Promise<number> {
  return enqueueNotification(sql, { tenantId, type, data, at: runtime.now(), newId: (at) => runtime.newIdAt(at) });
}
