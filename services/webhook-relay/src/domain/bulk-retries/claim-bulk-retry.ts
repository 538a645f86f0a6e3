import type { TenantTx } from '../../db/prisma.js';
import { retentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';
import { selectionOf } from './bulk-retry-view.js';
import { countDeadLetters } from './dead-letter-selection.js';

export interface ClaimBulkRetryOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  id: string;
  /** This worker process. */
  owner: string;
  leaseMs: number;
}

/**
 * Takes a queued or running bulk retry whose lease is free or ran out, for `leaseMs`: two processes never run one job
 * at once (the update is conditional, and each chunk checks the lease again under the job's row lock). A queued one
 * starts here: its total is counted. Returns false when another process has it or it finished.
 */
export async function claimBulkRetry(options: ClaimBulkRetryOptions): Promise<boolean> {
  const { tx, tenantId, runtime, id } = options;
  const now = runtime.now();
  const { count } = await tx.bulkRetry.updateMany({
    where: { id, state: { in: ['queued', 'running'] }, OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] },
    data: { leaseOwner: options.owner, leaseUntil: new Date(now.getTime() + options.leaseMs) },
  });
  if (count === 0) return false;
  const job = await tx.bulkRetry.findUniqueOrThrow({ where: { id } });
  if (job.state === 'queued') {
    const window = await retentionWindow(tx, tenantId, now);
    const { deliveries } = await countDeadLetters(tx, selectionOf(job), window.firstId);
    await tx.bulkRetry.update({ where: { id }, data: { state: 'running', startedAt: now, total: deliveries } });
  }
  return true;
}

/** Lets go of a job this process holds (it stops), so another process may take it at once. */
export async function releaseBulkRetry(options: { tx: TenantTx; id: string; owner: string }): Promise<void> {
  await options.tx.bulkRetry.updateMany({
    where: { id: options.id, leaseOwner: options.owner },
    data: { leaseOwner: null, leaseUntil: null },
  });
}
