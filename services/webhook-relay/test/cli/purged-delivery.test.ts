// The CLI's side of retention (docs/retention.md): once the purge removed a delivery with its expired event, the
// API's 410 reaches the user as one `error: …` line naming the window, exit code 1, for `deliveries show` and
// `dead-letters replay`; an expired event's body is refused the same way. A separate process against the real API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { checkedApi } from '../helpers/contract.js';
import { dropKeys, REDIS_URL } from '../helpers/delivery-harness.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
const EXPIRED_LINE =
  /^error: .*is past this account's retention window of 7 days \(events received before [0-9T:.-]+Z are no longer kept\)\n$/;

describe('webhook-relay CLI: a purged delivery', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let cli: CliHarness;
  let queues: DeliveryQueues;
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  let tenant: TestTenant;
  let destination: string;
  let eventId: string;
  let deliveryId: string;
  const purge = () => purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });

  beforeAll(async () => {
    context = await createTestContext();
    // Replays queue their deliveries (no worker takes them here).
    queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
    context.deps.delivery = { queues, wake: () => undefined };
    ingest = await startIngest(context);
    tenant = await context.newTenant('free');
    await purge();
    cli = await CliHarness.start(context);
    expect((await cli.run(['login', '--with-token'], { stdin: tenant.apiKey })).code).toBe(0);
    const endpoint = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body;
    destination = (
      await checkedApi(context)
        .post('/v1/destinations')
        .set(tenant.auth)
        .send({ name: 'billing', url: 'https://receiver.example.test/hook' })
        .expect(201)
    ).body.id;
    const sent = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: '{"order":1}' });
    eventId = ((await sent.json()) as { event_id: string }).event_id;
    // A dead letter made when its event came (the test clock stands in for the database's, which makes delivery ids).
    deliveryId = context.runtime.newIdAt(context.runtime.now());
    await context.ownerPool.query(
      `INSERT INTO deliveries (id, tenant_id, destination_id, event_id, state, attempts, dead_lettered_at, created_at)
       VALUES ($1, $2, $3, $4, 'dead_lettered', 1, $5, $5)`,
      [deliveryId, tenant.tenantId, destination, eventId, context.runtime.now()],
    );
    context.runtime.advance(8 * DAY_MS);
    expect((await purge()).partitionsDropped).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await cli?.close();
    await ingest?.close();
    await queues?.close();
    await dropKeys(prefix);
    queues?.connection.disconnect();
    await context?.close();
  });

  it('shows the 410 of a purged delivery as one error line naming the window, exit code 1', async () => {
    const shown = await cli.run(['deliveries', 'show', deliveryId]);
    expect(shown).toMatchObject({ code: 1, stdout: '' });
    expect(shown.stderr).toMatch(EXPIRED_LINE);
    expect(shown.stderr).toContain(deliveryId);
  });

  it('refuses to replay a purged dead letter with the same message', async () => {
    const replayed = await cli.run(['dead-letters', 'replay', deliveryId, '--destination', destination]);
    expect(replayed).toMatchObject({ code: 1, stdout: '' });
    expect(replayed.stderr).toMatch(EXPIRED_LINE);
  });

  it('refuses the purged event the same way, and says "not found" for an id that names nothing', async () => {
    const shown = await cli.run(['events', 'show', eventId]);
    expect(shown).toMatchObject({ code: 1, stdout: '' });
    expect(shown.stderr).toMatch(EXPIRED_LINE);
    const nothing = await cli.run(['events', 'show', '00000000-0000-0000-0000-000000000000']);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/not found/);
  });
});
