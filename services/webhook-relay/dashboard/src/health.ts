import { get, type Page, type Query } from './api.js';
import type { Bar } from './charts.js';
import type { Delivery } from './types.js';

// Health and volume from the lists the API already answers (recent events of an endpoint, recent deliveries to a
// destination), read newest first back to a day ago, at most READ_CAP items.

export const HOURS = 24;
const READ_CAP = 1000;

export interface Recent<T> {
  items: T[];
  /** More happened in the window than were read (the figures are for the newest READ_CAP). */
  capped: boolean;
}

/** Items of a newest-first list created since `since` (by `timeOf`). */
export async function readRecent<T>(path: string, query: Query, since: Date, timeOf: (item: T) => string): Promise<Recent<T>> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await get<Page<T>>(path, { ...query, limit: 100, cursor });
    for (const item of page.data) {
      if (Date.parse(timeOf(item)) < since.getTime()) return { items, capped: false };
      items.push(item);
    }
    cursor = page.next_cursor;
  } while (cursor && items.length < READ_CAP);
  return { items, capped: cursor !== null };
}

/** Counts per hour over the last HOURS hours, oldest first, labelled with the hour's local start. */
export function perHour(times: string[], now: Date): Bar[] {
  const hour = 3_600_000;
  const end = Math.ceil(now.getTime() / hour) * hour;
  const bars: Bar[] = Array.from({ length: HOURS }, (_, index) => {
    const start = new Date(end - (HOURS - index) * hour);
    return { label: `${start.toLocaleDateString()} ${start.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`, value: 0 };
  });
  for (const time of times) {
    const index = HOURS - Math.ceil((end - Date.parse(time)) / hour);
    const bar = bars[Math.max(0, Math.min(HOURS - 1, index))];
    if (bar) bar.value += 1;
  }
  return bars;
}

export interface DestinationHealth {
  total: number;
  succeeded: number;
  failedForGood: number;
  pending: number;
  /** Succeeded among the finished (succeeded or dead-lettered); null with none finished. */
  successRate: number | null;
  /** From creation to the successful attempt's end, milliseconds: median and 95th percentile. */
  timeToDeliver: { median: number; p95: number } | null;
  lastFailure: Delivery | null;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

export function destinationHealth(deliveries: Delivery[]): DestinationHealth {
  const succeeded = deliveries.filter((delivery) => delivery.state === 'succeeded');
  const failedForGood = deliveries.filter((delivery) => delivery.state === 'dead_lettered').length;
  const durations = succeeded
    .filter((delivery) => delivery.completed_at)
    .map((delivery) => Date.parse(delivery.completed_at!) - Date.parse(delivery.created_at))
    .sort((a, b) => a - b);
  const finished = succeeded.length + failedForGood;
  return {
    total: deliveries.length,
    succeeded: succeeded.length,
    failedForGood,
    pending: deliveries.filter((delivery) => delivery.state === 'pending').length,
    successRate: finished ? succeeded.length / finished : null,
    timeToDeliver: durations.length ? { median: percentile(durations, 0.5), p95: percentile(durations, 0.95) } : null,
    // Newest first: the first that was refused or failed, whatever became of it after.
    lastFailure:
      deliveries.find(
        (delivery) => delivery.state === 'dead_lettered' || delivery.last_error !== null || (delivery.last_status ?? 0) >= 300,
      ) ?? null,
  };
}
