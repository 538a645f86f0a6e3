import type { ConnectionPool } from '../../db/prisma.js';
import type { DestinationTrouble } from '../../domain/issues/record-destination-trouble.js';
import type { Runtime } from '../../domain/runtime.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';
import type { AttemptOutcome, DestinationTarget, PendingHead } from '../delivery-store.js';
import { transformationCode } from './transformation-cache.js';
import { transformDelivery } from './transform-delivery.js';

/** What a head sends: as captured, or as its destination's transformation made it. */
export interface PreparedRequest {
  url: string;
  method: string;
  /** The destination's extra headers, the content type and any the transformation set; the relay adds its own. */
  headers: Record<string, string>;
  body: Buffer;
  transformationVersion: number | null;
}

/** A head that is not sent: dropped by its transformation (succeeded), or failed by it (dead-lettered, with an issue). */
export interface SettledHead {
  outcome: AttemptOutcome;
  failure?: NonNullable<DestinationTrouble['failure']>;
}

/**
 * Runs the destination's active transformation on a head (docs/transformations.md). A transformation is the
 * tenant's code and gives the same result for the same input, so one that throws or exceeds its limits fails the
 * delivery at once (retrying would fail again): it is dead-lettered, to be replayed once the code is fixed, and the
 * destination's next deliveries go on in order.
 */
/** The sandbox could not run the transformation (its thread failed): the head waits and is tried again. */
export interface DeferredHead {
  retryInMs: number;
  error: string;
}

const SANDBOX_RETRY_MS = 5_000;

export async function prepareHead(
  deps: { pool: ConnectionPool; runtime: Runtime },
  job: DeliveryJob,
  target: DestinationTarget,
  head: PendingHead,
  now: Date,
): Promise<PreparedRequest | SettledHead | DeferredHead> {
  const contentType = head.contentType ?? 'application/octet-stream';
  const version = target.transformationVersion;
  if (version === null)
    return {
      url: target.url,
      method: 'POST',
      headers: { ...target.headers, 'content-type': contentType },
      body: head.body,
      transformationVersion: null,
    };
  const code = await transformationCode(deps.pool, { tenantId: job.tenantId, destinationId: job.destinationId, version });
  const result =
    code === null
      ? ({ kind: 'failed', error: 'the version does not exist', logs: [], durationMs: 0 } as const)
      : await transformDelivery(code, {
          tenantId: job.tenantId,
          url: target.url,
          contentType: head.contentType,
          body: head.body,
          eventId: head.eventId,
        });
  const settled = (state: 'succeeded' | 'dead_lettered', error: string | null, excerpt: string | null): AttemptOutcome => ({
    deliveryId: head.id,
    attemptId: deps.runtime.newIdAt(now),
    startedAt: now,
    durationMs: Math.round(result.durationMs),
    status: null,
    error,
    excerpt,
    state,
    nextAttemptAt: null,
    transformationVersion: version,
  });
  if (result.kind === 'unavailable') return { retryInMs: SANDBOX_RETRY_MS, error: result.error };
  if (result.kind === 'dropped') return { outcome: settled('succeeded', null, `dropped by transformation v${version}: not sent`) };
  if (result.kind === 'failed') {
    const error = `transformation v${version} failed: ${result.error}`.slice(0, 2000);
    const outcome = settled('dead_lettered', error, null);
    const failure = {
      kind: 'transformation_failed' as const,
      at: now,
      status: null,
      error,
      excerpt: null,
      deliveryId: head.id,
      eventId: head.eventId,
    };
    return { outcome, failure };
  }
  const { request } = result;
  return {
    url: request.url,
    method: request.method,
    // The destination's headers, then the transformation's (which may change the content type).
    headers: mergeHeaders({ 'content-type': contentType, ...target.headers }, request.headers),
    body: request.body,
    transformationVersion: version,
  };
}

/** Header names are case-insensitive: one the transformation sets replaces the same name in any case, never doubles it. */
function mergeHeaders(base: Record<string, string>, overrides: Record<string, string>): Record<string, string> {
  const overridden = new Set(Object.keys(overrides).map((name) => name.toLowerCase()));
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (!overridden.has(name.toLowerCase())) merged[name] = value;
  return Object.assign(merged, overrides);
}
