import { LOOKBACK_MS, timeOfId } from './event-ids.js';

/**
 * Where a forwarding listener resumes: the newest event it forwarded, and every event it forwarded
 * within the look-back before that one. Event ids order by millisecond only (the rest is random), and
 * an event can commit a little after a newer one: resuming strictly after `last` would skip such
 * events, resuming a look-back earlier without `recent` would send some twice.
 */
export interface ListenerCursor {
  last: string;
  recent: string[];
}

/** The cursor once `eventId` has been forwarded too. */
export function advanceCursor(cursor: ListenerCursor | null, eventId: string, lookbackMs = LOOKBACK_MS): ListenerCursor {
  const last = cursor && cursor.last > eventId ? cursor.last : eventId;
  const horizon = timeOfId(last) - lookbackMs;
  const recent = [...(cursor?.recent ?? []), eventId].filter((id, index, all) => timeOfId(id) >= horizon && all.indexOf(id) === index);
  return { last, recent };
}
