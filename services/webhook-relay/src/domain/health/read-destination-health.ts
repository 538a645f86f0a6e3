import type { DestinationHealth, StatsQuery } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import { retentionWindow } from '../retention/retention-window.js';
import { fillBuckets, statsRange } from './stats-range.js';

/** The queue is counted up to this many waiting deliveries: a count of a long backlog would cost its length. */
export const BACKLOG_COUNT_CAP = 10_000;

interface WindowRow {
  deliveries: Record<'total' | 'succeeded' | 'retrying' | 'pending' | 'dead_lettered' | 'cancelled', number>;
  latency: { p50: number | null; p95: number | null };
  series: Array<{ start: string; succeeded: number; failed: number }>;
  last_failure: {
    delivery_id: string;
    at: string;
    status_code: number | null;
    error: string | null;
    response_excerpt: string | null;
  } | null;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * A destination's deliveries created in the window (their ids are a range of its (destination_id, id) index) and
 * their attempts (by delivery_id), counted in one statement; then its queue now. Deliveries of events past the
 * retention window are not counted. docs/health.md says what it costs.
 */
export async function readDestinationHealth(options: {
  tx: TenantTx;
  tenantId: string;
  destinationId: string;
  query: StatsQuery;
  now: Date;
}): Promise<DestinationHealth> {
  const { tx, destinationId } = options;
  const found = await tx.destination.findFirst({ where: { id: destinationId, deletedAt: null }, select: { id: true } });
  if (!found) throw new RelayError('not_found', `destination ${destinationId} not found`);
  const retention = await retentionWindow(tx, options.tenantId, options.now);
  const range = statsRange(options.query, options.now, retention);
  const [row] = await tx.$queryRaw<WindowRow[]>`
    WITH d AS MATERIALIZED (
      SELECT id, state, attempts FROM deliveries
       WHERE destination_id = ${destinationId}::uuid AND id >= ${range.firstId}::uuid AND event_id >= ${retention.firstId}::uuid
         AND state <> 'filtered'
    ), a AS MATERIALIZED (
      SELECT x.delivery_id, x.started_at, x.duration_ms, x.status_code, x.error, x.response_excerpt
        FROM delivery_attempts x WHERE x.delivery_id IN (SELECT id FROM d)
    )
    SELECT
      (SELECT json_build_object(
         'total', count(*), 'succeeded', count(*) FILTER (WHERE state = 'succeeded'),
         'retrying', count(*) FILTER (WHERE state = 'pending' AND attempts > 0),
         'pending', count(*) FILTER (WHERE state = 'pending' AND attempts = 0),
         'dead_lettered', count(*) FILTER (WHERE state = 'dead_lettered'),
         'cancelled', count(*) FILTER (WHERE state = 'cancelled')) FROM d) AS deliveries,
      (SELECT json_build_object(
         'p50', round(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms)),
         'p95', round(percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms))) FROM a) AS latency,
      (SELECT coalesce(json_agg(json_build_object('start', b.start, 'succeeded', b.succeeded, 'failed', b.failed)), '[]'::json)
         FROM (SELECT date_bin(make_interval(secs => ${range.bucketMs / 1000}), started_at, timestamptz '1970-01-01 00:00:00+00') AS start,
                      count(*) FILTER (WHERE error IS NULL) AS succeeded, count(*) FILTER (WHERE error IS NOT NULL) AS failed
                 FROM a GROUP BY 1) b) AS series,
      (SELECT row_to_json(f) FROM (
         SELECT delivery_id, started_at AS at, status_code, error, response_excerpt FROM a
          WHERE error IS NOT NULL ORDER BY started_at DESC, delivery_id DESC LIMIT 1) f) AS last_failure`;
  const counted = {
    deliveries: json<WindowRow['deliveries']>(row!.deliveries),
    latency: json<WindowRow['latency']>(row!.latency),
    series: json<WindowRow['series']>(row!.series).map((bucket) => ({ ...bucket, start: new Date(bucket.start) })),
    lastFailure: json<WindowRow['last_failure']>(row!.last_failure),
  };
  const series = fillBuckets(
    range,
    counted.series,
    (start) => ({ start: start.toISOString(), succeeded: 0, failed: 0 }),
    (bucket) => ({ start: bucket.start.toISOString(), succeeded: bucket.succeeded, failed: bucket.failed }),
  );
  const succeeded = series.reduce((sum, bucket) => sum + bucket.succeeded, 0);
  const failed = series.reduce((sum, bucket) => sum + bucket.failed, 0);
  const { deliveries, latency, lastFailure } = counted;
  const finished = deliveries.succeeded + deliveries.dead_lettered;
  return {
    destination_id: destinationId,
    window: range.window,
    bucket: range.bucket,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    deliveries,
    success_rate: finished ? deliveries.succeeded / finished : null,
    attempts: { total: succeeded + failed, succeeded, failed },
    latency_ms: latency.p50 === null || latency.p95 === null ? null : { p50: latency.p50, p95: latency.p95 },
    last_failure: lastFailure && {
      at: new Date(lastFailure.at).toISOString(),
      delivery_id: lastFailure.delivery_id,
      status_code: lastFailure.status_code,
      error: lastFailure.error,
      response_excerpt: lastFailure.response_excerpt,
    },
    backlog: await readBacklog(tx, destinationId, retention.firstId),
    series,
  };
}

/** The destination's queue now: pending deliveries counted up to the cap (from its (destination_id, state, position) index), and its head's age. */
async function readBacklog(tx: TenantTx, destinationId: string, retentionFirstId: string): Promise<DestinationHealth['backlog']> {
  const [row] = await tx.$queryRaw<Array<{ pending: number; oldest: Date | null }>>`
    SELECT (SELECT count(*)::int FROM (
              SELECT 1 FROM deliveries WHERE destination_id = ${destinationId}::uuid AND state = 'pending' AND event_id >= ${retentionFirstId}::uuid
               LIMIT ${BACKLOG_COUNT_CAP + 1}) p) AS pending,
           (SELECT created_at FROM deliveries WHERE destination_id = ${destinationId}::uuid AND state = 'pending' AND event_id >= ${retentionFirstId}::uuid
             ORDER BY position LIMIT 1) AS oldest`;
  return {
    pending: Math.min(row!.pending, BACKLOG_COUNT_CAP),
    more: row!.pending > BACKLOG_COUNT_CAP,
    oldest_pending_at: row!.oldest ? row!.oldest.toISOString() : null,
  };
}
