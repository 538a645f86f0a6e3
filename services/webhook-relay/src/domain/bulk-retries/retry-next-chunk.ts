import type { TenantTx } from '../../db/prisma.js';
import type { BulkRetry } from '../../generated/prisma/client.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { insertReplays, lockCaptureOrder } from '../deliveries/insert-replays.js';
import { retentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';
import { selectionOf } from './bulk-retry-view.js';
import { nextDeadLetters } from './dead-letter-selection.js';

export interface RetryNextChunkOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  id: string;
  owner: string;
  leaseMs: number;
  chunk: number;
}

/** `more`: a chunk was queued (enqueue its jobs after the commit); `done`: the job finished or is no longer ours. */
export type ChunkOutcome = { more: true; jobs: DeliveryJob[] } | { more: false };

const SYSTEM_ACTOR = 'system:bulk-retry';

/**
 * One chunk of a bulk retry, in one transaction: the next dead letters after the cursor, in position order, become new
 * deliveries at the end of the destination's order (insert-replays.ts), and the cursor, the count and the lease move
 * in the same commit. A process that dies before the commit leaves nothing; one that dies after it left the cursor
 * past what it queued. So the job never queues a dead letter twice. The job's row is locked first: a cancel either
 * waits for this chunk or is seen by it, and a process whose lease was taken over stops here.
 */
export async function retryNextChunk(options: RetryNextChunkOptions): Promise<ChunkOutcome> {
  const { tx, tenantId, runtime, id, owner } = options;
  const [locked] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM bulk_retries WHERE id = ${id}::uuid FOR UPDATE`;
  if (!locked) return { more: false };
  const job = await tx.bulkRetry.findUniqueOrThrow({ where: { id } });
  if (job.state !== 'running' || job.leaseOwner !== owner) return { more: false };
  const now = runtime.now();
  const destination = await tx.destination.findFirst({ where: { id: job.destinationId, deletedAt: null }, select: { id: true } });
  if (!destination) {
    await finish(options, job, 'failed', 'the destination was deleted');
    return { more: false };
  }
  const window = await retentionWindow(tx, tenantId, now);
  // Before reading: another replay's (or job's) pending replays committed before ours are seen, so none is doubled.
  await lockCaptureOrder(tx, tenantId);
  const { selected, lastPosition } = await nextDeadLetters(tx, {
    selection: selectionOf(job),
    windowFirstId: window.firstId,
    afterPosition: job.cursorPosition === null ? null : job.cursorPosition.toString(),
    limit: options.chunk,
  });
  if (lastPosition === null) {
    await finish(options, job, 'succeeded', null);
    return { more: false };
  }
  const ids = await insertReplays({
    tx,
    tenantId,
    destinationId: job.destinationId,
    now,
    replays: selected.map((row) => ({ eventId: row.eventId, replayOf: row.id })),
    windowFirstId: window.firstId,
    order: 'listed',
  });
  await tx.bulkRetry.update({
    where: { id },
    data: {
      cursorPosition: BigInt(lastPosition),
      retried: { increment: ids.length },
      leaseUntil: new Date(now.getTime() + options.leaseMs),
    },
  });
  return { more: true, jobs: ids.map((deliveryId) => ({ tenantId, destinationId: job.destinationId, deliveryId })) };
}

async function finish(options: RetryNextChunkOptions, job: BulkRetry, state: 'succeeded' | 'failed', error: string | null): Promise<void> {
  const { tx, tenantId, runtime } = options;
  const now = runtime.now();
  await tx.bulkRetry.update({ where: { id: job.id }, data: { state, error, finishedAt: now, leaseOwner: null, leaseUntil: null } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: SYSTEM_ACTOR,
    action: 'bulk_retry.finished',
    target: { type: 'bulk_retry', id: job.id },
    details: { destination_id: job.destinationId, state, total: job.total, retried: job.retried, ...(error ? { error } : {}) },
  });
}
