import { type Counter, type Histogram, registerPoolMetrics, ServiceMetrics } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import { relayOutboxStats } from '../db/functions/relay-outbox-stats.js';
import type { Runtime } from '../domain/runtime.js';

/** What ingest did with a request: one label value each, never the endpoint, tenant or token. */
export type IngestOutcome =
  | 'captured'
  | 'duplicate'
  | 'paused'
  | 'allowance_spent'
  | 'unknown_token'
  | 'too_large'
  | 'unavailable'
  | 'error';

/** What became of one delivery attempt. */
export type AttemptResult = 'succeeded' | 'retry_scheduled' | 'dead_lettered' | 'gone';

/**
 * The relay's own figures. Every label comes from a small fixed set (an outcome, a verification state and
 * cause): no tenant, endpoint, destination, token, key or URL, so series do not grow with tenants and no
 * secret reaches Prometheus (test/metrics/no-identifying-labels.test.ts holds this).
 */
export interface RelayMetrics {
  readonly service: ServiceMetrics;
  ingestRequests: Counter<'outcome'>;
  ingestDuration: Histogram<'outcome'>;
  verifications: Counter<'state' | 'cause'>;
  deliveryAttempts: Counter<'result'>;
  deliveryAttemptDuration: Histogram;
  deadLetters: Counter;
  reconcilerRepairs: Counter<'repair'>;
}

export function relayMetrics(service: ServiceMetrics): RelayMetrics {
  return {
    service,
    ingestRequests: service.counter({
      name: 'relay_ingest_requests_total',
      help: 'Requests to ingest URLs by outcome (captured, duplicate, paused, allowance_spent, unknown_token, too_large, unavailable, error)',
      labelNames: ['outcome'],
    }),
    ingestDuration: service.histogram({
      name: 'relay_ingest_request_duration_seconds',
      help: 'Time from a request reaching ingest to its answer (the commit included), by outcome',
      labelNames: ['outcome'],
    }),
    verifications: service.counter({
      name: 'relay_verifications_total',
      help: 'Signature checks of captured events by resulting state and failure cause (cause "none" when it passed)',
      labelNames: ['state', 'cause'],
    }),
    deliveryAttempts: service.counter({
      name: 'relay_delivery_attempts_total',
      help: 'Delivery attempts by result (succeeded, retry_scheduled, dead_lettered, gone)',
      labelNames: ['result'],
    }),
    deliveryAttemptDuration: service.histogram({
      name: 'relay_delivery_attempt_duration_seconds',
      help: 'Time a destination took to answer a delivery attempt (or to fail)',
    }),
    deadLetters: service.counter({ name: 'relay_dead_letters_total', help: 'Deliveries dead-lettered after their last retry' }),
    reconcilerRepairs: service.counter({
      name: 'relay_reconciler_repairs_total',
      help: 'What the reconciler repaired: jobs re-created for pending deliveries Redis had lost (jobs_added), destinations marked ready again',
      labelNames: ['repair'],
    }),
  };
}

/** Counted up to this many, so a scrape during a huge backlog still costs a bounded statement. */
const OUTBOX_COUNT_LIMIT = 1_000_000;

/**
 * The outbox's depth and the age of its oldest pending delivery, read with one statement per scrape (never a
 * loop over tenants or destinations): the figures the "deliveries are late" alert reads.
 */
export function registerOutboxMetrics(
  metrics: RelayMetrics,
  pool: ConnectionPool,
  runtime: Runtime,
  onError: (error: unknown) => void,
): void {
  let stats: Promise<Awaited<ReturnType<typeof relayOutboxStats>>> | undefined;
  // The two gauges share one statement per scrape.
  const read = () => {
    stats ??= relayOutboxStats(pool, OUTBOX_COUNT_LIMIT).finally(() => {
      setImmediate(() => {
        stats = undefined;
      });
    });
    return stats;
  };
  metrics.service.gaugeAtScrape(
    { name: 'relay_outbox_pending_deliveries', help: 'Pending deliveries to enabled destinations' },
    async (gauge) => {
      gauge.set((await read()).pending);
    },
    onError,
  );
  metrics.service.gaugeAtScrape(
    { name: 'relay_outbox_oldest_pending_age_seconds', help: 'Age of the oldest pending delivery to an enabled destination (0 when none)' },
    async (gauge) => {
      const oldest = (await read()).oldestPendingAt;
      gauge.set(oldest ? Math.max(0, (runtime.now().getTime() - oldest.getTime()) / 1000) : 0);
    },
    onError,
  );
}

/** The figures read at scrape time from the process's pool: its saturation, and the outbox it reaches. */
export function registerRelayGauges(
  metrics: RelayMetrics,
  pool: ConnectionPool,
  runtime: Runtime,
  onError: (error: unknown) => void,
): void {
  registerPoolMetrics(metrics.service, { app: pool });
  registerOutboxMetrics(metrics, pool, runtime, onError);
}

/** For code built without metrics (tests, tools): every metric a no-op. */
export const NO_RELAY_METRICS: RelayMetrics = relayMetrics(new ServiceMetrics({ enabled: false, service: 'webhook-relay' }));
