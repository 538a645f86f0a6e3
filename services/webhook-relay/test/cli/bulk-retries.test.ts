// `webhook-relay bulk-retries preview|start|list|get|cancel` against a real relay (docs/bulk-retry.md). The runner is
// driven by the test (no worker process), so each job runs when the test says.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bulkRetryRunner, deadLetterPending } from '../helpers/bulk-retry.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

const EVENTS = 5;
const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay bulk-retries', () => {
  let h: DeliveryHarness;
  let cli: CliHarness;
  let destinationId: string;

  beforeAll(async () => {
    // Queues but no delivery workers: replays stay pending.
    h = await startDeliveryHarness({ workers: false });
    const endpoint = await h.endpoint();
    destinationId = (await h.destination('http://127.0.0.1:9/unused')).id;
    await h.subscribe(endpoint.id, destinationId);
    for (let n = 1; n <= EVENTS; n += 1) await h.send(endpoint.url, JSON.stringify({ n }));
    expect(await deadLetterPending(h, destinationId)).toBe(EVENTS);
    cli = await CliHarness.start(h.context);
    expect((await cli.run(['login', '--with-token'], { stdin: h.tenant.apiKey })).code).toBe(0);
  });
  afterAll(async () => {
    await cli.close();
    await h.close();
  });

  it('previews a selection, as text and as JSON', async () => {
    const text = await cli.run(['bulk-retries', 'preview', '--destination', destinationId, '--status', '5xx']);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toMatch(new RegExp(`^${EVENTS} dead letters of ${EVENTS} events, dead-lettered from \\S+ to \\S+\\n$`));
    const none = await cli.run(['bulk-retries', 'preview', '--destination', destinationId, '--status', '404', '--json']);
    expect(json(none.stdout)).toEqual([{ deliveries: 0, events: 0, oldest: null, newest: null }]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const status = await cli.run(['bulk-retries', 'preview', '--destination', destinationId, '--status', '6xx']);
    expect(status).toMatchObject({ code: 2, stdout: '' });
    expect(status.stderr).toMatch(/--status must be an HTTP status/);
    const range = await cli.run([
      'bulk-retries',
      'start',
      '--destination',
      destinationId,
      '--from',
      '2026-11-24T00:00:00Z',
      '--to',
      '2026-11-23T00:00:00Z',
    ]);
    expect(range.code).toBe(1);
    expect(range.stderr).toMatch(/from must be earlier than to/);
    const unknown = await cli.run(['bulk-retries', 'start', '--destination', '0190f5e2-0000-7000-8000-0000000000ff']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/destination .* not found/);
    expect((await cli.run(['bulk-retries', 'list'])).stdout).toBe('No bulk retries.\n');
  });

  it('starts a job, lists it, and watches it to the end', async () => {
    const started = json((await cli.run(['bulk-retries', 'start', '--destination', destinationId, '--json'])).stdout)[0];
    expect(started).toMatchObject({ state: 'queued', retried: 0, selection: { destination_id: destinationId } });
    const listed = await cli.run(['bulk-retries', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`${started.id}\\s+queued\\s+${destinationId}\\s+0`));
    const watching = cli.spawn(['bulk-retries', 'get', started.id, '--watch']);
    await watching.waitForLine(/queued/);
    await bulkRetryRunner(h, { chunk: 2 }).pass();
    const watched = await watching.exited;
    expect(watched.code).toBe(0);
    expect(watched.stdout.trim().split('\n').pop()).toMatch(new RegExp(`${started.id}  succeeded  retried ${EVENTS}/${EVENTS}$`));
    const shown = await cli.run(['bulk-retries', 'get', started.id]);
    expect(shown.stdout).toMatch(new RegExp(`state\\s+succeeded\\n[\\s\\S]*retried\\s+${EVENTS}/${EVENTS}`));
  });

  it('start --watch follows a job the workers run', async () => {
    const runner = bulkRetryRunner(h, { chunk: 2 });
    runner.start();
    try {
      // Every dead letter has a pending replay now: the job finds nothing more to send.
      const watched = await cli.run(['bulk-retries', 'start', '--destination', destinationId, '--watch', '--json']);
      expect(watched.code).toBe(0);
      const updates = json(watched.stdout);
      expect(updates.at(-1)).toMatchObject({ state: 'succeeded', total: 0, retried: 0 });
    } finally {
      await runner.close();
    }
  });

  it('cancels a queued job once, then says it already finished', async () => {
    const started = json((await cli.run(['bulk-retries', 'start', '--destination', destinationId, '--json'])).stdout)[0];
    const cancelled = await cli.run(['bulk-retries', 'cancel', started.id]);
    expect(cancelled).toMatchObject({ code: 0, stdout: `Cancelled bulk retry ${started.id} after 0 dead letters.\n` });
    const again = await cli.run(['bulk-retries', 'cancel', started.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already cancelled/);
  });
});
