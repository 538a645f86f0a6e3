import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { VerificationSettingsCache } from '../../src/domain/events/verification-settings.js';
import { verifyCapturedEvents } from '../../src/domain/events/verify-captured-events.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { TWILIO_AUTH_TOKEN, twilioRequest } from '../helpers/twilio-signature.js';

// Events keep their path without the ingest token; a provider that signs the URL it called (Twilio
// here) is checked against the URL rebuilt from the sealed token the event came in on.
describe('providers that sign the URL, with the token kept out of events', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let twilio: { id: string; ingest_url: string };
  let secretId: string;
  const captured: { form?: string; json?: string } = {};

  const capture = async ({ target, init }: { target: string; init: RequestInit }) => {
    const response = await fetch(`${ingest.url}${target}`, init);
    expect(response.status).toBe(200);
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    return event_id;
  };
  const eventOf = async (id: string) => (await api(context).get(`/v1/events/${id}`).set(tenant.auth).expect(200)).body;
  const stored = async (id: string) =>
    (await context.ownerPool.query('SELECT path, query, ingest_token_id FROM events WHERE id = $1', [id])).rows[0];
  const tokenRows = async () =>
    (
      await context.ownerPool.query('SELECT id, token_hint, revoked_at FROM ingest_tokens WHERE endpoint_id = $1 ORDER BY created_at, id', [
        twilio.id,
      ])
    ).rows;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    twilio = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'twilio', provider: 'twilio' }).expect(201)).body;
    secretId = (
      await api(context).post(`/v1/endpoints/${twilio.id}/secrets`).set(tenant.auth).send({ secret: TWILIO_AUTH_TOKEN }).expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  it('verifies form and JSON posts at capture, storing the path after the token and which token it was', async () => {
    const path = ingest.pathOf(twilio.ingest_url);
    captured.form = await capture(
      twilioRequest(`${path}/sms/status`, 'attempt=1', { form: 'MessageSid=SM1&To=%2B15550001111&Body=Hi+there' }),
    );
    captured.json = await capture(twilioRequest(path, '', { json: '{"CallSid":"CA1","CallStatus":"completed"}' }));

    const [token] = await tokenRows();
    expect(await stored(captured.form)).toEqual({ path: '/sms/status', query: 'attempt=1', ingest_token_id: token.id });
    expect(await stored(captured.json)).toEqual({
      path: '',
      query: expect.stringMatching(/^bodySHA256=[0-9a-f]{64}$/),
      ingest_token_id: token.id,
    });
    const form = await eventOf(captured.form);
    expect(form).toMatchObject({ path: `/whep_…${token.token_hint}/sms/status`, query: 'attempt=1', provider: 'twilio' });
    expect(form.verification).toMatchObject({ state: 'verified', matched_secret_id: secretId });
    expect((await eventOf(captured.json)).verification).toMatchObject({ state: 'verified', matched_secret_id: secretId });
  });

  it('checks an event again after a rotation against the token it came in on, which rotation keeps (revoked)', async () => {
    await api(context).post(`/v1/endpoints/${twilio.id}/ingest-url/rotate`).set(tenant.auth).expect(200);
    const rows = await tokenRows();
    expect(rows).toHaveLength(2);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
    expect(rows[1].revoked_at).toBeNull();

    // As after a crash between capture and check: the sweep reads the events back and checks them.
    const ids = [captured.form!, captured.json!];
    await context.ownerPool.query('DELETE FROM event_checks WHERE event_id = ANY($1::uuid[])', [ids]);
    context.runtime.advance(60_000);
    expect((await eventOf(ids[0]!)).verification).toMatchObject({ state: null, pending: true });
    expect(await ingest.ingest.verification.sweep()).toBe(2);
    await ingest.ingest.verification.idle();
    for (const id of ids) expect((await eventOf(id)).verification).toMatchObject({ state: 'verified', matched_secret_id: secretId });
  });

  it('verifies what arrives on the new URL, and keeps the new token out of the event too', async () => {
    const url = (await api(context).get(`/v1/endpoints/${twilio.id}/ingest-url`).set(tenant.auth).expect(200)).body.ingest_url as string;
    const id = await capture(twilioRequest(`${ingest.pathOf(url)}/voice`, '', { form: 'CallSid=CA2' }));
    const current = (await tokenRows())[1];
    expect(await stored(id)).toEqual({ path: '/voice', query: '', ingest_token_id: current.id });
    expect(await eventOf(id)).toMatchObject({ path: `/whep_…${current.token_hint}/voice`, verification: { state: 'verified' } });
  });

  it('opens a sealed token only for events whose provider signs the URL, once per token and batch', async () => {
    const other = (
      await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sw', provider: 'standard-webhooks' }).expect(201)
    ).body;
    await api(context)
      .post(`/v1/endpoints/${other.id}/secrets`)
      .set(tenant.auth)
      .send({ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
      .expect(201);
    const unsigned = await capture({ target: ingest.pathOf(other.ingest_url), init: { method: 'POST', body: '{}' } });
    const ids = [captured.form!, captured.json!, unsigned];
    await context.ownerPool.query('DELETE FROM event_checks WHERE event_id = ANY($1::uuid[])', [ids]);

    const settings = new VerificationSettingsCache({ pool: context.pool, sealed: context.deps.sealed });
    const opened = jest.spyOn(settings, 'openIngestTokens');
    const check = (eventIds: string[]) =>
      verifyCapturedEvents({
        pool: context.pool,
        tenantId: tenant.tenantId,
        events: eventIds.map((id) => ({ id })),
        runtime: context.runtime,
        settings,
        ingestBase: 'https://in.example.test',
      });

    expect((await check([unsigned])).get(unsigned)).toMatchObject({ provider: 'standard-webhooks', state: 'failed' });
    expect(opened).not.toHaveBeenCalled();
    const outcomes = await check([captured.form!, captured.json!]);
    expect([...outcomes.values()].map((outcome) => outcome.state)).toEqual(['verified', 'verified']);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.calls[0]![1]).toEqual([(await tokenRows())[0].id]);
  });
});
