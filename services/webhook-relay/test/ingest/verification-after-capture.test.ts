import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { VerificationSettingsCache } from '../../src/domain/events/verification-settings.js';
import { verifyCapturedEvents } from '../../src/domain/events/verify-captured-events.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('verification after capture', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sw', provider: 'standard-webhooks' }).expect(201))
      .body;
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  // Signed by the official standardwebhooks library, at the test clock's time.
  const signed = (body: string, id = 'msg_1') => {
    const timestamp = context.runtime.now();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, timestamp, body),
    };
  };
  const newSettings = () => new VerificationSettingsCache({ pool: context.pool, sealed: context.deps.sealed });
  const deliver = async (body: string, headers: Record<string, string>) => {
    const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
    expect(response.status).toBe(200);
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    return (await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body;
  };

  it('keeps an event unattempted, with its cause, while the endpoint has no secret', async () => {
    const event = await deliver('{"a": 1}', signed('{"a": 1}'));
    expect(event.verification).toMatchObject({ state: 'unattempted', cause: 'no_secret_configured' });
  });

  it('verifies a correctly signed request and records which secret matched', async () => {
    const secret = (await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECRET }).expect(201))
      .body;
    const event = await deliver('{"paid": true}', signed('{"paid": true}'));
    expect(event.provider).toBe('standard-webhooks');
    expect(event.verification).toMatchObject({
      state: 'verified',
      cause: null,
      matched_secret_id: secret.id,
      verified_at: expect.any(String),
    });
  });

  it('stores a request whose signature fails, with state failed and the likely cause', async () => {
    const headers = signed('{"paid": true}');
    const event = await deliver('{"paid": false}', headers);
    expect(event.verification).toMatchObject({ state: 'failed', cause: expect.stringMatching(/wrong_secret|body_modified/) });
    expect(event.body.data).toBe('{"paid": false}');
    const missing = await deliver('{"x": 1}', {});
    expect(missing.verification).toMatchObject({ state: 'failed', cause: 'missing_header' });
  });

  it('keeps the event when the verifier itself throws', async () => {
    const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: 'boom' });
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    await context.ownerPool.query('DELETE FROM event_checks WHERE event_id = $1', [event_id]);
    const outcomes = await verifyCapturedEvents({
      pool: context.pool,
      tenantId: tenant.tenantId,
      events: [{ id: event_id }],
      runtime: context.runtime,
      settings: newSettings(),
      ingestBase: 'http://x',
      verify: () => {
        throw new Error('verifier bug');
      },
    });
    expect(outcomes.get(event_id)).toMatchObject({ state: 'unattempted', detail: { error: 'verifier_error' } });
    const event = (await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body;
    expect(event).toMatchObject({ body: { data: 'boom' }, verification: { state: 'unattempted' } });
  });

  it('verifies events that were captured but never checked (a crash in between), when swept', async () => {
    const body = '{"late": true}';
    const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, {
      method: 'POST',
      body,
      headers: signed(body, 'msg_late'),
    });
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    await context.ownerPool.query('DELETE FROM event_checks WHERE event_id = $1', [event_id]);
    // A minute later, past the sweep's grace period.
    context.runtime.advance(60_000);
    // Not checked yet: no verdict, and the answer says a check is still due.
    expect((await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body.verification).toMatchObject({
      state: null,
      pending: true,
    });
    expect(await ingest.ingest.verification.sweep()).toBeGreaterThanOrEqual(1);
    await ingest.ingest.verification.idle();
    expect((await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body.verification.state).toBe('verified');
    // Everything before the grace period is checked now: the next sweep starts after it and finds nothing.
    expect(await ingest.ingest.verification.sweep()).toBe(0);
  });

  it('records a result once and never rewrites the event row: a second check of the same event changes nothing', async () => {
    const body = '{"once": true}';
    const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, {
      method: 'POST',
      body,
      headers: signed(body, 'msg_once'),
    });
    const { event_id } = (await response.json()) as { event_id: string };
    await ingest.ingest.verification.idle();
    await verifyCapturedEvents({
      pool: context.pool,
      tenantId: tenant.tenantId,
      runtime: context.runtime,
      settings: newSettings(),
      ingestBase: 'http://x',
      events: [
        {
          id: event_id,
          held: { endpointId: endpoint.id, request: { method: 'POST', url: 'http://x', headers: [], body: Buffer.from(body) } },
        },
      ],
    });
    // The second check (without the signature headers) would have failed: the first result stands.
    expect((await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body.verification.state).toBe('verified');
    // The event row is still the one capture wrote, in the same transaction as its payload.
    const { rows } = await context.ownerPool.query(
      'SELECT e.xmin::text = p.xmin::text AS untouched FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 WHERE e.id = $1',
      [event_id],
    );
    expect(rows[0].untouched).toBe(true);
  });
});
