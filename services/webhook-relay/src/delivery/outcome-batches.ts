import type { DeliveryRound } from '../db/functions/relay-record-delivery-outcomes.js';
import type { TenantConnectionShare } from './tenant-connection-share.js';

/** Attempts recorded by one statement at most: a batch never holds its connection for long. */
export const MAX_OUTCOMES_PER_STATEMENT = 200;

/** Records rounds of one tenant in one statement (relayRecordDeliveryOutcomes). */
export type RecordRounds = (tenantId: string, rounds: DeliveryRound[]) => Promise<void>;

interface WaitingRound {
  round: DeliveryRound;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of delivery outcomes, per tenant. A round's outcomes go to PostgreSQL at once when one of the
 * tenant's connections is free (TenantConnectionShare); while none is, the rounds of the tenant's other destinations
 * that finish meanwhile wait with it, and the next free connection records them all in one statement. Each call
 * costs PostgreSQL an executor's start and end whatever its rows, so a busy tenant pays it once per batch, not once
 * per destination turn, and an idle one waits for nothing (bench/relay-delivery-scale.md). Each round's promise
 * settles when its own outcomes are committed, so a turn moves on only once they are durable, as before.
 * Tenants never share a batch: one tenant's statement, or its failure, never holds another's rounds. A batch that
 * fails is recorded again round by round, so one round PostgreSQL refuses fails alone.
 */
export class OutcomeBatches {
  private readonly waiting = new Map<string, WaitingRound[]>();

  constructor(
    private readonly connections: TenantConnectionShare,
    private readonly recordRounds: RecordRounds,
    private readonly maxOutcomes = MAX_OUTCOMES_PER_STATEMENT,
  ) {}

  /** Resolves once the round's outcomes are committed. */
  record(tenantId: string, round: DeliveryRound): Promise<void> {
    if (round.outcomes.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(tenantId);
      if (queue) {
        queue.push({ round, resolve, reject });
        return;
      }
      this.waiting.set(tenantId, [{ round, resolve, reject }]);
      this.recordWhenConnected(tenantId);
    });
  }

  /** Rounds of the tenant waiting for a connection now. */
  waitingRounds(tenantId: string): number {
    return this.waiting.get(tenantId)?.length ?? 0;
  }

  private recordWhenConnected(tenantId: string): void {
    void this.connections.run(tenantId, () => this.recordWaiting(tenantId));
  }

  /** Takes the waiting rounds (up to the statement's bound; the rest wait for the next connection) and records them. */
  private async recordWaiting(tenantId: string): Promise<void> {
    const queue = this.waiting.get(tenantId) ?? [];
    let outcomes = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || outcomes + queue[taken]!.round.outcomes.length <= this.maxOutcomes)) {
      outcomes += queue[taken]!.round.outcomes.length;
      taken += 1;
    }
    const batch = queue.splice(0, taken);
    if (queue.length === 0) this.waiting.delete(tenantId);
    else this.recordWhenConnected(tenantId);
    try {
      await this.recordRounds(
        tenantId,
        batch.map((waiting) => waiting.round),
      );
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) {
        await this.recordRounds(tenantId, [waiting.round]).then(waiting.resolve, waiting.reject);
      }
    }
  }
}
