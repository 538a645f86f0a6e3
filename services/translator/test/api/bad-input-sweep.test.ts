// Every endpoint, every kind of bad request: malformed JSON, non-object JSON, wrong types, unknown
// parameters, invalid UTF-8, bodies over the limit, odd methods. Each gets a 4xx with a JSON message,
// never a 5xx, and nothing is created or metered.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { enEsEngine } from '../helpers/en-es-engine.js';
import { auth, createTestContext, type TestContext } from '../helpers/test-app.js';

const engine = enEsEngine(async (segments) => segments.map((text) => ({ text: `es:${text}`, detectedSource: 'EN' })));

let ctx: TestContext;
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext({ engine });
  server = await ctx.listen();
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

const ENDPOINTS: [method: 'get' | 'post' | 'put', path: string][] = [
  ['post', '/v2/translate'],
  ['post', '/v2/write/rephrase'],
  ['post', '/v2/write/correct'],
  ['get', '/v2/languages'],
  ['post', '/v2/languages'],
  ['get', '/v3/languages'],
  ['get', '/v3/languages/resources'],
  ['get', '/v2/usage'],
  ['post', '/v2/usage'],
  ['post', '/v2/admin/developer-keys'],
  ['get', '/v2/admin/developer-keys'],
  ['put', '/v2/admin/developer-keys/deactivate'],
  ['put', '/v2/admin/developer-keys/label'],
  ['put', '/v2/admin/developer-keys/limits'],
  ['get', '/v2/admin/analytics'],
  ['get', '/v2/admin/analytics/custom-tags'],
  ['post', '/v2/document/0123456789ABCDEF0123456789ABCDEF'],
  ['post', '/v2/document/0123456789ABCDEF0123456789ABCDEF/result'],
];
const WRITES = ENDPOINTS.filter(([method]) => method !== 'get');

/** What must not move: the keys, their labels and limits, and every usage row. */
async function state(): Promise<string> {
  const keys = await ctx.db.apiKey.findMany({
    orderBy: { id: 'asc' },
    select: { id: true, label: true, deactivatedAt: true, characterLimit: true },
  });
  const usage = await ctx.db.dailyUsage.findMany({ orderBy: { apiKeyId: 'asc' } });
  return JSON.stringify({ keys, usage }, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

function expectClientError(response: { status: number; body: unknown; headers: Record<string, string> }): void {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(typeof (response.body as { message?: unknown }).message).toBe('string');
  expect(response.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
}

describe('bad bodies on every endpoint that takes one', () => {
  const bodies: [string, string, string][] = [
    ['malformed JSON', 'application/json', '{"text": ["Hi"],'],
    ['a JSON array', 'application/json', '[{"key_id": "x"}]'],
    ['a JSON string', 'application/json', '"just text"'],
    ['a JSON number', 'application/json', '42'],
    ['wrong types', 'application/json', '{"text": 5, "target_lang": ["ES"], "key_id": {}, "label": false, "characters": "many"}'],
    ['an unknown parameter', 'application/json', '{"no_such_parameter": 1}'],
    ['XML', 'application/xml', '<text>Hi</text>'],
    ['a bad form escape', 'application/x-www-form-urlencoded', 'text=%E0%A4%A&target_lang=ES'],
  ];
  it.each(WRITES.flatMap(([method, path]) => bodies.map(([name, type, body]) => [method, path, name, type, body] as const)))(
    '%s %s with %s: 4xx (an unknown parameter: ignored), nothing changed',
    async (method, path, name, type, body) => {
      const before = await state();
      const response = await request(ctx.app)[method](path).set(auth(ctx.adminKey)).set('Content-Type', type).send(body);
      // DeepL ignores parameters it does not know (deepl-node's extraRequestParameters): the request is
      // then judged on the rest, so a route with required parameters still answers 400, and one without
      // (languages, usage, a developer key with its default label) does its work.
      const ignorable = name === 'an unknown parameter' || (name === 'wrong types' && /languages|usage/.test(path));
      if (ignorable && response.status < 300) return;
      expectClientError(response);
      expect(await state()).toBe(before);
    },
  );

  it.each(WRITES)('%s %s with invalid UTF-8: 400, nothing changed', async (method, path) => {
    const before = await state();
    const bytes = Buffer.concat([
      Buffer.from('{"text": ["'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"], "target_lang": "ES", "label": "x"}'),
    ]);
    // supertest would re-encode a string body: the bytes go through fetch as they are.
    const response = await fetch(`${server.url}${path}`, {
      method: method.toUpperCase(),
      headers: { ...auth(ctx.adminKey), 'content-type': 'application/json' },
      body: bytes,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/UTF-8/);
    expect(await state()).toBe(before);
  });

  it.each(WRITES)('%s %s with a 600 KiB body: 413 with a message, nothing changed', async (method, path) => {
    const before = await state();
    const response = await request(ctx.app)
      [method](path)
      .set(auth(ctx.adminKey))
      .send({ text: ['a'.repeat(600 * 1024)], target_lang: 'ES', label: 'x' });
    expect(response.status).toBe(413);
    expectClientError(response);
    expect(await state()).toBe(before);
  });
});

describe('bad queries on every endpoint that reads one', () => {
  it.each(ENDPOINTS.filter(([method]) => method === 'get').map(([, path]) => path))(
    'GET %s with repeated parameters: 4xx; with an unknown one: ignored',
    async (path) => {
      expectClientError(
        await request(ctx.app).get(`${path}?type=source&type=target&start_date=2026-01-01&start_date=x`).set(auth(ctx.adminKey)),
      );
      const unknown = await request(ctx.app).get(`${path}?start_date=2026-01-01&end_date=2026-01-02&bogus=1`).set(auth(ctx.adminKey));
      expect(unknown.status).toBeLessThan(500);
    },
  );
});

describe('odd methods and unknown paths', () => {
  it.each(['DELETE', 'PATCH', 'OPTIONS', 'PROPFIND'])('%s on the endpoints: 4xx with a message, nothing changed', async (method) => {
    const before = await state();
    for (const [, path] of ENDPOINTS) {
      const response = await fetch(`${server.url}${path}`, { method, headers: auth(ctx.adminKey) });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await state()).toBe(before);
  });

  it('an unknown path: 404 with a message', async () => {
    const response = await request(ctx.app).get('/v2/glossaries-that-do-not-exist').set(auth(ctx.adminKey));
    expect(response.status).toBe(404);
    expectClientError(response);
  });
});
