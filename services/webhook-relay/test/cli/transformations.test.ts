// The CLI's transformations (docs/transformations.md), against a running relay with delivery workers: test code on a
// captured event, save versions from --code and --file, list them, activate one (the next event reaches the receiver
// transformed), detach, and the usage mistakes refused before any call.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CliHarness } from '../helpers/cli-runner.js';
import { type DeliveryHarness, startDeliveryHarness } from '../helpers/delivery-harness.js';
import { type Receiver, startReceiver } from '../helpers/receiver.js';

const RENAME = `(request) => {
  console.log('amount', request.body.amount_cents);
  const { amount_cents, ...rest } = request.body;
  return { ...request, headers: { ...request.headers, 'x-source': 'relay' }, body: { ...rest, amount: amount_cents / 100 } };
}`;
const CHANGE_PATH = '(request) => ({ ...request, path: "/orders/" + request.body.type })';

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: transformations', () => {
  let harness: DeliveryHarness;
  let cli: CliHarness;
  let receiver: Receiver;
  let folder: string;
  let endpoint: { id: string; url: string };
  let destination: string;
  let event: string;

  beforeAll(async () => {
    harness = await startDeliveryHarness();
    receiver = await startReceiver();
    cli = await CliHarness.start(harness.context);
    folder = await mkdtemp(join(tmpdir(), 'relay-transformations-'));
    expect((await cli.run(['login', '--with-token'], { stdin: harness.tenant.apiKey })).code).toBe(0);
    endpoint = await harness.endpoint({ name: 'orders' });
    destination = (await harness.destination(receiver.url)).id;
    await harness.subscribe(endpoint.id, destination);
    event = await harness.send(endpoint.url, '{"type":"order.paid","amount_cents":1250}');
    await receiver.waitForBody('{"type":"order.paid","amount_cents":1250}');
  }, 60_000);
  afterAll(async () => {
    await cli?.close();
    await receiver?.close();
    await harness?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('tests code on a captured event and prints the request it would send, the body pretty-printed, and its logs', async () => {
    const tested = await cli.run(['transformations', 'test', destination, '--event', event, '--code', RENAME]);
    expect(tested).toMatchObject({ code: 0, stderr: '' });
    expect(tested.stdout).toMatch(/^outcome: send \(\d+\.\d ms\)$/m);
    expect(tested.stdout).toContain(`POST ${receiver.url}`);
    expect(tested.stdout).toMatch(/^x-source: relay$/m);
    expect(tested.stdout).toContain('{\n  "type": "order.paid",\n  "amount": 12.5\n}');
    expect(tested.stdout).toMatch(/^logs \(1\):\n {2}amount 1250$/m);

    const asJson = json(
      (await cli.run(['transformations', 'test', destination, '--event', event, '--code', CHANGE_PATH, '--json'])).stdout,
    )[0];
    expect(asJson).toMatchObject({ outcome: 'send', error: null, logs: [] });
    expect(asJson.request.url).toBe(`${new URL(receiver.url).origin}/orders/order.paid`);
    // Nothing was sent by a test.
    expect(receiver.received).toHaveLength(1);
  });

  it('creates versions from --code and --file, lists them newest first, and refuses code that does not compile', async () => {
    const first = await cli.run(['transformations', 'create', destination, '--code', RENAME]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(
      `Created transformation v1 of destination ${destination}: not active\nActivate it with \`webhook-relay transformations activate ${destination} 1\`\n`,
    );
    const file = join(folder, 'change-path.js');
    await writeFile(file, CHANGE_PATH);
    const second = json((await cli.run(['transformations', 'create', destination, '--file', file, '--json'])).stdout)[0];
    expect(second).toMatchObject({ destination_id: destination, version: 2, code: CHANGE_PATH, active: false });

    const broken = await cli.run(['transformations', 'create', destination, '--code', '(request) => {']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^error: code is not a usable transformation: SyntaxError/);

    const listed = await cli.run(['transformations', 'list', destination]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toBe('Active: none (deliveries go as captured)');
    expect(lines[1]).toMatch(/^VERSION\s+ACTIVE\s+CREATED\s+BY\s+CODE$/);
    expect(lines.slice(2).map((line) => line.split(/\s+/)[0])).toEqual(['v2', 'v1']);
    const listedJson = json((await cli.run(['transformations', 'list', destination, '--json'])).stdout);
    expect(listedJson.map((version) => [version.version, version.active])).toEqual([
      [2, false],
      [1, false],
    ]);
  });

  it('activates a version: list marks it, a saved version tests by number, and the next event arrives transformed', async () => {
    const activated = await cli.run(['transformations', 'activate', destination, '1']);
    expect(activated).toMatchObject({ code: 0, stdout: `Destination ${destination}: runs transformation v1\n` });
    const listed = await cli.run(['transformations', 'list', destination]);
    expect(listed.stdout).toMatch(/^Active: v1$/m);
    expect(listed.stdout).toMatch(/^v1\s+yes\s/m);

    const saved = await cli.run(['transformations', 'test', destination, '--event', event, '--saved', '1']);
    expect(saved.stdout).toMatch(/^outcome: send/m);
    expect(saved.stdout).toContain('"amount": 12.5');

    await harness.send(endpoint.url, '{"type":"order.shipped","amount_cents":900}');
    await receiver.waitForBody('{"type":"order.shipped","amount":9}');
    expect(receiver.received.at(-1)!.headers['x-source']).toBe('relay');
  });

  it('exits 1 naming the cause when a run fails, says when it drops, and detaches with none', async () => {
    const failed = await cli.run([
      'transformations',
      'test',
      destination,
      '--event',
      event,
      '--code',
      '(r) => { throw new Error("boom"); }',
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^outcome: failed \(.*\): Error: boom$/m);
    expect(failed.stderr).toBe('error: the transformation failed: Error: boom\n');

    const dropped = await cli.run(['transformations', 'test', destination, '--event', event, '--code', '(r) => null']);
    expect(dropped).toMatchObject({ code: 0, stderr: '' });
    expect(dropped.stdout).toMatch(/^outcome: dropped .*nothing would be sent$/m);

    const detached = await cli.run(['transformations', 'activate', destination, 'none']);
    expect(detached).toMatchObject({ code: 0, stdout: `Destination ${destination}: no transformation, deliveries go as captured\n` });
    await harness.send(endpoint.url, '{"type":"order.refunded","amount_cents":100}');
    await receiver.waitForBody('{"type":"order.refunded","amount_cents":100}');
  });

  it('refuses usage mistakes with exit 2 before calling the relay', async () => {
    const mistakes = [
      ['transformations', 'create', destination],
      ['transformations', 'create', destination, '--code', 'r => r', '--file', 'x.js'],
      ['transformations', 'create', destination, '--file', join(folder, 'missing.js')],
      ['transformations', 'test', destination, '--event', event],
      ['transformations', 'test', destination, '--event', event, '--code', 'r => r', '--saved', '1'],
      ['transformations', 'test', destination, '--event', event, '--saved', 'latest'],
      ['transformations', 'activate', destination, 'latest'],
    ];
    for (const args of mistakes) expect({ args, code: (await cli.run(args)).code }).toEqual({ args, code: 2 });
  });
});
