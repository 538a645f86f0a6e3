import type { Event, EventCheck, Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { eventFilterWhere, type EventFilters } from './event-filters.js';
import { firstIdAt, type Page, type PageRequest } from '../pagination.js';
import { decodeCaptureCursor, toCapturePage } from './capture-order-cursor.js';
import type { RetentionWindow } from '../retention/retention-window.js';

export type EventWithSize = Event & { payload: { size: number }; check: EventCheck | null };

export interface ListEventsOptions extends EventFilters {
  tx: TenantTx;
  page: PageRequest;
  /** Nothing received before the tenant's retention window is listed, purged yet or not. */
  window: RetentionWindow;
  from?: Date;
  to?: Date;
}

/**
 * Newest capture first (capture_seq, then id; docs/delivery-order.md#listing-events), the order deliveries follow,
 * optionally filtered (endpoint, verification state, provider) and received within [from, to). Events without a
 * capture number come after the numbered ones, newest id first: two index-ordered reads (capture number, then id)
 * instead of one sort. An event's id carries its receipt time (v7), so the time range is a bound on the id, and on
 * the day partitions the scan reads.
 */
export async function listEvents(options: ListEventsOptions): Promise<Page<EventWithSize>> {
  const after = decodeCaptureCursor(options.page.cursor);
  const lower = [options.window.firstId, options.from ? firstIdAt(options.from) : undefined]
    .filter((id): id is string => id !== undefined)
    .sort()
    .at(-1)!;
  const since = options.from && options.from > options.window.start ? options.from : options.window.start;
  const received: Prisma.EventWhereInput = {
    id: { gte: lower, ...(options.to ? { lt: firstIdAt(options.to) } : {}) },
    day: { gte: utcDay(since), ...(options.to ? { lte: utcDay(options.to) } : {}) },
  };
  const where = (...conditions: Prisma.EventWhereInput[]) => ({ AND: [eventFilterWhere(options), received, ...conditions] });
  const take = options.page.limit + 1;
  const include = { payload: { select: { size: true } }, check: true } as const;
  const numbered =
    after?.seq === null
      ? []
      : await options.tx.event.findMany({
          where: after
            ? // The first condition bounds the index scan; the second skips the rows of that number up to the cursor.
              where({ captureSeq: { lte: after.seq } }, { OR: [{ captureSeq: { lt: after.seq } }, { id: { lt: after.id } }] })
            : where({ captureSeq: { not: null } }),
          include,
          orderBy: [{ captureSeq: 'desc' }, { id: 'desc' }],
          take,
        });
  const unnumbered =
    numbered.length === take
      ? []
      : await options.tx.event.findMany({
          where: where({ captureSeq: null }, ...(after?.seq === null ? [{ id: { lt: after.id } }] : [])),
          include,
          orderBy: { id: 'desc' },
          take: take - numbered.length,
        });
  return toCapturePage([...numbered, ...unnumbered], options.page.limit);
}

const utcDay = (at: Date) => new Date(`${at.toISOString().slice(0, 10)}T00:00:00Z`);
