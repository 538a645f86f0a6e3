import type { BreakerSettings, DestinationRateLimit } from '@workspace/contracts';
import type { Destination } from '../../generated/prisma/client.js';

const HOUR_MS = 3_600_000;
const PER_MS = { second: 1000, minute: 60_000 } as const;

/** The columns a rate limit is kept in (null: no limit). */
export function rateLimitColumns(limit: DestinationRateLimit | null): { rateLimitMax: number | null; rateLimitPerMs: number | null } {
  return limit ? { rateLimitMax: limit.max, rateLimitPerMs: PER_MS[limit.per] } : { rateLimitMax: null, rateLimitPerMs: null };
}

export function rateLimitOf(destination: Pick<Destination, 'rateLimitMax' | 'rateLimitPerMs'>): DestinationRateLimit | null {
  if (destination.rateLimitMax === null || destination.rateLimitPerMs === null) return null;
  return { max: destination.rateLimitMax, per: destination.rateLimitPerMs === 1000 ? 'second' : 'minute' };
}

/** The columns of the breaker settings given; what is not given keeps its value. */
export function breakerColumns(
  settings: BreakerSettings | undefined,
): Partial<Pick<Destination, 'breakerFailures' | 'breakerWindowMs' | 'disableAfterMs'>> {
  if (!settings) return {};
  return {
    ...(settings.failures !== undefined ? { breakerFailures: settings.failures } : {}),
    ...(settings.window_seconds !== undefined ? { breakerWindowMs: settings.window_seconds * 1000 } : {}),
    ...(settings.disable_after_hours !== undefined ? { disableAfterMs: BigInt(settings.disable_after_hours * HOUR_MS) } : {}),
  };
}

export function breakerSettingsOf(
  destination: Pick<Destination, 'breakerFailures' | 'breakerWindowMs' | 'disableAfterMs'>,
): Required<BreakerSettings> {
  return {
    failures: destination.breakerFailures,
    window_seconds: Math.round(destination.breakerWindowMs / 1000),
    disable_after_hours: Math.round(Number(destination.disableAfterMs) / HOUR_MS),
  };
}

/** A breaker back to closed, its run of failures forgotten (resume, or enabling again). */
export const CLOSED_BREAKER_COLUMNS = {
  breakerState: 'closed',
  consecutiveFailures: 0,
  failingSince: null,
  probesFailed: 0,
  breakerOpenedAt: null,
  nextProbeAt: null,
} as const;
