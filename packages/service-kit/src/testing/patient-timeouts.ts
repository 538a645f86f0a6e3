import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from '../pg-pool.js';

/**
 * The services' PostgreSQL bounds for test contexts, with connecting and acquiring given all the time a busy
 * machine needs: CI runs beside other work, and a test that fails because a connection took 4 s to open
 * proves nothing. Statement bounds stay the services' own; tests of the bounds themselves set theirs.
 */
export const TEST_PG_TIMEOUTS: Readonly<PgTimeouts> = Object.freeze({
  ...DEFAULT_PG_TIMEOUTS,
  connectTimeoutMs: 30_000,
  acquireTimeoutMs: 30_000,
});
