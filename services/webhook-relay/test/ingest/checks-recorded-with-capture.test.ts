import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ADDED_SECRET = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

// Capture checks a request before its commit when the endpoint's verification settings are already held, and its
// statement records the check with the event: one commit for both (src/ingest/check-before-capture.ts). The same
// commit shows in the rows' xmin, the transaction that wrote them.
describe('checks recorded with capture', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };
  let sent = 0;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sw', provider: 'standard-webhooks' }).expect(201))
      .body;
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECRET }).expect(201);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  /** Sends a request signed with `secret`; answers with its event id once it is answered (not waiting for checks). */
  const send = (secret: string, body = `{"n":${(sent += 1)}}`) =>
    ingest.sendSigned(endpoint.ingest_url, secret, body, { id: `msg_${sent}_${Date.now()}`, at: context.runtime.now() });
  /** The event's check as stored, and whether the event's own commit wrote it. */
  const stored = async (eventId: string) => {
    const { rows } = await context.ownerPool.query<{ state: string | null; same_commit: boolean | null }>(
      `SELECT c.state, c.xmin::text = e.xmin::text AS same_commit
         FROM events e LEFT JOIN event_checks c ON c.event_id = e.id WHERE e.id = $1`,
      [eventId],
    );
    return rows[0]!;
  };
  /** Sends until a request's check rides its capture (the endpoint's settings are read in the background first). */
  const sendUntilHeld = async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const eventId = await send(SECRET);
      if ((await stored(eventId)).same_commit) return eventId;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no check was ever recorded with its capture');
  };

  it('checks the first request of an endpoint whose settings are not held after its commit, as before', async () => {
    const eventId = await send(SECRET);
    await ingest.ingest.verification.idle();
    expect(await stored(eventId)).toEqual({ state: 'verified', same_commit: false });
  });

  it('records the check of a later request in the event commit: verified when answered, nothing left to check', async () => {
    const eventId = await sendUntilHeld();
    expect(await stored(eventId)).toEqual({ state: 'verified', same_commit: true });
    const event = (await api(context).get(`/v1/events/${eventId}`).set(tenant.auth).expect(200)).body;
    expect(event.verification).toMatchObject({ state: 'verified', verified_at: expect.any(String), pending: false });
  });

  it('stores a request whose check fails all the same, with its check and cause in the same commit', async () => {
    await sendUntilHeld();
    const tampered = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: '{"unsigned":true}' });
    expect(tampered.status).toBe(200);
    const unsigned = ((await tampered.json()) as { event_id: string }).event_id;
    expect(await stored(unsigned)).toEqual({ state: 'failed', same_commit: true });
    const event = (await api(context).get(`/v1/events/${unsigned}`).set(tenant.auth).expect(200)).body;
    expect(event).toMatchObject({ body: { data: '{"unsigned":true}' }, verification: { state: 'failed', cause: 'missing_header' } });
  });

  it('does not record a check made with settings that moved on: the event is checked again with the current ones', async () => {
    await sendUntilHeld();
    // A secret added through the API moves the endpoint's verification version on; ingest still holds the old settings,
    // under which a request signed with the new secret fails.
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: ADDED_SECRET }).expect(201);
    const eventId = await send(ADDED_SECRET);
    await ingest.ingest.verification.idle();
    expect(await stored(eventId)).toEqual({ state: 'verified', same_commit: false });
    // The settings were read again: the next request's check rides its capture once more.
    const next = await send(ADDED_SECRET);
    expect(await stored(next)).toEqual({ state: 'verified', same_commit: true });
  });
});
