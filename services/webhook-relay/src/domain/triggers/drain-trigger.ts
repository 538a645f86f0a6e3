import { idRange } from '../../db/id-range.js';
import type { TenantTx } from '../../db/prisma.js';
import { expiredError, isWithinRetention, type RetentionWindow } from '../retention/retention-window.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { decodeTriggerCursor, encodeTriggerCursor } from './trigger-cursor.js';

export interface TriggerEventRow {
  capture_seq: bigint;
  id: string;
  received_at: Date;
  method: string;
  query: string;
  headers: Array<[string, string]>;
  size: number;
  sha256: Buffer;
  /** Present when the body fits the inline limit. */
  body: Buffer | null;
  to_verify: boolean;
  state: string | null;
  cause: string | null;
  provider: string | null;
}

export interface DrainedBatch {
  events: TriggerEventRow[];
  /** The cursor stored now (after the ack, if any). */
  cursorSeq: bigint | null;
  /** Another event follows the batch already (it was cut by the limit or held by a pending check). */
  more: boolean;
  /** The batch stops before an event whose verification has not finished yet. */
  heldByPendingCheck: boolean;
}

/**
 * Moves the trigger's cursor to `ack` (a cursor this trigger returned; an older one changes nothing), then
 * reads the events after the cursor in capture order. Nothing is marked read: until the agent acks, the same
 * events come again (at least once). A batch stops before an event still being verified, so an event is
 * never handed out before its verification state is known, and never skipped.
 */
export async function drainTrigger(options: {
  tx: TenantTx;
  runtime: Runtime;
  triggerId: string;
  /** Absent or null: no ack. */
  ack: string | null | undefined;
  limit: number;
  inlineBytes: number;
  /** The tenant's retention window: unread events past it are reported (410), never handed out. */
  window: RetentionWindow;
}): Promise<DrainedBatch> {
  const { tx, triggerId } = options;
  let trigger = await tx.trigger.findUnique({ where: { id: triggerId } });
  if (!trigger) throw new RelayError('not_found', `trigger ${triggerId} not found`);
  if (options.ack !== undefined && options.ack !== null) {
    const acked = decodeTriggerCursor(options.ack, triggerId);
    if (trigger.cursorSeq === null || acked > trigger.cursorSeq) {
      const fed = await tx.triggerEvent.findUnique({
        where: { endpointId_captureSeq: { endpointId: trigger.endpointId, captureSeq: acked } },
      });
      // The cursor a 410 offered names events retention removed: there is no row, and that is the point.
      if (!fed && acked !== trigger.lostThroughSeq)
        throw new RelayError('invalid_request', 'ack names no event this trigger returned: pass back its next_cursor unchanged');
      trigger = await tx.trigger.update({
        where: { id: triggerId },
        data: { cursorSeq: acked, lastDrainedEventId: fed?.eventId ?? trigger.lastDrainedEventId, updatedAt: options.runtime.now() },
      });
      // The feed keeps what some trigger of the endpoint still has to read: rows every trigger has passed go (a
      // trigger still registering counts as before them all; one that starts 'oldest' feeds itself from events).
      await tx.$executeRaw`
        DELETE FROM trigger_events f
         WHERE f.endpoint_id = ${trigger.endpointId}::uuid
           AND f.capture_seq <= (SELECT min(coalesce(t.cursor_seq, -1)) FROM triggers t WHERE t.endpoint_id = ${trigger.endpointId}::uuid)`;
    }
  }
  const after = trigger.cursorSeq ?? -1n;
  // The feed first, then its events by their ids (readFedEvents): each statement plans only the partitions holding
  // them, where a join from the feed would plan every partition (docs/retention.md).
  const fed = await tx.$queryRaw<Array<{ capture_seq: bigint; event_id: string }>>`
    SELECT f.capture_seq, f.event_id FROM trigger_events f
     WHERE f.endpoint_id = ${trigger.endpointId}::uuid AND f.capture_seq > ${after}
     ORDER BY f.capture_seq
     LIMIT ${options.limit + 1}`;
  const found = fed.length === 0 ? [] : await readFedEvents(tx, idRange(fed.map((row) => row.event_id)), options.inlineBytes);
  const byId = new Map(found.map((row) => [row.id, row]));
  // In the feed's order; a feed row whose event is gone (removed by retention meanwhile) is left out, as a join would.
  const rows = fed.flatMap((row) => {
    const event = byId.get(row.event_id);
    return event ? [{ capture_seq: row.capture_seq, ...event }] : [];
  });
  // Unread events past the retention window: removed already (lost_through_seq), or about to be. Said with the
  // cursor to acknowledge to go on from the oldest event kept; never handed out.
  const expired = rows.filter((row) => !isWithinRetention(options.window, row.id)).map((row) => row.capture_seq);
  const lostThrough = [trigger.lostThroughSeq ?? -1n, ...expired].reduce((a, b) => (b > a ? b : a));
  if (lostThrough > after) {
    const resume = encodeTriggerCursor(trigger.id, lostThrough);
    const error = expiredError(`events trigger "${trigger.label}" had not read yet`, options.window);
    throw new RelayError('expired', `${error.message}; pass ack "${resume}" to go on from the oldest event kept`);
  }
  const pendingAt = rows.findIndex((row) => row.to_verify && row.state === null);
  const ready = pendingAt >= 0 ? rows.slice(0, Math.min(pendingAt, options.limit)) : rows.slice(0, options.limit);
  return {
    events: ready,
    cursorSeq: trigger.cursorSeq,
    more: rows.length > ready.length,
    heldByPendingCheck: pendingAt >= 0 && pendingAt <= options.limit && ready.length === pendingAt,
  };
}

/**
 * The fed events, their payloads (the body inline up to `inlineBytes`) and checks, each looked up by key and bounded by
 * the ids' range or days, so only the partitions holding them are read: joined to the id array, on a partition not
 * yet analyzed the planner read all of it (test/ingest/events-by-key.test.ts).
 */
export function readFedEvents(
  tx: TenantTx,
  range: { ids: string[]; first: string; last: string },
  inlineBytes: number,
): Promise<Array<Omit<TriggerEventRow, 'capture_seq'>>> {
  return tx.$queryRaw<Array<Omit<TriggerEventRow, 'capture_seq'>>>`
    SELECT e.id, e.received_at, e.method, e.query, e.headers, p.size, p.sha256,
           CASE WHEN p.size <= ${inlineBytes} THEN p.body END AS body,
           e.to_verify, c.state::text AS state, c.cause, c.provider
      FROM unnest(${range.ids}::uuid[]) AS k(id)
      CROSS JOIN LATERAL (
        SELECT e.id, e.tenant_id, e.received_at, e.method, e.query, e.headers, e.to_verify, e.payload_sha256, e.plan_id, e.day
          FROM events e WHERE e.id = k.id AND e.id BETWEEN ${range.first}::uuid AND ${range.last}::uuid LIMIT 1
      ) AS e
      CROSS JOIN LATERAL (
        SELECT p.size, p.sha256, p.body FROM payloads p
         WHERE p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
           AND p.day = ANY(relay_uuid7_days(${range.ids}::uuid[]))
         LIMIT 1
      ) AS p
      LEFT JOIN LATERAL (
        SELECT c.state, c.cause, c.provider FROM event_checks c
         WHERE c.event_id = e.id AND c.plan_id = e.plan_id AND c.event_id BETWEEN ${range.first}::uuid AND ${range.last}::uuid
         LIMIT 1
      ) AS c ON true`;
}
