import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { createPgPool } from '@workspace/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export type Database = PrismaClient;
/** A transaction whose tenant is set: every query in it sees that tenant's rows only. */
export type TenantTx = Prisma.TransactionClient;
export type ConnectionPool = pg.Pool;

export interface DatabaseHandles {
  db: Database;
  /** The same pool, for the lookups that run before a tenant is known (API key, ingest token). */
  pool: ConnectionPool;
  close(): Promise<void>;
}

/** Connects as the application role (never the owner: see assertRowLevelSecurityApplies). */
export function openDatabase(databaseUrl: string, poolSize: number, onIdleClientError: (error: Error) => void = () => undefined): DatabaseHandles {
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
