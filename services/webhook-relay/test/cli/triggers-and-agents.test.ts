// The CLI's triggers and agents commands against a real relay (PostgreSQL, Redis, ingest): drain an endpoint's
// events at least once with acknowledgements, list and delete triggers, list and revoke agents.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { type DeliveryHarness, startDeliveryHarness } from '../helpers/delivery-harness.js';
import { insertAgentGrant } from '../helpers/mcp-agent.js';

const json = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: triggers and agents', () => {
  let harness: DeliveryHarness;
  let cli: CliHarness;

  beforeAll(async () => {
    harness = await startDeliveryHarness({ workers: false });
    cli = await CliHarness.start(harness.context);
    expect((await cli.run(['login', '--with-token'], { stdin: harness.tenant.apiKey })).code).toBe(0);
  });
  afterAll(async () => {
    await cli.close();
    await harness.close();
  });

  it('waits on a trigger, gets the same events until it acknowledges them, then lists and deletes it', async () => {
    const endpoint = await harness.endpoint({ name: 'cli trigger' });
    expect((await cli.run(['triggers', 'wait', endpoint.id])).stdout).toMatch(/^No events after the cursor of trigger default/);
    const first = await harness.send(endpoint.url, '{"n":1}');
    const second = await harness.send(endpoint.url, '{"n":2}');
    const batch = json((await cli.run(['triggers', 'wait', endpoint.id, '--json'])).stdout)[0];
    expect(batch.events.map((event: { id: string }) => event.id)).toEqual([first, second]);
    const table = await cli.run(['triggers', 'wait', endpoint.id]);
    expect(table.stdout).toContain(first);
    expect(table.stdout).toContain(`Next cursor (pass as --ack once processed): ${batch.next_cursor}`);
    const acked = json((await cli.run(['triggers', 'wait', endpoint.id, '--ack', batch.next_cursor, '--json'])).stdout)[0];
    expect(acked.events).toEqual([]);
    const listed = json((await cli.run(['triggers', 'list', '--endpoint', endpoint.id, '--json'])).stdout);
    expect(listed).toEqual([expect.objectContaining({ id: batch.trigger_id, name: 'default', last_drained_event_id: second })]);
    expect((await cli.run(['triggers', 'delete', batch.trigger_id])).stdout).toBe(`Deleted trigger ${batch.trigger_id}\n`);
    expect((await cli.run(['triggers', 'list'])).stdout).toContain('No triggers.');
  });

  it('refuses a --limit or --wait out of range before calling the API', async () => {
    const result = await cli.run(['triggers', 'wait', randomUUID(), '--limit', '500']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--limit must be a whole number from 1 to 200');
  });

  it('lists an authorized agent and revokes it', async () => {
    const grantId = await insertAgentGrant(harness.context, harness.tenant.tenantId, 'desk agent');
    const listed = await cli.run(['agents', 'list']);
    expect(listed.stdout).toContain('desk agent');
    expect((await cli.run(['agents', 'revoke', grantId])).stdout).toBe(`Revoked agent ${grantId}\n`);
    expect((await cli.run(['agents', 'list'])).stdout).toContain('No agents.');
    expect((await cli.run(['agents', 'revoke', grantId])).code).not.toBe(0);
  });
});
