import type { ListIssuesQuery } from '@workspace/contracts';
import type { Issue } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { decodeCursor, toPage, type Page } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { sqlOf } from '../notifications/enqueue-notification.js';
import { notify } from './note-failure.js';
import { issueData } from './issue-subject.js';

/** Newest first; `unresolved` is open or acknowledged. */
export async function listIssues(tx: TenantTx, query: ListIssuesQuery): Promise<Page<Issue>> {
  const after = decodeCursor(query.cursor);
  const state = query.state === 'unresolved' ? { not: 'resolved' } : query.state;
  const rows = await tx.issue.findMany({
    where: {
      ...(state ? { state } : {}),
      ...(query.destination_id ? { destinationId: query.destination_id } : {}),
      ...(query.endpoint_id ? { endpointId: query.endpoint_id } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}

export async function findIssue(tx: TenantTx, issueId: string): Promise<Issue> {
  const issue = await tx.issue.findUnique({ where: { id: issueId } });
  if (!issue) throw new RelayError('not_found', `issue ${issueId} not found`);
  return issue;
}

interface ChangeIssue {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  issueId: string;
}

/** Someone is on it: open -> acknowledged (again: no change). A resolved issue cannot be acknowledged (409). */
export async function acknowledgeIssue(options: ChangeIssue): Promise<Issue> {
  const { tx, tenantId, runtime, issueId } = options;
  const issue = await lockIssue(tx, issueId);
  if (issue.state === 'resolved') throw new RelayError('conflict', `issue ${issueId} is resolved already: there is nothing to acknowledge`);
  if (issue.state === 'acknowledged') return issue;
  const changed = await tx.issue.update({
    where: { id: issueId },
    data: { state: 'acknowledged', acknowledgedAt: runtime.now(), acknowledgedBy: options.actor },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'issue.acknowledged',
    target: { type: 'issue', id: issueId },
    details: { kind: issue.kind, destination_id: issue.destinationId, endpoint_id: issue.endpointId },
  });
  return changed;
}

/** Resolved by hand (notified as issue.resolved); resolving a resolved issue changes nothing. */
export async function resolveIssueByHand(options: ChangeIssue): Promise<Issue> {
  const { tx, tenantId, runtime, issueId } = options;
  const issue = await lockIssue(tx, issueId);
  if (issue.state === 'resolved') return issue;
  const resolved = await tx.issue.update({
    where: { id: issueId },
    data: { state: 'resolved', resolvedAt: runtime.now(), resolvedBy: options.actor },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'issue.resolved',
    target: { type: 'issue', id: issueId },
    details: { kind: issue.kind, destination_id: issue.destinationId, endpoint_id: issue.endpointId },
  });
  await notify(sqlOf(tx), tenantId, runtime, 'issue.resolved', issueData(resolved));
  return resolved;
}

async function lockIssue(tx: TenantTx, issueId: string): Promise<Issue> {
  const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM issues WHERE id = ${issueId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new RelayError('not_found', `issue ${issueId} not found`);
  return findIssue(tx, issueId);
}
