import type pg from 'pg';
import { openPrismaOnPool, type PrismaOnPool } from '@workspace/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export type Database = PrismaClient;
/** A transaction whose tenant is set: every query in it sees that tenant's rows only. */
export type TenantTx = Prisma.TransactionClient;
export type ConnectionPool = pg.Pool;

/** `pool` is the same pool, for the lookups that run before a tenant is known (API key, ingest token) and the capture path. */
export type DatabaseHandles = PrismaOnPool<Database>;

/** Connects as the application role (never the owner: see assertRowLevelSecurityApplies). */
export function openDatabase(databaseUrl: string, poolSize: number, onIdleClientError: (error: Error) => void = () => undefined): DatabaseHandles {
  return openPrismaOnPool(databaseUrl, poolSize, onIdleClientError, (adapter) => new PrismaClient({ adapter }));
}
