import type { TenantTx } from '../../db/prisma.js';
import type { BulkRetry } from '../../generated/prisma/client.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import type { DeadLetterSelection } from './dead-letter-selection.js';

export async function findBulkRetry(tx: TenantTx, id: string): Promise<BulkRetry> {
  const job = await tx.bulkRetry.findUnique({ where: { id } });
  if (!job) throw new RelayError('not_found', `bulk retry ${id} not found`);
  return job;
}

/** Newest first. */
export async function listBulkRetries(options: {
  tx: TenantTx;
  page: PageRequest & { destination_id?: string };
}): Promise<Page<BulkRetry>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.bulkRetry.findMany({
    where: {
      ...(after ? { id: { lt: after } } : {}),
      ...(options.page.destination_id ? { destinationId: options.page.destination_id } : {}),
    },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}

/** The selection a job froze when it was requested. */
export function selectionOf(job: BulkRetry): DeadLetterSelection {
  return {
    destinationId: job.destinationId,
    from: job.deadLetteredFrom,
    before: job.deadLetteredBefore,
    endpointId: job.endpointId,
    eventType: job.eventType,
    statusMin: job.statusMin,
    statusMax: job.statusMax,
  };
}
