import type { EndpointVolume, EndpointVolumeBucket, StatsQuery } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import { retentionWindow } from '../retention/retention-window.js';
import { fillBuckets, statsRange } from './stats-range.js';

type Counts = Omit<EndpointVolumeBucket, 'start'>;
const COUNTS: Array<keyof Counts> = ['events', 'verified', 'authenticated', 'failed', 'unattempted', 'pending', 'duplicates'];
const zero = (): Counts => ({ events: 0, verified: 0, authenticated: 0, failed: 0, unattempted: 0, pending: 0, duplicates: 0 });

/**
 * Events an endpoint captured in the window, per bucket of their receipt time, with their checks' states: one
 * grouped read of its (endpoint_id, id) index, the window's day partitions only (the bounds on id and day prune the
 * rest, of events and of event_checks). Nothing before the retention window is counted. docs/health.md.
 */
export async function readEndpointVolume(options: {
  tx: TenantTx;
  tenantId: string;
  endpointId: string;
  query: StatsQuery;
  now: Date;
}): Promise<EndpointVolume> {
  const { tx, endpointId } = options;
  const found = await tx.endpoint.findFirst({ where: { id: endpointId, deletedAt: null }, select: { id: true } });
  if (!found) throw new RelayError('not_found', `endpoint ${endpointId} not found`);
  const range = statsRange(options.query, options.now, await retentionWindow(tx, options.tenantId, options.now));
  const firstDay = range.from.toISOString().slice(0, 10);
  const rows = await tx.$queryRaw<Array<Counts & { start: Date }>>`
    SELECT date_bin(make_interval(secs => ${range.bucketMs / 1000}), e.received_at, timestamptz '1970-01-01 00:00:00+00') AS start,
           count(*)::int AS events,
           count(*) FILTER (WHERE c.state = 'verified')::int AS verified,
           count(*) FILTER (WHERE c.state = 'authenticated')::int AS authenticated,
           count(*) FILTER (WHERE c.state = 'failed')::int AS failed,
           count(*) FILTER (WHERE c.state = 'unattempted' OR (c.event_id IS NULL AND NOT e.to_verify))::int AS unattempted,
           count(*) FILTER (WHERE c.event_id IS NULL AND e.to_verify)::int AS pending,
           count(*) FILTER (WHERE e.duplicate_of IS NOT NULL)::int AS duplicates
      FROM events e
      LEFT JOIN event_checks c ON c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id >= ${range.firstId}::uuid
     WHERE e.endpoint_id = ${endpointId}::uuid AND e.id >= ${range.firstId}::uuid AND e.day >= ${firstDay}::date
     GROUP BY 1`;
  const series = fillBuckets(
    range,
    rows,
    (start) => ({ start: start.toISOString(), ...zero() }),
    (row) => ({ ...row, start: row.start.toISOString() }),
  );
  const totals = zero();
  for (const bucket of series) for (const name of COUNTS) totals[name] += bucket[name];
  return {
    endpoint_id: endpointId,
    window: range.window,
    bucket: range.bucket,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    totals,
    series,
  };
}
