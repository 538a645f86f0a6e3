import type pg from 'pg';
import { openPrismaOnPool, type PrismaOnPool } from '@workspace/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = PrismaClient;
export type ConnectionPool = pg.Pool;

// `pool` is the same pool Prisma runs on, for the one hot read that Prisma's per-query overhead would
// slow to about half the driver's speed (measured by bench/config-store).
export type DatabaseHandles = PrismaOnPool<Database>;

export function openDatabase(databaseUrl: string, poolSize: number, onIdleClientError: (error: Error) => void = () => undefined): DatabaseHandles {
  return openPrismaOnPool(databaseUrl, poolSize, onIdleClientError, (adapter) => new PrismaClient({ adapter }));
}
