import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { CliHarness } from '../helpers/cli-runner.js';
import { type DeliveryHarness, startDeliveryHarness } from '../helpers/delivery-harness.js';

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: provider secrets, dedup, destinations, subscriptions, deliveries, dead letters, ingest URL', () => {
  // Queues (replays need them) but no workers: deliveries stay pending for the lists to show.
  let harness: DeliveryHarness;
  let cli: CliHarness;
  let endpointId: string;
  let ingestUrl: string;

  beforeAll(async () => {
    harness = await startDeliveryHarness({ workers: false });
    cli = await CliHarness.start(harness.context);
    expect((await cli.run(['login', '--with-token'], { stdin: harness.tenant.apiKey })).code).toBe(0);
    const created = json((await cli.run(['endpoints', 'create', 'shop', '--provider', 'standard-webhooks', '--json'])).stdout)[0];
    endpointId = created.id;
    ingestUrl = created.ingest_url;
  });
  afterAll(async () => {
    await cli.close();
    await harness.close();
  });

  it("shows an endpoint's full ingest URL again", async () => {
    const result = await cli.run(['endpoints', 'ingest-url', endpointId]);
    expect(result).toMatchObject({ code: 0, stdout: `${ingestUrl}\n`, stderr: '' });
  });

  it('adds, lists, rotates and removes provider secrets read from standard input, never printing them', async () => {
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const added = await cli.run(['endpoints', 'secrets', 'add', endpointId, '--label', 'first'], { stdin: `${secret}\n` });
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^Added secret [0-9a-f-]{36} \(…\S+\) to endpoint /);
    const next = `whsec_${randomBytes(24).toString('base64')}`;
    const rotated = await cli.run(['endpoints', 'secrets', 'rotate', endpointId, '--previous-expire-in', '60', '--json'], { stdin: next });
    expect(rotated.code).toBe(0);
    const { secret: fresh, previous } = json(rotated.stdout)[0];
    expect(previous).toHaveLength(1);
    expect(previous[0].expires_at).not.toBeNull();
    const listed = await cli.run(['endpoints', 'secrets', 'list', endpointId, '--json']);
    expect(json(listed.stdout).map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([fresh.id, previous[0].id]));
    const removed = await cli.run(['endpoints', 'secrets', 'remove', endpointId, previous[0].id]);
    expect(removed).toMatchObject({ code: 0, stdout: `Removed secret ${previous[0].id} from endpoint ${endpointId}\n` });
    for (const output of [added, rotated, listed, removed]) {
      expect(output.stdout + output.stderr).not.toContain(secret.slice(6));
      expect(output.stdout + output.stderr).not.toContain(next.slice(6));
    }
    const empty = await cli.run(['endpoints', 'secrets', 'add', endpointId], { stdin: '' });
    expect(empty.code).toBe(2);
  });

  it('sets and turns off deduplication', async () => {
    const on = await cli.run(['endpoints', 'dedup', endpointId, '--strategy', 'fields', '--fields', 'data.id,type']);
    expect(on).toMatchObject({ stderr: '', code: 0, stdout: `Deduplication of shop (${endpointId}): fields on data.id, type\n` });
    const hashed = await cli.run(['endpoints', 'dedup', endpointId, '--strategy', 'content_hash', '--window', '600']);
    expect(hashed).toMatchObject({ stderr: '', code: 0, stdout: `Deduplication of shop (${endpointId}): content_hash within 600 s\n` });
    const off = await cli.run(['endpoints', 'dedup', endpointId, '--off']);
    expect(off).toMatchObject({ code: 0, stdout: `Deduplication of shop (${endpointId}) is off\n` });
    expect((await cli.run(['endpoints', 'dedup', endpointId, '--strategy', 'nonsense'])).code).toBe(2);
  });

  it('creates, lists, edits, disables, enables, rotates the secret of and deletes a destination', async () => {
    const created = await cli.run(['destinations', 'create', 'hooks', 'https://receiver.example.com/hook', '--header', 'X-Team: pay']);
    expect(created.code).toBe(0);
    const id = created.stdout.match(/^id\s+(\S+)$/m)![1]!;
    expect(created.stdout).toMatch(/^secret\s+whsec_\S+$/m);
    expect(created.stdout).toMatch(/^headers\s+x-team$/im);
    const listed = await cli.run(['destinations', 'list']);
    expect(listed.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+URL\s+ENABLED\s+CREATED$/);
    expect(listed.stdout).toContain(id);
    const edited = await cli.run(['destinations', 'edit', id, '--name', 'hooks-2', '--timeout-ms', '3000', '--json']);
    expect(json(edited.stdout)[0]).toMatchObject({ id, name: 'hooks-2', timeout_ms: 3000 });
    expect((await cli.run(['destinations', 'disable', id])).stdout).toBe(`Disabled destination hooks-2 (${id})\n`);
    expect(json((await cli.run(['destinations', 'list', '--json'])).stdout).find((d: { id: string }) => d.id === id).enabled).toBe(false);
    expect((await cli.run(['destinations', 'enable', id])).stdout).toBe(`Enabled destination hooks-2 (${id})\n`);
    const rotated = await cli.run(['destinations', 'rotate-secret', id]);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/^secret\s+whsec_\S+$/m);
    expect((await cli.run(['destinations', 'delete', id])).stdout).toBe(`Deleted destination ${id}\n`);
    const gone = await cli.run(['destinations', 'edit', id, '--name', 'x']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/^error: /);
    expect((await cli.run(['destinations', 'create', 'bad', 'https://x.example', '--header', 'Authorization'])).code).toBe(2);
  });

  it('creates, lists and deletes subscriptions; lists deliveries and dead letters', async () => {
    const destination = json((await cli.run(['destinations', 'create', 'sink', 'https://sink.example.com/', '--json'])).stdout)[0];
    const created = await cli.run(['subscriptions', 'create', endpointId, destination.id, '--states', 'verified,failed', '--json']);
    expect(created.code).toBe(0);
    const subscription = json(created.stdout)[0];
    expect(subscription).toMatchObject({ endpoint_id: endpointId, destination_id: destination.id, states: ['verified', 'failed'] });
    const listed = await cli.run(['subscriptions', 'list', '--endpoint', endpointId]);
    expect(listed.stdout).toContain(subscription.id);
    expect((await cli.run(['subscriptions', 'create', endpointId, destination.id, '--states', 'maybe'])).code).toBe(2);

    const eventId = await harness.send(`${harness.ingestUrl}${new URL(ingestUrl).pathname}`, '{"a":1}');
    expect(await cli.run(['replay', eventId, '--destination', destination.id])).toMatchObject({ stderr: '', code: 0 });
    const deliveries = await cli.run(['deliveries', 'list', '--destination', destination.id, '--json']);
    expect(deliveries.code).toBe(0);
    const [delivery] = json(deliveries.stdout);
    expect(delivery).toMatchObject({ event_id: eventId, destination_id: destination.id, state: 'pending' });
    const table = await cli.run(['deliveries', 'list', '--state', 'pending']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATE\s+DESTINATION\s+EVENT\s+ATTEMPTS\s+LAST STATUS\s+CREATED$/);
    const shown = await cli.run(['deliveries', 'show', delivery.id]);
    expect(shown.stdout).toMatch(new RegExp(`^id\\s+${delivery.id}$`, 'm'));
    expect((await cli.run(['dead-letters', 'list'])).stdout).toBe('No dead letters.\n');
    expect((await cli.run(['deliveries', 'list', '--state', 'lost'])).code).toBe(2);
    expect((await cli.run(['subscriptions', 'delete', subscription.id])).stdout).toBe(`Deleted subscription ${subscription.id}\n`);
  });
});
