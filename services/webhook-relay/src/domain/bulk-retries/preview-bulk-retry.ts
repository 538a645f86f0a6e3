import type { BulkRetrySelection } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import { retentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';
import { countDeadLetters, type DeadLetterCounts, freezeSelection } from './dead-letter-selection.js';

/** 404 unless the selection's destination (not deleted) and its filter's endpoint exist in the tenant. */
export async function checkSelectionTargets(tx: TenantTx, input: BulkRetrySelection): Promise<void> {
  const destination = await tx.destination.findFirst({ where: { id: input.destination_id, deletedAt: null }, select: { id: true } });
  if (!destination) throw new RelayError('not_found', `destination ${input.destination_id} not found`);
  const endpointId = input.filter?.endpoint_id;
  // A deleted endpoint's dead letters may still be retried: only an id that names nothing is refused.
  if (endpointId && !(await tx.endpoint.findFirst({ where: { id: endpointId }, select: { id: true } })))
    throw new RelayError('not_found', `endpoint ${endpointId} not found`);
}

export interface PreviewBulkRetryOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  input: BulkRetrySelection;
}

/** What a bulk retry of this selection would send again if it started now. Changes nothing. */
export async function previewBulkRetry(options: PreviewBulkRetryOptions): Promise<DeadLetterCounts> {
  const { tx, input } = options;
  await checkSelectionTargets(tx, input);
  const now = options.runtime.now();
  const window = await retentionWindow(tx, options.tenantId, now);
  return countDeadLetters(tx, freezeSelection(input, now), window.firstId);
}
