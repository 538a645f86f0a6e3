import type { IssueKind } from '@workspace/contracts';
import type { SendResult } from './http-sender.js';

/**
 * Why an attempt failed, as issues group failures (the contract's IssueKind, but for an endpoint's
 * verification_failed). All but two say the destination itself is unwell, and the breaker counts them:
 * `http_4xx` says the receiver is up and refused this message (the message's own retry schedule applies), and
 * `gone` is a 410 (the destination is turned off at once).
 */
export type FailureKind = Exclude<IssueKind, 'verification_failed'>;

// A transformation that fails is the relay's (the tenant's code), not the receiver's: it never opens the breaker.
const NOT_COUNTED: ReadonlySet<FailureKind> = new Set(['http_4xx', 'gone', 'transformation_failed']);

export function failureKind(result: SendResult): FailureKind {
  const status = result.status;
  if (status === null) {
    switch (result.cause) {
      case 'timeout':
        return 'timeout';
      case 'refused':
        return 'connection_refused';
      case 'tls':
        return 'tls';
      case 'egress':
        return 'egress_refused';
      default:
        return 'connection_error';
    }
  }
  if (status === 410) return 'gone';
  if (status === 429) return 'http_429';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'http_5xx';
  if (status >= 300 && status < 400) return 'redirect';
  return 'http_4xx';
}

export function countsTowardsBreaker(kind: FailureKind): boolean {
  return !NOT_COUNTED.has(kind);
}

export interface BreakerSettings {
  /** Consecutive failures that open the breaker... */
  failures: number;
  /** ...once the run of failures has lasted this long. */
  windowMs: number;
  /** A run of failures this long turns the destination off (Svix: 5 days). */
  disableAfterMs: number;
}

/** How long probes wait (RELAY_BREAKER_PROBE_FIRST and _MAX). */
export interface ProbeWaits {
  firstMs: number;
  maxMs: number;
}

export interface Breaker {
  state: 'closed' | 'open';
  /** Failures the breaker counts, in a row. */
  consecutiveFailures: number;
  /** The first failure of the current run (any kind); null when the last attempt succeeded. */
  failingSince: Date | null;
  /** Probes that failed since the breaker opened: each waits longer. */
  probesFailed: number;
}

export const CLOSED: Breaker = { state: 'closed', consecutiveFailures: 0, failingSince: null, probesFailed: 0 };

/** The probe after `probesFailed` failed ones: the first waits `firstMs`, each failure doubles it, up to `maxMs`. */
export function probeWaitMs(probesFailed: number, probes: { firstMs: number; maxMs: number }): number {
  return Math.min(probes.firstMs * 2 ** Math.min(probesFailed, 30), probes.maxMs);
}

/**
 * What a failed attempt does to the breaker. `verdict`: `schedule` (closed: the message's retry schedule
 * decides), `probe` (open: the head waits `waitMs` for the next probe and is not dead-lettered), `disable` (the
 * run of failures outlasted disableAfterMs: the destination is turned off; its deliveries wait).
 */
export function breakerAfterFailure(
  breaker: Breaker,
  settings: BreakerSettings,
  kind: FailureKind,
  now: Date,
  probes: ProbeWaits,
):
  | { breaker: Breaker; verdict: 'schedule' }
  | { breaker: Breaker; verdict: 'probe'; waitMs: number }
  | { breaker: Breaker; verdict: 'disable' } {
  const failingSince = breaker.failingSince ?? now;
  const lasted = now.getTime() - failingSince.getTime();
  if (!countsTowardsBreaker(kind)) {
    // The receiver answered: it is up, so an open breaker closes; the message's schedule decides its retry.
    return { breaker: { ...CLOSED, consecutiveFailures: breaker.consecutiveFailures, failingSince }, verdict: 'schedule' };
  }
  const consecutiveFailures = breaker.consecutiveFailures + 1;
  if (breaker.state === 'open') {
    const next: Breaker = { state: 'open', consecutiveFailures, failingSince, probesFailed: breaker.probesFailed + 1 };
    if (lasted >= settings.disableAfterMs) return { breaker: next, verdict: 'disable' };
    return { breaker: next, verdict: 'probe', waitMs: probeWaitMs(next.probesFailed, probes) };
  }
  if (consecutiveFailures >= settings.failures && lasted >= settings.windowMs) {
    return {
      breaker: { state: 'open', consecutiveFailures, failingSince, probesFailed: 0 },
      verdict: 'probe',
      waitMs: probeWaitMs(0, probes),
    };
  }
  return { breaker: { state: 'closed', consecutiveFailures, failingSince, probesFailed: 0 }, verdict: 'schedule' };
}

/** The breaker as shown: half-open while its probe is due (or being sent). */
export function shownBreakerState(state: string, nextProbeAt: Date | null, now: Date): 'closed' | 'open' | 'half_open' {
  if (state !== 'open') return 'closed';
  return nextProbeAt && nextProbeAt > now ? 'open' : 'half_open';
}
