import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

const ROW_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}/;

describe('webhook-relay CLI: listen, listen --forward, replay', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let cli: CliHarness;
  let ingest: IngestHarness;
  let receiver: Receiver;
  let endpoint: { id: string; ingest_url: string };
  const env = () => ({ WEBHOOK_RELAY_API_KEY: tenant.apiKey });

  /** A webhook arriving at the endpoint, a second after the one before (event ids carry the time). */
  async function send(
    body: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    method = 'POST',
  ): Promise<void> {
    context.runtime.advance(1000);
    const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method, headers, body });
    expect(response.status).toBeLessThan(300);
  }

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    cli = await CliHarness.start(context);
    ingest = await startIngest(context);
    receiver = await startReceiver((request) => ({ status: request.path.startsWith('/fail') ? 500 : 200, body: 'ok' }));
    endpoint = JSON.parse((await cli.run(['endpoints', 'create', 'github', '--json'], { env: env() })).stdout);
  });
  afterAll(async () => {
    await receiver.close();
    await ingest.close();
    await cli.close();
    await context.close();
  });

  it('listen --json prints one JSON object per event captured after it started', async () => {
    await send('{"before":true}');
    const listen = cli.spawn(['listen', endpoint.id, '--json', '--interval', '50'], { env: env() });
    await listen.waitForLine(/^Listening to github/, { stream: 'stderr' });
    await send('{"hello":"world"}');
    const line = await listen.waitForLine(/"type":"event"/);
    const result = await listen.stop();
    expect(result.code).toBe(0);
    expect(JSON.parse(line)).toMatchObject({
      type: 'event',
      endpoint_id: endpoint.id,
      method: 'POST',
      provider: null,
      verification: { state: 'unattempted', cause: null },
      size: 17,
    });
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('listen prints plain rows (time, method, event id, provider, verification) when piped', async () => {
    const listen = cli.spawn(['listen', endpoint.id, '--interval', '50', '--max-events', '1'], { env: env() });
    await listen.waitForLine(/^Listening/, { stream: 'stderr' });
    await send('{"plain":true}');
    const result = await listen.exited;
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\x1b[');
    expect(result.stdout).toMatch(new RegExp(`${ROW_TIME.source}--> POST \\[[0-9a-f-]{36}\\] - unattempted\\n$`));
  });

  it('listen --forward catches up, then forwards live events with method, headers and body, printing status and ms', async () => {
    const target = `${receiver.url}/hooks?from=cli`;
    const first = cli.spawn(['listen', endpoint.id, '--forward', target, '--interval', '50'], { env: env() });
    await first.waitForLine(/^caught up \(nothing missed\) - now tailing live events$/);
    await send('{"action":"opened"}', { 'content-type': 'application/json', 'x-github-event': 'issues', 'x-custom': 'kept' }, 'PUT');
    const row = await first.waitForLine(/<-- \[200\]/);
    expect((await first.stop()).code).toBe(0);
    expect(row).toMatch(new RegExp(`${ROW_TIME.source}<-- \\[200\\] PUT ${receiver.url}/hooks\\?from=cli \\[[0-9a-f-]{36}\\] \\d+ ms$`));
    const received = receiver.received.at(-1)!;
    expect(received).toMatchObject({
      method: 'PUT',
      path: '/hooks?from=cli',
      headers: expect.objectContaining({ 'x-github-event': 'issues', 'x-custom': 'kept', 'content-type': 'application/json' }),
    });
    expect(received.body.toString()).toBe('{"action":"opened"}');

    // While nobody listens: two more, one of them binary. The next run forwards both first, in order.
    await send('{"n":1}');
    await send(Buffer.from([0xff, 0x00, 0xfe, 0x01]), { 'content-type': 'application/octet-stream' });
    const before = receiver.received.length;
    const second = cli.spawn(['listen', endpoint.id, '--forward', target, '--interval', '50'], { env: env() });
    await second.waitForLine(/^caught up/);
    const lines = (await second.stop()).stdout.trim().split('\n');
    expect(
      lines.map((line) =>
        line
          .replace(ROW_TIME, '')
          .replace(/\[[0-9a-f-]{36}\]/, '[id]')
          .replace(/\d+ ms$/, 'N ms'),
      ),
    ).toEqual([
      '--> POST [id] - unattempted',
      `<-- [200] POST ${target} [id] N ms`,
      '--> POST [id] - unattempted',
      `<-- [200] POST ${target} [id] N ms`,
      'caught up (2 missed events forwarded) - now tailing live events',
    ]);
    expect(receiver.received.slice(before).map((request) => request.body.toString('hex'))).toEqual([
      Buffer.from('{"n":1}').toString('hex'),
      'ff00fe01',
    ]);
  });

  it('listen --forward --json prints forward results as JSON lines, with the status of a failing local server', async () => {
    const target = `${receiver.url}/fail`;
    const listen = cli.spawn(['listen', endpoint.id, '--forward', target, '--json', '--interval', '50'], { env: env() });
    await listen.waitForLine(/"type":"caught_up"/);
    await send('{"will":"fail"}');
    const forwarded = JSON.parse(await listen.waitForLine(/"type":"forward"/));
    await listen.stop();
    expect(forwarded).toEqual({
      type: 'forward',
      event_id: expect.any(String),
      target,
      method: 'POST',
      status: 500,
      duration_ms: expect.any(Number),
    });
  });

  it('replay --forward re-sends a past event to a local server', async () => {
    const events = await fetch(`${cli.apiUrl}/v1/events?endpoint_id=${endpoint.id}&limit=100`, { headers: tenant.auth }).then(
      (response) => response.json() as Promise<{ data: Array<{ id: string }> }>,
    );
    const oldest = events.data.at(-1)!.id;
    const result = await cli.run(['replay', oldest, '--forward', `${receiver.url}/replayed`], { env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`${ROW_TIME.source}<-- \\[200\\] POST ${receiver.url}/replayed \\[${oldest}\\] \\d+ ms\\n$`));
    expect(receiver.received.at(-1)).toMatchObject({ path: '/replayed', method: 'POST' });
    expect(receiver.received.at(-1)!.body.toString()).toBe('{"before":true}');
  });

  it('forwards the captured query string after the target’s own', async () => {
    context.runtime.advance(1000);
    const captured = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}?source=stripe&attempt=2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"queried":true}',
    });
    const { event_id } = (await captured.json()) as { event_id: string };
    const result = await cli.run(['replay', event_id, '--forward', `${receiver.url}/with-query?from=cli`], { env: env() });
    expect(result.code).toBe(0);
    expect(receiver.received.at(-1)).toMatchObject({ path: '/with-query?from=cli&source=stripe&attempt=2', method: 'POST' });
  });

  it('refuses forward targets that are not loopback URLs, before calling anything', async () => {
    for (const target of [
      'https://example.com/hook',
      'http://localhost.example.com/',
      'localhost:3000',
      'http://10.0.0.1:3000/',
      'ftp://127.0.0.1/',
      'http://user:pw@127.0.0.1:3000/',
    ]) {
      for (const args of [
        ['listen', endpoint.id, '--forward', target],
        ['replay', endpoint.id, '--forward', target],
      ]) {
        const result = await cli.run(args, { env: env() });
        expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
        expect(result.stderr).toMatch(
          /^error: refusing to forward to ".*": .*; use a local URL such as http:\/\/localhost:3000\/webhooks\n$/,
        );
      }
    }
  });

  it('replay needs exactly one target, and reports an API refusal without a stack trace', async () => {
    expect((await cli.run(['replay', endpoint.id], { env: env() })).code).toBe(2);
    const result = await cli.run(
      ['replay', '00000000-0000-7000-8000-000000000000', '--destination', '00000000-0000-7000-8000-000000000001'],
      { env: env() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+\n$/);
  });
});
