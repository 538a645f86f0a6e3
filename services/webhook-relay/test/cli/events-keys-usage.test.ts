import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

// The CLI's events, endpoint deletion (with and without its events), destination detail, usage, API keys and
// audit list, as a separate process against the real API, ingest and PostgreSQL. Time is the test runtime's
// clock, moved on past the free plan's 7 days instead of waited for.
describe('webhook-relay CLI: events, endpoints delete, destinations show, usage, api-keys, audit list', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let cli: CliHarness;
  let tenant: TestTenant;

  const createEndpoint = async (name: string) => {
    const created = await cli.run(['endpoints', 'create', name, '--json']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const endpoint = lines(created.stdout)[0];
    return { id: endpoint.id as string, path: ingest.pathOf(endpoint.ingest_url) };
  };
  const send = async (path: string, body: string): Promise<string> => {
    const answer = await fetch(`${ingest.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { event_id: string }).event_id;
  };

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context);
    tenant = await context.newTenant('free');
    // The worker's first pass at the test clock: today's partitions.
    await purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });
    cli = await CliHarness.start(context);
    expect((await cli.run(['login', '--with-token'], { stdin: tenant.apiKey })).code).toBe(0);
  });
  afterAll(async () => {
    await cli.close();
    await ingest.close();
    await context.close();
  });

  it("lists an endpoint's events and shows one with its headers and body", async () => {
    const endpoint = await createEndpoint('orders');
    const first = await send(endpoint.path, '{"order":1}');
    // The test clock stands still: a second later, so that newest first is the order of the sends.
    context.runtime.advance(1000);
    const second = await send(endpoint.path, '{"order":2}');
    const listed = await cli.run(['events', 'list', '--endpoint', endpoint.id, '--json']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(lines(listed.stdout).map((event: { id: string }) => event.id)).toEqual([second, first]);
    const limited = await cli.run(['events', 'list', '--endpoint', endpoint.id, '--limit', '1']);
    expect(limited.stdout.split('\n')[0]).toMatch(/^ID\s+CAPTURE\s+ENDPOINT\s+RECEIVED\s+METHOD\s+TYPE\s+SIZE\s+VERIFICATION$/);
    expect(limited.stdout.trim().split('\n')).toHaveLength(2);
    expect(limited.stdout).toContain(second);
    const shown = await cli.run(['events', 'show', first]);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toMatch(new RegExp(`^id\\s+${first}$`, 'm'));
    expect(shown.stdout).toMatch(/^content-type: application\/json$/m);
    expect(shown.stdout.trim().endsWith('{"order":1}')).toBe(true);
    expect((await cli.run(['events', 'list', '--state', 'lost'])).code).toBe(2);
  });

  it('refuses an expired event with the API’s 410, naming the window, and lists it no more', async () => {
    const endpoint = await createEndpoint('ageing');
    const eventId = await send(endpoint.path, '{"ages":true}');
    context.runtime.advance(8 * DAY_MS);
    try {
      const shown = await cli.run(['events', 'show', eventId]);
      expect(shown.code).toBe(1);
      expect(shown.stderr).toMatch(/7 days/);
      const listed = await cli.run(['events', 'list', '--endpoint', endpoint.id, '--json']);
      expect(listed).toMatchObject({ code: 0, stdout: '' });
    } finally {
      context.runtime.advance(-8 * DAY_MS);
    }
  });

  it('deletes an endpoint keeping its events, or with them when asked (--purge-events)', async () => {
    const kept = await createEndpoint('kept events');
    const keptEvent = await send(kept.path, '{"kept":true}');
    const deleted = await cli.run(['endpoints', 'delete', kept.id]);
    expect(deleted).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Deleted endpoint ${kept.id}; its events stay until the retention window removes them\n`,
    });
    expect((await fetch(`${ingest.url}${kept.path}`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await cli.run(['events', 'show', keptEvent])).code).toBe(0);

    const purged = await createEndpoint('purged events');
    const purgedEvent = await send(purged.path, '{"purged":true}');
    const withEvents = await cli.run(['endpoints', 'delete', purged.id, '--purge-events']);
    expect(withEvents).toMatchObject({ code: 0, stderr: '', stdout: `Deleted endpoint ${purged.id} and its events\n` });
    const gone = await cli.run(['events', 'show', purgedEvent]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/not found/i);
    expect((await cli.run(['endpoints', 'delete', purged.id])).code).toBe(1);
  });

  it('shows a destination', async () => {
    const created = lines((await cli.run(['destinations', 'create', 'billing', 'https://receiver.example.com/hook', '--json'])).stdout)[0];
    const shown = await cli.run(['destinations', 'show', created.id]);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toMatch(/^url\s+https:\/\/receiver\.example\.com\/hook$/m);
    expect(shown.stdout).not.toContain(created.secret);
    expect(lines((await cli.run(['destinations', 'show', created.id, '--json'])).stdout)[0]).toMatchObject({
      id: created.id,
      name: 'billing',
    });
  });

  it('shows the plan, its allowance and retention window, and what was captured', async () => {
    const usage = await cli.run(['usage']);
    expect(usage).toMatchObject({ code: 0, stderr: '' });
    expect(usage.stdout).toMatch(/^plan\s+.*\(free\)$/m);
    expect(usage.stdout).toMatch(/^retention\s+7 days$/m);
    const json = lines((await cli.run(['usage', '--json'])).stdout)[0];
    expect(json.plan).toMatchObject({ id: 'free', retention_days: 7 });
    expect(json.events_captured).toBeGreaterThanOrEqual(5);
  });

  it('creates an API key shown once, lists it masked, and revokes it so it stops working', async () => {
    const created = await cli.run(['api-keys', 'create', 'ci deploys', '--json']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const key = lines(created.stdout)[0];
    expect(key.key).toMatch(/^whk_/);
    const asNewKey = { env: { WEBHOOK_RELAY_API_KEY: key.key } };
    expect((await cli.run(['usage'], asNewKey)).code).toBe(0);
    const listed = await cli.run(['api-keys', 'list']);
    expect(listed.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+KEY\s+LAST USED\s+REVOKED\s+CREATED$/);
    expect(listed.stdout).toContain(key.id);
    expect(listed.stdout).not.toContain(key.key);
    expect(await cli.run(['api-keys', 'revoke', key.id])).toMatchObject({ code: 0, stdout: `Revoked API key ${key.id}\n` });
    const refused = await cli.run(['usage'], asNewKey);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/webhook-relay login/);
  });

  it('lists the audit log, newest first', async () => {
    const listed = await cli.run(['audit', 'list', '--limit', '3', '--json']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const entries = lines(listed.stdout);
    expect(entries).toHaveLength(3);
    expect(entries[0].seq).toBeGreaterThan(entries[1].seq);
    expect(entries.map((entry: { action: string }) => entry.action)).toContain('api_key.revoked');
    const table = await cli.run(['audit', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^SEQ\s+TIME\s+ACTOR\s+ACTION\s+TARGET$/);
  });
});
