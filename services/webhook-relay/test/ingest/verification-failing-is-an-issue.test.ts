import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

const OLD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEW_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

// The commonest silent failure in receiving webhooks: the provider rotated its secret and the endpoint still
// holds the old one. Every request then fails verification; the relay makes that one issue of the endpoint.
describe('an endpoint whose requests fail verification has an issue, resolved when they verify again', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    endpoint = (
      await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'billing', provider: 'standard-webhooks' }).expect(201)
    ).body;
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: OLD_SECRET }).expect(201);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  /** A request the provider signed with `secret`, captured and checked. */
  const capture = async (secret: string, body: string, id: string) => {
    const eventId = await ingest.sendSigned(endpoint.ingest_url, secret, body, { id, at: context.runtime.now() });
    await ingest.ingest.verification.idle();
    return eventId;
  };
  const issues = async () => (await api(context).get(`/v1/issues?endpoint_id=${endpoint.id}`).set(tenant.auth).expect(200)).body.data;

  it('groups the failures of a rotated provider secret into one issue, and resolves it once the new secret is added', async () => {
    expect(await issues()).toEqual([]);
    await capture(OLD_SECRET, '{"ok":1}', 'msg_ok');
    expect(await issues()).toEqual([]);
    // The provider rotates; the endpoint still holds the old secret.
    const first = await capture(NEW_SECRET, '{"n":1}', 'msg_1');
    await capture(NEW_SECRET, '{"n":2}', 'msg_2');
    const last = await capture(NEW_SECRET, '{"n":3}', 'msg_3');
    const [issue, ...more] = await issues();
    expect(more).toEqual([]);
    expect(issue).toMatchObject({
      kind: 'verification_failed',
      state: 'open',
      endpoint_id: endpoint.id,
      destination_id: null,
      count: 3,
      last_event_id: last,
      last_error: expect.stringMatching(/wrong_secret/),
    });
    expect(issue.last_event_id).not.toBe(first);
    // The fix: the new secret is added; the next request verifies and resolves the issue.
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: NEW_SECRET }).expect(201);
    await capture(NEW_SECRET, '{"n":4}', 'msg_4');
    expect(await issues()).toEqual([expect.objectContaining({ id: issue.id, state: 'resolved', resolved_by: 'system:verification' })]);
  });
});
