import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

/**
 * How long anything waits on PostgreSQL. A server that stops answering without closing its connections
 * (a stalled network, a hung host, a proxy that lost its upstream) must cost a request a few seconds and
 * a 503, never a wait without end: pg and pg-pool wait forever unless told otherwise.
 */
export interface PgTimeouts {
  /** A new connection: TCP connect plus PostgreSQL's start-up handshake. */
  connectTimeoutMs: number;
  /** Waiting for a connection of the pool (a free one, or a new one opened meanwhile). */
  acquireTimeoutMs: number;
  /**
   * How long the client waits for a statement's answer (pg's `query_timeout`). When it passes, the caller
   * gets "Query read timeout" and the connection is closed: the statement may still be running on it.
   */
  queryTimeoutMs: number;
  /**
   * The server's own limit on each statement (`statement_timeout`, sent at connect), so a statement nobody
   * waits for any more does not run on, holding locks. 0: none.
   */
  statementTimeoutMs: number;
  /**
   * The server's limit on a transaction left open with nothing running (`idle_in_transaction_session_timeout`,
   * sent at connect): a process that stalled or lost its network mid-transaction would otherwise keep its
   * locks until the server's TCP keepalive notices, hours later, while everyone else queues behind them. 0: none.
   */
  idleInTransactionTimeoutMs: number;
  /**
   * Statements that may legitimately run longer than a request's (background passes over many rows): the
   * client waits for these until the server's statement timeout has had time to end them (a definite
   * answer: nothing was done) instead of `queryTimeoutMs`. Matched on the SQL text. Without a statement
   * timeout they get `queryTimeoutMs` like any other.
   */
  longStatements?: RegExp;
}

export const DEFAULT_PG_TIMEOUTS: Readonly<PgTimeouts> = Object.freeze({
  connectTimeoutMs: 3000,
  acquireTimeoutMs: 3000,
  queryTimeoutMs: 5000,
  statementTimeoutMs: 5000,
  idleInTransactionTimeoutMs: 60_000,
});

/** The config of a single pg client (not pooled: a LISTEN connection, a tool) with the same bounds. */
export function pgClientConfig(databaseUrl: string, timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    ...(timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
    ...(timeouts.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs } : {}),
    // A peer that vanished (no FIN, no RST) is noticed by the kernel eventually instead of never.
    keepAlive: true,
  };
}

/**
 * How long a pooled connection serves before the pool replaces it (once it is next idle). A session keeps the
 * plans of its functions' statements, each choosing its scans from the tables' sizes when it was made; PostgreSQL
 * makes them again when autovacuum analyzes a table. Where autovacuum is off, replacing the connections bounds how
 * long a plan made on nearly empty tables (a day's new partitions) outlives them. An hour costs a connection's
 * first calls (milliseconds of planning) once an hour.
 */
export const POOLED_CONNECTION_LIFETIME_S = 3600;

/** The pool's config: `connectionTimeoutMillis` is pg-pool's bound on acquiring (it covers opening a new connection too). */
export function pgPoolConfig(databaseUrl: string, size: number, timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS): pg.PoolConfig {
  return {
    ...pgClientConfig(databaseUrl, timeouts),
    max: size,
    connectionTimeoutMillis: timeouts.acquireTimeoutMs,
    maxLifetimeSeconds: POOLED_CONNECTION_LIFETIME_S,
    Client: boundedClient(timeouts),
  };
}

/** pg's error for a statement whose answer did not come within its timeout. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/** How much longer than the server's statement timeout the client waits for a long statement's answer. */
const LONG_STATEMENT_GRACE_MS = 1000;

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
type QueryCallback = (error: Error | null | undefined, result?: unknown) => void;

/**
 * A pg client class that keeps the bounds above. pg's own `query_timeout` answers the caller but leaves
 * the statement on the connection (it may still be running, or stuck in a stalled network): a query queued
 * behind it would wait for it, and pg-pool would hand the connection to the next caller if the holder
 * released it without an error (Prisma's transactions do). So a timed-out statement ends its connection at
 * once: what is queued behind it fails with "Connection terminated", later queries with "Client was closed",
 * and the pool drops it when it comes back. The connect timeout is the client's own, apart from the pool's.
 */
