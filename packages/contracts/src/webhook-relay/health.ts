import { z } from 'zod';
import { RelayTimestamp } from './common.js';

// A destination's health and an endpoint's volume over a recent window, counted by the relay in SQL
// (services/webhook-relay/docs/health.md): what the dashboard draws, and what the CLI, the clients and the MCP
// tools read.

export const STATS_WINDOWS = ['1h', '24h', '7d'] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
export const STATS_BUCKETS = ['5m', '1h', '1d'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

export const STATS_WINDOW_MS: Record<StatsWindow, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 };
export const STATS_BUCKET_MS: Record<StatsBucket, number> = { '5m': 300_000, '1h': 3_600_000, '1d': 86_400_000 };
/** The bucket a window gets when none is asked for: 12, 24 and 7 bars. */
export const DEFAULT_STATS_BUCKET: Record<StatsWindow, StatsBucket> = { '1h': '5m', '24h': '1h', '7d': '1d' };
export const MAX_STATS_BUCKETS = 288;

/** The query's members without its cross-member check (for tools that add an id to it). */
export const StatsQueryMembers = z
  .object({
    window: z
      .enum(STATS_WINDOWS, { error: `window must be one of ${STATS_WINDOWS.join(', ')}` })
      .default('24h')
      .meta({ description: 'How far back from now: 1h, 24h (the default) or 7d, the longest.' }),
    bucket: z
      .enum(STATS_BUCKETS, { error: `bucket must be one of ${STATS_BUCKETS.join(', ')}` })
      .optional()
      .meta({ description: 'The width of each bar of the series (UTC-aligned): 5m, 1h or 1d. Default: 5m for 1h, 1h for 24h, 1d for 7d.' }),
  })
  .strict();

/** A bucket no longer than the window, and at most MAX_STATS_BUCKETS of them. */
export function checkStatsBucket(query: { window: StatsWindow; bucket?: StatsBucket | undefined }, context: z.RefinementCtx): void {
  if (!query.bucket) return;
  const [window, bucket] = [STATS_WINDOW_MS[query.window], STATS_BUCKET_MS[query.bucket]];
  if (bucket > window)
    context.addIssue({ code: 'custom', path: ['bucket'], message: `bucket ${query.bucket} is longer than window ${query.window}` });
  else if (window / bucket > MAX_STATS_BUCKETS)
    context.addIssue({
      code: 'custom',
      path: ['bucket'],
      message: `bucket ${query.bucket} makes more than ${MAX_STATS_BUCKETS} bars over ${query.window}: use a wider bucket`,
    });
}

export const StatsQuery = StatsQueryMembers.superRefine(checkStatsBucket);
export type StatsQuery = z.infer<typeof StatsQuery>;

const count = (description: string) => z.number().int().min(0).meta({ description });
const statsRange = {
  window: z.enum(STATS_WINDOWS),
  bucket: z.enum(STATS_BUCKETS),
  from: RelayTimestamp('from').meta({
    description: "Start of what is counted: now minus the window, or the start of the account's retention window if that is later.",
  }),
  to: RelayTimestamp('to').meta({ description: 'Now, when the figures were read.' }),
};

export const DestinationHealthBucket = z
  .object({
    start: RelayTimestamp('start'),
    succeeded: count('Attempts that started in this bucket and were answered 2xx.'),
    failed: count('Attempts that started in this bucket and failed (an answer other than 2xx, a timeout, a refused connection).'),
  })
  .meta({ id: 'DestinationHealthBucket' });
export type DestinationHealthBucket = z.infer<typeof DestinationHealthBucket>;

export const DestinationHealth = z
  .object({
    destination_id: z.uuid(),
    ...statsRange,
    deliveries: z
      .object({
        total: count('Deliveries created in the window (replays included).'),
        succeeded: count('Delivered.'),
        retrying: count('Still pending after at least one failed attempt.'),
        pending: count('Not attempted yet.'),
        dead_lettered: count('Failed for good.'),
        cancelled: count('Cancelled (their destination or endpoint was deleted).'),
      })
      .meta({ description: 'Deliveries created in the window, by their state now.' }),
    success_rate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: 'succeeded / (succeeded + dead_lettered) of those deliveries; null when none has finished.' }),
    attempts: z
      .object({ total: count('Attempts.'), succeeded: count('Answered 2xx.'), failed: count('Failed.') })
      .meta({ description: "The attempts of the window's deliveries." }),
    latency_ms: z.object({ p50: z.number().int(), p95: z.number().int() }).nullable().meta({
      description:
        'Duration of those attempts (request sent to answer read or failure), median and 95th percentile; null without attempts.',
    }),
    last_failure: z
      .object({
        at: RelayTimestamp('at'),
        delivery_id: z.uuid(),
        status_code: z.number().int().nullable(),
        error: z.string().nullable(),
        response_excerpt: z
          .string()
          .nullable()
          .meta({ description: 'The start of the answer, as the delivery detail shows it (bounded).' }),
      })
      .nullable()
      .meta({ description: 'The newest failed attempt of those deliveries; null when none failed.' }),
    backlog: z
      .object({
        pending: count('Deliveries waiting now (whatever their age), counted up to 10,000.'),
        more: z.boolean().meta({ description: 'true: more than 10,000 are waiting.' }),
        oldest_pending_at: RelayTimestamp('oldest_pending_at').nullable().meta({ description: 'When the head of the queue was created.' }),
      })
      .meta({ description: "The destination's queue now." }),
    series: z
      .array(DestinationHealthBucket)
      .meta({ description: 'Attempts per bucket, oldest first, every bucket of the window (zeros included).' }),
  })
  .meta({ id: 'DestinationHealth' });
export type DestinationHealth = z.infer<typeof DestinationHealth>;

export const EndpointVolumeBucket = z
  .object({
    start: RelayTimestamp('start'),
    events: count('Events captured in this bucket (repeats included: each was stored).'),
    verified: count('Their signature checked out.'),
    authenticated: count('Authenticated another way (a token, Basic).'),
    failed: count('The check failed.'),
    unattempted: count('Not checked (no provider, or no secret).'),
    pending: count('The check has not run yet.'),
    duplicates: count('Repeats of an earlier event (stored, never delivered twice).'),
  })
  .meta({ id: 'EndpointVolumeBucket' });
export type EndpointVolumeBucket = z.infer<typeof EndpointVolumeBucket>;

export const EndpointVolume = z
  .object({
    endpoint_id: z.uuid(),
    ...statsRange,
    totals: EndpointVolumeBucket.omit({ start: true }).meta({ description: 'The sums of the series.' }),
    series: z.array(EndpointVolumeBucket).meta({ description: 'Per bucket, oldest first, every bucket of the window (zeros included).' }),
  })
  .meta({ id: 'EndpointVolume' });
export type EndpointVolume = z.infer<typeof EndpointVolume>;
