import type pg from 'pg';
import { openPrismaOnPool, type PgTimeouts, type PrismaOnPool } from '@workspace/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = PrismaClient;
export type ConnectionPool = pg.Pool;

// `pool` is the pool Prisma runs on, for the per-request statements (key lookup, metering): Prisma's
// per-query overhead there cost a large share of the service's throughput (bench/translator).
export type DatabaseHandles = PrismaOnPool<Database>;

/** Every wait on the database is bounded (`timeouts`; service-kit's defaults when not given). */
export function openDatabase(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void,
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
