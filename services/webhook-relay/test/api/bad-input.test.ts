import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('bad input on the API', () => {
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(() => context.close());

  // The bytes exactly as given: supertest would otherwise encode a Buffer as JSON itself.
  const post = (body: string | Buffer, type = 'application/json') =>
    checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Content-Type', type)
      .serialize(() => body as unknown as string)
      .send(body as never);

  it.each([
    ['malformed JSON', '{"name": ', 400, /not valid JSON/],
    ['a JSON array instead of an object', '["orders"]', 400, /object/],
    ['a number where a string belongs', '{"name": 5}', 400, /name/],
    ['an unknown field', '{"name": "x", "colour": "red"}', 400, /unknown field "colour"/],
  ])('answers %s with a JSON 4xx naming the problem', async (_case, body, status, message) => {
    const response = await post(body).expect(status);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.error.message).toMatch(message);
  });

  it('refuses invalid UTF-8 with 400', async () => {
    const response = await post(Buffer.concat([Buffer.from('{"name": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])).expect(400);
    expect(response.body.error.message).toMatch(/UTF-8/);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(300 * 1024) })).expect(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('answers unknown routes with a JSON 404 and stores nothing after any of the above', async () => {
    expect((await checkedApi(context).get('/v1/nothing-here').set(tenant.auth).expect(404)).body.error.code).toBe('not_found');
    const { rows } = await context.ownerPool.query('SELECT count(*)::int AS n FROM endpoints');
    expect(rows[0].n).toBe(0);
  });
});
