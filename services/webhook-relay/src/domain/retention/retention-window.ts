import type { TenantTx } from '../../db/prisma.js';
import { firstIdAt } from '../pagination.js';
import { RelayError } from '../relay-error.js';

const DAY_MS = 86_400_000;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** What a tenant may still see: events received at or after `start` (its plan's retention_days before now). */
export interface RetentionWindow {
  days: number;
  start: Date;
  /** The smallest event id inside the window (ids are UUIDv7: they carry their receipt time). */
  firstId: string;
  /** When the tenant was created: an id of an earlier time names nothing of this tenant. */
  tenantSince: Date;
}

export function windowOf(days: number, now: Date, tenantSince = new Date(0)): RetentionWindow {
  const start = new Date(now.getTime() - days * DAY_MS);
  return { days, start, firstId: firstIdAt(start), tenantSince };
}

/** The tenant's window now (its plan's retention, RELAY_PLAN_RETENTION_DAYS). One read of the tenant's plan. */
export async function retentionWindow(tx: TenantTx, tenantId: string, now: Date): Promise<RetentionWindow> {
  const tenant = await tx.tenant.findUnique({
    where: { id: tenantId },
    select: { createdAt: true, plan: { select: { retentionDays: true } } },
  });
  if (!tenant) throw new RelayError('not_found', 'no such tenant');
  return windowOf(tenant.plan.retentionDays, now, tenant.createdAt);
}

/** Whether an event (by its id, or its receipt time) is inside the window. */
export function isWithinRetention(window: RetentionWindow, event: string | Date): boolean {
  return typeof event === 'string' ? event.toLowerCase() >= window.firstId : event.getTime() >= window.start.getTime();
}

/**
 * Whether an id that finds no row may have named something retention removed: a UUIDv7 (every id the relay makes)
 * of a time after the tenant was created and before its window. The relay keeps nothing of what it purged, so such
 * an id is answered as expired; any other id that finds nothing names nothing (the all-zero id, a time inside the
 * window, a time before the tenant existed).
 */
export function mayHaveExpired(window: RetentionWindow, id: string): boolean {
  if (!UUID_V7.test(id) || isWithinRetention(window, id)) return false;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16) >= window.tenantSince.getTime();
}

/**
 * The retention check of every read of one event, body, delivery or attempt, on every surface (REST and the
 * dashboard through it, the MCP tools, the CLI through REST, triggers.wait's bodies): `found` is what the lookup of
 * `id` returned. A row whose event is past the window answers 410 expired (the purge may not have reached it yet);
 * no row answers 410 when the id's own time is past the window (`mayHaveExpired`), else 404.
 */
export function readableInWindow<Row>(
  window: RetentionWindow,
  lookup: { id: string; what: string; found: Row | null | undefined; eventIdOf: (row: Row) => string },
): Row {
  const { found, what } = lookup;
  if (found === null || found === undefined) {
    if (mayHaveExpired(window, lookup.id)) throw expiredError(what, window);
    throw new RelayError('not_found', `${what} not found`);
  }
  if (!isWithinRetention(window, lookup.eventIdOf(found))) throw expiredError(what, window);
  return found;
}

/** The 410 answer for something past the window; the message names the window and where it starts. */
export function expiredError(what: string, window: RetentionWindow): RelayError {
  return new RelayError(
    'expired',
    `${what} is past this account's retention window of ${window.days} day${window.days === 1 ? '' : 's'} ` +
      `(events received before ${window.start.toISOString()} are no longer kept)`,
  );
}

/** For a filter naming an event (`event_id=`), before any lookup: 410 when it may have named an expired event. */
export function assertNotExpired(window: RetentionWindow, eventId: string, what = `event ${eventId}`): void {
  if (mayHaveExpired(window, eventId)) throw expiredError(what, window);
}
