// The CLI's subscription filters (docs/filters.md): create with --filter, update and remove it, and a dry run.
// Needs the generated client to know updateSubscription and dryRunSubscriptionFilter (pnpm clients:generate).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { type DeliveryHarness, startDeliveryHarness } from '../helpers/delivery-harness.js';

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: subscription filters', () => {
  let harness: DeliveryHarness;
  let cli: CliHarness;
  let endpoint: { id: string; url: string };

  beforeAll(async () => {
    harness = await startDeliveryHarness({ workers: false });
    cli = await CliHarness.start(harness.context);
    expect((await cli.run(['login', '--with-token'], { stdin: harness.tenant.apiKey })).code).toBe(0);
    endpoint = await harness.endpoint({ name: 'orders' });
    await harness.send(endpoint.url, '{"amount":5}');
    await harness.send(endpoint.url, '{"amount":500}');
  });
  afterAll(async () => {
    await cli.close();
    await harness.close();
  });

  it('dry-runs a filter, creates a subscription with it, and updates and removes it', async () => {
    const filter = '{"body.amount": {"$gt": 100}}';
    const dryRun = await cli.run(['subscriptions', 'dry-run', '--endpoint', endpoint.id, '--filter', filter]);
    expect(dryRun).toMatchObject({ code: 0, stderr: '' });
    expect(dryRun.stdout).toMatch(/^1 matched, 1 filtered, of the last 2 events$/m);

    const destination = json((await cli.run(['destinations', 'create', 'sink', 'https://sink.example.com/', '--json'])).stdout)[0];
    const created = await cli.run(['subscriptions', 'create', endpoint.id, destination.id, '--filter', filter, '--json']);
    expect(created.code).toBe(0);
    const subscription = json(created.stdout)[0];
    expect(subscription.filter).toEqual({ 'body.amount': { $gt: 100 } });

    const updated = await cli.run(['subscriptions', 'update', subscription.id, '--filter', '{"headers.x-kind": "invoice"}']);
    expect(updated.stdout).toBe(`Updated subscription ${subscription.id}: filter {"headers.x-kind":"invoice"}\n`);
    const removed = await cli.run(['subscriptions', 'update', subscription.id, '--no-filter']);
    expect(removed.stdout).toBe(`Updated subscription ${subscription.id}: filter none\n`);
  });

  it('refuses a filter that is not a JSON object before calling, and names a refused operator from the relay', async () => {
    expect((await cli.run(['subscriptions', 'dry-run', '--endpoint', endpoint.id, '--filter', '{oops'])).code).toBe(2);
    const refused = await cli.run(['subscriptions', 'dry-run', '--endpoint', endpoint.id, '--filter', '{"$where": "1"}']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/\$where/);
  });
});