function boundedClient(timeouts: PgTimeouts): typeof pg.Client {
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      const base = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      super({ ...base, connectionTimeoutMillis: timeouts.connectTimeoutMs });
      const query = this.query.bind(this) as (...args: QueryArgs) => unknown;
      const abandonOn = (error: unknown) => this.abandonOn(error);
      const bounded = (...args: QueryArgs): unknown => {
        const { args: prepared, promised } = withBounds(args, timeouts, abandonOn);
        const result = query(...prepared);
        // The promise form: the hook runs before the caller hears of the failure (handlers run in order).
        return promised && result instanceof Promise
          ? result.catch((error: unknown) => {
              abandonOn(error);
              throw error;
            })
          : result;
      };
      Object.defineProperty(this, 'query', { value: bounded, writable: true, configurable: true });
    }

    private abandonOn(error: unknown): void {
      if (!(error instanceof Error) || error.message !== QUERY_READ_TIMEOUT) return;
      // end() marks the client ending at once (the pool will not reuse it); with a statement still active it
      // destroys the socket, otherwise it says goodbye politely: destroy anyway, the peer may not be listening.
      void this.end().catch(() => undefined);
      this.connection.stream.destroy();
    }
  };
}

/** The query's arguments with the long-statement timeout applied and a hook on a callback's failure. */
function withBounds(args: QueryArgs, timeouts: PgTimeouts, onError: (error: unknown) => void): { args: QueryArgs; promised: boolean } {
  const [config, values, callback] = args;
  // Submittables (cursors, streams) keep pg's behaviour: they report through their own events.
  if (typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit === 'function')
    return { args, promised: false };
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  const long = timeouts.longStatements !== undefined && typeof text === 'string' && text.search(timeouts.longStatements) >= 0;
  let bounded: unknown = config;
  if (long && (config as { query_timeout?: unknown } | null)?.query_timeout === undefined) {
    const wait = Math.max(
      timeouts.queryTimeoutMs,
      timeouts.statementTimeoutMs > 0 ? timeouts.statementTimeoutMs + LONG_STATEMENT_GRACE_MS : 0,
    );
    bounded = typeof config === 'string' ? { text: config, query_timeout: wait } : { ...(config as object), query_timeout: wait };
  }
  const hook =
    (cb: QueryCallback): QueryCallback =>
    (error, result) => {
      if (error) onError(error);
      cb(error, result);
    };
  if (typeof values === 'function') return { args: [bounded, hook(values as QueryCallback)], promised: false };
  if (typeof callback === 'function') return { args: [bounded, values, hook(callback as QueryCallback)], promised: false };
  return { args: values === undefined ? [bounded] : [bounded, values], promised: true };
}

/**
 * A pg pool for a service's database, with every wait bounded (PgTimeouts; the defaults when not given).
 * An idle connection the server closes (restart, failover, an administrator) is dropped and replaced on
 * next use; without an 'error' listener pg would crash the process over it. The same holds for a
 * connection that is checked out but between two queries (a transaction waiting on the application) when
 * the server goes away: every connection gets a listener for its whole life, and the next query on it
 * fails like any other database error.
 */
export function createPgPool(
  databaseUrl: string,
  size: number,
  onIdleClientError: (error: Error) => void = () => undefined,
  timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
): pg.Pool {
  const pool = new pg.Pool(pgPoolConfig(databaseUrl, size, timeouts));
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
 * generated client: `openPrismaOnPool(url, size, onError, (adapter, transactionOptions) => new PrismaClient({ adapter, transactionOptions }), timeouts)`.
 */
/**
 * Prisma's bounds on an interactive transaction (`$transaction(async (tx) => ...)`), from the same PgTimeouts as
 * the pool: waiting for its connection is acquiring one (Prisma's own default is 2 s), and the whole transaction
 * may take as long as one statement's answer may (Prisma's default is 5 s, which a busy machine's test run
 * outlived with four short statements).
 */
export function prismaTransactionOptions(timeouts: PgTimeouts): { maxWait: number; timeout: number } {
  return { maxWait: timeouts.acquireTimeoutMs, timeout: Math.max(5000, timeouts.queryTimeoutMs) };
}

export function openPrismaOnPool<Client extends { $disconnect(): Promise<void> }>(
  databaseUrl: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void,
  createClient: (adapter: PrismaPg, transactionOptions: { maxWait: number; timeout: number }) => Client,
  timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
): PrismaOnPool<Client> {
  const pool = createPgPool(databaseUrl, poolSize, onIdleClientError, timeouts);
  const db = createClient(new PrismaPg(pool), prismaTransactionOptions(timeouts));
  return {
    db,
    pool,
    async close() {
      await db.$disconnect();
      await pool.end();
    },
  };
}
