import type { BulkRetrySelection } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import type { BulkRetry } from '../../generated/prisma/client.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { freezeSelection } from './dead-letter-selection.js';
import { checkSelectionTargets } from './preview-bulk-retry.js';

export interface StartBulkRetryOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  input: BulkRetrySelection;
}

/**
 * Records a bulk retry, queued for the worker processes (docs/bulk-retry.md), and audits it
 * (`bulk_retry.started`). Its selection is frozen now; its total is counted when a worker starts it.
 */
export async function startBulkRetry(options: StartBulkRetryOptions): Promise<BulkRetry> {
  const { tx, tenantId, runtime, input } = options;
  await checkSelectionTargets(tx, input);
  const now = runtime.now();
  const selection = freezeSelection(input, now);
  const job = await tx.bulkRetry.create({
    data: {
      id: runtime.newId(),
      tenantId,
      destinationId: selection.destinationId,
      selection: input,
      deadLetteredFrom: selection.from,
      deadLetteredBefore: selection.before,
      endpointId: selection.endpointId,
      eventType: selection.eventType,
      statusMin: selection.statusMin,
      statusMax: selection.statusMax,
      actor: options.actor,
      createdAt: now,
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'bulk_retry.started',
    target: { type: 'bulk_retry', id: job.id },
    details: { destination_id: selection.destinationId, selection: input, dead_lettered_before: selection.before.toISOString() },
  });
  return job;
}
