import type { PoolClient } from 'pg';
import { BulkRetryRunner } from '../../src/delivery/bulk-retry-runner.js';
import type { DeliveryHarness } from './delivery-harness.js';
import type { Receiver } from './receiver.js';

/** A bulk retry runner in this process on the harness's database and queues. */
export function bulkRetryRunner(h: DeliveryHarness, options: { chunk: number; leaseMs?: number }): BulkRetryRunner {
  const { pool, tenants, runtime, logger } = h.context.deps;
  return new BulkRetryRunner({ pool, tenants, runtime, logger, queues: h.queues, leaseMs: options.leaseMs ?? 5000, chunk: options.chunk });
}

/**
 * Dead-letters a destination's pending deliveries directly (as the owner), as spent retries would: quicker than
 * failing each one 1 + N times, and the same rows.
 */
export async function deadLetterPending(h: DeliveryHarness, destinationId: string): Promise<number> {
  const { rowCount } = await h.context.ownerPool.query(
    `UPDATE deliveries SET state = 'dead_lettered', attempts = 2, last_status = 500, last_error = 'HTTP 500',
            dead_lettered_at = now() - interval '1 minute', next_attempt_at = NULL
      WHERE destination_id = $1 AND state = 'pending'`,
    [destinationId],
  );
  return rowCount ?? 0;
}

/** The destination's dead letters, in their order (position). */
export async function deadLettersInOrder(h: DeliveryHarness, destinationId: string): Promise<Array<{ id: string; event_id: string }>> {
  const { rows } = await h.context.ownerPool.query<{ id: string; event_id: string }>(
    `SELECT id, event_id FROM deliveries WHERE destination_id = $1 AND state = 'dead_lettered' ORDER BY position`,
    [destinationId],
  );
  return rows;
}

/** Replays of these dead letters: how many each has. */
export async function replaysPerDeadLetter(h: DeliveryHarness, deadLetterIds: string[]): Promise<Map<string, number>> {
  const { rows } = await h.context.ownerPool.query<{ replay_of: string; n: string }>(
    'SELECT replay_of, count(*) AS n FROM deliveries WHERE replay_of = ANY($1::uuid[]) GROUP BY replay_of',
    [deadLetterIds],
  );
  return new Map(rows.map((row) => [row.replay_of, Number(row.n)]));
}

/**
 * Holds the tenant's capture-order lock (the one every chunk of a bulk retry takes) in a session of the test's own,
 * so a runner stops in front of its next chunk until `release`.
 */
export async function holdCaptureOrder(h: DeliveryHarness, tenantId: string): Promise<{ release(): Promise<void> }> {
  const client: PoolClient = await h.context.ownerPool.connect();
  await client.query("SELECT pg_advisory_lock(hashtextextended('relay_capture_order:' || $1::text, 0))", [tenantId]);
  return {
    async release() {
      await client.query("SELECT pg_advisory_unlock(hashtextextended('relay_capture_order:' || $1::text, 0))", [tenantId]);
      client.release();
    },
  };
}

/** Each webhook-id's first arrival, in order: a repeat of one is at-least-once delivery at work, not the job's. */
export function firstArrivals(receiver: Receiver): Array<{ webhookId: string; body: string }> {
  const seen = new Set<string>();
  const order: Array<{ webhookId: string; body: string }> = [];
  for (const request of receiver.received) {
    const webhookId = String(request.headers['webhook-id']);
    if (seen.has(webhookId)) continue;
    seen.add(webhookId);
    order.push({ webhookId, body: request.body.toString() });
  }
  return order;
}

/** Polls until `check` holds (generous deadlines: the machine may be busy). */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until some session of this database waits on a lock running a statement like `pattern` (ILIKE). */
export async function waitForLockWaiter(h: DeliveryHarness, pattern: string): Promise<void> {
  await waitUntil(
    async () => {
      const { rows } = await h.context.ownerPool.query(
        `SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1 AND pid <> pg_backend_pid()`,
        [pattern],
      );
      return rows.length > 0;
    },
    () => `a session waiting on a lock in ${pattern}`,
  );
}
