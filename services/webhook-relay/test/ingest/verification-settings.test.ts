import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { VerificationSettingsCache } from '../../src/domain/events/verification-settings.js';
import { verifyCapturedEvents } from '../../src/domain/events/verify-captured-events.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

const FIRST = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SECOND = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

// The verifier holds endpoints' settings between batches; these prove a change made through the API
// (here or on another replica) applies to the very next check.
describe('verification settings held between batches', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const createEndpoint = async (secret: string) => {
    const endpoint = (
      await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sw', provider: 'standard-webhooks' }).expect(201)
    ).body;
    const added = (await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret }).expect(201)).body;
    return { id: endpoint.id as string, path: new URL(endpoint.ingest_url).pathname, secretId: added.id as string };
  };
  const signedRequest = (secret: string, body: string, id: string) => {
    const at = context.runtime.now();
    return {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    };
  };
  const send = async (path: string, secret: string, body: string, id: string) => {
    const response = await fetch(`${ingest.url}${path}`, { method: 'POST', body, headers: signedRequest(secret, body, id) });
    expect(response.status).toBe(200);
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    return (await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body.verification;
  };

  it('stops verifying with a removed secret from the next event on, and verifies with the one added', async () => {
    const endpoint = await createEndpoint(FIRST);
    expect(await send(endpoint.path, FIRST, '{"n": 1}', 'msg_1')).toMatchObject({
      state: 'verified',
      matched_secret_id: endpoint.secretId,
    });
    await api(context).delete(`/v1/endpoints/${endpoint.id}/secrets/${endpoint.secretId}`).set(tenant.auth).expect(204);
    const second = (await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECOND }).expect(201))
      .body;
    expect(await send(endpoint.path, FIRST, '{"n": 2}', 'msg_2')).toMatchObject({ state: 'failed', cause: 'wrong_secret' });
    expect(await send(endpoint.path, SECOND, '{"n": 3}', 'msg_3')).toMatchObject({ state: 'verified', matched_secret_id: second.id });
  });

  it('applies a provider change to the next event', async () => {
    const endpoint = await createEndpoint(FIRST);
    expect(await send(endpoint.path, FIRST, '{"n": 1}', 'msg_1')).toMatchObject({ state: 'verified' });
    await api(context).patch(`/v1/endpoints/${endpoint.id}`).set(tenant.auth).send({ provider: 'stripe' }).expect(200);
    // Checked as Stripe now: a Standard Webhooks signature is not a Stripe-Signature header.
    expect(await send(endpoint.path, FIRST, '{"n": 2}', 'msg_2')).toMatchObject({
      state: 'failed',
      cause: 'missing_header',
      detail: { header: 'stripe-signature' },
    });
  });

  it('checks an event again when its endpoint changed after the settings were read (another replica)', async () => {
    const endpoint = await createEndpoint(FIRST);
    const settings = new VerificationSettingsCache({ pool: context.pool, sealed: context.deps.sealed });
    // This replica reads the endpoint's settings (the secret FIRST)...
    expect((await settings.settingsFor(tenant.tenantId, [endpoint.id])).get(endpoint.id)?.secrets).toHaveLength(1);
    // ...another removes the secret; an event signed with it arrives here.
    await api(context).delete(`/v1/endpoints/${endpoint.id}/secrets/${endpoint.secretId}`).set(tenant.auth).expect(204);
    const body = '{"late": true}';
    const headers = Object.entries(signedRequest(FIRST, body, 'msg_late'));
    const response = await fetch(`${ingest.url}${endpoint.path}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    await context.ownerPool.query('DELETE FROM event_checks WHERE event_id = $1', [event_id]);

    const seen: Array<number> = [];
    const outcomes = await verifyCapturedEvents({
      pool: context.pool,
      tenantId: tenant.tenantId,
      runtime: context.runtime,
      settings,
      ingestBase: 'http://x',
      events: [
        { id: event_id, held: { endpointId: endpoint.id, request: { method: 'POST', url: 'http://x', headers, body: Buffer.from(body) } } },
      ],
      verify: (input) => {
        seen.push(input.secrets.length);
        return {
          state: input.secrets.length ? 'verified' : 'unattempted',
          provider: input.provider,
          cause: input.secrets.length ? null : 'no_secret_configured',
          detail: null,
          matchedSecretId: input.secrets[0]?.id ?? null,
        };
      },
    });
    // Checked with the held secret, refused by the database as stale, checked again with none.
    expect(seen).toEqual([1, 0]);
    expect(outcomes.get(event_id)).toMatchObject({ state: 'unattempted', cause: 'no_secret_configured' });
    expect((await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body.verification).toMatchObject({
      state: 'unattempted',
      cause: 'no_secret_configured',
    });
  });

  it("reads an endpoint's settings again once they are older than maxAgeMs: opened secrets do not stay in memory indefinitely", async () => {
    const endpoint = await createEndpoint(FIRST);
    let reads = 0;
    const pool = new Proxy(context.pool, {
      get: (target, key) => (key === 'connect' ? () => ((reads += 1), target.connect()) : Reflect.get(target, key)),
    });
    let clock = 0;
    const settings = new VerificationSettingsCache({ pool, sealed: context.deps.sealed, maxAgeMs: 1000, now: () => clock });
    await settings.settingsFor(tenant.tenantId, [endpoint.id]);
    clock = 999;
    await settings.settingsFor(tenant.tenantId, [endpoint.id]);
    expect(reads).toBe(1);
    clock = 1000;
    expect((await settings.settingsFor(tenant.tenantId, [endpoint.id])).get(endpoint.id)?.secrets.map((secret) => secret.value)).toEqual([
      FIRST,
    ]);
    expect(reads).toBe(2);
  });

  it("moves an endpoint's verification version on with every secret and provider change, and only then", async () => {
    const endpoint = await createEndpoint(FIRST);
    const version = async () =>
      Number((await context.ownerPool.query('SELECT verification_version AS v FROM endpoints WHERE id = $1', [endpoint.id])).rows[0].v);
    const start = await version();
    await api(context).patch(`/v1/endpoints/${endpoint.id}`).set(tenant.auth).send({ name: 'renamed' }).expect(200);
    expect(await version()).toBe(start);
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECOND }).expect(201);
    expect(await version()).toBe(start + 1);
    await api(context).delete(`/v1/endpoints/${endpoint.id}/secrets/${endpoint.secretId}`).set(tenant.auth).expect(204);
    expect(await version()).toBe(start + 2);
    await api(context).patch(`/v1/endpoints/${endpoint.id}`).set(tenant.auth).send({ provider: 'stripe' }).expect(200);
    expect(await version()).toBe(start + 3);
  });
});
