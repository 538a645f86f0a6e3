import type { TenantTx } from '../../db/prisma.js';
import { firstIdAt } from '../pagination.js';
import { RelayError } from '../relay-error.js';

const DAY_MS = 86_400_000;

/** What a tenant may still see: events received at or after `start` (its plan's retention_days before now). */
export interface RetentionWindow {
  days: number;
  start: Date;
  /** The smallest event id inside the window (ids are UUIDv7: they carry their receipt time). */
  firstId: string;
}

export function windowOf(days: number, now: Date): RetentionWindow {
  const start = new Date(now.getTime() - days * DAY_MS);
  return { days, start, firstId: firstIdAt(start) };
}

/** The tenant's window now (its plan's retention, RELAY_PLAN_RETENTION_DAYS). One read of the tenant's plan. */
export async function retentionWindow(tx: TenantTx, tenantId: string, now: Date): Promise<RetentionWindow> {
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { plan: { select: { retentionDays: true } } } });
  if (!tenant) throw new RelayError('not_found', 'no such tenant');
  return windowOf(tenant.plan.retentionDays, now);
}

/** Whether an event (by its id, or its receipt time) is inside the window. */
export function isWithinRetention(window: RetentionWindow, event: string | Date): boolean {
  return typeof event === 'string' ? event.toLowerCase() >= window.firstId : event.getTime() >= window.start.getTime();
}

/** The 410 answer for something past the window; the message names the window and where it starts. */
export function expiredError(what: string, window: RetentionWindow): RelayError {
  return new RelayError(
    'expired',
    `${what} is past this account's retention window of ${window.days} day${window.days === 1 ? '' : 's'} ` +
      `(events received before ${window.start.toISOString()} are no longer kept)`,
  );
}

/** Throws the 410 when the event is past the window. */
export function assertWithinRetention(window: RetentionWindow, eventId: string, what = `event ${eventId}`): void {
  if (!isWithinRetention(window, eventId)) throw expiredError(what, window);
}
