import { describe, expect, it } from '@jest/globals';
import {
  breakerAfterFailure,
  CLOSED,
  failureKind,
  probeWaitMs,
  shownBreakerState,
  type Breaker,
  type BreakerSettings,
  type FailureKind,
} from '../../src/delivery/circuit-breaker.js';
import type { SendResult } from '../../src/delivery/http-sender.js';

const SETTINGS: BreakerSettings = { failures: 3, windowMs: 60_000, disableAfterMs: 5 * 24 * 3_600_000 };
const PROBES = { firstMs: 30_000, maxMs: 3_600_000 };
const T0 = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Feeds failures of one kind at the given offsets from T0 (an injected clock), returning each verdict. */
function run(kind: FailureKind, offsets: number[], start: Breaker = CLOSED) {
  let breaker = start;
  return offsets.map((offset) => {
    const judged = breakerAfterFailure(breaker, SETTINGS, kind, at(offset), PROBES);
    breaker = judged.breaker;
    return judged;
  });
}

const result = (part: Partial<SendResult>): SendResult => ({
  ok: false,
  status: null,
  durationMs: 1,
  excerpt: null,
  error: 'x',
  retryAfter: undefined,
  ...part,
});

describe('the circuit breaker of a destination', () => {
  it('stays closed (the retry schedule decides) until the run holds enough failures AND has lasted the window', () => {
    // Three failures within 20 s: enough failures, too short a run.
    expect(run('http_5xx', [0, 10_000, 20_000]).map((j) => j.verdict)).toEqual(['schedule', 'schedule', 'schedule']);
    // The fourth failure comes after the window: the breaker opens and the head waits for the first probe.
    const verdicts = run('http_5xx', [0, 10_000, 20_000, 61_000]);
    expect(verdicts[3]).toMatchObject({ verdict: 'probe', waitMs: 30_000, breaker: { state: 'open', consecutiveFailures: 4 } });
    expect(verdicts[3]!.breaker.failingSince).toEqual(T0);
  });

  it('waits twice as long after each failed probe, up to the maximum', () => {
    const open: Breaker = { state: 'open', consecutiveFailures: 5, failingSince: T0, probesFailed: 0 };
    const waits = run('timeout', [100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000, 800_000], open).map((j) =>
      j.verdict === 'probe' ? j.waitMs : null,
    );
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(probeWaitMs(0, PROBES)).toBe(30_000);
  });

  it('turns the destination off when a probe fails after the run has lasted the disable window', () => {
    const open: Breaker = { state: 'open', consecutiveFailures: 50, failingSince: T0, probesFailed: 10 };
    expect(run('connection_refused', [SETTINGS.disableAfterMs - 1], open)[0]!.verdict).toBe('probe');
    expect(run('connection_refused', [SETTINGS.disableAfterMs], open)[0]!.verdict).toBe('disable');
  });

  it("does not count a 4xx: the receiver is up, so an open breaker closes and the message's schedule applies", () => {
    const open: Breaker = { state: 'open', consecutiveFailures: 5, failingSince: T0, probesFailed: 2 };
    const [judged] = run('http_4xx', [90_000], open);
    expect(judged).toMatchObject({ verdict: 'schedule', breaker: { state: 'closed', consecutiveFailures: 5, probesFailed: 0 } });
  });

  it('shows an open breaker as half-open once its probe is due', () => {
    expect(shownBreakerState('open', at(1000), T0)).toBe('open');
    expect(shownBreakerState('open', at(0), T0)).toBe('half_open');
    expect(shownBreakerState('open', null, T0)).toBe('half_open');
    expect(shownBreakerState('closed', null, T0)).toBe('closed');
  });
});

describe('what kind of failure an attempt was', () => {
  it.each([
    [{ cause: 'refused' as const }, 'connection_refused'],
    [{ cause: 'timeout' as const }, 'timeout'],
    [{ cause: 'tls' as const }, 'tls'],
    [{ cause: 'egress' as const }, 'egress_refused'],
    [{ cause: 'network' as const }, 'connection_error'],
    [{ status: 500 }, 'http_5xx'],
    [{ status: 503 }, 'http_5xx'],
    [{ status: 429 }, 'http_429'],
    [{ status: 408 }, 'timeout'],
    [{ status: 410 }, 'gone'],
    [{ status: 301 }, 'redirect'],
    [{ status: 400 }, 'http_4xx'],
    [{ status: 422 }, 'http_4xx'],
  ])('%j is %s', (part, kind) => {
    expect(failureKind(result(part))).toBe(kind);
  });
});
