import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { AttemptResult, RelayMetrics } from '../metrics/relay-metrics.js';
import type { DeliveryJob } from '../queue/delivery-queues.js';
import type { DestinationPacer } from '../queue/destination-pacer.js';
import type { DestinationTrouble } from '../domain/issues/record-destination-trouble.js';
import { breakerAfterFailure, CLOSED, failureKind, type Breaker } from './circuit-breaker.js';
import {
  HEADS_PER_READ,
  loadHeads,
  type AttemptOutcome,
  type DeliveryStatements,
  type DestinationTarget,
  type PendingHead,
} from './delivery-store.js';
import { NO_RETRY_HEADER, type Sender } from './http-sender.js';
import { nextRetryDelay, parseRetryAfter, type RetryPolicy } from './retry-policy.js';
import { standardWebhookHeaders } from './sign-standard-webhook.js';
import { prepareHead } from './transform/prepare-head.js';

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
  /**
   * The heads read and the outcomes' record, each run with the tenant's other destinations that wait for a connection
   * at the same time; at most all but one of the pool's connections serve one tenant (TenantConnectionShare).
   */
  statements: DeliveryStatements;
  sealed: SealedValues;
  runtime: Runtime;
  sender: Sender;
  policy: RetryPolicy;
  random?: () => number;
  /**
   * A round failed or recovered: its breaker, issues, notifications and (410, or failing past the breaker's
   * disable window) turning the destination off, in one transaction (recordDestinationTrouble). Runs after the
   * attempts are recorded; a crash in between leaves the destination as it was and the delivery pending, so
   * the next attempt meets the failure again.
   */
  noteTrouble: (trouble: DestinationTrouble) => Promise<void>;
  /** Keeps destinations' rate limits across processes (absent: limits are not kept). */
  pacer?: DestinationPacer;
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

/** After a round: wait (a failed head's retry or probe, or the rate limit's next slot), or the destination is off. */
type Stop = { kind: 'wait'; ms: number } | { kind: 'off' } | null;

/** A rate limit's slot due within this long is waited for in place; a later one gives the destination back until then. */
const PACE_IN_PLACE_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a round did to its destination beyond its deliveries (see DestinationTrouble). */
class Round {
  breaker: Breaker;
  nextProbeAt: Date | null = null;
  failure: DestinationTrouble['failure'];
  recovered = false;
  /** The recovery came after the round's failure (else before it: the failure opens a new issue). */
  recoveredLast = false;
  private unresolvedIssues: boolean;
  readonly exhausted: DestinationTrouble['exhausted'] = [];
  disable: DestinationTrouble['disable'];
  readonly wasOpen: boolean;

  constructor(target: DestinationTarget) {
    this.breaker = target.breaker;
    this.wasOpen = target.breaker.state === 'open';
    this.unresolvedIssues = target.unresolvedIssues;
  }

  succeeded(): void {
    const troubled =
      this.unresolvedIssues || this.breaker.state === 'open' || this.breaker.failingSince !== null || this.breaker.consecutiveFailures > 0;
    if (!troubled) return;
    this.recovered = true;
    // A success after this round's transformation failure resolves older issues, not that one.
    this.recoveredLast = this.failure?.kind !== 'transformation_failed';
    this.unresolvedIssues = false;
    this.breaker = CLOSED;
    this.nextProbeAt = null;
  }

  /** The destination's transformation failed on a delivery: an issue, not the receiver's failure (the breaker is untouched). */
  transformationFailed(failure: NonNullable<DestinationTrouble['failure']>): void {
    this.failure = failure;
    this.recoveredLast = false;
    this.unresolvedIssues = true;
  }

  failed(failure: NonNullable<DestinationTrouble['failure']>): void {
    this.failure = failure;
    this.recoveredLast = false;
    this.unresolvedIssues = true;
    if (!this.breaker.failingSince) this.breaker = { ...this.breaker, failingSince: failure.at };
  }

  get changed(): boolean {
    return this.failure !== undefined || this.recovered || this.exhausted.length > 0 || this.disable !== undefined;
  }

