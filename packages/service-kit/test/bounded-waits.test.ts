// Every wait on PostgreSQL and Redis is bounded: the options each pool and connection is built with, the
// errors the bounds produce being recognised as "retry later" (503), and, against a real server and one that
// accepts connections and never answers, that a stalled statement fails in time and its connection is
// never handed out again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { pgTimeoutSettings, pgTimeoutsFrom, redisTimeoutSettings, redisTimeoutsFrom } from '../src/dependency-timeouts.js';
import { isDependencyTimeout, isDependencyUnavailable } from '../src/http/dependency-unavailable.js';
import { createPgPool, DEFAULT_PG_TIMEOUTS, pgClientConfig, pgPoolConfig, type PgTimeouts } from '../src/pg-pool.js';
import { DEFAULT_REDIS_TIMEOUTS, redisOptions } from '../src/redis-options.js';
import { testServerUrl } from '../src/testing/index.js';

describe('options', () => {
  it('bounds connecting, acquiring and each statement of a pool, and sets the server-side statement timeout', () => {
    const config = pgPoolConfig('postgresql://u@h/db', 7, {
      connectTimeoutMs: 1100,
      acquireTimeoutMs: 1200,
      queryTimeoutMs: 1300,
      statementTimeoutMs: 1400,
      idleInTransactionTimeoutMs: 1500,
    });
    expect(config).toMatchObject({
      connectionString: 'postgresql://u@h/db',
      max: 7,
      connectionTimeoutMillis: 1200,
      query_timeout: 1300,
      statement_timeout: 1400,
      idle_in_transaction_session_timeout: 1500,
      keepAlive: true,
      // Connections are replaced hourly, so no session's cached plans outlive the tables they were made for.
      maxLifetimeSeconds: 3600,
    });
    expect(typeof config.Client).toBe('function');
    // The connect timeout is the client's own (the pool's connectionTimeoutMillis is the acquire bound).
    expect(
      pgClientConfig('postgresql://u@h/db', {
        connectTimeoutMs: 1100,
        acquireTimeoutMs: 1200,
        queryTimeoutMs: 1300,
        statementTimeoutMs: 0,
        idleInTransactionTimeoutMs: 0,
      }),
    ).toEqual({
      connectionString: 'postgresql://u@h/db',
      connectionTimeoutMillis: 1100,
      query_timeout: 1300,
      keepAlive: true,
    });
  });

  it('reads the bounds from the environment, with defaults a service may change', () => {
    const schema = z.object({ ...pgTimeoutSettings({ statementTimeoutMs: 30_000 }), ...redisTimeoutSettings() });
    const defaults = loadConfig(schema, {});
    expect(pgTimeoutsFrom(defaults)).toEqual({ ...DEFAULT_PG_TIMEOUTS, statementTimeoutMs: 30_000 });
    expect(redisTimeoutsFrom(defaults)).toEqual(DEFAULT_REDIS_TIMEOUTS);
    const set = loadConfig(schema, {
      DATABASE_QUERY_TIMEOUT_MS: '800',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0',
      REDIS_COMMAND_TIMEOUT_MS: '500',
    });
    expect(pgTimeoutsFrom(set, /long/)).toMatchObject({
      queryTimeoutMs: 800,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 0,
      longStatements: /long/,
    });
    expect(redisTimeoutsFrom(set).commandTimeoutMs).toBe(500);
    expect(() => loadConfig(schema, { DATABASE_ACQUIRE_TIMEOUT_MS: '0' })).toThrow(/DATABASE_ACQUIRE_TIMEOUT_MS: must be between 100/);
    expect(() => loadConfig(schema, { REDIS_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/REDIS_CONNECT_TIMEOUT_MS: must be a whole number/);
  });

  it('gives Redis command connections a command timeout, and BullMQ worker connections none', () => {
    expect(redisOptions('commands', { connectTimeoutMs: 900, commandTimeoutMs: 700 })).toEqual({
      connectTimeout: 900,
      commandTimeout: 700,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    // Blocking commands wait longer than any command bound and must survive reconnects (BullMQ's requirement);
    // commandTimeout is there, undefined, so that duplicating a bounded connection with these options drops it.
    const blocking = redisOptions('blocking', { connectTimeoutMs: 900, commandTimeoutMs: 700 });
    expect(blocking).toEqual({ connectTimeout: 900, commandTimeout: undefined, maxRetriesPerRequest: null, enableOfflineQueue: true });
    expect(Object.keys(blocking)).toContain('commandTimeout');
  });
});

describe('errors of a bounded wait answer 503', () => {
  it.each([
    ['acquiring a pooled connection', new Error('timeout exceeded when trying to connect')],
    ['a new connection (the pool’s timer)', new Error('Connection terminated due to connection timeout')],
    ['a new connection (the client’s timer)', new Error('timeout expired')],
    ['a statement’s answer', new Error('Query read timeout')],
    ['a query on a connection closed after a timeout', new Error('Client was closed and is not queryable')],
    ['the server’s statement_timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    [
      'statement_timeout as Prisma reports it',
      new Error('Raw query failed. Code: `57014`. Message: `canceling statement due to statement timeout`'),
    ],
    [
      'the server’s idle_in_transaction_session_timeout as Prisma reports it',
      new Error('Database error. Code: `25P03`. Message: `terminating connection due to idle-in-transaction timeout`'),
    ],
    ['Prisma waiting to start a transaction', new Error('Transaction API error: Unable to start a transaction in the given time.')],
    [
      'Prisma’s transaction outliving its timeout',
      new Error('Transaction already closed: A query cannot be executed on an expired transaction.'),
    ],
    [
      'Prisma’s transaction outliving its timeout, found at commit',
      new Error(
        'Transaction already closed: A commit cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5123 ms passed since the start of the transaction. Consider increasing the interactive transaction timeout or doing less work in the transaction.',
      ),
    ],
    ['a Redis command', new Error('Command timed out')],
  ])('%s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('tells a database that did not answer at all from one that answered with an error', () => {
    for (const message of [
      'Query read timeout',
      'timeout exceeded when trying to connect',
      'Connection terminated due to connection timeout',
      'timeout expired',
    ]) {
      expect(isDependencyTimeout(new Error(message))).toBe(true);
    }
    expect(isDependencyTimeout(new Error('wrapped', { cause: new Error('Query read timeout') }))).toBe(true);
    expect(isDependencyTimeout(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(false);
    expect(isDependencyTimeout(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
  });

  it('but not an ordinary failure that mentions a timeout', () => {
    expect(isDependencyUnavailable(new Error('invalid input syntax for type integer: "timeout expired"'))).toBe(false);
    expect(isDependencyUnavailable(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false);
  });
});

describe('against servers', () => {
  // Accepts connections and never answers: a hung server, or a network that stopped passing packets.
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  const quick: PgTimeouts = {
    connectTimeoutMs: 300,
    acquireTimeoutMs: 400,
    queryTimeoutMs: 500,
    statementTimeoutMs: 0,
    idleInTransactionTimeoutMs: 0,
  };
  const elapsed = async (work: Promise<unknown>): Promise<{ error: unknown; ms: number }> => {
    const started = Date.now();
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    return { error, ms: Date.now() - started };
  };

  it('gives up connecting to a server that never answers, and waiting for a connection of a pool that cannot make one', async () => {
    const pool = createPgPool(`postgresql://nobody@127.0.0.1:${silentPort}/nothing`, 1, () => undefined, {
      ...quick,
      acquireTimeoutMs: 5000,
    });
    try {
      const connecting = await elapsed(pool.query('SELECT 1'));
      expect(isDependencyUnavailable(connecting.error)).toBe(true);
      expect(connecting.ms).toBeLessThan(3000);
    } finally {
      await pool.end();
    }
    const waiting = createPgPool(`postgresql://nobody@127.0.0.1:${silentPort}/nothing`, 1, () => undefined, {
      ...quick,
      connectTimeoutMs: 5000,
    });
    try {
      const [first, second] = await Promise.all([elapsed(waiting.query('SELECT 1')), elapsed(waiting.query('SELECT 2'))]);
      for (const attempt of [first!, second!]) {
        expect(isDependencyUnavailable(attempt.error)).toBe(true);
        expect(attempt.ms).toBeLessThan(3000);
      }
    } finally {
      await waiting.end();
    }
  });

  describe('on the real server', () => {
    const pool = createPgPool(testServerUrl(), 2, () => undefined, {
      ...quick,
      statementTimeoutMs: 2000,
      longStatements: /\bslow_but_legitimate\b/,
    });
    const admin = new pg.Pool({ connectionString: testServerUrl(), max: 1 });
    afterAll(async () => {
      await pool.end();
      await admin.end();
    });
    const backends = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            "SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE '%bounded-waits-probe%' AND pid <> pg_backend_pid()",
          )
        ).rows[0]!.n,
      );

    it('ends a transaction its holder left open with nothing running, and releases its locks', async () => {
      // The holder stalls mid-transaction (a frozen process, a lost network): the server must not keep its locks.
      const stalled = createPgPool(testServerUrl(), 1, () => undefined, { ...quick, idleInTransactionTimeoutMs: 500 });
      const holder = await stalled.connect();
      const holderErrors: Error[] = [];
      holder.on('error', (error) => holderErrors.push(error));
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT pg_advisory_xact_lock(424242) /* bounded-waits-probe idle */');
        // Another session waits for that lock; the server frees it once the holder has idled past its bound.
        const waiter = await admin.query<{ locked: boolean }>('SELECT pg_advisory_lock(424242) IS NOT NULL AS locked');
        expect(waiter.rows[0]!.locked).toBe(true);
        await admin.query('SELECT pg_advisory_unlock(424242)');
        await expect(holder.query('SELECT 1')).rejects.toThrow();
      } finally {
        holder.release(true);
        await stalled.end();
      }
    });

    it('fails a statement that does not answer in time and closes its connection, so it is never handed out again', async () => {
      const client = await pool.connect();
      const slow = await elapsed(client.query('SELECT pg_sleep(3) /* bounded-waits-probe */'));
      expect((slow.error as Error).message).toBe('Query read timeout');
      expect(slow.ms).toBeLessThan(2000);
      // The connection is closed at once: the next query fails fast instead of queueing behind the stuck one,
      // and releasing it without an error (as Prisma's transactions do) still takes it out of the pool.
      const next = await elapsed(client.query('SELECT 1'));
      expect(isDependencyUnavailable(next.error)).toBe(true);
      // Refused at once, not after a wait of its own: no timer of the pool's was involved.
      expect((next.error as Error).message).not.toBe('Query read timeout');
      client.release();
      expect(pool.totalCount).toBe(0);
      // The server ends the abandoned statement when it notices the closed connection.
      await expect(waitUntil(async () => (await backends()) === 0)).resolves.toBe(true);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    });

    it('lets a long statement wait up to the statement timeout, and the server ends it there', async () => {
      expect((await pool.query('SELECT pg_sleep(1) /* slow_but_legitimate */')).rowCount).toBe(1);
      const tooLong = await elapsed(pool.query('SELECT pg_sleep(5) /* slow_but_legitimate */'));
      expect((tooLong.error as { code?: string }).code).toBe('57014');
      // 57014 is the server's statement timeout: it ended the statement before its 5 s were up.
      expect(isDependencyUnavailable(tooLong.error)).toBe(true);
    });

    it('keeps a per-query timeout the caller sets', async () => {
      // Connecting gets all the time a busy machine needs: what is under test is the statement's own bound,
      // shown by outcomes rather than by which of two timers fired first.
      const patient = createPgPool(testServerUrl(), 1, () => undefined, { ...quick, connectTimeoutMs: 30_000, acquireTimeoutMs: 30_000 });
      try {
        await patient.query('SELECT 1');
        // Longer than the pool's 500 ms: kept, so the statement may finish.
        const longer = await patient.query({ text: 'SELECT pg_sleep(1) AS slept', query_timeout: 20_000 } as pg.QueryConfig);
        expect(longer.rowCount).toBe(1);
        // Shorter: kept too, and the wait is bounded far below the statement's 30 s.
        const shorter = await elapsed(patient.query({ text: 'SELECT pg_sleep(30)', query_timeout: 200 } as pg.QueryConfig));
        expect((shorter.error as Error).message).toBe('Query read timeout');
        expect(shorter.ms).toBeLessThan(15_000);
      } finally {
        await patient.end();
      }
    });
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
