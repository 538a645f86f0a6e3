import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestContext, record, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

describe('requests without a logged-in session', () => {
  it.each([
    ['GET', '/configurations/'],
    ['GET', '/configurations/db'],
    ['POST', '/configurations/'],
    ['PATCH', '/configurations/db'],
    ['DELETE', '/configurations/db'],
    ['POST', '/logout'],
    ['GET', '/no-such-route'],
  ])('%s %s answers 403 and changes nothing', async (method, path) => {
    const response = await request(context.app)[method.toLowerCase() as 'get'](path).send(record('db'));
    expect(response.status).toBe(403);
    expect(response.body.message).toContain('log in first');
    expect(await context.db.configuration.count()).toBe(0);
  });

  it('answers 403 to a stranger before reading the body, malformed or not', async () => {
    const response = await request(context.app).post('/configurations/').set('Content-Type', 'application/json').send('{"name": ');
    expect(response.status).toBe(403);
    expect(await context.db.configuration.count()).toBe(0);
  });

  it('answers 403 for a forged session cookie', async () => {
    const response = await request(context.app).get('/configurations/').set('Cookie', 'config_store.sid=s%3Aforged.signature');
    expect(response.status).toBe(403);
  });

  it('leaves the health probes open', async () => {
    expect((await request(context.app).get('/healthz')).status).toBe(200);
    const ready = await request(context.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', redis: 'ok' });
  });
});
