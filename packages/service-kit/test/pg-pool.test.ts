// A connection the server drops while the application holds it (between two queries of a transaction)
// must not take the process down: pg emits 'error' on it, and without a listener Node would crash.
import { afterAll, expect, it } from '@jest/globals';
import pg from 'pg';
import { createPgPool } from '../src/pg-pool.js';
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
