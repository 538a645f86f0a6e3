import type { Logger } from '@workspace/service-kit';
import { relayUncheckedEvents } from '../db/functions/relay-unchecked-events.js';
import type { ConnectionPool } from '../db/prisma.js';
import { activeSecrets, VerificationSettingsCache } from '../domain/events/verification-settings.js';
import { noteEndpointHealth, verifyCapturedEvents, type EventToVerify } from '../domain/events/verify-captured-events.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { RelayMetrics } from '../metrics/relay-metrics.js';
import type { VerificationOutcome, VerificationSecret } from '../verification/types.js';

/** A check capture recorded in its event's own commit (src/ingest/check-before-capture.ts). */
export interface RecordedAtCapture {
  id: string;
  endpointId: string;
  outcome: VerificationOutcome;
  checkedAt: Date;
  /** Its endpoint had a subscription (and it is not a repeat): fan-out follows. */
  subscribed: boolean;
}

export interface VerificationQueueDeps {
  pool: ConnectionPool;
  runtime: Runtime;
  sealed: SealedValues;
  logger: Logger;
  ingestBase: string;
  concurrency?: number;
  maxWaiting?: number;
  /** Called with the events whose check was recorded, unless known to have no subscription (delivery fans them out). */
  onChecked?: (tenantId: string, eventIds: string[]) => void;
  /** Every event whose check was just recorded, subscribed or not (the dashboard's live list shows the new state). */
  onVerified?: (tenantId: string, eventIds: string[]) => void;
  /** The checks of one batch (tests hold one back to make checks finish out of capture order). */
  verifyEvents?: typeof verifyCapturedEvents;
  /** Checks counted by state and cause (absent: not counted). */
  metrics?: RelayMetrics;
  /** Endpoints' settings, shared with the checks capture makes before its commit (absent: its own). */
  settings?: VerificationSettingsCache;
}

const SWEEP_BATCH = 2000;
const SWEEP_BATCHES_AT_MOST = 50;
/** Events of one tenant verified in one transaction, at most. */
const BATCH = 500;
// An event younger than this may still be on its way through the in-process queue.
const SWEEP_GRACE_MS = 10_000;

/**
 * Verification after the commit, off the request path. Events whose verification never ran (the
 * process stopped in between) are found again by `sweep`, at start and then periodically.
 */
