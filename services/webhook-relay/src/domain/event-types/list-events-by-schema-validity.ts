import type { ListEventsQuery } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { encodeCaptureCursor } from '../events/capture-order-cursor.js';
import { listEvents, type EventWithSize } from '../events/list-events.js';
import type { Page } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import type { RetentionWindow } from '../retention/retention-window.js';
import { checkAgainstSchema, validatorFor } from './event-type-schema.js';
import { findEventTypeByName } from './event-type-view.js';

const CHUNK = 100;
/** Events read per request at most: a page may come back short, with next_cursor where the reading stopped. */
const MAX_SCANNED = 1000;

/**
 * GET /v1/events?event_type=X&schema_valid=: the events of type X that do (or do not) validate against the schema of
 * the tenant's event type X, in list order. Checked as they are read (the compiled schema is cached), so nothing is
 * written per event at capture, and a changed schema applies to every event at once.
 */
export async function listEventsBySchemaValidity(
  tx: TenantTx,
  query: ListEventsQuery,
  window: RetentionWindow,
): Promise<Page<EventWithSize>> {
  const name = query.event_type!;
  const eventType = await findEventTypeByName(tx, name);
  if (!eventType)
    throw new RelayError(
      'invalid_request',
      `schema_valid needs one of your event types: none is named ${name} (POST /v1/event-types adds one)`,
    );
  const validate = validatorFor(eventType);
  const items: EventWithSize[] = [];
  let cursor = query.cursor;
  for (let scanned = 0; scanned < MAX_SCANNED; scanned += CHUNK) {
    const chunk = await listEvents({
      tx,
      window,
      page: { limit: CHUNK, cursor },
      endpointId: query.endpoint_id,
      state: query.state,
      provider: query.provider,
      eventType: name,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    });
    const bodies = await bodiesOf(tx, chunk.items);
    for (const [index, event] of chunk.items.entries()) {
      const verdict = checkAgainstSchema(validate, bodies.get(payloadKey(event)) ?? Buffer.alloc(0));
      if (verdict.valid !== query.schema_valid) continue;
      items.push(event);
      if (items.length === query.limit) {
        const more = index < chunk.items.length - 1 || chunk.nextCursor !== null;
        return { items, nextCursor: more ? encodeCaptureCursor({ seq: event.captureSeq, id: event.id }) : null };
      }
    }
    if (!chunk.nextCursor) return { items, nextCursor: null };
    cursor = chunk.nextCursor;
  }
  return { items, nextCursor: cursor ?? null };
}

const payloadKey = (event: { payloadSha256: Uint8Array; day: Date }) =>
  `${Buffer.from(event.payloadSha256).toString('hex')}:${event.day.toISOString().slice(0, 10)}`;

async function bodiesOf(tx: TenantTx, events: EventWithSize[]): Promise<Map<string, Buffer>> {
  if (events.length === 0) return new Map();
  const rows = await tx.payload.findMany({
    where: { OR: events.map((event) => ({ sha256: event.payloadSha256, planId: event.planId, day: event.day })) },
    select: { sha256: true, day: true, body: true },
  });
  return new Map(rows.map((row) => [payloadKey({ payloadSha256: row.sha256, day: row.day }), Buffer.from(row.body)]));
}
