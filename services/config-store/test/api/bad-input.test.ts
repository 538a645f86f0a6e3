import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { Agent } from 'supertest';
import { PASSWORD, USERNAME, createTestContext, record, type TestContext } from '../helpers/test-app.js';

let context: TestContext;
let agent: Agent;
beforeAll(async () => {
  context = await createTestContext();
  agent = await context.loggedInAgent();
});
afterAll(() => context.close());
beforeEach(async () => {
  await context.db.configuration.deleteMany();
  await context.db.configuration.create({ data: record('existing') });
});

const expectNothingChanged = async () => {
  const rows = await context.db.configuration.findMany();
  expect(rows.map((row) => ({ name: row.name, hostname: row.hostname, port: row.port, username: row.username }))).toEqual([
    record('existing'),
  ]);
};

describe('bad bodies on POST /configurations/', () => {
  it.each([
    ['a missing hostname', { name: 'x', port: 1, username: 'u' }, 'hostname is required'],
    ['a missing port', { name: 'x', hostname: 'h', username: 'u' }, 'port is required'],
    ['a string port', record('x', { port: '80' as unknown as number }), 'port must be an integer'],
    ['a fractional port', record('x', { port: 80.5 }), 'port must be an integer'],
    ['port 0', record('x', { port: 0 }), 'port must be between 1 and 65535'],
    ['port 65536', record('x', { port: 65536 }), 'port must be between 1 and 65535'],
    ['a numeric name', { ...record('x'), name: 7 }, 'name must be a string'],
    ['an empty name', record(''), 'name must not be empty'],
    ['a name with a slash', record('a/b'), 'must not contain "/"'],
    ['an over-long name', record('n'.repeat(256)), 'at most 255 characters'],
    ['an invalid host name', record('x', { hostname: 'not a host!' }), 'hostname must be a valid host name'],
    ['an empty user name', record('x', { username: '' }), 'username must not be empty'],
    ['an unknown field', { ...record('x'), password: 'p' }, 'unknown field "password"'],
    ['a JSON array', [record('x')], 'body must be a JSON object'],
    ['a JSON string', 'just text', 'body must be a JSON object'],
  ])('answers 400 naming the problem for %s, and stores nothing', async (_case, body, message) => {
    const response = await agent.post('/configurations/').set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    await expectNothingChanged();
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await agent.post('/configurations/').set('Content-Type', 'application/json').send('{"name": "x",');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('not valid JSON');
    await expectNothingChanged();
  });

  it('answers 400 for a body that is not valid UTF-8', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","hostname":"h","port":1,"username":"u"}'),
    ]);
    // supertest re-encodes strings and JSON-wraps buffers, so these bytes go through plain fetch.
    const server = context.app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const response = await fetch(`${base}/configurations/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: bytes,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('UTF-8');
    } finally {
      server.close();
    }
    await expectNothingChanged();
  });

  it('answers 413 with a message for a body over 1 MiB', async () => {
    const response = await agent.post('/configurations/').send({ ...record('x'), username: 'u'.repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.message).toContain('1 MiB');
    await expectNothingChanged();
  });

  it('answers 400 when the body is not sent as JSON', async () => {
    const response = await agent.post('/configurations/').type('form').send('name=x&hostname=h&port=1&username=u');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('Content-Type: application/json');
    await expectNothingChanged();
  });
});

describe('bad bodies on PATCH /configurations/:name', () => {
  it.each([
    ['an empty patch', {}, 'at least one of name, hostname, port, username'],
    ['a string port', { port: 'x' }, 'port must be an integer'],
    ['a null hostname', { hostname: null }, 'hostname must be a string'],
    ['an id', { id: 5 }, 'unknown field "id"'],
  ])('answers 400 naming the problem for %s, and changes nothing', async (_case, body, message) => {
    const response = await agent.patch('/configurations/existing').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    await expectNothingChanged();
  });
});