export class VerificationQueue {
  private readonly waiting: Array<{ tenantId: string; event: EventToVerify }> = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];
  private readonly settings: VerificationSettingsCache;

  constructor(private readonly deps: VerificationQueueDeps) {
    this.settings =
      deps.settings ?? new VerificationSettingsCache({ pool: deps.pool, sealed: deps.sealed, now: () => deps.runtime.now().getTime() });
  }

  /**
   * Under a burst, capture comes first: past `maxWaiting` queued events the rest are left to the
   * sweep (they stay unchecked in the database, so none is forgotten).
   */
  enqueue(items: Array<{ tenantId: string; event: EventToVerify }>): void {
    const room = (this.deps.maxWaiting ?? 10_000) - this.waiting.length;
    this.waiting.push(...items.slice(0, Math.max(0, room)));
    this.pump();
  }

  /**
   * Checks capture already recorded with their events: counted, handed to fan-out and noted in their endpoint's health
   * as the ones recorded here are (the live feed told of them with the capture itself).
   */
  recordedAtCapture(tenantId: string, checks: RecordedAtCapture[]): void {
    const counter = this.deps.metrics?.verifications;
    if (counter) for (const { outcome } of checks) counter.inc({ state: outcome.state, cause: outcome.cause ?? 'none' });
    const ready = checks.filter((check) => check.subscribed).map((check) => check.id);
    if (ready.length) this.deps.onChecked?.(tenantId, ready);
    const { pool, runtime } = this.deps;
    const settings = new Map(
      checks.flatMap(({ endpointId }) => {
        const held = this.settings.held(tenantId, endpointId);
        return held ? [[endpointId, held] as const] : [];
      }),
    );
    const recorded = new Map(checks.map((check) => [check.id, check]));
    // Only a failure, or a pass on an endpoint with an open issue, writes anything; idle() waits for it.
    this.track(
      noteEndpointHealth({ pool, runtime, tenantId }, settings, recorded, checks[0]?.checkedAt ?? runtime.now()).catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'could not note a verification failure; the next one will'),
      ),
    );
  }

  /**
   * Queues every event captured earlier than the grace period and never checked, a batch at a time:
   * while a batch comes back full, the next is read once it has been verified (a backlog drains at
   * verification speed, not one batch per sweep interval).
   */
  async sweep(): Promise<number> {
    let total = 0;
    // Bounded: if verifying keeps failing, the same batch comes back; the next sweep tries again later.
    for (let batch = 0; batch < SWEEP_BATCHES_AT_MOST; batch += 1) {
      const before = new Date(this.deps.runtime.now().getTime() - SWEEP_GRACE_MS);
      const rows = await relayUncheckedEvents(this.deps.pool, before, SWEEP_BATCH);
      this.enqueue(rows.map((row) => ({ tenantId: row.tenant_id, event: { id: row.event_id } })));
      total += rows.length;
      if (rows.length < SWEEP_BATCH) break;
      await this.idle();
    }
    return total;
  }

  /** An endpoint's secrets that verify now, newest first, from the settings verification holds. */
  async activeSecretsOf(tenantId: string, endpointId: string): Promise<VerificationSecret[]> {
    const read = async () => {
      const settings = (await this.settings.settingsFor(tenantId, [endpointId])).get(endpointId);
      return settings ? activeSecrets(settings, this.deps.runtime.now()) : [];
    };
    const held = await read();
    if (held.length > 0) return held;
    // Held settings may predate the secret just added for this very handshake: read them again once.
    this.settings.forget([endpointId]);
    return read();
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 2;
    while (this.running < limit && this.waiting.length > 0) {
      // A transaction has a fixed cost: while one runs, the next waits until a full batch is there.
      if (this.running > 0 && this.waiting.length < BATCH) return;
      // The head's tenant, and as many more of its events as a batch holds.
      const tenantId = this.waiting[0]!.tenantId;
      const events: EventToVerify[] = [];
      for (let i = 0; i < this.waiting.length && events.length < BATCH; ) {
        if (this.waiting[i]!.tenantId === tenantId) events.push(this.waiting.splice(i, 1)[0]!.event);
        else i += 1;
      }
      this.track(this.verify(tenantId, events));
    }
  }

  /** Counts work under way until it settles (idle() waits for it), then takes the next batch. */
  private track(work: Promise<void>): void {
    this.running += 1;
    void work.finally(() => {
      this.running -= 1;
      this.pump();
      if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private async verify(tenantId: string, events: EventToVerify[]): Promise<void> {
    const { pool, runtime, ingestBase } = this.deps;
    try {
      const verifyEvents = this.deps.verifyEvents ?? verifyCapturedEvents;
      const outcomes = await verifyEvents({ pool, tenantId, events, runtime, settings: this.settings, ingestBase });
      const counter = this.deps.metrics?.verifications;
      if (counter) for (const outcome of outcomes.values()) counter.inc({ state: outcome.state, cause: outcome.cause ?? 'none' });
      const unsubscribed = new Set(events.filter((event) => event.subscribed === false).map((event) => event.id));
      const ready = [...outcomes.keys()].filter((id) => !unsubscribed.has(id));
      if (ready.length) this.deps.onChecked?.(tenantId, ready);
      if (outcomes.size) this.deps.onVerified?.(tenantId, [...outcomes.keys()]);
    } catch (error) {
      // Left unchecked: the next sweep tries again.
      this.deps.logger.warn({ err: error, events: events.length }, 'could not verify captured events; will retry');
    }
  }
}
