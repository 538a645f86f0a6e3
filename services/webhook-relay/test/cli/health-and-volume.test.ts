import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// `destinations health` and `endpoints volume` as a separate process against the real API, ingest and PostgreSQL:
// the relay's figures in words and as JSON, and a wrong --window as a usage error (exit 2) before any request.
describe('webhook-relay CLI: destinations health, endpoints volume', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let cli: CliHarness;
  let endpointId: string;
  let destinationId: string;

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context);
    const tenant = await context.newTenant('free');
    await purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });
    cli = await CliHarness.start(context);
    expect((await cli.run(['login', '--with-token'], { stdin: tenant.apiKey })).code).toBe(0);
    const endpoint = JSON.parse((await cli.run(['endpoints', 'create', 'orders', '--json'])).stdout);
    endpointId = endpoint.id;
    for (const n of [1, 2, 3]) {
      const answer = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: `{"n":${n}}` });
      expect(answer.status).toBe(200);
    }
    destinationId = JSON.parse(
      (await cli.run(['destinations', 'create', 'warehouse', 'https://hooks.example.com/in', '--json'])).stdout,
    ).id;
  });
  afterAll(async () => {
    await cli?.close();
    await ingest?.close();
    await context?.close();
  });

  it("prints an endpoint's events per bucket, and the same answer as JSON", async () => {
    const text = await cli.run(['endpoints', 'volume', endpointId, '--window', '1h']);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain('events      3 (0 verified, 0 authenticated, 0 failed, 3 unattempted, 0 pending; 0 repeats)');
    expect(text.stdout).toMatch(/BUCKET\s+EVENTS/);
    const json = await cli.run(['endpoints', 'volume', endpointId, '--window', '7d', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ endpoint_id: endpointId, window: '7d', bucket: '1d', totals: { events: 3 } });
  });

  it("prints a destination's health, with nothing delivered yet", async () => {
    const text = await cli.run(['destinations', 'health', destinationId]);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain('success rate  nothing finished');
    expect(text.stdout).toContain('No attempts in the last 24h.');
    const json = JSON.parse((await cli.run(['destinations', 'health', destinationId, '--json'])).stdout);
    expect(json).toMatchObject({ destination_id: destinationId, window: '24h', success_rate: null, latency_ms: null });
  });

  it('refuses a window it does not know as a usage error, and the relay refuses a bucket too fine for the window', async () => {
    const wrong = await cli.run(['destinations', 'health', destinationId, '--window', '30d']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--window must be one of 1h, 24h, 7d');
    const tooFine = await cli.run(['endpoints', 'volume', endpointId, '--window', '7d', '--bucket', '5m']);
    expect(tooFine.code).toBe(1);
    expect(tooFine.stderr).toContain('use a wider bucket');
  });
});
