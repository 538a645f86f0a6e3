import type { Issue } from '../../generated/prisma/client.js';

/** An issues row as raw SQL returns it (snake_case), for callers without Prisma (the verifier, the workers). */
export interface IssueRow {
  id: string;
  tenant_id: string;
  destination_id: string | null;
  endpoint_id: string | null;
  kind: string;
  state: string;
  count: number;
  first_seen_at: Date;
  last_seen_at: Date;
  last_status: number | null;
  last_error: string | null;
  last_excerpt: string | null;
  last_delivery_id: string | null;
  last_event_id: string | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export function issueFromRow(row: IssueRow): Issue {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    destinationId: row.destination_id,
    endpointId: row.endpoint_id,
    kind: row.kind,
    state: row.state,
    count: row.count,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastExcerpt: row.last_excerpt,
    lastDeliveryId: row.last_delivery_id,
    lastEventId: row.last_event_id,
    acknowledgedAt: row.acknowledged_at,
    acknowledgedBy: row.acknowledged_by,
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
  };
}

/** What an issue's notifications and API answers say of it. */
export function issueData(issue: Issue): Record<string, unknown> {
  return {
    id: issue.id,
    destination_id: issue.destinationId,
    endpoint_id: issue.endpointId,
    kind: issue.kind,
    state: issue.state,
    count: issue.count,
    first_seen_at: issue.firstSeenAt.toISOString(),
    last_seen_at: issue.lastSeenAt.toISOString(),
    last_status: issue.lastStatus,
    last_error: issue.lastError,
    last_excerpt: issue.lastExcerpt,
    last_delivery_id: issue.lastDeliveryId,
    last_event_id: issue.lastEventId,
    acknowledged_at: issue.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: issue.acknowledgedBy,
    resolved_at: issue.resolvedAt?.toISOString() ?? null,
    resolved_by: issue.resolvedBy,
  };
}
