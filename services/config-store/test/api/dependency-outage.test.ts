import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { testServerUrl } from '@workspace/service-kit/testing';
import { PASSWORD, USERNAME, createTestContext, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
// A pool pointed at a port nothing listens on: PostgreSQL is down for the reads that use it.
const deadPool = new pg.Pool({ connectionString: 'postgresql://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await deadPool.end();
  await context.close();
});

describe('when PostgreSQL cannot be reached', () => {
  it('answers 503 with a message and Retry-After instead of a 500', async () => {
    const app = context.buildApp({}, { pool: deadPool });
    const agent = request.agent(app);
    await agent.post('/login').send({ username: USERNAME, password: PASSWORD }).expect(200);
    const response = await agent.get('/configurations/anything');
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body.message).toContain('temporarily unavailable');
  });
});

describe('when the server closes an idle connection', () => {
  it('drops it from the pool and keeps serving, instead of crashing the process', async () => {
    const agent = await context.loggedInAgent();
    await agent.post('/configurations/').send({ name: 'kept', hostname: 'h.example.com', port: 1, username: 'u' }).expect(200);
    expect((await agent.get('/configurations/kept')).status).toBe(200);
    const admin = new pg.Client({ connectionString: testServerUrl() });
    await admin.connect();
    try {
      const database = (await context.pool.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        database,
      ]);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await agent.get('/configurations/kept')).status).toBe(200);
  });
});
