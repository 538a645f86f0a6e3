import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { createLogger } from '@workspace/service-kit';
import { REDIS_URL, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { TWILIO_AUTH_TOKEN, twilioRequest } from '../helpers/twilio-signature.js';

// The ingest token is a credential: after capture, verification, deduplication, delivery and a
// rotation, its bytes are nowhere but (encrypted) in ingest_tokens, and the one API answer that
// reveals it on request. The scan reads the database as the superuser, past row-level security.
describe('the ingest token stays sealed', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let log = '';

  beforeAll(async () => {
    const destination = new Writable({ write: (chunk, _encoding, done) => void ((log += chunk.toString()), done()) });
    h = await startDeliveryHarness({ logger: createLogger({ service: 'webhook-relay-test', level: 'trace', destination }) });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  const get = async (path: string) => (await api(h.context).get(path).set(h.tenant.auth).expect(200)).text;
  const post = async ({ target, init }: { target: string; init: RequestInit }) => {
    const response = await fetch(`${h.ingestUrl}${target}`, init);
    expect(response.status).toBe(200);
    await h.ingest.verification.idle();
    await h.fanOut.idle();
    return ((await response.json()) as { event_id: string }).event_id;
  };

  /** Every text, character, JSON, array and bytea column (as `table.column`) holding one of `needles`. */
  async function columnsHolding(needles: string[]): Promise<Map<string, string[]>> {
    const { rows: columns } = await h.context.ownerPool.query<{
      schema: string;
      table_name: string;
      column_name: string;
      data_type: string;
    }>(
      `SELECT c.table_schema AS schema, c.table_name, c.column_name, c.data_type
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
    );
    expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual(
      expect.arrayContaining(['events.path', 'events.headers', 'payloads.body', 'ingest_tokens.token_ciphertext']),
    );
    const found = new Map<string, string[]>();
    for (const column of columns) {
      const quoted = `"${column.schema}"."${column.table_name}"`;
      const name = `"${column.column_name}"`;
      // bytea by its bytes (the token's UTF-8); everything else by its text.
      const test = column.data_type === 'bytea' ? `position(convert_to(n, 'UTF8') IN ${name}) > 0` : `strpos(${name}::text, n) > 0`;
      const { rows } = await h.context.ownerPool.query<{ hits: string[] | null }>(
        `SELECT array_agg(n) AS hits FROM unnest($1::text[]) AS n WHERE EXISTS (SELECT 1 FROM ${quoted} WHERE ${test})`,
        [needles],
      );
      for (const needle of rows[0]!.hits ?? [])
        found.set(needle, [...(found.get(needle) ?? []), `${column.table_name}.${column.column_name}`]);
    }
    return found;
  }

  /** Every key under this file's queue prefix and its values, whatever their Redis type. */
  async function redisContents(): Promise<Buffer> {
    const redis = new Redis(REDIS_URL);
    const parts: Buffer[] = [];
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${h.prefix}:*`, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          parts.push(Buffer.from(key));
          const type = await redis.type(key);
          if (type === 'string') parts.push((await redis.getBuffer(key)) ?? Buffer.alloc(0));
          if (type === 'hash') parts.push(...Object.values(await redis.hgetallBuffer(key)));
          if (type === 'list') parts.push(...(await redis.lrangeBuffer(key, 0, -1)));
          if (type === 'set') parts.push(...(await redis.smembersBuffer(key)));
          if (type === 'zset') parts.push(...(await redis.zrangeBuffer(key, '0', '-1')));
          if (type === 'stream') parts.push(Buffer.from(JSON.stringify(await redis.xrange(key, '-', '+'))));
        }
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
    expect(parts.length).toBeGreaterThan(0);
    return Buffer.concat(parts);
  }

  it('keeps no copy of the token in the database, Redis, API answers, deliveries or the log', async () => {
    const plain = await h.endpoint({ name: 'plain' });
    const deduped = await h.endpoint({ name: 'deduped', dedup: { strategy: 'content_hash' } });
    const twilio = await h.endpoint({ name: 'twilio', provider: 'twilio' });
    await api(h.context).post(`/v1/endpoints/${twilio.id}/secrets`).set(h.tenant.auth).send({ secret: TWILIO_AUTH_TOKEN }).expect(201);
    const destination = await h.destination(`${receiver.url}/hook`);
    for (const endpoint of [plain, deduped, twilio]) await h.subscribe(endpoint.id, destination.id);
    const pathOf = (url: string) => new URL(url).pathname;
    const tokens = [plain, deduped, twilio].map((endpoint) => pathOf(endpoint.url).slice(1));

    await h.send(plain.url, '{"plain":true}');
    const subPath = await h.send(`${plain.url}/sub/path?x=1&y=two`, '{"sub":true}');
    const first = await h.send(deduped.url, '{"same":1}');
    const repeat = await h.send(deduped.url, '{"same":1}');
    const twilioForm = await post(twilioRequest(`${pathOf(twilio.url)}/sms`, 'attempt=1', { form: 'AccountSid=AC1&Body=Hi' }));
    const twilioJson = await post(twilioRequest(pathOf(twilio.url), '', { json: '{"CallSid":"CA1"}' }));
    // Refused requests go through the error paths (and their logging) with a token-shaped path.
    expect((await fetch(`${h.ingestUrl}/whep_${'A'.repeat(32)}/x`, { method: 'POST', body: '{}' })).status).toBe(404);

    // Rotation: the old token is revoked (kept, sealed), a new one issued; the Twilio events are checked again.
    const rotated = (await api(h.context).post(`/v1/endpoints/${twilio.id}/ingest-url/rotate`).set(h.tenant.auth).expect(200)).body
      .ingest_url as string;
    tokens.push(pathOf(rotated).slice(1));
    await h.context.ownerPool.query('DELETE FROM event_checks WHERE event_id = ANY($1::uuid[])', [[twilioForm, twilioJson]]);
    h.ingest.verification.enqueue([twilioForm, twilioJson].map((id) => ({ tenantId: h.tenant.tenantId, event: { id } })));
    await h.ingest.verification.idle();
    const afterRotation = await post(twilioRequest(`${pathOf(rotated)}/sms`, '', { form: 'AccountSid=AC1&Body=Again' }));
    await receiver.waitFor(6);

    // What was captured is all there, the token masked.
    const event = async (id: string) => JSON.parse(await get(`/v1/events/${id}`));
    const subPathEvent = await event(subPath);
    expect(subPathEvent).toMatchObject({ path: `/whep_…${tokens[0]!.slice(-4)}/sub/path`, query: 'x=1&y=two' });
    expect(await event(repeat)).toMatchObject({ duplicate_of: first });
    for (const id of [twilioForm, twilioJson, afterRotation]) expect((await event(id)).verification).toMatchObject({ state: 'verified' });

    // Every answer the tenant can get, but the explicit reveal (GET /v1/endpoints/{id}/ingest-url).
    const answers = [
      await get('/v1/events?limit=100'),
      ...(await Promise.all([subPath, first, repeat, twilioForm, twilioJson, afterRotation].map((id) => get(`/v1/events/${id}`)))),
      await get('/v1/deliveries?limit=100'),
      ...(await Promise.all(
        JSON.parse(await get('/v1/deliveries?limit=100')).data.map((delivery: { id: string }) => get(`/v1/deliveries/${delivery.id}`)),
      )),
      await get('/v1/endpoints?limit=100'),
      ...(await Promise.all([plain, deduped, twilio].map((endpoint) => get(`/v1/endpoints/${endpoint.id}`)))),
      await get(`/v1/endpoints/${twilio.id}/secrets`),
      await get('/v1/audit?limit=100'),
      await get('/v1/destinations'),
      await get('/v1/subscriptions'),
      await get('/v1/usage'),
    ].join('\n');
    expect(answers).toContain('"path":"/whep_…');

    // The scan finds what it should (a control), then no token anywhere, ciphertext included.
    const found = await columnsHolding([...tokens, '/sub/path', '"plain":true']);
    expect(found.get('/sub/path')).toContain('events.path');
    expect(found.get('"plain":true')).toContain('payloads.body');
    const queued = await redisContents();
    for (const token of tokens) {
      expect({ token, columns: found.get(token) ?? [] }).toEqual({ token, columns: [] });
      expect(answers).not.toContain(token);
      expect(queued.includes(token)).toBe(false);
      expect(log).not.toContain(token);
      for (const request of receiver.received)
        expect(JSON.stringify({ path: request.path, headers: request.headers, body: request.body.toString() })).not.toContain(token);
    }
    expect(log.length).toBeGreaterThan(0);
  });
});
