import type { BulkRetry as BulkRetryBody, BulkRetryPreview, BulkRetrySelection, BulkRetryState } from '@workspace/contracts';
import type { DeadLetterCounts } from '../domain/bulk-retries/dead-letter-selection.js';
import type { BulkRetry } from '../generated/prisma/client.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A bulk retry as every surface shows it (REST, the MCP tools, the CLI through REST). */
export function presentBulkRetry(job: BulkRetry): BulkRetryBody {
  return {
    id: job.id,
    state: job.state as BulkRetryState,
    selection: job.selection as BulkRetrySelection,
    total: job.total,
    retried: job.retried,
    created_at: job.createdAt.toISOString(),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    cancelled_at: iso(job.cancelledAt),
    error: job.error,
  };
}

export function presentBulkRetryPreview(counts: DeadLetterCounts): BulkRetryPreview {
  return { deliveries: counts.deliveries, events: counts.events, oldest: iso(counts.oldest), newest: iso(counts.newest) };
}
