import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { AttemptResult, RelayMetrics } from '../metrics/relay-metrics.js';
import type { DeliveryJob } from '../queue/delivery-queues.js';
import { loadHeads, recordOutcomes, type AttemptOutcome, type DestinationTarget, type PendingHead } from './delivery-store.js';
import type { Sender } from './http-sender.js';
import { nextRetryDelay, parseRetryAfter, type RetryPolicy } from './retry-policy.js';
import { standardWebhookHeaders } from './sign-standard-webhook.js';

/** Pending deliveries read (and sent, one after the other) per round trip. */
const HEADS_PER_READ = 20;
/**
 * How soon a held job looks again while its delivery waits behind an earlier-captured event still
 * being checked or fanned out. Only the job is set aside, not the queue: the job the earlier event's
 * fan-out adds runs at once and sends both. The retry matters when that event goes nowhere here (a
 * subscription filter); it costs one read per interval, only while something is held. The hold ends
 * when the event is fanned out (at most the fan-out sweep's grace and interval after a crash).
 */
export const HELD_RETRY_MS = 100;
const SIGNED_STATES = new Set(['verified', 'authenticated']);

export interface DeliverHeadsDeps {
  pool: ConnectionPool;
  sealed: SealedValues;
  runtime: Runtime;
  sender: Sender;
  policy: RetryPolicy;
  random?: () => number;
  /**
   * A destination answered 410: turn it off and audit it, in one transaction. Runs after the attempt
   * is recorded; a crash in between leaves the destination on and the delivery pending, so the next
   * attempt meets the 410 again.
   */
  disableGone: (job: DeliveryJob, reason: string) => Promise<void>;
  /** Attempts counted by result; a dead letter is counted and logged once recorded (absent: neither). */
  metrics?: RelayMetrics;
  logger?: Logger;
}

/** Delivery ids this worker finished recently: a job for one of them has nothing left to do. */
export class RecentlyDone {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity = 10_000) {}
  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
  }
  has(id: string): boolean {
    return this.ids.has(id);
  }
}

type Stop = { kind: 'wait'; ms: number } | { kind: 'gone'; reason: string } | null;

/**
 * What became of a job: `done` (its delivery was sent, dead-lettered or cannot be sent: the job is
 * finished), `retry` (the head failed: nothing of this destination may be sent for `waitMs`, and the
 * job goes back to the front), `held` (its delivery waits behind an earlier-captured event: set the job
 * aside for HELD_RETRY_MS).
 */
export type HeadsOutcome = { next: 'done'; finished: string[] } | { next: 'retry'; waitMs: number } | { next: 'held' };

const HELD: HeadsOutcome = { next: 'held' };

/**
 * The work of one job of a destination's queue (one job at a time per destination). A job wakes the
 * worker for its delivery; the worker sends the destination's pending deliveries in position order up
 * to and including it, so FIFO comes from the outbox, not from the order jobs reached Redis. Positions
 * are capture order, and heads behind an earlier-captured event still on its way (fan_out_pending) wait
 * for it. A failing head stays the head: the caller holds the queue for the retry wait and puts the job
 * back at the front (BullMQ's own retry would let the next job overtake it). Once the schedule is spent
 * the head is dead-lettered and the queue moves on.
 */
export async function deliverHeads(deps: DeliverHeadsDeps, job: DeliveryJob, done: RecentlyDone): Promise<HeadsOutcome> {
  const { tenantId, destinationId, deliveryId } = job;
  // Deliveries this job's batches sent or dead-lettered: their own jobs (wake-ups) have nothing left to do.
  const finished: string[] = [];
  const DONE: HeadsOutcome = { next: 'done', finished };
  while (!done.has(deliveryId)) {
    const { target, heads, held } = await loadHeads(deps.pool, deps.sealed, {
      tenantId,
      destinationId,
      limit: HEADS_PER_READ,
      now: deps.runtime.now(),
    });
    // Disabled or deleted: deliveries wait; enabling the destination again lets the reconciler wake it.
    if (!target) return DONE;
    if (heads.length === 0) return held ? HELD : DONE;
    const outcomes: AttemptOutcome[] = [];
    const stop = await sendInOrder(deps, target, heads, outcomes);
    await recordOutcomes(deps.pool, { tenantId, destinationId, outcomes });
    reportOutcomes(deps, job, heads, outcomes);
    for (const outcome of outcomes) {
      if (outcome.state === 'pending') continue;
      done.add(outcome.deliveryId);
      finished.push(outcome.deliveryId);
    }
    if (stop?.kind === 'gone') {
      await deps.disableGone(job, stop.reason);
      return DONE;
    }
    if (stop?.kind === 'wait') return { next: 'retry', waitMs: stop.ms };
    // Every sendable head was read and sent; the job's delivery, if still pending, is held. A held delivery
    // is not a failure: its job (a wake-up; the order comes from the outbox) runs again shortly.
    if (heads.length < HEADS_PER_READ && held && !done.has(deliveryId)) return HELD;
    // The job's delivery was not among the pending ones read: done already (or cancelled).
    if (!heads.some((head) => head.id === deliveryId) && heads.length < HEADS_PER_READ) return DONE;
  }
  return DONE;
}

