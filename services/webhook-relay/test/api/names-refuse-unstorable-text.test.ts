// Issue 41, item 6: a NUL or a lone surrogate in a name or label used to answer 500 (PostgreSQL refuses them), and a
// name of only blank or private-use characters showed as nothing. Each is refused with 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createTestContext, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

const ADMIN_KEY = 'relay-admin-0123456789abcdefghijklmnopqrstuvwxyz';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let context: TestContext;
let tenant: TestTenant;
let endpointId: string;
let destinationId: string;

beforeAll(async () => {
  context = await createTestContext({
    config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: false, RELAY_ADMIN_API_KEY: ADMIN_KEY },
  });
  tenant = await context.newTenant();
  endpointId = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body.id;
  destinationId = (
    await api(context)
      .post('/v1/destinations')
      .set(tenant.auth)
      .send({ name: 'warehouse', url: 'https://hooks.example.com/in' })
      .expect(201)
  ).body.id;
});
afterAll(() => context.close());

type Method = 'post' | 'patch';
// Each request with the text under test in `field`; JSON.stringify writes a lone surrogate as the escape "\ud800".
const REQUESTS: Array<[what: string, method: Method, path: () => string, field: string, body: (text: string) => object, admin?: true]> = [
  ['endpoint name (create)', 'post', () => '/v1/endpoints', 'name', (text) => ({ name: text })],
  ['endpoint name (update)', 'patch', () => `/v1/endpoints/${endpointId}`, 'name', (text) => ({ name: text })],
  ['destination name (create)', 'post', () => '/v1/destinations', 'name', (text) => ({ name: text, url: 'https://hooks.example.com/in' })],
  ['destination name (update)', 'patch', () => `/v1/destinations/${destinationId}`, 'name', (text) => ({ name: text })],
  ['signing secret label', 'post', () => `/v1/destinations/${destinationId}/secrets/rotate`, 'label', (text) => ({ label: text })],
  [
    'provider secret label (add)',
    'post',
    () => `/v1/endpoints/${endpointId}/secrets`,
    'label',
    (text) => ({ secret: SECRET, label: text }),
  ],
  [
    'provider secret label (rotate)',
    'post',
    () => `/v1/endpoints/${endpointId}/secrets/rotate`,
    'label',
    (text) => ({ secret: SECRET, label: text }),
  ],
  ['API key name', 'post', () => '/v1/api-keys', 'name', (text) => ({ name: text })],
  ['admin tenant name', 'post', () => '/admin/tenants', 'name', (text) => ({ name: text }), true],
  ['admin tenant first key name', 'post', () => '/admin/tenants', 'api_key_name', (text) => ({ name: 'Acme', api_key_name: text }), true],
];
const TEXTS: Array<[what: string, text: string]> = [
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['only braille blanks', '\u2800\u2800'],
  ['only private-use characters', '\ue000\u{F0000}'],
];
const CASES = REQUESTS.flatMap((request) => TEXTS.map(([what, text]) => [request[0], what, request, text] as const));

describe('names and labels PostgreSQL cannot store, or that show nothing', () => {
  it.each(CASES)('refuses the %s with %s: 400 naming the field', async (_field, _text, [, method, path, field, body, admin], text) => {
    const response = await api(context)
      [method](path())
      .set(admin ? { Authorization: `Bearer ${ADMIN_KEY}` } : tenant.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body(text)));
    expect({ status: response.status, code: response.body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
    expect(response.body.error.message).toMatch(new RegExp(`^${field} must`));
  });

  it('stored none of them', async () => {
    const { rows } = await context.ownerPool.query<{ name: string }>(
      "SELECT name FROM endpoints UNION ALL SELECT name FROM destinations UNION ALL SELECT name FROM api_keys WHERE name NOT LIKE 'bootstrap%'",
    );
    expect(rows.map((row) => row.name).sort()).toEqual(['orders', 'warehouse']);
  });
});

describe('other stored text', () => {
  it.each(TEXTS.slice(0, 2))('refuses a subscription event type with %s: 400 naming event_types', async (_what, text) => {
    const response = await api(context)
      .post('/v1/subscriptions')
      .set(tenant.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ endpoint_id: endpointId, destination_id: destinationId, event_types: ['order.paid', text] }));
    expect({ status: response.status, code: response.body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
    expect(response.body.error.message).toMatch(/^event_types\.1: .*must/);
  });
});

describe('the OAuth registration of an MCP client', () => {
  it.each(TEXTS)('refuses a client_name with %s: 400 invalid_client_metadata naming it', async (_what, text) => {
    const response = await api(context)
      .post('/oauth/register')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ client_name: text, redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_client_metadata', error_description: expect.stringMatching(/^client_name must/) });
  });
});
