import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger } from '@workspace/service-kit';
import { createApp } from '../../src/app.js';
import { checkedRequest } from '../helpers/contract.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

describe('secrets in logs and error bodies', () => {
  let context: TestContext;
  let lines = '';

  beforeAll(async () => {
    const destination = new Writable({ write: (chunk, _encoding, done) => void ((lines += chunk.toString()), done()) });
    context = await createTestContext({ logger: createLogger({ service: 'webhook-relay-test', level: 'trace', destination }) });
  });
  afterAll(() => context.close());

  it('never writes an API key, provider secret or ingest token to the log, even on failures', async () => {
    const app = createApp(context.deps);
    const tenant = await context.newTenant();
    const providerSecret = 'whsec_do-not-log-this-secret-0123456789';
    const endpoint = (await checkedRequest(app).post('/v1/endpoints').set(tenant.auth).send({ name: 'logged' }).expect(201)).body;
    await checkedRequest(app).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: providerSecret }).expect(201);
    await checkedRequest(app)
      .post(`/v1/endpoints/${endpoint.id}/secrets`)
      .set(tenant.auth)
      .send({ secret: providerSecret, colour: 1 })
      .expect(400);
    const key = (await checkedRequest(app).post('/v1/api-keys').set(tenant.auth).send({ name: 'logged' }).expect(201)).body.key;
    const refused = await checkedRequest(app).get('/v1/endpoints').set('Authorization', `Bearer ${key}x`).expect(401);

    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [tenant.apiKey, key, providerSecret, endpoint.ingest_url.split('/').pop()]) {
      expect(lines).not.toContain(secret);
      expect(refused.text).not.toContain(secret);
    }
  });

  it('records when an API key was last used', async () => {
    const tenant = await context.newTenant();
    const app = createApp(context.deps);
    await checkedRequest(app).get('/v1/endpoints').set(tenant.auth).expect(200);
    let lastUsed: string | null = null;
    for (let attempt = 0; attempt < 40 && !lastUsed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lastUsed = (await checkedRequest(app).get('/v1/api-keys').set(tenant.auth).expect(200)).body.data[0].last_used_at;
    }
    expect(lastUsed).toBe('2026-11-23T10:00:00.000Z');
  });
});