/** After the outcomes are committed: counts each attempt, and logs each dead letter with the ids needed to replay it. */
function reportOutcomes(deps: DeliverHeadsDeps, job: DeliveryJob, heads: PendingHead[], outcomes: AttemptOutcome[]): void {
  const { metrics, logger } = deps;
  for (const outcome of outcomes) {
    const result = attemptResult(outcome);
    metrics?.deliveryAttempts.inc({ result });
    metrics?.deliveryAttemptDuration.observe(outcome.durationMs / 1000);
    if (result !== 'dead_lettered') continue;
    metrics?.deadLetters.inc();
    const head = heads.find((candidate) => candidate.id === outcome.deliveryId);
    // Ids and the last status only: the error text may name the destination's host or carry its query.
    logger?.warn(
      {
        tenant_id: job.tenantId,
        destination_id: job.destinationId,
        delivery_id: outcome.deliveryId,
        event_id: head?.eventId,
        attempts: (head?.attempts ?? 0) + 1,
        last_status: outcome.status,
      },
      'delivery dead-lettered: its retries are spent; replay it with POST /v1/replays {"delivery_ids": [...]}',
    );
  }
}

function attemptResult(outcome: AttemptOutcome): AttemptResult {
  if (outcome.state === 'succeeded' || outcome.state === 'dead_lettered') return outcome.state;
  // Pending again: retried later, unless the destination answered 410 and was turned off.
  return outcome.nextAttemptAt ? 'retry_scheduled' : 'gone';
}

async function sendInOrder(
  deps: DeliverHeadsDeps,
  target: DestinationTarget,
  heads: PendingHead[],
  outcomes: AttemptOutcome[],
): Promise<Stop> {
  for (const head of heads) {
    const now = deps.runtime.now();
    if (head.nextAttemptAt && head.nextAttemptAt > now) return { kind: 'wait', ms: head.nextAttemptAt.getTime() - now.getTime() };
    const signed = SIGNED_STATES.has(head.state) && target.secrets.length > 0;
    const headers: Record<string, string> = {
      ...target.headers,
      'content-type': head.contentType ?? 'application/octet-stream',
      'user-agent': 'webhook-relay/1',
      'x-relay-event-id': head.eventId,
      'x-relay-verification': head.state,
      // Every delivery carries its id (the same on every retry), so a receiver can deduplicate unsigned
      // deliveries too; signed ones also carry the timestamp and signatures.
      ...(signed ? standardWebhookHeaders(head.id, now, head.body, target.secrets) : { 'webhook-id': head.id }),
    };
    const result = await deps.sender.send({ url: target.url, headers, body: head.body, timeoutMs: target.timeoutMs });
    const outcome: AttemptOutcome = {
      deliveryId: head.id,
      // Time-ordered like every id here; its random bits come from the runtime's pool (one CSPRNG call per 256 ids).
      attemptId: deps.runtime.newIdAt(now),
      startedAt: now,
      durationMs: result.durationMs,
      status: result.status,
      error: result.ok ? null : (result.error ?? `answered ${result.status}`),
      excerpt: result.excerpt,
      state: 'succeeded',
      nextAttemptAt: null,
    };
    outcomes.push(outcome);
    if (result.ok) continue;
    if (result.status === 410) {
      outcome.state = 'pending';
      return { kind: 'gone', reason: `the destination answered 410 Gone at ${now.toISOString()}` };
    }
    const attempts = head.attempts + 1;
    const delay = nextRetryDelay(deps.policy, attempts, deps.random ?? Math.random, parseRetryAfter(result.retryAfter, now));
    if (delay === null) {
      outcome.state = 'dead_lettered';
      continue;
    }
    outcome.state = 'pending';
    outcome.nextAttemptAt = new Date(now.getTime() + delay);
    return { kind: 'wait', ms: delay };
  }
  return null;
}
