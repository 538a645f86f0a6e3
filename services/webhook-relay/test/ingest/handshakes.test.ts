import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

const SECRET = 'handshake-secret-0123456789';
const hmacSha256 = (message: string, encoding: 'hex' | 'base64') => createHmac('sha256', SECRET).update(message).digest(encoding);

interface Case {
  provider: string;
  secret?: boolean;
  method: 'GET' | 'POST';
  query?: string;
  headers?: Record<string, string>;
  body?: string;
  /** What the provider must read back. */
  expected: { contentType: RegExp; text?: string; json?: unknown; header?: [string, string] };
}

// Each provider's documented handshake request and the answer its documentation asks for.
const CASES: Record<string, Case> = {
  'Slack url_verification': {
    provider: 'slack',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"token":"t","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}',
    expected: { contentType: /^text\/plain/, text: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P' },
  },
  "Meta's GET hub.challenge": {
    provider: 'meta',
    method: 'GET',
    query: 'hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=meatyhamhock',
    expected: { contentType: /^text\/plain/, text: '1158201444' },
  },
  'Zoom endpoint.url_validation': {
    provider: 'zoom',
    secret: true,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"payload":{"plainToken":"qgg8vlvZRS6UYooatFL8Aw"},"event_ts":1654503849680,"event":"endpoint.url_validation"}',
    expected: {
      contentType: /^application\/json/,
      json: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw', encryptedToken: hmacSha256('qgg8vlvZRS6UYooatFL8Aw', 'hex') },
    },
  },
  'Twitch webhook_callback_verification': {
    provider: 'twitch',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Twitch-Eventsub-Message-Type': 'webhook_callback_verification' },
    body: '{"challenge":"pogchamp-kappa-360noscope-vohiyo","subscription":{"type":"channel.follow"}}',
    expected: { contentType: /^text\/plain/, text: 'pogchamp-kappa-360noscope-vohiyo' },
  },
  'Dropbox GET challenge': {
    provider: 'dropbox',
    method: 'GET',
    query: 'challenge=abc123xyz',
    expected: { contentType: /^text\/plain/, text: 'abc123xyz' },
  },
  'Microsoft Graph validationToken': {
    provider: 'microsoft-graph',
    method: 'POST',
    query: 'validationToken=Validation%3A%20Testing%20client%20application%20reachability',
    expected: { contentType: /^text\/plain/, text: 'Validation: Testing client application reachability' },
  },
  'Okta one-time verification': {
    provider: 'okta',
    method: 'GET',
    headers: { 'X-Okta-Verification-Challenge': 'rBT2HtP6VE6fqMgHuxsLyjoZGh7JgEnK' },
    expected: { contentType: /^application\/json/, json: { verification: 'rBT2HtP6VE6fqMgHuxsLyjoZGh7JgEnK' } },
  },
  'Asana X-Hook-Secret': {
    provider: 'asana',
    method: 'POST',
    headers: { 'X-Hook-Secret': 'b537207f20cbfa02357cf448134da559' },
    expected: { contentType: /^application\/json/, header: ['x-hook-secret', 'b537207f20cbfa02357cf448134da559'] },
  },
  'X CRC check': {
    provider: 'x',
    secret: true,
    method: 'GET',
    query: 'crc_token=challenge-from-x',
    expected: { contentType: /^application\/json/, json: { response_token: `sha256=${hmacSha256('challenge-from-x', 'base64')}` } },
  },
  'Smartsheet verification': {
    provider: 'smartsheet',
    method: 'POST',
    headers: { 'Smartsheet-Hook-Challenge': 'd78dd1d3-01ce-4481-81de-92b4f3aa5ab1' },
    body: '{"challenge":"d78dd1d3-01ce-4481-81de-92b4f3aa5ab1","webhookId":1}',
    expected: { contentType: /^application\/json/, header: ['smartsheet-hook-response', 'd78dd1d3-01ce-4481-81de-92b4f3aa5ab1'] },
  },
  'RingCentral Validation-Token': {
    provider: 'ringcentral',
    method: 'POST',
    headers: { 'Validation-Token': 'f3c5f3e1-9a1b-4c33-a7f2-3f0b0a2c1d99' },
    expected: { contentType: /^application\/json/, header: ['validation-token', 'f3c5f3e1-9a1b-4c33-a7f2-3f0b0a2c1d99'] },
  },
};