  trouble(job: DeliveryJob): DestinationTrouble {
    return {
      tenantId: job.tenantId,
      destinationId: job.destinationId,
      breaker: { ...this.breaker, nextProbeAt: this.breaker.state === 'open' ? this.nextProbeAt : null },
      wasOpen: this.wasOpen,
      ...(this.failure ? { failure: this.failure } : {}),
      recovered: this.recovered,
      recoveredLast: this.recoveredLast,
      exhausted: this.exhausted,
      ...(this.disable ? { disable: this.disable } : {}),
    };
  }
}

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
    const { target, heads, held } = await loadHeads(deps.statements, deps.pool, deps.sealed, { tenantId, destinationId });
    // Disabled or deleted: deliveries wait; enabling the destination again lets the reconciler wake it.
    if (!target) return DONE;
    if (heads.length === 0) return held ? HELD : DONE;
    const outcomes: AttemptOutcome[] = [];
    const round = new Round(target);
    const stop = await sendInOrder(deps, job, target, heads, outcomes, round);
    if (outcomes.length > 0) await deps.statements.outcomes.run(tenantId, { destinationId, outcomes });
    reportOutcomes(deps, job, heads, outcomes);
    if (round.changed) await deps.noteTrouble(round.trouble(job));
    for (const outcome of outcomes) {
      if (outcome.state === 'pending') continue;
      done.add(outcome.deliveryId);
      finished.push(outcome.deliveryId);
    }
    if (stop?.kind === 'off') return DONE;
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
  job: DeliveryJob,
  target: DestinationTarget,
  heads: PendingHead[],
  outcomes: AttemptOutcome[],
  round: Round,
): Promise<Stop> {
  for (const head of heads) {
    let now = deps.runtime.now();
    if (head.nextAttemptAt && head.nextAttemptAt > now) return { kind: 'wait', ms: head.nextAttemptAt.getTime() - now.getTime() };
    // No transformation: the request as captured, with no extra work. Else it runs first; dropped or failed ends here.
    const prepared = await prepareHead(deps, job, target, head, now);
    // The sandbox, not the code, failed: nothing is recorded against the delivery; the head is tried again.
    if ('retryInMs' in prepared) return { kind: 'wait', ms: prepared.retryInMs };
    if ('outcome' in prepared) {
      outcomes.push(prepared.outcome);
      if (prepared.failure) {
        round.transformationFailed(prepared.failure);
        round.exhausted.push({ deliveryId: head.id, eventId: head.eventId, attempts: head.attempts + 1, status: null, at: now });
      }
      continue;
    }
    if (target.rateLimit && deps.pacer) {
      const slot = await deps.pacer.reserve(job.destinationId, target.rateLimit, PACE_IN_PLACE_MS);
      if (!slot.reserved) return { kind: 'wait', ms: slot.waitMs };
      if (slot.waitMs > 0) await sleep(slot.waitMs);
      now = deps.runtime.now();
    }
    const signed = SIGNED_STATES.has(head.state) && target.secrets.length > 0;
    const headers: Record<string, string> = {
      ...prepared.headers,
      'user-agent': 'webhook-relay/1',
      'x-relay-event-id': head.eventId,
      'x-relay-verification': head.state,
      // Every delivery carries its id (the same on every retry), so a receiver can deduplicate unsigned
      // deliveries too; signed ones also carry the timestamp and signatures.
      // Signed over the body sent: the transformed one when a transformation ran.
      ...(signed ? standardWebhookHeaders(head.id, now, prepared.body, target.secrets) : { 'webhook-id': head.id }),
    };
    const { url, method, body } = prepared;
    const result = await deps.sender.send({ url, method, headers, body, timeoutMs: target.timeoutMs });
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
      transformationVersion: prepared.transformationVersion,
    };
    outcomes.push(outcome);
    if (result.ok) {
      round.succeeded();
      continue;
    }
    const kind = failureKind(result);
    round.failed({
      kind,
      at: now,
      status: result.status,
      error: outcome.error,
      excerpt: result.excerpt,
      deliveryId: head.id,
      eventId: head.eventId,
    });
    const attempts = head.attempts + 1;
    const exhausted = () => {
      outcome.state = 'dead_lettered';
      round.exhausted.push({ deliveryId: head.id, eventId: head.eventId, attempts, status: result.status, at: now });
    };
    if (kind === 'gone') {
      outcome.state = 'pending';
      round.disable = { reason: `the destination answered 410 Gone at ${now.toISOString()}`, deliveryId: head.id };
      return { kind: 'off' };
    }
    if (result.noRetry) {
      // The receiver said it will never take this message: dead-lettered now, and the queue moves on.
      outcome.error = `${outcome.error ?? `answered ${result.status}`}; the receiver declined it for good (${NO_RETRY_HEADER})`;
      exhausted();
      continue;
    }
    const retryAfter = parseRetryAfter(result.retryAfter, now);
    const judged = breakerAfterFailure(round.breaker, target.breakerSettings, kind, now, {
      firstMs: deps.policy.probeFirstMs,
      maxMs: deps.policy.probeMaxMs,
    });
    round.breaker = judged.breaker;
    if (judged.verdict === 'disable') {
      outcome.state = 'pending';
      const since = judged.breaker.failingSince?.toISOString() ?? now.toISOString();
      round.disable = {
        reason: `the destination kept failing since ${since}: turned off after its breaker's disable window`,
        deliveryId: head.id,
      };
      return { kind: 'off' };
    }
    if (judged.verdict === 'probe') {
      // The breaker is open: nothing is dead-lettered; the head itself is the next probe.
      const clamped = retryAfter === null ? 0 : Math.min(Math.max(retryAfter, deps.policy.retryAfterMin), deps.policy.retryAfterMax);
      const wait = Math.max(judged.waitMs, clamped);
      outcome.state = 'pending';
      outcome.nextAttemptAt = new Date(now.getTime() + wait);
      round.nextProbeAt = outcome.nextAttemptAt;
      return { kind: 'wait', ms: wait };
    }
    const delay = nextRetryDelay(deps.policy, attempts, deps.random ?? Math.random, retryAfter);
    if (delay === null) {
      exhausted();
      continue;
    }
    outcome.state = 'pending';
    outcome.nextAttemptAt = new Date(now.getTime() + delay);
    return { kind: 'wait', ms: delay };
  }
  return null;
}
