// Every read of an event, a body, a delivery or its attempts past the tenant's retention window answers 410 expired,
// on every surface: REST (as API key and as the dashboard's session), the MCP tools, and triggers.wait; before the
// purge and after it. An id that names nothing (the all-zero id, or a v7 id inside the window that finds no row)
// answers 404. The CLI's side is test/cli/purged-delivery.test.ts. Time is the test runtime's clock, moved on.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { checkedApi } from '../helpers/contract.js';
import { dropKeys, REDIS_URL } from '../helpers/delivery-harness.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { callTool, connectAgent, freePort, ScriptedAgentAuth } from '../helpers/mcp-agent.js';
import { api, createTestContext, testMcpSettings, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
// Bodies past triggers.wait's inline limit (64 KiB) come by reference: the agent reads them with events.body.
const BIG_BODY = JSON.stringify({ blob: 'x'.repeat(100 * 1024) });

describe('reads past the retention window', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let queues: DeliveryQueues;
  let server: Server;
  let agent: Client;
  let tenant: TestTenant;
  let dashboardCookie: string;
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  let endpoint: { id: string; path: string };
  let destination: string;
  // Captured on day 0, with a dead-lettered delivery and its attempt; the clock then moves on 8 days (free keeps 7).
  let oldEvent: string;
  let oldDelivery: string;
  let liveEvent: string;

  const send = async (body: string): Promise<string> => {
    const answer = await fetch(`${ingest.url}${endpoint.path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { event_id: string }).event_id;
  };
  // A dead letter as fan-out and the workers leave it: its id made when its event came (the test clock stands in for
  // the database's, which makes delivery ids in production), one failed attempt.
  const deadLetter = async (eventId: string): Promise<string> => {
    const id = context.runtime.newIdAt(context.runtime.now());
    await context.ownerPool.query(
      `INSERT INTO deliveries (id, tenant_id, destination_id, event_id, state, attempts, dead_lettered_at, created_at)
       VALUES ($1, $2, $3, $4, 'dead_lettered', 1, $5, $5)`,
      [id, tenant.tenantId, destination, eventId, context.runtime.now()],
    );
    await context.ownerPool.query(
      `INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code)
       VALUES ($1, $2, $3, $4, $5, 12, 500)`,
      [context.runtime.newIdAt(context.runtime.now()), tenant.tenantId, id, eventId, context.runtime.now()],
    );
    return id;
  };
  const purge = () => purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });
  const tool = (name: string, args: Record<string, unknown>) => callTool(agent, name, args);
  const refusal = (answer: Awaited<ReturnType<typeof tool>>) => ({
    isError: answer.isError,
    error: (answer.structuredContent as { error?: { code: string; message: string } } | undefined)?.error,
  });
  const expiredRefusal = { isError: true, error: { code: 'expired', message: expect.stringContaining('retention window of 7 days') } };
  const replay = (selector: Record<string, unknown>) =>
    checkedApi(context)
      .post('/v1/replays')
      .set(tenant.auth)
      .send({ destination_id: destination, ...selector });

  beforeAll(async () => {
    const port = await freePort();
    // Access tokens live on the test clock: long enough to outlast the days it moves on.
    context = await createTestContext({ mcp: testMcpSettings(`http://127.0.0.1:${port}`, 30 * 86_400) });
    queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
    context.deps.delivery = { queues, wake: () => undefined };
    ingest = await startIngest(context);
    server = await new Promise<Server>((resolve) => {
      const started = createServer(context.app).listen(port, '127.0.0.1', () => resolve(started));
    });
    tenant = await context.newTenant('free');
    agent = await connectAgent(`http://127.0.0.1:${port}/mcp`, new ScriptedAgentAuth(tenant.apiKey));
    const signedIn = await api(context).post('/auth/session').send({ api_key: tenant.apiKey }).expect(200);
    dashboardCookie = (signedIn.headers['set-cookie'] as unknown as string[])
      .find((line) => line.startsWith('relay_dashboard='))!
      .split(';')[0]!;
    await purge();
    const created = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body;
    endpoint = { id: created.id, path: ingest.pathOf(created.ingest_url) };
    destination = (
      await checkedApi(context)
        .post('/v1/destinations')
        .set(tenant.auth)
        .send({ name: 'billing', url: 'https://receiver.example.test/hook' })
        .expect(201)
    ).body.id;
    // The agent's trigger starts now: it has not read the old event when the window passes it.
    expect(refusal(await tool('triggers.wait', { endpoint_id: endpoint.id, trigger: 'agent' })).isError).toBeFalsy();
    oldEvent = await send(BIG_BODY);
    oldDelivery = await deadLetter(oldEvent);
    context.runtime.advance(8 * DAY_MS);
    liveEvent = await send('{"fresh":true}');
  });
  afterAll(async () => {
    await agent?.close();
    server?.close();
    await ingest?.close();
    await queues?.close();
    await dropKeys(prefix);
    queues?.connection.disconnect();
    await context?.close();
  });

  describe('before the purge has run', () => {
    it('refuses the MCP tool events.body with expired, naming the window', async () => {
      expect(refusal(await tool('events.body', { event_id: oldEvent }))).toMatchObject(expiredRefusal);
    });

    it('still gives events.body of an event inside the window', async () => {
      const chunk = (await tool('events.body', { event_id: liveEvent })).structuredContent as { data: string };
      expect(Buffer.from(chunk.data, 'base64').toString()).toBe('{"fresh":true}');
    });

    it('refuses the MCP tools that read events and deliveries with expired', async () => {
      expect(refusal(await tool('events.get', { event_id: oldEvent }))).toMatchObject(expiredRefusal);
      expect(refusal(await tool('deliveries.get', { delivery_id: oldDelivery }))).toMatchObject(expiredRefusal);
      const byEvent = await tool('replays.create', { destination_id: destination, event_ids: [oldEvent] });
      expect(refusal(byEvent)).toMatchObject(expiredRefusal);
      const byDelivery = await tool('replays.create', { destination_id: destination, delivery_ids: [oldDelivery] });
      expect(refusal(byDelivery)).toMatchObject(expiredRefusal);
    });

    it('refuses the event, its body, its delivery and attempts on REST, as API key and as the dashboard', async () => {
      for (const auth of [tenant.auth, { Cookie: dashboardCookie }]) {
        const event = await checkedApi(context).get(`/v1/events/${oldEvent}`).set(auth).expect(410);
        expect(event.body.error.code).toBe('expired');
        const delivery = await checkedApi(context).get(`/v1/deliveries/${oldDelivery}`).set(auth).expect(410);
        expect(delivery.body.error).toMatchObject({ code: 'expired', message: expect.stringContaining('7 days') });
        await checkedApi(context).get(`/v1/deliveries?event_id=${oldEvent}`).set(auth).expect(410);
      }
    });
  });

  describe('after the purge', () => {
    beforeAll(async () => {
      expect((await purge()).partitionsDropped).toBeGreaterThan(0);
      expect(Number((await context.ownerPool.query('SELECT count(*) AS n FROM deliveries WHERE id = $1', [oldDelivery])).rows[0].n)).toBe(
        0,
      );
    });

    it('answers GET /v1/deliveries/{id} of a purged delivery with 410 expired, naming the window', async () => {
      for (const auth of [tenant.auth, { Cookie: dashboardCookie }]) {
        const { body } = await checkedApi(context).get(`/v1/deliveries/${oldDelivery}`).set(auth).expect(410);
        expect(body.error).toMatchObject({ code: 'expired', message: expect.stringContaining('retention window of 7 days') });
      }
    });

    it('answers a replay of a purged delivery with 410 expired, on REST and MCP', async () => {
      const { body } = await replay({ delivery_ids: [oldDelivery] }).expect(410);
      expect(body.error.message).toContain(oldDelivery);
      expect(refusal(await tool('replays.create', { destination_id: destination, delivery_ids: [oldDelivery] }))).toMatchObject(
        expiredRefusal,
      );
    });

    it('answers the purged event, its body and its delivery with expired on MCP', async () => {
      expect(refusal(await tool('events.get', { event_id: oldEvent }))).toMatchObject(expiredRefusal);
      expect(refusal(await tool('events.body', { event_id: oldEvent }))).toMatchObject(expiredRefusal);
      expect(refusal(await tool('deliveries.get', { delivery_id: oldDelivery }))).toMatchObject(expiredRefusal);
    });

    it('never hands the purged event to triggers.wait: expired, naming the cursor to go on from', async () => {
      const answer = refusal(await tool('triggers.wait', { endpoint_id: endpoint.id, trigger: 'agent' }));
      expect(answer).toMatchObject(expiredRefusal);
      expect(answer.error!.message).toMatch(/pass ack "[^"]+"/);
    });

    it('answers 404 for the all-zero id, which names nothing, on every read', async () => {
      const event = await checkedApi(context).get(`/v1/events/${ZERO_ID}`).set(tenant.auth).expect(404);
      expect(event.body.error.code).toBe('not_found');
      await checkedApi(context).get(`/v1/deliveries/${ZERO_ID}`).set(tenant.auth).expect(404);
      await replay({ event_ids: [ZERO_ID] }).expect(404);
      await replay({ delivery_ids: [ZERO_ID] }).expect(404);
      expect(refusal(await tool('events.body', { event_id: ZERO_ID })).error?.code).toBe('not_found');
      expect(refusal(await tool('events.get', { event_id: ZERO_ID })).error?.code).toBe('not_found');
      expect(refusal(await tool('deliveries.get', { delivery_id: ZERO_ID })).error?.code).toBe('not_found');
    });

    it('answers 404 for an id of a time inside the window that names nothing, and for one older than the account', async () => {
      const inside = context.runtime.newIdAt(new Date(context.runtime.now().getTime() - DAY_MS));
      const beforeTheAccount = context.runtime.newIdAt(new Date('2020-01-01T00:00:00Z'));
      for (const id of [inside, beforeTheAccount]) {
        await checkedApi(context).get(`/v1/events/${id}`).set(tenant.auth).expect(404);
        await checkedApi(context).get(`/v1/deliveries/${id}`).set(tenant.auth).expect(404);
        expect(refusal(await tool('events.body', { event_id: id })).error?.code).toBe('not_found');
      }
    });
  });
});
