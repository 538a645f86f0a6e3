import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/**
 * A pg pool for a service's database. An idle connection the server closes (restart, failover, an
 * administrator) is dropped and replaced on next use; without an 'error' listener pg would crash
 * the process over it. The same holds for a connection that is checked out but between two queries
 * (a transaction waiting on the application) when the server goes away: every connection gets a
 * listener for its whole life, and the next query on it fails like any other database error.
 */
export function createPgPool(databaseUrl: string, size: number, onIdleClientError: (error: Error) => void = () => undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size });
  pool.on('error', onIdleClientError);
  // While idle, a connection's errors reach the pool's listener above; while checked out they would be
  // unhandled. Nothing to do with them here: the holder's next query fails and is handled as such.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** A service's Prisma client and the pg pool it runs on, closed together. */
export interface PrismaOnPool<Client> {
  db: Client;
  /** The same pool, for the hot statements where Prisma's per-query overhead would cost too much. */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * One pool for both Prisma (through @prisma/adapter-pg) and raw SQL. Each service passes its own
 * generated client: `openPrismaOnPool(url, size, onError, (adapter) => new PrismaClient({ adapter }))`.
 */
export function openPrismaOnPool<Client extends { $disconnect(): Promise<void> }>(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void,
  createClient: (adapter: PrismaPg) => Client,
): PrismaOnPool<Client> {
  const pool = createPgPool(databaseUrl, poolSize, onIdleClientError);
  const db = createClient(new PrismaPg(pool));
  return {
    db,
    pool,
    async close() {
      await db.$disconnect();
      await pool.end();
    },
  };
}
