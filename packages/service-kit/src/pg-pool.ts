import pg from 'pg';

/**
 * A pg pool for a service's database. An idle connection the server closes (restart, failover, an
 * administrator) is dropped and replaced on next use; without an 'error' listener pg would crash
 * the process over it.
 */
export function createPgPool(databaseUrl: string, size: number, onIdleClientError: (error: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size });
  pool.on('error', onIdleClientError);
  return pool;
}
