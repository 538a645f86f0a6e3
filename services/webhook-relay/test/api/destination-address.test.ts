import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../../src/app.js';
import { EgressGuard } from '../../src/delivery/egress-guard.js';
import { checkedRequest } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

// A destination at an IP literal the delivery egress guard refuses is refused when it is registered or changed (400),
// not accepted to fail at every delivery. The guard's own judgment, on the host as URL parsing normalizes it.
describe('destination URLs at addresses deliveries may not reach', () => {
  let context: TestContext;
  let tenant: TestTenant;
  // A relay with nothing allow-listed (RELAY_EGRESS_ALLOW unset), next to the test config's (127.0.0.1/32).
  let strict: ReturnType<typeof createApp>;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    strict = createApp({ ...context.deps, egressGuard: new EgressGuard([]) });
  });
  afterAll(async () => {
    await context.close();
  });

  const create = (url: string, app = strict) =>
    checkedRequest(app).post('/v1/destinations').set(tenant.auth).send({ name: 'receiver', url });

  it.each([
    ['http://10.1.2.3/', '10.1.2.3', 'private'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'linkLocal'],
    ['http://127.0.0.1:8080/hook', '127.0.0.1', 'loopback'],
    ['http://[::1]/', '::1', 'loopback'],
    ['http://[::ffff:10.0.0.1]/', '::ffff:a00:1', 'private'],
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://0/', '0.0.0.0', 'unspecified'],
  ])('refuses %s with 400 naming %s and why', async (url, address, range) => {
    const answer = await create(url).expect(400);
    expect(answer.body.error.code).toBe('invalid_request');
    expect(answer.body.error.message).toContain(`url points at ${address}`);
    expect(answer.body.error.message).toContain(`a ${range} address`);
    expect(answer.body.error.message).toContain('RELAY_EGRESS_ALLOW');
    const { rows } = await context.ownerPool.query('SELECT count(*)::int AS n FROM destinations WHERE url = $1', [url]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses changing a destination’s URL to such an address, and keeps the URL it had', async () => {
    const created = (await create('https://hooks.example.com/in').expect(201)).body as { id: string };
    const answer = await checkedRequest(strict)
      .patch(`/v1/destinations/${created.id}`)
      .set(tenant.auth)
      .send({ url: 'http://169.254.169.254/' })
      .expect(400);
    expect(answer.body.error.message).toMatch(/^url points at 169\.254\.169\.254, where deliveries are refused: .*RELAY_EGRESS_ALLOW/);
    const kept = await checkedRequest(strict).get(`/v1/destinations/${created.id}`).set(tenant.auth).expect(200);
    expect(kept.body.url).toBe('https://hooks.example.com/in');
  });

  it('accepts public addresses, host names (judged at connect time) and allow-listed ranges', async () => {
    await create('http://93.184.216.34/hook').expect(201);
    await create('https://[2606:2800:220:1:248:1893:25c8:1946]/hook').expect(201);
    await create('http://localhost:9/hook').expect(201);
    // The test config allow-lists 127.0.0.1/32, as local receivers need.
    await create('http://127.0.0.1:9/hook', context.app).expect(201);
    await create('http://2130706433/', context.app).expect(201);
  });
});
