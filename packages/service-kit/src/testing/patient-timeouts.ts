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
