import type pg from 'pg';
import { openPrismaOnPool, type PgTimeouts, type PrismaOnPool } from '@workspace/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = PrismaClient;
export type ConnectionPool = pg.Pool;

// `pool` is the same pool Prisma runs on, for the one hot read that Prisma's per-query overhead would
// slow to about half the driver's speed (measured by bench/config-store).
export type DatabaseHandles = PrismaOnPool<Database>;

/** Every wait on the database is bounded (`timeouts`; service-kit's defaults when not given). */
export function openDatabase(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void = () => undefined,
  timeouts?: PgTimeouts,
): DatabaseHandles {
  return openPrismaOnPool(
    databaseUrl,
    poolSize,
    onIdleClientError,
    (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
    timeouts,
  );
}
