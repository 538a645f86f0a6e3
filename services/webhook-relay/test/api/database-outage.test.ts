import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/prisma.js';
import { TenantDatabase } from '../../src/db/tenant-database.js';
import { checkedRequest } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('when PostgreSQL does not answer', () => {
  let context: TestContext;
  let tenant: TestTenant;
  const unreachable = openDatabase('postgresql://webhook_relay_app@127.0.0.1:1/webhook_relay', 1);

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(async () => {
    await unreachable.close().catch(() => undefined);
    await context.close();
  });

  it('answers 503 with Retry-After and a JSON error, never a 500', async () => {
    const app = createApp({ ...context.deps, pool: unreachable.pool, tenants: new TenantDatabase(unreachable.db) });
    const response = await checkedRequest(app).get('/v1/endpoints').set(tenant.auth).expect(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/retry/) } });
    await checkedRequest(app).get('/readyz').expect(503);
    await checkedRequest(app).get('/healthz').expect(200);
  });
});
