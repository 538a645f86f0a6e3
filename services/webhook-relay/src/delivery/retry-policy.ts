export interface RetryPolicy {
  /** Waits before retry 1, 2, ...; a failure after the last one dead-letters. */
  schedule: number[];
  jitter: number;
  retryAfterMin: number;
  retryAfterMax: number;
  /** An open breaker's first probe waits this long; each failed probe doubles the wait, up to probeMaxMs. */
  probeFirstMs: number;
  probeMaxMs: number;
}

/**
 * What follows failed attempt number `attempts` (1-based): the wait before the next, or null when the
 * schedule is spent. A destination's Retry-After replaces the scheduled wait, clamped to the bounds.
 */
export function nextRetryDelay(policy: RetryPolicy, attempts: number, random: () => number, retryAfterMs: number | null): number | null {
  const scheduled = policy.schedule[attempts - 1];
  if (scheduled === undefined) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, policy.retryAfterMin), policy.retryAfterMax);
  const spread = scheduled * policy.jitter;
  return Math.max(0, Math.round(scheduled - spread + random() * 2 * spread));
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}
