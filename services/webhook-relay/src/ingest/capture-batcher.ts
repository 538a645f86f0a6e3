import { isDependencyTimeout } from '@workspace/service-kit';
import { relayCaptureBatch, type CaptureBatchRow, type CaptureCheck } from '../db/functions/relay-capture-batch.js';
import type { ConnectionPool } from '../db/prisma.js';
import { isRangeAttachedMeanwhile } from '../db/range-attach-race.js';
import { pathAfterToken } from '../domain/endpoints/ingest-token.js';
import { RelayError } from '../domain/relay-error.js';

export interface CaptureRequest {
  tokenHash: Buffer;
  id: string;
  receivedAt: Date;
  method: string;
  /**
   * The path as called, `/<token>[/rest]`: held in memory only (providers that sign the URL signed it).
   * The capture statement gets the rest after the token; the token itself is never stored in clear.
   */
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Buffer;
  bodySha256: Buffer;
  sourceAddress: string | null;
  dedupKey: string | null;
  /** Where the endpoint's provider puts it (src/ingest/event-type.ts); absent or null: none. */
  eventType?: string | null;
  /** Its signature check, made before the commit with held settings (src/ingest/check-before-capture.ts). */
  check?: CaptureCheck | null;
}

export interface Captured {
  eventId: string;
  tenantId: string;
  endpointId: string;
  duplicateOf: string | null;
  /** Its endpoint has a provider: verification follows. */
  toVerify: boolean;
  /** Its endpoint had a subscription when it was stored: fan-out follows (events of others have nowhere to go). */
  subscribed: boolean;
  /** Its check was recorded in the same commit: nothing is left to verify. */
  checked: boolean;
}

/** Why capture stored nothing for a live endpoint: its tenant's capture is paused, or its plan allowance is spent. */
export type CaptureRefusal = 'paused' | 'allowance';

/** The stored event; a refusal; or null when the token opens no live endpoint. */
export type CaptureOutcome = Captured | { refused: CaptureRefusal } | null;

interface Pending {
  request: CaptureRequest;
  resolve(outcome: CaptureOutcome): void;
  reject(error: unknown): void;
}

const RANGE_ATTACH_ATTEMPTS = 3;

export interface CaptureBatcherOptions {
  /** Requests stored by one statement and one commit. */
  maxBatch?: number;
  /** Commits in flight at once; while they run, the next batch fills. */
  maxConcurrentCommits?: number;
  /** While a commit runs, another starts only for at least this many requests. */
  minBatchWhileBusy?: number;
  /** Beyond this many waiting requests, capture refuses (503) instead of queueing without bound. */
  maxPending?: number;
  /** Told of every stored request (with the request itself), after its commit. */
  onCaptured?: (captured: Array<{ captured: Captured; request: CaptureRequest }>) => void;
}

/**
 * Group commit for capture: concurrent requests share one statement and one commit, so the cost of
 * a durable write is paid per batch, not per request. A request hears back only after the commit
 * that holds it: nothing is acknowledged that a crash could lose.
 */
export class CaptureBatcher {
  private queue: Pending[] = [];
  private commitsInFlight = 0;
  private readonly maxBatch: number;
  private readonly maxConcurrentCommits: number;
  private readonly maxPending: number;
  private readonly minBatchWhileBusy: number;

  constructor(
    private readonly pool: ConnectionPool,
    private readonly options: CaptureBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 256;
    this.maxConcurrentCommits = options.maxConcurrentCommits ?? 2;
    this.maxPending = options.maxPending ?? 20_000;
    this.minBatchWhileBusy = options.minBatchWhileBusy ?? 40;
  }

  /** Resolves after the commit with the stored event, a refusal, or null when the token opens no endpoint. */
  capture(request: CaptureRequest): Promise<CaptureOutcome> {
    if (this.queue.length >= this.maxPending) {
      return Promise.reject(new RelayError('unavailable', 'capture is over capacity; retry shortly'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.commitNext();
    });
  }

  private commitNext(): void {
    while (this.queue.length > 0 && this.commitsInFlight < this.maxConcurrentCommits) {
      // With a commit already running, a small batch waits for it to end and grows instead: another
      // commit in flight only pays when it carries enough requests to be worth its fixed cost.
      if (this.commitsInFlight > 0 && this.queue.length < this.minBatchWhileBusy) return;
      const batch = this.queue.splice(0, this.maxBatch);
      this.commitsInFlight += 1;
      void this.commit(batch).finally(() => {
        this.commitsInFlight -= 1;
        this.commitNext();
      });
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    const requests = batch.map((item) => item.request);
    try {
      const rows = await this.store(requests);
      const byId = new Map(rows.map((row) => [row.event_id, row]));
      const captured: Array<{ captured: Captured; request: CaptureRequest }> = [];
      batch.forEach((item) => {
        const row = byId.get(item.request.id);
        if (!row) return item.resolve(null);
        if (row.refused) return item.resolve({ refused: row.refused });
        const result = {
          eventId: row.event_id,
          tenantId: row.tenant_id,
          endpointId: row.endpoint_id,
          duplicateOf: row.duplicate_of,
          toVerify: row.to_verify,
          subscribed: row.subscribed,
          checked: row.checked,
        };
        captured.push({ captured: result, request: item.request });
        item.resolve(result);
      });
      if (captured.length) this.options.onCaptured?.(captured);
    } catch (error) {
      for (const item of batch) item.reject(error);
      // The database did not answer within its bound (a stall): the requests queued behind this commit would
      // each wait as long again for theirs. They are refused now (503; the sender retries); none of them was
      // sent, so nothing of theirs can be stored. (This batch's own outcome is unknown: 503 too; should its commit
      // have landed, the sender's retry is a duplicate the endpoint's deduplication collapses, if it has one.)
      if (isDependencyTimeout(error)) for (const item of this.queue.splice(0)) item.reject(error);
    }
  }

  private async store(requests: CaptureRequest[]): Promise<CaptureBatchRow[]> {
    // The capture statement gets the path after the token: the token itself is never stored in clear.
    const batch = requests.map((r) => ({ ...r, path: pathAfterToken(r.path), source: r.sourceAddress }));
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await relayCaptureBatch(this.pool, batch);
      } catch (error) {
        // A range of partitions was attached while the statement routed a row to the default partition: it stored
        // nothing, and run again its rows find the new range. More than once in a row would be another fault.
        if (attempt < RANGE_ATTACH_ATTEMPTS && isRangeAttachedMeanwhile(error)) continue;
        throw error;
      }
    }
  }
}
