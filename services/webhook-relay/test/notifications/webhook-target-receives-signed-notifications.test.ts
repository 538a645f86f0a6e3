import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { enqueueNotification, NOTIFICATION_TYPES, sqlOf } from '../../src/domain/notifications/enqueue-notification.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import type { Notifier } from '../../src/notifications/notifier.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { enqueue, testNotifier, waitUntil } from './notification-setup.js';

const headersOf = (received: Receiver['received'][number]) => ({
  'webhook-id': String(received.headers['webhook-id']),
  'webhook-timestamp': String(received.headers['webhook-timestamp']),
  'webhook-signature': String(received.headers['webhook-signature']),
});

describe('a webhook notification target registered over REST', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let receiver: Receiver;
  let notifier: Notifier;
  let target: { id: string; secret: string; types: string[] };

  beforeAll(async () => {
    // Real time: standardwebhooks checks the signature's timestamp against the clock.
    context = await createTestContext({ runtime: systemRuntime });
    tenant = await context.newTenant();
    receiver = await startReceiver();
    notifier = testNotifier(context);
    notifier.start();
    const created = await api(context)
      .post('/v1/notification-targets')
      .set(tenant.auth)
      .send({ kind: 'webhook', url: `${receiver.url}/ops`, description: 'on-call' })
      .expect(201);
    target = created.body;
  });
  afterAll(async () => {
    await notifier.close();
    await receiver.close();
    await context.close();
  });

  it('shows its signing secret once, takes every type by default, and is audited', async () => {
    expect(target.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(target.types).toEqual([...NOTIFICATION_TYPES]);
    const fetched = (await api(context).get(`/v1/notification-targets/${target.id}`).set(tenant.auth).expect(200)).body;
    expect(fetched).not.toHaveProperty('secret');
    expect(fetched.secret_hint).toBe(`whsec_…${target.secret.slice(-4)}`);
    const listed = (await api(context).get('/v1/notification-targets').set(tenant.auth).expect(200)).body;
    expect(listed.data.map((item: { id: string }) => item.id)).toEqual([target.id]);
    const audit = (await api(context).get('/v1/audit').set(tenant.auth).expect(200)).body.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toContain('notification_target.created');
  });

  it('receives a notification enqueued in a committed transaction, signed so standardwebhooks verifies it', async () => {
    const queued = await enqueue(context, tenant.tenantId, 'issue.opened', { issue_id: 'i-1', destination_id: 'd-1', kind: 'http_5xx' });
    expect(queued).toBe(1);
    await receiver.waitFor(1);
    const received = receiver.received[0]!;
    expect(received.path).toBe('/ops');
    expect(received.headers['content-type']).toBe('application/json');
    const payload = new Webhook(target.secret).verify(received.body.toString(), headersOf(received)) as Record<string, unknown>;
    expect(payload).toEqual({
      type: 'issue.opened',
      timestamp: expect.any(String),
      data: { issue_id: 'i-1', destination_id: 'd-1', kind: 'http_5xx' },
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`).verify(received.body.toString(), headersOf(received)),
    ).toThrow();

    await waitUntil(
      async () => {
        const listed = (await api(context).get('/v1/notifications').set(tenant.auth).expect(200)).body.data;
        return listed[0]?.state === 'sent';
      },
      'the notification to be recorded as sent',
      20_000,
    );
    const [notification] = (await api(context).get(`/v1/notifications?target_id=${target.id}`).set(tenant.auth).expect(200)).body.data;
    expect(notification).toMatchObject({
      id: received.headers['webhook-id'],
      type: 'issue.opened',
      state: 'sent',
      attempts: 1,
      last_status: 200,
    });
  });

  it('is enqueued through a Prisma tenant transaction too (sqlOf), and only for types the target takes', async () => {
    const other = await startReceiver();
    try {
      const resolvedOnly = (
        await api(context)
          .post('/v1/notification-targets')
          .set(tenant.auth)
          .send({ kind: 'webhook', url: `${other.url}/resolved`, types: ['issue.resolved'] })
          .expect(201)
      ).body;
      const before = receiver.received.length;
      const runtime = context.deps.runtime;
      const queuedOpened = await context.deps.tenants.run(tenant.tenantId, (tx) =>
        enqueueNotification(sqlOf(tx), {
          tenantId: tenant.tenantId,
          type: 'destination.disabled',
          data: { destination_id: 'd-2' },
          at: runtime.now(),
          newId: runtime.newIdAt,
        }),
      );
      expect(queuedOpened).toBe(1);
      await receiver.waitFor(before + 1);
      const queuedResolved = await enqueue(context, tenant.tenantId, 'issue.resolved', { issue_id: 'i-1' });
      expect(queuedResolved).toBe(2);
      await other.waitFor(1);
      await receiver.waitFor(before + 2);
      // The issue.resolved-only target got exactly that one, verified with its own secret.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(other.received).toHaveLength(1);
      const payload = new Webhook(resolvedOnly.secret).verify(other.received[0]!.body.toString(), headersOf(other.received[0]!)) as {
        type: string;
      };
      expect(payload.type).toBe('issue.resolved');
    } finally {
      await other.close();
    }
  });

  it('queues nothing for a tenant without targets, nor for a target turned off', async () => {
    const lonely = await context.newTenant();
    expect(await enqueue(context, lonely.tenantId, 'issue.opened', {})).toBe(0);
    const off = await context.newTenant();
    const created = (
      await api(context)
        .post('/v1/notification-targets')
        .set(off.auth)
        .send({ kind: 'webhook', url: `${receiver.url}/off` })
        .expect(201)
    ).body;
    await api(context).patch(`/v1/notification-targets/${created.id}`).set(off.auth).send({ enabled: false }).expect(200);
    expect(await enqueue(context, off.tenantId, 'issue.opened', {})).toBe(0);
    // Another tenant's notifications are not listed here.
    expect((await api(context).get('/v1/notifications').set(off.auth).expect(200)).body.data).toEqual([]);
  });

  it('sends a notification.test to that target only when asked, verified the same way', async () => {
    const before = receiver.received.length;
    const queued = (await api(context).post(`/v1/notification-targets/${target.id}/test`).set(tenant.auth).expect(201)).body;
    expect(queued).toMatchObject({ target_id: target.id, type: 'notification.test', state: 'pending' });
    await receiver.waitFor(before + 1);
    const received = receiver.received.find((item) => item.headers['webhook-id'] === queued.id)!;
    const payload = new Webhook(target.secret).verify(received.body.toString(), headersOf(received)) as {
      type: string;
      data: { test: boolean };
    };
    expect(payload).toMatchObject({ type: 'notification.test', data: { test: true, target_id: target.id } });
  });
});
