import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { PASSWORD, USERNAME, createTestContext, type TestContext } from '../helpers/test-app.js';

const SESSION_TTL_SECONDS = 4;
let context: TestContext;
beforeAll(async () => {
  // Long enough that a login and the first request fit inside it on a loaded CI machine (1 s did not).
  context = await createTestContext({ SESSION_TTL_SECONDS: SESSION_TTL_SECONDS });
});
afterAll(() => context.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session lifetime', () => {
  it('refuses a session once its lifetime has passed', async () => {
    const agent = await context.loggedInAgent();
    expect((await agent.get('/configurations/')).status).toBe(200);
    // Redis expires the session key; waiting is the only honest way to see it happen.
    await sleep(SESSION_TTL_SECONDS * 1000 + 500);
    expect((await agent.get('/configurations/')).status).toBe(403);
  });
});

describe('sessions shared between replicas and restarts', () => {
  it('accepts a login made on one replica at another one, and after a restart', async () => {
    const replicaA = context.buildApp({ SESSION_TTL_SECONDS: 3600 });
    const replicaB = context.buildApp({ SESSION_TTL_SECONDS: 3600 });
    const login = await request(replicaA).post('/login').send({ username: USERNAME, password: PASSWORD }).expect(200);
    const cookies = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    expect(cookies).toContain('config_store.sid=');
    expect((await request(replicaB).get('/configurations/').set('Cookie', cookies)).status).toBe(200);

    const restarted = context.buildApp({ SESSION_TTL_SECONDS: 3600 });
    expect((await request(restarted).get('/configurations/').set('Cookie', cookies)).status).toBe(200);
  });

  it('refuses the session at every replica once it logged out at one of them', async () => {
    const replicaA = context.buildApp({ SESSION_TTL_SECONDS: 3600 });
    const replicaB = context.buildApp({ SESSION_TTL_SECONDS: 3600 });
    const login = await request(replicaA).post('/login').send({ username: USERNAME, password: PASSWORD }).expect(200);
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
    // B now holds the session in its local copy.
    expect((await request(replicaB).get('/configurations/').set('Cookie', cookie)).status).toBe(200);
    expect((await request(replicaB).get('/configurations/').set('Cookie', cookie)).status).toBe(200);

    expect((await request(replicaA).post('/logout').set('Cookie', cookie)).status).toBe(200);
    // The change reaches B through Redis pub/sub; allow its delivery, never more than the cache bound.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 403; attempt += 1) {
      status = (await request(replicaB).get('/configurations/').set('Cookie', cookie)).status;
      if (status !== 403) await sleep(50);
    }
    expect(status).toBe(403);
  });
});
