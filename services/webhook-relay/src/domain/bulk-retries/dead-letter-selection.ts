import type { BulkRetrySelection, BulkRetryStatus } from '@workspace/contracts';
import { idRange } from '../../db/id-range.js';
import type { TenantTx } from '../../db/prisma.js';

/** A bulk retry's selection as it is applied: fixed when it is requested, so a job never chases later dead letters. */
export interface DeadLetterSelection {
  destinationId: string;
  from: Date | null;
  /** Dead-lettered before this: the selection's `to`, or the request's time if earlier (or no `to`). */
  before: Date;
  endpointId: string | null;
  eventType: string | null;
  statusMin: number | null;
  statusMax: number | null;
}

export function freezeSelection(input: BulkRetrySelection, now: Date): DeadLetterSelection {
  const to = input.to ? new Date(input.to) : now;
  const status = statusRange(input.filter?.last_status);
  return {
    destinationId: input.destination_id,
    from: input.from ? new Date(input.from) : null,
    before: to.getTime() < now.getTime() ? to : now,
    endpointId: input.filter?.endpoint_id ?? null,
    eventType: input.filter?.event_type ?? null,
    statusMin: status?.[0] ?? null,
    statusMax: status?.[1] ?? null,
  };
}

function statusRange(status: BulkRetryStatus | undefined): [number, number] | undefined {
  if (status === undefined) return undefined;
  if (typeof status === 'number') return [status, status];
  const hundreds = Number(status[0]) * 100;
  return [hundreds, hundreds + 99];
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/**
 * Over deliveries `d`: the selection's dead letters whose events are inside the retention window, leaving out
 * those with a replay still pending (deliveries_replay_of_pending_idx). Served by (destination_id, state, position).
 */
function deliveryConditions(selection: DeadLetterSelection, windowFirstId: string, params: Params): string {
  const parts = [
    `d.destination_id = ${params.add(selection.destinationId, 'uuid')}`,
    `d.state = 'dead_lettered'`,
    `d.dead_lettered_at < ${params.add(selection.before, 'timestamptz')}`,
    `d.event_id >= ${params.add(windowFirstId, 'uuid')}`,
    `NOT EXISTS (SELECT 1 FROM deliveries r WHERE r.replay_of = d.id AND r.replay_of IS NOT NULL AND r.state = 'pending')`,
  ];
  if (selection.from) parts.push(`d.dead_lettered_at >= ${params.add(selection.from, 'timestamptz')}`);
  if (selection.statusMin !== null)
    parts.push(`d.last_status BETWEEN ${params.add(selection.statusMin, 'int')} AND ${params.add(selection.statusMax, 'int')}`);
  return parts.join(' AND ');
}

/** Over events `e`: the endpoint and event type filters, or null when there are none. */
function eventConditions(selection: DeadLetterSelection, params: Params): string | null {
  const parts: string[] = [];
  if (selection.endpointId) parts.push(`e.endpoint_id = ${params.add(selection.endpointId, 'uuid')}`);
  if (selection.eventType)
    // The type subscriptions filter on (relay_event_type): the payload by its whole key, as relay_delivery_heads reads it.
    parts.push(
      `relay_event_type(e.headers, (SELECT q.body FROM payloads q WHERE q.tenant_id = e.tenant_id AND q.sha256 = e.payload_sha256
         AND q.plan_id = e.plan_id AND q.day = e.day LIMIT 1)) = ${params.add(selection.eventType, 'text')}`,
    );
  return parts.length ? parts.join(' AND ') : null;
}

export interface DeadLetterCounts {
  deliveries: number;
  events: number;
  oldest: Date | null;
  newest: Date | null;
}

/** How many dead letters (and distinct events) the selection holds now. */
export async function countDeadLetters(tx: TenantTx, selection: DeadLetterSelection, windowFirstId: string): Promise<DeadLetterCounts> {
  const params = new Params();
  const where = deliveryConditions(selection, windowFirstId, params);
  const events = eventConditions(selection, params);
  const join = events ? `JOIN events e ON e.id = d.event_id AND e.id >= ${params.add(windowFirstId, 'uuid')} AND ${events}` : '';
  const [row] = await tx.$queryRawUnsafe<Array<{ deliveries: number; events: number; oldest: Date | null; newest: Date | null }>>(
    `SELECT count(*)::int AS deliveries, count(DISTINCT d.event_id)::int AS events,
            min(d.dead_lettered_at) AS oldest, max(d.dead_lettered_at) AS newest
       FROM deliveries d ${join}
      WHERE ${where}`,
    ...params.values,
  );
  return row!;
}

export interface DeadLetterChunk {
  /** The dead letters to send again, in position order (the filters on events applied). */
  selected: Array<{ id: string; eventId: string }>;
  /** The position of the last dead letter looked at (the job's next cursor); null when there was none. */
  lastPosition: string | null;
}

/** The next `limit` dead letters after `afterPosition`, in their destination's order. */
export async function nextDeadLetters(
  tx: TenantTx,
  options: { selection: DeadLetterSelection; windowFirstId: string; afterPosition: string | null; limit: number },
): Promise<DeadLetterChunk> {
  const { selection } = options;
  const params = new Params();
  const where = deliveryConditions(selection, options.windowFirstId, params);
  const after = options.afterPosition === null ? '' : `AND d.position > ${params.add(options.afterPosition, 'bigint')}`;
  const rows = await tx.$queryRawUnsafe<Array<{ id: string; event_id: string; position: string }>>(
    `SELECT d.id, d.event_id, d.position::text AS position FROM deliveries d
      WHERE ${where} ${after}
      ORDER BY d.position LIMIT ${params.add(options.limit, 'int')}`,
    ...params.values,
  );
  const lastPosition = rows.length ? rows[rows.length - 1]!.position : null;
  let selected = rows.map((row) => ({ id: row.id, eventId: row.event_id }));
  const eventParams = new Params();
  const events = eventConditions(selection, eventParams);
  if (events && selected.length) {
    // Each event by key, bounded by the events' first and last: the planner keeps only their partitions and reads only
    // them (docs/retention.md).
    const range = idRange(selected.map((row) => row.eventId));
    const ids = eventParams.add(range.ids, 'uuid[]');
    const bounds = `${eventParams.add(range.first, 'uuid')} AND ${eventParams.add(range.last, 'uuid')}`;
    const matching = await tx.$queryRawUnsafe<Array<{ id: string }>>(
      `SELECT e.id FROM unnest(${ids}) AS k(id)
        CROSS JOIN LATERAL (SELECT e.id FROM events e WHERE e.id = k.id AND e.id BETWEEN ${bounds} AND ${events} LIMIT 1) AS e`,
      ...eventParams.values,
    );
    const keep = new Set(matching.map((row) => row.id));
    selected = selected.filter((row) => keep.has(row.eventId));
  }
  return { selected, lastPosition };
}
