import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { RelayApiError, RelayClient, RelayClientError, USER_AGENT, verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { startTestRelay, type TestRelay } from './test-relay.js';

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

describe('RelayClient against the running relay', () => {
  let relay: TestRelay;
  let client: RelayClient;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    relay = await startTestRelay();
    client = new RelayClient({ baseUrl: relay.apiUrl, apiKey: relay.apiKey });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  }, 120_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    await relay?.stop();
  });

  it('creates an endpoint, takes events at its ingest URL, pages through them, replays one, and verifies the audit chain', async () => {
    const endpoint = await client.createEndpoint({ name: 'orders' });
    expect(endpoint.ingest_url.startsWith(relay.ingestBase)).toBe(true);
    expect((await client.getIngestUrl(endpoint.id)).ingest_url).toBe(endpoint.ingest_url);
    for (let n = 0; n < 5; n++) {
      const answer = await fetch(endpoint.ingest_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n }),
      });
      expect(answer.status).toBe(200);
    }
    const pages: number[] = [];
    const first = await client.listEvents({ endpoint_id: endpoint.id, limit: 2 });
    pages.push(first.data.length);
    expect(first.next_cursor).not.toBeNull();
    const events = [];
    for await (const event of client.listEventsAll({ endpoint_id: endpoint.id, limit: 2 })) events.push(event);
    expect(events).toHaveLength(5);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);

    const destination = await client.createDestination({ name: 'receiver', url: receiverUrl, timeout_ms: 2000 });
    const replayed = await client.replay({ destination_id: destination.id, event_ids: [events[0]!.id] });
    expect(replayed.replayed).toBe(1);

    const audit = await client.verifyAuditChain();
    expect(audit).toMatchObject({ intact: true, first_broken: null });
    expect(audit.entries).toBeGreaterThan(0);
  });

  it('sees a failing destination open one issue, acknowledges and resolves it, and pauses and resumes the destination', async () => {
    const failing = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(503).end('down'));
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', () => resolve()));
    try {
      const endpoint = await client.createEndpoint({ name: 'issues' });
      const destination = await client.createDestination({
        name: 'failing',
        url: `http://127.0.0.1:${(failing.address() as AddressInfo).port}/hook`,
        rate_limit: { max: 5, per: 'second' },
        breaker: { failures: 2 },
      });
      expect(destination).toMatchObject({ rate_limit: { max: 5, per: 'second' }, breaker: { state: 'closed', failures: 2 } });
      await client.createSubscription({ endpoint_id: endpoint.id, destination_id: destination.id });
      expect((await fetch(endpoint.ingest_url, { method: 'POST', body: '{"n":1}' })).status).toBe(200);
      let issues: Awaited<ReturnType<RelayClient['listIssues']>>['data'] = [];
      for (let tries = 0; tries < 200 && issues.length === 0; tries++) {
        issues = (await client.listIssues({ destination_id: destination.id, state: 'unresolved' })).data;
        if (issues.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(issues.map((issue) => [issue.kind, issue.state])).toEqual([['http_5xx', 'open']]);
      expect((await client.acknowledgeIssue(issues[0]!.id)).state).toBe('acknowledged');
      expect((await client.resolveIssue(issues[0]!.id)).state).toBe('resolved');
      expect((await client.pauseDestination(destination.id, { reason: 'receiver down' })).paused_reason).toBe('receiver down');
      expect((await client.resumeDestination(destination.id)).paused_at).toBeNull();
    } finally {
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('routes: a filter tried in a dry run then saved, the event types seen, and a transformation tested and activated', async () => {
    const endpoint = await client.createEndpoint({ name: 'routing' });
    for (const [type, amount] of [
      ['invoice.paid', 50_000],
      ['invoice.paid', 10],
      ['customer.created', 0],
    ] as const) {
      const body = JSON.stringify({ type, data: { amount } });
      expect((await fetch(endpoint.ingest_url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(
        200,
      );
    }
    const types = await client.listEndpointEventTypes(endpoint.id);
    expect(Object.fromEntries(types.data.map((t) => [t.event_type, t.count]))).toEqual({ 'invoice.paid': 2, 'customer.created': 1 });

    const filter = { event_type: 'invoice.paid', 'body.data.amount': { $gt: 10_000 } };
    const dryRun = await client.dryRunSubscriptionFilter({ endpoint_id: endpoint.id, filter });
    expect([dryRun.matched, dryRun.unmatched]).toEqual([1, 2]);
    const destination = await client.createDestination({ name: 'routed', url: receiverUrl, timeout_ms: 2000 });
    const subscription = await client.createSubscription({ endpoint_id: endpoint.id, destination_id: destination.id });
    expect((await client.updateSubscription(subscription.id, { filter })).filter).toEqual(filter);

    const code =
      '(request) => ({ ...request, headers: { ...request.headers, "x-routed": "yes" }, body: { paid: request.body.data.amount } })';
    const [event] = (await client.listEvents({ endpoint_id: endpoint.id, event_type: 'invoice.paid', limit: 1 })).data;
    const tried = await client.testTransformation(destination.id, { event_id: event!.id, code });
    expect(tried.outcome).toBe('send');
    expect(tried.request?.headers['x-routed']).toBe('yes');
    const saved = await client.createTransformation(destination.id, { code, activate: true });
    expect(saved).toMatchObject({ version: 1, active: true });
    expect((await client.listTransformations(destination.id)).active_version).toBe(1);
    expect((await client.activateTransformation(destination.id, { version: null })).transformation_version).toBeNull();
  });

  it('answers a POST sent twice with the same Idempotency-Key once', async () => {
    const key = `test-${Date.now()}`;
    const a = await client.createEndpoint({ name: 'once' }, { idempotencyKey: key });
    const b = await client.createEndpoint({ name: 'once' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    const named = [];
    for await (const endpoint of client.listEndpointsAll()) if (endpoint.name === 'once') named.push(endpoint);
    expect(named).toHaveLength(1);
  });

  it('throws typed errors carrying the status and the API error code', async () => {
    const error = await client.getEndpoint('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', attempts: 1 });
    const bad = await client.createEndpoint({ name: '' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400 });
  });

  it('keeps the API key, signing secrets and ingest tokens out of every error, inspect() and JSON', async () => {
    const wrongKey = `whk_${'x'.repeat(43)}`;
    const stranger = new RelayClient({ baseUrl: relay.apiUrl, apiKey: wrongKey });
    const denied = (await stranger.listEndpoints().catch((e: unknown) => e)) as RelayApiError;
    expect(denied).toMatchObject({ status: 401 });
    const down = new RelayClient({ baseUrl: 'http://127.0.0.1:1', apiKey: relay.apiKey, retry: { maxRetries: 1, baseDelayMs: 1 } });
    const refused = (await down.listEndpoints().catch((e: unknown) => e)) as RelayClientError;
    expect(refused).toBeInstanceOf(RelayClientError);
    const endpoint = await client.createEndpoint({ name: 'secretive' });
    const token = new URL(endpoint.ingest_url).pathname.split('/').pop()!;
    const destination = await client.createDestination({ name: 'secret', url: receiverUrl });
    const texts = [denied, refused].flatMap((e) => [String(e), e.message, e.stack ?? '', inspect(e), JSON.stringify(e)]);
    texts.push(String(client), inspect(client), JSON.stringify(client), inspect(stranger));
    for (const text of texts) {
      expect(text).not.toContain(relay.apiKey);
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(destination.secret);
      expect(text).not.toContain(token);
    }
  });

  it('sends a user agent naming the library and its version', () => {
    expect(USER_AGENT).toMatch(/^webhook-relay-client-ts\/\d+\.\d+\.\d+$/);
  });

  it('verify() accepts a delivery the relay signed, and refuses it tampered with', async () => {
    // The relay signs deliveries of events it verified: the sender signs with the endpoint's provider secret.
    const endpoint = await client.createEndpoint({ name: 'signed', provider: 'standard-webhooks' });
    const senderSecret = `whsec_${randomBytes(24).toString('base64')}`;
    await client.addProviderSecret(endpoint.id, { secret: senderSecret });
    const destination = await client.createDestination({ name: 'signed', url: receiverUrl, timeout_ms: 2000 });
    await client.createSubscription({ endpoint_id: endpoint.id, destination_id: destination.id });
    const payload = JSON.stringify({ signed: Date.now() });
    const answer = await fetch(endpoint.ingest_url, { method: 'POST', headers: signedHeaders(payload, senderSecret), body: payload });
    expect(answer.status).toBe(200);
    const deadline = Date.now() + 20_000;
    let delivery: Received | undefined;
    while (!delivery && Date.now() < deadline) {
      delivery = received.find((r) => r.body === payload);
      if (!delivery) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(delivery).toBeDefined();
    await expect(verifyWebhook(delivery!.body, delivery!.headers, destination.secret)).resolves.toBeUndefined();
    const tampered = verifyWebhook(delivery!.body.replace('signed', 'forged'), delivery!.headers, destination.secret);
    await expect(tampered).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(verifyWebhook(delivery!.body, delivery!.headers, `whsec_${Buffer.alloc(24, 1).toString('base64')}`)).rejects.toMatchObject(
      {
        reason: 'no_matching_signature',
      },
    );
  }, 30_000);
});

/** What a Standard Webhooks sender sends with a body. */
function signedHeaders(body: string, secret: string): Record<string, string> {
  const id = `msg_${randomBytes(8).toString('hex')}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
