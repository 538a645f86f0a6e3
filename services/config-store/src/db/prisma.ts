import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { createPgPool } from '@workspace/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = PrismaClient;
export type ConnectionPool = pg.Pool;

export interface DatabaseHandles {
  db: Database;
  // The same pool Prisma runs on, for the one hot read that Prisma's per-query overhead would
  // slow to about half the driver's speed (measured by bench/config-store).
  pool: ConnectionPool;
  close(): Promise<void>;
}

export function openDatabase(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void = () => undefined,
): DatabaseHandles {
  const pool = createPgPool(databaseUrl, poolSize, onIdleClientError);
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    db,
    pool,
    async close() {
      await db.$disconnect();
      await pool.end();
    },
  };
}
