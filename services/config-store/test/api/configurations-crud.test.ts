import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Agent } from 'supertest';
import { createTestContext, record, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
let agent: Agent;
beforeAll(async () => {
  context = await createTestContext();
  agent = await context.loggedInAgent();
});
afterAll(() => context.close());
beforeEach(async () => {
  await context.db.configuration.deleteMany();
});

describe('POST /configurations/', () => {
  it('answers 200 with the created record and its integer id, in the configurations wrapper', async () => {
    const response = await agent.post('/configurations/').send(record('db'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ configurations: [{ id: expect.any(Number), ...record('db') }] });
    expect(Number.isInteger(response.body.configurations[0].id)).toBe(true);
  });

  it('accepts IP addresses as host names', async () => {
    expect((await agent.post('/configurations/').send(record('v4', { hostname: '10.1.2.3' }))).status).toBe(200);
    expect((await agent.post('/configurations/').send(record('v6', { hostname: '2001:db8::7' }))).status).toBe(200);
  });

  it('answers 409 with the colliding record when the name exists, and stores nothing', async () => {
    const existing = (await agent.post('/configurations/').send(record('db'))).body.configurations[0];
    const response = await agent.post('/configurations/').send(record('db', { port: 6543 }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ configurations: [existing] });
    expect(await context.db.configuration.count()).toBe(1);
  });
});

describe('GET /configurations/:name', () => {
  it('answers 200 with the record', async () => {
    const created = (await agent.post('/configurations/').send(record('cache'))).body.configurations[0];
    const response = await agent.get('/configurations/cache');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ configurations: [created] });
  });

  it('finds names that need percent-encoding in the path', async () => {
    await agent
      .post('/configurations/')
      .send(record('my db (eu)', { hostname: 'db.example.com' }))
      .expect(200);
    expect((await agent.get('/configurations/my%20db%20(eu)')).status).toBe(200);
  });

  it('answers 404 with a message for an unknown name', async () => {
    const response = await agent.get('/configurations/missing');
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('missing');
  });

  it('answers 400, not 500, for a path that is not valid percent-encoding', async () => {
    expect((await agent.get('/configurations/%E0%A4%A')).status).toBe(400);
  });
});

describe('PATCH /configurations/:name', () => {
  it('changes only the fields sent', async () => {
    const created = (await agent.post('/configurations/').send(record('db'))).body.configurations[0];
    const response = await agent.patch('/configurations/db').send({ port: 6432 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ configurations: [{ ...created, port: 6432 }] });
  });

  it('renames a record, which is then found under its new name only', async () => {
    await agent.post('/configurations/').send(record('old'));
    const response = await agent.patch('/configurations/old').send({ name: 'new' });
    expect(response.status).toBe(200);
    expect(response.body.configurations[0].name).toBe('new');
    expect((await agent.get('/configurations/old')).status).toBe(404);
    expect((await agent.get('/configurations/new')).status).toBe(200);
  });

  it('accepts a rename onto its own current name', async () => {
    await agent.post('/configurations/').send(record('same'));
    expect((await agent.patch('/configurations/same').send({ name: 'same', port: 1 })).status).toBe(200);
  });

  it('answers 409 with the colliding record when renaming onto an existing name, and changes nothing', async () => {
    const a = (await agent.post('/configurations/').send(record('a'))).body.configurations[0];
    const b = (await agent.post('/configurations/').send(record('b'))).body.configurations[0];
    const response = await agent.patch('/configurations/a').send({ name: 'b', port: 1 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ configurations: [b] });
    expect((await agent.get('/configurations/a')).body.configurations[0]).toEqual(a);
  });

  it('answers 404 for an unknown name', async () => {
    expect((await agent.patch('/configurations/missing').send({ port: 1 })).status).toBe(404);
  });
});

describe('DELETE /configurations/:name', () => {
  it('answers 209 when found, after which the record is gone', async () => {
    await agent.post('/configurations/').send(record('db'));
    const response = await agent.delete('/configurations/db');
    expect(response.status).toBe(209);
    expect((await agent.get('/configurations/db')).status).toBe(404);
    expect((await agent.delete('/configurations/db')).status).toBe(404);
  });

  it('answers 404 when no record has the name', async () => {
    const response = await agent.delete('/configurations/missing');
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('missing');
  });
});

describe('concurrent creates of one name', () => {
  it('lets exactly one win; the others get 409 with the winner', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => agent.post('/configurations/').send(record('contested', { port: 1000 + i }))),
    );
    const winners = attempts.filter((response) => response.status === 200);
    const losers = attempts.filter((response) => response.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser.body).toEqual({ configurations: [winners[0]!.body.configurations[0]] });
    expect(await context.db.configuration.count()).toBe(1);
  });
});
