import type { FailureCause, TimestampUnit } from './types.js';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export type TimestampCheck = { ok: true } | { ok: false; cause: FailureCause; detail: Record<string, unknown> };

/** Parses a signed timestamp and checks it lies within the tolerance of now, in either direction. */
export function checkTimestamp(
  raw: string | undefined,
  unit: TimestampUnit,
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): TimestampCheck {
  const ms = toMilliseconds(raw, unit);
  if (ms === null)
    return { ok: false, cause: 'malformed_signature', detail: { reason: `timestamp "${raw ?? ''}" is not a ${unit} timestamp` } };
  const skewSeconds = Math.round((now.getTime() - ms) / 1000);
  if (Math.abs(skewSeconds) <= toleranceSeconds) return { ok: true };
  return { ok: false, cause: skewSeconds > 0 ? 'timestamp_too_old' : 'timestamp_in_future', detail: { skewSeconds, toleranceSeconds } };
}

function toMilliseconds(raw: string | undefined, unit: TimestampUnit): number | null {
  if (raw === undefined || raw === '') return null;
  if (unit === 'iso') {
    // A date-time without a zone designator is UTC (Orb sends them so); Date.parse would read it as server-local time.
    const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(raw) ? `${raw}Z` : raw;
    const parsed = Date.parse(zoned);
    return Number.isNaN(parsed) ? null : parsed;
  }
  if (!/^\d{1,16}$/.test(raw)) return null;
  return unit === 'seconds' ? Number(raw) * 1000 : Number(raw);
}
