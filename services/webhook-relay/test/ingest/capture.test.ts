import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

describe('capture-first ingest', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context, { maxBodyBytes: 64 * 1024 });
    endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'capture' }).expect(201)).body;
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const send = (path: string, init: RequestInit = {}) => fetch(`${ingest.url}${path}`, { method: 'POST', ...init });

  it('stores the request exactly as received before answering 200 with the event id', async () => {
    const body = Buffer.from('{"type": "invoice.paid",  "amount": 10}\n');
    const response = await send(`${ingest.pathOf(endpoint.ingest_url)}?attempt=1&x=%20y`, {
      headers: {
        'Content-Type': 'application/json',
        'X-Custom-Header': 'Value One',
        'User-Agent': 'Stripe/1.0',
        'Stripe-Signature': 't=1,v1=ab',
      },
      body,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { event_id: string; duplicate_of: null };
    expect(answer).toEqual({ event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), duplicate_of: null });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();

    const event = (await api(context).get(`/v1/events/${answer.event_id}`).set(tenant.auth).expect(200)).body;
    expect(event).toMatchObject({
      endpoint_id: endpoint.id,
      method: 'POST',
      // The token is a credential: shown masked by its last four characters, as ingest_url_hint.
      path: `/whep_…${ingest.pathOf(endpoint.ingest_url).slice(-4)}`,
      query: 'attempt=1&x=%20y',
      content_type: 'application/json',
      body: { encoding: 'utf8', data: body.toString() },
      source_address: expect.stringMatching(/127\.0\.0\.1/),
    });
    expect(event.headers).toEqual(
      expect.arrayContaining([
        ['X-Custom-Header', 'Value One'],
        ['User-Agent', 'Stripe/1.0'],
      ]),
    );
    // No provider on the endpoint: nothing is verified, but the headers hint at which one to set.
    expect(event.verification).toMatchObject({ state: 'unattempted', cause: null, detail: { detected_provider: 'stripe' } });
  });

  it('keeps binary bodies byte for byte, and any method providers use', async () => {
    const bytes = Buffer.from([0, 1, 2, 0xff, 0xfe, 10, 13]);
    const put = await send(ingest.pathOf(endpoint.ingest_url), {
      method: 'PUT',
      body: bytes,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    const { event_id } = (await put.json()) as { event_id: string };
    const event = (await api(context).get(`/v1/events/${event_id}`).set(tenant.auth).expect(200)).body;
    expect(event.method).toBe('PUT');
    expect(Buffer.from(event.body.data, 'base64')).toEqual(bytes);
  });

  it('answers 404 for an unknown token, a malformed one and a rotated-away one, storing nothing', async () => {
    const before = (await context.ownerPool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    expect((await send(`/whep_${'A'.repeat(32)}`, { body: 'x' })).status).toBe(404);
    expect((await send('/not-a-token', { body: 'x' })).status).toBe(404);
    expect((await send('/', { body: 'x' })).status).toBe(404);
    const rotating = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'rotating' }).expect(201)).body;
    await api(context).post(`/v1/endpoints/${rotating.id}/ingest-url/rotate`).set(tenant.auth).expect(200);
    const old = await send(ingest.pathOf(rotating.ingest_url), { body: 'x' });
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await context.ownerPool.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(before);
  });

  it('refuses a body over the limit with 413 and stores nothing', async () => {
    const before = (await context.ownerPool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const response = await send(ingest.pathOf(endpoint.ingest_url), { body: Buffer.alloc(64 * 1024 + 1, 97) });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect((await context.ownerPool.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(before);
  });

  it('lets a sender still writing a body far over the limit read its 413 instead of a connection reset', async () => {
    // A 1 MiB limit and a 12 MiB body: more than loopback buffers hold, within what the relay reads and throws away (16 times the limit).
    const roomy = await startIngest(context, { maxBodyBytes: 1024 * 1024 });
    try {
      const huge = Buffer.alloc(12 * 1024 * 1024, 97);
      for (const [path, code] of [
        [ingest.pathOf(endpoint.ingest_url), 'payload_too_large'],
        ['/not-a-token', 'not_found'],
      ] as const) {
        const response = await fetch(`${roomy.url}${path}`, { method: 'POST', body: huge });
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
      }
    } finally {
      await roomy.close();
    }
  });

  it('reads at most 16 times the limit of a refused body, then cuts the connection', async () => {
    const { connect } = await import('node:net');
    const target = new URL(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`);
    // A raw sender that never stops: chunks of 64 KiB for as long as the socket takes them.
    const { sent, answer } = await new Promise<{ sent: number; answer: string }>((resolve) => {
      const socket = connect(Number(target.port), target.hostname);
      const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(64 * 1024, 97), Buffer.from('\r\n')]);
      let written = 0;
      let received = '';
      socket.on('data', (data) => (received += data.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ sent: written, answer: received }));
      socket.write(`POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const pump = (): void => {
        while (!socket.destroyed && socket.write(chunk)) written += chunk.length;
        if (!socket.destroyed) socket.once('drain', pump);
      };
      pump();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // The limit is 64 KiB here: the relay reads about 1 MiB more; the rest is what the kernel buffered.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('stores 1,000 concurrent requests exactly once each, and answers each only after its commit', async () => {
    const fresh = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'burst' }).expect(201)).body;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        send(ingest.pathOf(fresh.ingest_url), { body: JSON.stringify({ n: i }), headers: { 'Content-Type': 'application/json' } }).then(
          async (response) => ({ status: response.status, body: (await response.json()) as { event_id: string } }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const ids = new Set(answers.map((answer) => answer.body.event_id));
    expect(ids.size).toBe(1000);
    const { rows } = await context.ownerPool.query<{ id: string; body: string }>(
      "SELECT e.id, convert_from(p.body, 'UTF8') AS body FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 WHERE e.endpoint_id = $1",
      [fresh.id],
    );
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((row) => row.id))).toEqual(ids);
    expect(new Set(rows.map((row) => JSON.parse(row.body).n)).size).toBe(1000);
  });

  it('answers 503, never a false 200, when the database cannot store the request', async () => {
    const { CaptureBatcher } = await import('../../src/ingest/capture-batcher.js');
    const { createIngestServer } = await import('../../src/ingest/ingest-server.js');
    const { TokenResolver } = await import('../../src/ingest/token-resolver.js');
    const { openDatabase } = await import('../../src/db/prisma.js');
    const down = openDatabase('postgresql://webhook_relay_app@127.0.0.1:1/nowhere', 1);
    // Lookups still answer (the token is real); only the commit fails.
    const server = createIngestServer({
      resolver: new TokenResolver(context.pool),
      batcher: new CaptureBatcher(down.pool),
      runtime: context.runtime,
      logger: context.deps.logger,
      maxBodyBytes: 1024,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as { port: number }).port;
    const response = await fetch(`http://127.0.0.1:${port}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    await new Promise((resolve) => server.close(resolve));
    await down.close().catch(() => undefined);
  });
});
