import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import request, { type Agent } from 'supertest';
import { hashPassword } from '../../src/domain/password-hash.js';
import { PASSWORD, USERNAME, createTestContext, record, type TestContext } from '../helpers/test-app.js';

// Issue 23: a lone surrogate was stored as U+FFFD (two names, one record), invisible and bidi control
// characters made different names look the same, and "é" precomposed and decomposed were two names.
const PRECOMPOSED = 'caf\u00e9';
const DECOMPOSED = 'cafe\u0301';

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

const entry = (name: string, overrides: Parameters<typeof record>[1] = {}) => record(name, { hostname: 'db.example.com', ...overrides });
// JSON.stringify writes a lone surrogate as the escape "\ud800", as a client would send it.
const postRaw = (body: unknown) => agent.post('/configurations/').set('Content-Type', 'application/json').send(JSON.stringify(body));
const storedNames = async () => (await context.db.configuration.findMany({ orderBy: { id: 'asc' } })).map((row) => row.name);

describe('names that are not well-formed Unicode', () => {
  it('answers 400 naming the field for a lone surrogate in the name, and stores nothing', async () => {
    const response = await postRaw(entry('db-\ud800'));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'name must be well-formed Unicode (it contains a lone surrogate)' });
    expect(await storedNames()).toEqual([]);
  });

  it('keeps two different lone surrogates from becoming one stored name', async () => {
    expect((await postRaw(entry('x\ud800'))).status).toBe(400);
    expect((await postRaw(entry('x\udbff'))).status).toBe(400);
    expect((await postRaw(entry('x\ufffd'))).status).toBe(200);
    expect(await storedNames()).toEqual(['x\ufffd']);
  });

  it('answers 400 naming the field for a lone surrogate in the new name of a PATCH, and changes nothing', async () => {
    await agent.post('/configurations/').send(entry('db')).expect(200);
    const response = await agent
      .patch('/configurations/db')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: '\udc00' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('name must be well-formed Unicode (it contains a lone surrogate)');
    expect(await storedNames()).toEqual(['db']);
  });

  it('answers 400 for a lone surrogate in the user name of a record', async () => {
    const response = await postRaw(entry('db', { username: 'app\ud800' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('username must be well-formed Unicode (it contains a lone surrogate)');
    expect(await storedNames()).toEqual([]);
  });

  it('answers 400 for a surrogate sent as raw UTF-8 bytes (ED A0 80), which is not valid UTF-8', async () => {
    const body = Buffer.concat([
      Buffer.from('{"name":"db-'),
      Buffer.from([0xed, 0xa0, 0x80]),
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
        body,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('UTF-8');
    } finally {
      server.close();
    }
    expect(await storedNames()).toEqual([]);
  });

  it('answers 400, not 500, for a surrogate percent-encoded in the path', async () => {
    expect((await agent.get('/configurations/db-%ED%A0%80')).status).toBe(400);
  });
});

describe('invisible and bidirectional control characters', () => {
  it.each([
    ['a right-to-left override (U+202E)', 'invoice\u202Egpj.exe', 'U+202E'],
    ['a zero-width space (U+200B)', 'd\u200Bb', 'U+200B'],
    ['a zero-width joiner (U+200D)', 'db\u200D', 'U+200D'],
    ['a word joiner (U+2060)', 'd\u2060b', 'U+2060'],
    ['a byte order mark (U+FEFF)', '\uFEFFdb', 'U+FEFF'],
    ['a left-to-right mark (U+200E)', 'db\u200E', 'U+200E'],
    ['a right-to-left isolate (U+2067)', '\u2067db', 'U+2067'],
    ['an Arabic letter mark (U+061C)', 'db\u061C', 'U+061C'],
  ])('answers 400 naming the field and the character for %s in the name, and stores nothing', async (_case, name, codePoint) => {
    const response = await postRaw(entry(name));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: `name must not contain invisible or bidirectional control characters (found ${codePoint})` });
    expect(await storedNames()).toEqual([]);
  });

  it('answers 400 for a C1 control character (U+0085) in the name', async () => {
    const response = await postRaw(entry('db\u0085'));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('name must not contain "/" or control characters');
  });

  it('answers 400 for a zero-width space in the user name and a right-to-left override in the host name', async () => {
    expect((await postRaw(entry('db', { username: 'app\u200B' }))).body.message).toContain('username must not contain invisible');
    expect((await postRaw(entry('db', { hostname: 'db\u202E.example.com' }))).body.message).toContain('hostname must be a valid host name');
    expect(await storedNames()).toEqual([]);
  });

  it('answers 400 when a PATCH renames to a name with a zero-width space, and changes nothing', async () => {
    await agent.post('/configurations/').send(entry('db')).expect(200);
    const response = await agent.patch('/configurations/db').send({ name: 'd\u200Bb' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('name must not contain invisible');
    expect(await storedNames()).toEqual(['db']);
  });

  it('still finds and deletes a record stored with such a character before names were checked', async () => {
    await context.db.configuration.create({ data: entry('old\u202Ename') });
    expect((await agent.get(`/configurations/${encodeURIComponent('old\u202Ename')}`)).status).toBe(200);
    expect((await agent.delete(`/configurations/${encodeURIComponent('old\u202Ename')}`)).status).toBe(209);
    expect(await storedNames()).toEqual([]);
  });
});

// Issue 41: names of only braille blanks or private-use characters were accepted, and showed as nothing.
describe('names with no visible character', () => {
  it.each([
    ['only braille blanks (U+2800)', '\u2800\u2800\u2800'],
    ['only private-use characters (U+E000, U+F8FF)', '\ue000\uf8ff'],
    ['only supplementary private-use characters (planes 15 and 16)', '\u{F0000}\u{10FFFD}'],
    ['braille blanks between spaces', ' \u2800 '],
  ])('answers 400 naming the field for a name of %s, and stores nothing', async (_case, name) => {
    const response = await postRaw(entry(name));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: expect.stringMatching(/^name must contain at least one visible character/) });
    expect(await storedNames()).toEqual([]);
  });

  it('answers 400 when a PATCH renames to a private-use name, and changes nothing', async () => {
    await agent.post('/configurations/').send(entry('db')).expect(200);
    const response = await agent.patch('/configurations/db').send({ name: '\ue001' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^name must contain at least one visible character/);
    expect(await storedNames()).toEqual(['db']);
  });

  it('accepts a name with a visible character next to a private-use one', async () => {
    await agent.post('/configurations/').send(entry('db\ue000')).expect(200);
    expect(await storedNames()).toEqual(['db\ue000']);
  });
});

describe('one normalization form (NFC)', () => {
  it('stores a decomposed name precomposed', async () => {
    const response = await agent.post('/configurations/').send(entry(DECOMPOSED, { username: 'jose\u0301' }));
    expect(response.status).toBe(200);
    expect(response.body.configurations[0]).toMatchObject({ name: PRECOMPOSED, username: 'jos\u00e9' });
    expect(await storedNames()).toEqual([PRECOMPOSED]);
  });

  it('answers 409 with the first record when the same name comes again in the other form, and stores nothing', async () => {
    const first = (await agent.post('/configurations/').send(entry(PRECOMPOSED))).body.configurations[0];
    const second = await agent.post('/configurations/').send(entry(DECOMPOSED, { port: 6543 }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ configurations: [first] });
    expect(await storedNames()).toEqual([PRECOMPOSED]);
  });

  it('answers 409 when a PATCH renames to the other form of an existing name', async () => {
    const existing = (await agent.post('/configurations/').send(entry(PRECOMPOSED))).body.configurations[0];
    await agent.post('/configurations/').send(entry('other')).expect(200);
    const response = await agent.patch('/configurations/other').send({ name: DECOMPOSED });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ configurations: [existing] });
  });

  it('finds, modifies and deletes the record by the decomposed name in the path', async () => {
    const created = (await agent.post('/configurations/').send(entry(PRECOMPOSED))).body.configurations[0];
    const path = `/configurations/${encodeURIComponent(DECOMPOSED)}`;
    expect((await agent.get(path)).body).toEqual({ configurations: [created] });
    expect((await agent.patch(path).send({ port: 6000 })).body).toEqual({ configurations: [{ ...created, port: 6000 }] });
    expect((await agent.delete(path)).status).toBe(209);
    expect(await storedNames()).toEqual([]);
  });

  it('logs in with the user name in either form', async () => {
    await context.db.user.create({ data: { username: 'jos\u00e9', passwordHash: await hashPassword('s3cret-pw') } });
    expect((await request(context.app).post('/login').send({ username: 'jose\u0301', password: 's3cret-pw' })).status).toBe(200);
    expect((await request(context.app).post('/login').send({ username: 'jos\u00e9', password: 's3cret-pw' })).status).toBe(200);
  });
});
