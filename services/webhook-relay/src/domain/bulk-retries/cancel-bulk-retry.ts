import type { TenantTx } from '../../db/prisma.js';
import type { BulkRetry } from '../../generated/prisma/client.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { findBulkRetry } from './bulk-retry-view.js';

export interface CancelBulkRetryOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  id: string;
}

/**
 * Cancels a queued or running bulk retry (409 once it finished). The update waits for a chunk in flight (the runner
 * holds the job's row), and every chunk reads the state first: once this commits, no further dead letter is queued.
 * Replays already queued stay queued. Audited (`bulk_retry.cancelled`).
 */
export async function cancelBulkRetry(options: CancelBulkRetryOptions): Promise<BulkRetry> {
  const { tx, tenantId, runtime, id } = options;
  const now = runtime.now();
  const { count } = await tx.bulkRetry.updateMany({
    where: { id, state: { in: ['queued', 'running'] } },
    data: { state: 'cancelled', cancelledAt: now, finishedAt: now, leaseOwner: null, leaseUntil: null },
  });
  const job = await findBulkRetry(tx, id);
  if (count === 0) throw new RelayError('conflict', `bulk retry ${id} is already ${job.state}`);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'bulk_retry.cancelled',
    target: { type: 'bulk_retry', id },
    details: { destination_id: job.destinationId, total: job.total, retried: job.retried },
  });
  return job;
}
