import type { Server } from 'node:http';
import type { Resources } from '../deps.js';
import type { FanOut } from '../delivery/fan-out.js';
import type { EventNotices } from '../live/event-notices.js';
import type { RelayMetrics } from '../metrics/relay-metrics.js';
import { VerificationSettingsCache } from '../domain/events/verification-settings.js';
import { CaptureBatcher, type Captured, type CaptureRequest } from './capture-batcher.js';
import { CheckBeforeCapture } from './check-before-capture.js';
import { DailyUsageCounter } from './daily-usage-counter.js';
import { createIngestServer } from './ingest-server.js';
import { TokenResolver } from './token-resolver.js';
import { urlOf, type EventToVerify } from '../domain/events/verify-captured-events.js';
import { VerificationQueue, type RecordedAtCapture, type VerificationQueueDeps } from './verification-queue.js';

export interface Ingest {
  server: Server;
  verification: VerificationQueue;
  /** The chart's events per day, counted here and written every few seconds. */
  usage: DailyUsageCounter;
  /** Stops listening, waits for the checks under way and writes the last counts. */
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 5_000;
const USAGE_FLUSH_MS = 5_000;

/** The ingest listener with its batcher and the verification that follows each commit. */
export function createIngest(
  resources: Pick<Resources, 'pool' | 'runtime' | 'sealed' | 'logger' | 'config'> & { metrics?: RelayMetrics },
  options: {
    maxBodyBytes: number;
    maxBatch: number;
    concurrentCommits?: number;
    sweep?: boolean;
    fanOut?: FanOut;
    verifyEvents?: VerificationQueueDeps['verifyEvents'];
    /** Tells open dashboards about captured and checked events (absent: no live feed). */
    notices?: EventNotices;
    /** How long the chart's counts of events per day wait in memory before they are written (INGEST_USAGE_FLUSH_MS). */
    usageFlushMs?: number;
  },
): Ingest {
  const { pool, runtime, sealed, logger, metrics } = resources;
  const ingestBase = resources.config.ingestBaseUrl;
  const { fanOut, notices } = options;
  const settings = new VerificationSettingsCache({ pool, sealed, now: () => runtime.now().getTime() });
  // A verifier given by the caller (tests that hold checks back) makes every check, after the commit.
  const checkBefore = options.verifyEvents
    ? undefined
    : new CheckBeforeCapture({
        settings,
        runtime,
        ingestBase,
        onReadError: (error) =>
          logger.warn({ err: error }, 'could not read an endpoint verification settings; its requests are checked after capture'),
      });
  // Checked events are ready for delivery; so are events with nothing to check, right after capture.
  const verification = new VerificationQueue({
    settings,
    pool,
    runtime,
    sealed,
    logger,
    ingestBase,
    verifyEvents: options.verifyEvents,
    metrics,
    ...(fanOut ? { onChecked: (tenantId, ids) => fanOut.submit(tenantId, ids) } : {}),
    ...(notices ? { onVerified: (tenantId, ids) => notices.publish(tenantId, ids) } : {}),
  });
  const usage = new DailyUsageCounter(pool, {
    flushIntervalMs: options.usageFlushMs ?? USAGE_FLUSH_MS,
    onError: (error) => logger.warn({ err: error }, 'could not write the counts of events per day; kept for the next write'),
  });
  const batcher = new CaptureBatcher(pool, {
    maxBatch: options.maxBatch,
    maxConcurrentCommits: options.concurrentCommits,
    // The bytes just committed are checked from memory: no read back.
    onCaptured: (stored) => {
      usage.count(stored.map(({ captured, request }) => ({ tenantId: captured.tenantId, receivedAt: request.receivedAt })));
      if (notices)
        publishCaptured(
          notices,
          stored.map(({ captured }) => captured),
        );
      if (fanOut)
        submitReady(
          fanOut,
          stored.map(({ captured }) => captured),
        );
      handChecksOn(
        verification,
        stored.filter(({ captured }) => captured.toVerify),
        ingestBase,
      );
    },
  });
  const server = createIngestServer({
    resolver: new TokenResolver(pool),
    batcher,
    runtime,
    logger,
    maxBodyBytes: options.maxBodyBytes,
    metrics,
    ...(checkBefore ? { checkBeforeCapture: (tenantId, endpointId, request) => checkBefore.check(tenantId, endpointId, request) } : {}),
    handshakeSecret: async (tenantId, endpointId) => (await verification.activeSecretsOf(tenantId, endpointId))[0]?.value ?? null,
  });
  let timer: NodeJS.Timeout | undefined;
  if (options.sweep !== false) {
    let sweeping = false;
    // One sweep at a time: a long one (draining a backlog) is not joined by the next tick.
    const sweep = () => {
      if (sweeping) return;
      sweeping = true;
      void verification
        .sweep()
        .catch((error: unknown) => logger.warn({ err: error }, 'could not look for unverified events'))
        .finally(() => {
          sweeping = false;
        });
    };
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  }
  return {
    server,
    verification,
    usage,
    async close() {
      clearInterval(timer);
      // Every request answered has been counted by now (counting runs before the answer): write the last counts.
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await verification.idle();
      await usage.close();
    },
  };
}

/**
 * Events to verify: those whose check capture recorded are handed on as checked (grouped by tenant); the others
 * are checked now, from the bytes just committed (no read back).
 */
function handChecksOn(
  verification: VerificationQueue,
  stored: Array<{ captured: Captured; request: CaptureRequest }>,
  ingestBase: string,
): void {
  const recorded = new Map<string, RecordedAtCapture[]>();
  const toCheck: Array<{ tenantId: string; event: EventToVerify }> = [];
  for (const { captured, request } of stored) {
    if (captured.checked && request.check) {
      const checks = recorded.get(captured.tenantId) ?? [];
      recorded.set(captured.tenantId, checks);
      checks.push({
        id: captured.eventId,
        endpointId: captured.endpointId,
        outcome: request.check.outcome,
        checkedAt: request.check.checkedAt,
        subscribed: captured.subscribed,
      });
      continue;
    }
    toCheck.push({
      tenantId: captured.tenantId,
      event: {
        id: captured.eventId,
        subscribed: captured.subscribed,
        held: {
          endpointId: captured.endpointId,
          request: {
            method: request.method,
            url: urlOf(ingestBase, request.path, request.query),
            headers: request.headers,
            body: request.body,
          },
        },
      },
    });
  }
  for (const [tenantId, checks] of recorded) verification.recordedAtCapture(tenantId, checks);
  verification.enqueue(toCheck);
}

/**
 * Events that need no check go to delivery at once, grouped by tenant (one transaction each). Events of
 * an endpoint without subscriptions are skipped: they have nowhere to go, and asking costs a statement.
 */
function submitReady(fanOut: FanOut, captured: Captured[]): void {
  const byTenant = new Map<string, string[]>();
  for (const event of captured) {
    if (event.toVerify || event.duplicateOf || !event.subscribed) continue;
    byTenant.set(event.tenantId, [...(byTenant.get(event.tenantId) ?? []), event.eventId]);
  }
  for (const [tenantId, ids] of byTenant) fanOut.submit(tenantId, ids);
}

function publishCaptured(notices: EventNotices, captured: Captured[]): void {
  const byTenant = new Map<string, string[]>();
  for (const event of captured) {
    const ids = byTenant.get(event.tenantId);
    if (ids) ids.push(event.eventId);
    else byTenant.set(event.tenantId, [event.eventId]);
  }
  for (const [tenantId, ids] of byTenant) notices.publish(tenantId, ids);
}
