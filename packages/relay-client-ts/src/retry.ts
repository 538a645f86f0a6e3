/** How many times and how long a call may be retried. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 3). 0 turns retries off. */
  maxRetries: number;
  /** The first backoff ceiling (default 500 ms); it doubles with each retry. */
  baseDelayMs: number;
  /** The largest backoff ceiling (default 8 s). */
  maxDelayMs: number;
  /** No retry starts once this long has passed since the first attempt, waits included (default 30 s). */
  maxElapsedMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000, maxElapsedMs: 30_000 };

/** Exponential backoff with full jitter: a uniform wait between 0 and min(max, base * 2^retry). */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number): number {
  return random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
}

/** `Retry-After` in milliseconds: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Statuses worth another attempt: rate limited, and server errors except "not implemented". */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status !== 501);
}
