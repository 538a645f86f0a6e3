import { availableParallelism, loadavg } from 'node:os';
import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from '../pg-pool.js';

/**
 * The services' PostgreSQL bounds for test contexts, with every wait given the time a busy machine needs: CI
 * runs beside other work, and a test that fails because a connection took 4 s to open, or a 33,000-row
 * statement 6 s, proves nothing. Tests of the bounds themselves set their own (packages/service-kit's
 * bounded-waits, the fault tests against the built services).
 */
export const TEST_PG_TIMEOUTS: Readonly<PgTimeouts> = Object.freeze({
  ...DEFAULT_PG_TIMEOUTS,
  connectTimeoutMs: 30_000,
  acquireTimeoutMs: 30_000,
  queryTimeoutMs: 30_000,
  statementTimeoutMs: 30_000,
});

/**
 * How many times longer than on a quiet machine a wait may take here: the last minute's load per core, from 1
 * (quiet) to 4, or JEST_LOAD_FACTOR when set (jest-preset.js sets it for the whole run).
 */
export function loadFactor(): number {
  return Number(process.env.JEST_LOAD_FACTOR) || Math.min(4, Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** `ms` on a quiet machine, longer in proportion to the load: for lifetimes a test must outlast or stay within. */
export function patient(ms: number): number {
  return Math.round(ms * loadFactor());
}
