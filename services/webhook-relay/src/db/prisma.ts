import type pg from 'pg';
import { DEFAULT_PG_TIMEOUTS, openPrismaOnPool, type PgTimeouts, type PrismaOnPool } from '@workspace/service-kit';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';

export type Database = PrismaClient;
/** A transaction whose tenant is set: every query in it sees that tenant's rows only. */
export type TenantTx = Prisma.TransactionClient;
export type ConnectionPool = pg.Pool;

/** `pool` is the same pool, for the lookups that run before a tenant is known (API key, ingest token) and the capture path. */
export type DatabaseHandles = PrismaOnPool<Database>;

/**
 * Background passes over many rows, off any request's path: the verification and fan-out sweeps (a backlog
 * after an outage or a crash widens their window) and the reconciler's count of pending deliveries per
 * destination, and the retention purge. They wait up to the server's statement timeout instead of a request's query timeout.
 */
export const LONG_STATEMENTS =
  /\b(relay_unchecked_events|relay_events_to_fan_out|relay_pending_destinations|relay_maintain_partitions|relay_retention_catch_up|relay_purge_expired_idempotency_records)\(/;

/**
 * Connects as the application role (never the owner: see assertRowLevelSecurityApplies). Every wait on the
 * database is bounded (`timeouts`; service-kit's defaults, with LONG_STATEMENTS, when not given).
 */
export function openDatabase(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void = () => undefined,
  timeouts: PgTimeouts = { ...DEFAULT_PG_TIMEOUTS, longStatements: LONG_STATEMENTS },
): DatabaseHandles {
  return openPrismaOnPool(
    databaseUrl,
    poolSize,
    onIdleClientError,
    (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }),
    timeouts,
  );
}
