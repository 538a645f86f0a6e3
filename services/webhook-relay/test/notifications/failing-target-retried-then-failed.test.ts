import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { startReceiver } from '../helpers/receiver.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { enqueue, movableRuntime, TEST_SCHEDULE, testNotifier } from './notification-setup.js';

// Time is injected: the notifier is driven one claim at a time (runOnce) and its clock moved past each wait.
describe('a notification whose target fails', () => {
  const runtime = movableRuntime();
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    context = await createTestContext({ runtime });
    tenant = await context.newTenant();
  });
  afterAll(() => context.close());

  const notifications = async (auth = tenant.auth) => (await api(context).get('/v1/notifications').set(auth).expect(200)).body.data;

  it('is sent again after the first wait, with the same webhook-id, until the target takes it (at least once)', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? { status: 500, body: 'down' } : { status: 204 }));
    try {
      const target = (
        await api(context).post('/v1/notification-targets').set(tenant.auth).send({ kind: 'webhook', url: receiver.url }).expect(201)
      ).body;
      await enqueue(context, tenant.tenantId, 'delivery.exhausted', { delivery_id: 'x-1' });
      const notifier = testNotifier(context);
      expect(await notifier.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const [failed] = await notifications();
      expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
      expect(Date.parse(failed.next_attempt_at) - Date.parse(failed.last_attempt_at)).toBe(TEST_SCHEDULE[0]);

      // Not due before its wait ends.
      expect(await notifier.runOnce()).toBe(0);
      runtime.advance(TEST_SCHEDULE[0]!);
      expect(await notifier.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body.equals(first!.body)).toBe(true);
      const headers = {
        'webhook-id': String(second!.headers['webhook-id']),
        'webhook-timestamp': String(second!.headers['webhook-timestamp']),
        'webhook-signature': String(second!.headers['webhook-signature']),
      };
      expect(new Webhook(target.secret).verify(second!.body.toString(), headers)).toMatchObject({ type: 'delivery.exhausted' });
      expect((await notifications())[0]).toMatchObject({ id: failed.id, state: 'sent', attempts: 2, last_status: 204, last_error: null });
    } finally {
      await receiver.close();
    }
  });

  it('ends failed after the last wait of the schedule, and opens no notification or issue about it', async () => {
    const other = await context.newTenant();
    const receiver = await startReceiver(() => ({ status: 503, body: 'never' }));
    try {
      await api(context).post('/v1/notification-targets').set(other.auth).send({ kind: 'webhook', url: receiver.url }).expect(201);
      await enqueue(context, other.tenantId, 'issue.opened', { issue_id: 'i-9' });
      const notifier = testNotifier(context);
      expect(await notifier.runOnce()).toBe(1);
      for (const wait of TEST_SCHEDULE) {
        runtime.advance(wait);
        expect(await notifier.runOnce()).toBe(1);
      }
      runtime.advance(TEST_SCHEDULE.at(-1)! * 10);
      expect(await notifier.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(1 + TEST_SCHEDULE.length);
      const listed = await notifications(other.auth);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ state: 'failed', attempts: 1 + TEST_SCHEDULE.length, last_status: 503, next_attempt_at: null });
      expect(listed[0].completed_at).not.toBeNull();
      // Never a loop: the failing target queued nothing more, for anyone, and opened no issue.
      const { rows } = await context.ownerPool.query<{ count: string }>('SELECT count(*) FROM notifications WHERE tenant_id = $1', [
        other.tenantId,
      ]);
      expect(Number(rows[0]!.count)).toBe(1);
      const issues = await context.ownerPool.query<{ count: string }>('SELECT count(*) FROM issues WHERE tenant_id = $1', [other.tenantId]);
      expect(Number(issues.rows[0]!.count)).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('is marked failed, not sent, when its target was turned off before it went out', async () => {
    const third = await context.newTenant();
    const receiver = await startReceiver();
    try {
      const target = (
        await api(context).post('/v1/notification-targets').set(third.auth).send({ kind: 'webhook', url: receiver.url }).expect(201)
      ).body;
      await enqueue(context, third.tenantId, 'destination.recovered', { destination_id: 'd-3' });
      await api(context).patch(`/v1/notification-targets/${target.id}`).set(third.auth).send({ enabled: false }).expect(200);
      expect(await testNotifier(context).runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(0);
      expect((await notifications(third.auth))[0]).toMatchObject({ state: 'failed', last_error: expect.stringContaining('turned off') });
    } finally {
      await receiver.close();
    }
  });
});
