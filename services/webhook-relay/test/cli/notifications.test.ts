import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import type { Notifier } from '../../src/notifications/notifier.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { testNotifier, waitUntil } from '../notifications/notification-setup.js';

const json = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('webhook-relay CLI: notification targets and notifications', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let cli: CliHarness;
  let receiver: Receiver;
  let notifier: Notifier;

  beforeAll(async () => {
    context = await createTestContext({ runtime: systemRuntime });
    tenant = await context.newTenant();
    cli = await CliHarness.start(context);
    receiver = await startReceiver();
    notifier = testNotifier(context);
    notifier.start();
    expect((await cli.run(['login', '--with-token'], { stdin: tenant.apiKey })).code).toBe(0);
  });
  afterAll(async () => {
    await notifier.close();
    await cli.close();
    await receiver.close();
    await context.close();
  });

  it('creates a webhook target, shows its secret once, lists, gets and updates it', async () => {
    const created = await cli.run([
      'notification-targets',
      'create',
      '--url',
      `${receiver.url}/ops`,
      '--types',
      'issue.opened,issue.resolved',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Created notification target [0-9a-f-]{36}$/m);
    expect(created.stdout).toMatch(/^types +issue\.opened, issue\.resolved$/m);
    expect(created.stdout).toMatch(/^secret +whsec_/m);
    const id = created.stdout.match(/Created notification target ([0-9a-f-]{36})/)![1]!;
    const listed = await cli.run(['notification-targets', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`^${id} +webhook +${receiver.url}/ops +issue\\.opened,issue\\.resolved +yes$`, 'm'));
    const got = await cli.run(['notification-targets', 'get', id, '--json']);
    expect(json(got.stdout)[0]).toMatchObject({ id, kind: 'webhook', secret_hint: expect.stringMatching(/^whsec_…/) });
    expect(json(got.stdout)[0]).not.toHaveProperty('secret');
    const updated = await cli.run(['notification-targets', 'update', id, '--types', 'destination.disabled', '--disable', '--json']);
    expect(json(updated.stdout)[0]).toMatchObject({ types: ['destination.disabled'], enabled: false });
    expect((await cli.run(['notification-targets', 'update', id, '--enable'])).stdout).toMatch(/^enabled +yes$/m);
  });

  it('tests a target: the notification arrives signed and shows in notifications list', async () => {
    const created = json((await cli.run(['notification-targets', 'create', '--url', `${receiver.url}/test`, '--json'])).stdout)[0];
    const tested = await cli.run(['notification-targets', 'test', created.id, '--json']);
    expect(tested.code).toBe(0);
    const queued = json(tested.stdout)[0];
    await waitUntil(() => receiver.received.some((request) => request.headers['webhook-id'] === queued.id), 'the test notification');
    const request = receiver.received.find((item) => item.headers['webhook-id'] === queued.id)!;
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
    );
    expect(new Webhook(created.secret).verify(request.body.toString(), headers)).toMatchObject({ type: 'notification.test' });
    await waitUntil(
      async () => (await cli.run(['notifications', 'list', '--target', created.id])).stdout.includes(' sent '),
      'sent in the list',
    );
    const listed = await cli.run(['notifications', 'list', '--target', created.id]);
    expect(listed.stdout).toMatch(new RegExp(`^${queued.id} +${created.id} +notification\\.test +sent +1 `, 'm'));
  });

  it('refuses wrong usage with exit 2 and the API’s refusals with exit 1', async () => {
    const neither = await cli.run(['notification-targets', 'create']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(/exactly one of --url <url> \(a webhook\) or --email <address>/);
    const noSmtp = await cli.run(['notification-targets', 'create', '--email', 'ops@example.com']);
    expect(noSmtp.code).toBe(1);
    expect(noSmtp.stderr).toMatch(/RELAY_SMTP_URL/);
    const badType = await cli.run(['notification-targets', 'create', '--url', 'https://ops.example.com/x', '--types', 'issue.exploded']);
    expect(badType.code).toBe(1);
    expect(badType.stderr).toMatch(/types entries must be one of/);
  });

  it('deletes a target', async () => {
    const created = json((await cli.run(['notification-targets', 'create', '--url', 'https://ops.example.com/gone', '--json'])).stdout)[0];
    expect((await cli.run(['notification-targets', 'delete', created.id])).stdout).toBe(`Deleted notification target ${created.id}\n`);
    expect((await cli.run(['notification-targets', 'get', created.id])).code).toBe(1);
  });
});
