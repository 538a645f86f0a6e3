// A connection the server drops while the application holds it (between two queries of a transaction)
// must not take the process down: pg emits 'error' on it, and without a listener Node would crash.
import { afterAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { createPgPool, pgPoolConfig } from '../src/pg-pool.js';
import { testServerUrl } from '../src/testing/index.js';

const pool = createPgPool(testServerUrl(), 2);
const admin = new pg.Pool({ connectionString: testServerUrl(), max: 1 });
afterAll(async () => {
  await pool.end();
  await admin.end();
});

it('survives the server dropping a checked-out connection; the holder’s next query fails instead', async () => {
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
  // pg emits 'error' on the client now; unhandled, it would end this test run as an uncaught exception.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await expect(client.query('SELECT 1')).rejects.toThrow();
  client.release(true);
  // The pool hands out a fresh connection afterwards.
  expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
});

it('replaces a pooled connection once its lifetime has passed (the hourly replacement, shortened)', async () => {
  // pgPoolConfig's maxLifetimeSeconds, as the pg-pool this project ships honours it: 1 s here instead of an hour.
  const shortLived = new pg.Pool({ ...pgPoolConfig(testServerUrl(), 1), maxLifetimeSeconds: 1 });
  try {
    const pid = async () => (await shortLived.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const first = await pid();
    expect(await pid()).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await pid()).not.toBe(first);
  } finally {
    await shortLived.end();
  }
});
