import {
  DEFAULT_STATS_BUCKET,
  STATS_BUCKET_MS,
  STATS_WINDOW_MS,
  type StatsBucket,
  type StatsQuery,
  type StatsWindow,
} from '@workspace/contracts';
import { firstIdAt } from '../pagination.js';
import type { RetentionWindow } from '../retention/retention-window.js';

/** What a health or volume read counts: [from, to), in buckets of `bucketMs` aligned to the Unix epoch (UTC). */
export interface StatsRange {
  window: StatsWindow;
  bucket: StatsBucket;
  bucketMs: number;
  from: Date;
  to: Date;
  /** The smallest UUIDv7 at `from`: rows created in the range have ids at or above it. */
  firstId: string;
  /** The start of every bucket from the one holding `from` to the one holding `to`, oldest first. */
  bucketStarts: Date[];
}

/** The range of a query at `now`, never reaching back past the tenant's retention window. */
export function statsRange(query: StatsQuery, now: Date, retention: RetentionWindow): StatsRange {
  const bucket = query.bucket ?? DEFAULT_STATS_BUCKET[query.window];
  const bucketMs = STATS_BUCKET_MS[bucket];
  const wanted = now.getTime() - STATS_WINDOW_MS[query.window];
  const from = new Date(Math.max(wanted, retention.start.getTime()));
  const first = Math.floor(from.getTime() / bucketMs) * bucketMs;
  const bucketStarts: Date[] = [];
  for (let start = first; start <= now.getTime(); start += bucketMs) bucketStarts.push(new Date(start));
  return { window: query.window, bucket, bucketMs, from, to: now, firstId: firstIdAt(from), bucketStarts };
}

/** Rows counted per bucket start (epoch milliseconds) laid over every bucket of the range, zeros where none. */
export function fillBuckets<Row extends { start: Date }, Out>(
  range: StatsRange,
  rows: Row[],
  empty: (start: Date) => Out,
  present: (row: Row) => Out,
): Out[] {
  const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
  return range.bucketStarts.map((start) => {
    const row = byStart.get(start.getTime());
    return row ? present(row) : empty(start);
  });
}
