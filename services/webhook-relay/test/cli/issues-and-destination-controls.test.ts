import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: issues, pause and resume, rate limits and the circuit breaker', () => {
  let harness: DeliveryHarness;
  let cli: CliHarness;
  let receiver: Receiver;
  let failing = true;

  beforeAll(async () => {
    harness = await startDeliveryHarness();
    cli = await CliHarness.start(harness.context);
    receiver = await startReceiver(() => (failing ? { status: 503, body: 'down for maintenance' } : { status: 200 }));
    expect((await cli.run(['login', '--with-token'], { stdin: harness.tenant.apiKey })).code).toBe(0);
  });
  afterAll(async () => {
    await cli.close();
    await harness.close();
    await receiver.close();
  });

  it('creates a destination with a rate limit and breaker settings, shows them, and changes them', async () => {
    const created = await cli.run([
      'destinations',
      'create',
      'paced',
      receiver.url,
      '--rate-limit',
      '10/second',
      '--breaker-failures',
      '3',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const destination = json(created.stdout)[0];
    expect(destination).toMatchObject({ rate_limit: { max: 10, per: 'second' }, breaker: { failures: 3, state: 'closed' } });
    const shown = await cli.run(['destinations', 'show', destination.id]);
    expect(shown.stdout).toMatch(/rate limit 10 per second/);
    expect(shown.stdout).toMatch(/breaker {4}closed/);
    expect(shown.stdout).toMatch(/opens after 3 failures over 300 s; turns off after 120 h failing/);
    const edited = await cli.run(['destinations', 'edit', destination.id, '--rate-limit', 'none', '--disable-after-hours', '48', '--json']);
    expect(json(edited.stdout)[0]).toMatchObject({ rate_limit: null, breaker: { disable_after_hours: 48 } });
    const refused = await cli.run(['destinations', 'edit', destination.id, '--rate-limit', '10 per hour']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--rate-limit must look like 10\/second, 600\/minute or none/);
  });

  it('pauses and resumes a destination', async () => {
    const destination = json((await cli.run(['destinations', 'create', 'held', receiver.url, '--json'])).stdout)[0];
    const paused = await cli.run(['destinations', 'pause', destination.id, '--reason', 'maintenance window']);
    expect(paused).toMatchObject({ code: 0 });
    expect(paused.stdout).toMatch(/^Paused destination held/);
    expect((await cli.run(['destinations', 'show', destination.id])).stdout).toMatch(/paused {5}since .+ \(maintenance window\)/);
    const resumed = await cli.run(['destinations', 'resume', destination.id, '--json']);
    expect(json(resumed.stdout)[0]).toMatchObject({ paused_at: null, enabled: true });
  });

  it('lists, shows, acknowledges and resolves the issue a failing destination opened', async () => {
    const endpoint = await harness.endpoint();
    const destination = await harness.destination(receiver.url);
    await harness.subscribe(endpoint.id, destination.id);
    await harness.send(endpoint.url, '{"order":1}');
    const [issue] = await eventually(async () => {
      const listed = json((await cli.run(['issues', 'list', '--destination', destination.id, '--json'])).stdout);
      expect(listed).toHaveLength(1);
      return listed;
    });
    expect(issue).toMatchObject({ kind: 'http_5xx', state: 'open', last_status: 503 });
    const table = await cli.run(['issues', 'list']);
    expect(table.stdout).toMatch(new RegExp(`${issue.id}\\s+http_5xx\\s+open\\s+destination ${destination.id}`));
    const shown = await cli.run(['issues', 'show', issue.id]);
    expect(shown.stdout).toMatch(/last answer {2}down for maintenance/);
    expect((await cli.run(['issues', 'acknowledge', issue.id])).stdout).toBe(`Acknowledged issue ${issue.id} (http_5xx)\n`);
    expect((await cli.run(['issues', 'resolve', issue.id])).stdout).toBe(`Resolved issue ${issue.id} (http_5xx)\n`);
    const resolved = json((await cli.run(['issues', 'list', '--state', 'resolved', '--destination', destination.id, '--json'])).stdout);
    expect(resolved.map((found: { id: string }) => found.id)).toContain(issue.id);
    failing = false;
    await receiver.waitForBody('{"order":1}');
  });
});