describe('setup handshakes on the ingest URL', () => {
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

  const newEndpoint = async (provider: string | null, secret = false) => {
    const endpoint = (
      await api(context)
        .post('/v1/endpoints')
        .set(tenant.auth)
        .send({ name: `handshake ${provider}`, provider })
        .expect(201)
    ).body as { id: string; ingest_url: string };
    if (secret) await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECRET }).expect(201);
    return endpoint;
  };
  const send = (endpoint: { ingest_url: string }, request: Pick<Case, 'method' | 'query' | 'headers' | 'body'>) =>
    fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}${request.query ? `?${request.query}` : ''}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
  const eventsOf = async (endpointId: string) =>
    (await api(context).get(`/v1/events?endpoint_id=${endpointId}`).set(tenant.auth).expect(200)).body.data as Array<{
      id: string;
      method: string;
    }>;

  it.each(Object.entries(CASES))('answers the %s and captures the request like any other', async (_name, handshake) => {
    const endpoint = await newEndpoint(handshake.provider, handshake.secret);
    const response = await send(endpoint, handshake);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(handshake.expected.contentType);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    if (handshake.expected.text !== undefined) expect(text).toBe(handshake.expected.text);
    if (handshake.expected.json !== undefined) expect(JSON.parse(text)).toEqual(handshake.expected.json);
    if (handshake.expected.header) expect(response.headers.get(handshake.expected.header[0])).toBe(handshake.expected.header[1]);

    const [event] = await eventsOf(endpoint.id);
    expect(event).toMatchObject({ method: handshake.method });
    const stored = (await api(context).get(`/v1/events/${event!.id}`).set(tenant.auth).expect(200)).body;
    expect(stored).toMatchObject({ query: handshake.query ?? '', body: { data: handshake.body ?? '' } });
  });

  it('answers as usual when the endpoint is set up for another provider, or for none', async () => {
    for (const provider of ['stripe', null]) {
      const endpoint = await newEndpoint(provider);
      const response = await send(endpoint, CASES['Slack url_verification']!);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ event_id: expect.any(String), duplicate_of: null });
    }
  });

  it('answers as usual when the request only resembles the handshake (another method, or the condition unmet)', async () => {
    const meta = await newEndpoint('meta');
    const post = await send(meta, { ...CASES["Meta's GET hub.challenge"]!, method: 'POST' });
    expect(await post.json()).toEqual({ event_id: expect.any(String), duplicate_of: null });
    const slack = await newEndpoint('slack');
    const event = await send(slack, { method: 'POST', body: '{"type":"event_callback","challenge":"not-a-handshake"}' });
    expect(await event.json()).toEqual({ event_id: expect.any(String), duplicate_of: null });
  });

  it('cannot answer a handshake that proves the secret while the endpoint has none, but still captures it', async () => {
    const endpoint = await newEndpoint('zoom');
    const response = await send(endpoint, CASES['Zoom endpoint.url_validation']!);
    const answer = (await response.json()) as { event_id: string };
    expect(answer).toEqual({ event_id: expect.any(String), duplicate_of: null });
    expect((await eventsOf(endpoint.id)).map((event) => event.id)).toContain(answer.event_id);
  });

  it('never signs a challenge shaped like an event message (the answer would be a forged signature)', async () => {
    const zoom = await newEndpoint('zoom', true);
    const forged = `v0:1700000000:{"event":"meeting.started"}`;
    const zoomAnswer = await send(zoom, {
      method: 'POST',
      body: JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: forged } }),
    });
    expect(await zoomAnswer.json()).toEqual({ event_id: expect.any(String), duplicate_of: null });
    const x = await newEndpoint('x', true);
    const xAnswer = await send(x, { method: 'GET', query: `crc_token=${encodeURIComponent('{"tweet_create_events":[]}')}` });
    expect(await xAnswer.json()).toEqual({ event_id: expect.any(String), duplicate_of: null });
  });

  it('answers with a secret added after an earlier handshake found none', async () => {
    const endpoint = await newEndpoint('zoom');
    await send(endpoint, CASES['Zoom endpoint.url_validation']!);
    await api(context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(tenant.auth).send({ secret: SECRET }).expect(201);
    const response = await send(endpoint, CASES['Zoom endpoint.url_validation']!);
    expect(await response.json()).toEqual(CASES['Zoom endpoint.url_validation']!.expected.json);
  });
});
