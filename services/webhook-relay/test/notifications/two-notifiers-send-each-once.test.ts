import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_PG_TIMEOUTS } from '@workspace/service-kit/testing';
import { LONG_STATEMENTS, openDatabase } from '../../src/db/prisma.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, createTestContext, type TestContext } from '../helpers/test-app.js';
import { enqueue, testNotifier, waitUntil } from './notification-setup.js';

const NOTIFICATIONS = 60;

// Two notifiers, each on a pool of its own, as two worker processes would be, claiming from one database.
describe('two notifiers on one database', () => {
  let context: TestContext;
  let receiver: Receiver;
  let secondDatabase: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    context = await createTestContext({ runtime: systemRuntime });
    // Slow answers keep claims in flight while the other notifier claims.
    receiver = await startReceiver(() => ({ status: 200, delayMs: 30 }));
    secondDatabase = openDatabase(context.appRoleUrl, 5, () => undefined, { ...TEST_PG_TIMEOUTS, longStatements: LONG_STATEMENTS });
  });
  afterAll(async () => {
    await receiver.close();
    await secondDatabase.close();
    await context.close();
  });

  it('never both send one notification: every webhook-id arrives once', async () => {
    const tenants = await Promise.all([context.newTenant(), context.newTenant(), context.newTenant()]);
    for (const tenant of tenants)
      await api(context).post('/v1/notification-targets').set(tenant.auth).send({ kind: 'webhook', url: receiver.url }).expect(201);
    for (let index = 0; index < NOTIFICATIONS; index += 1)
      await enqueue(context, tenants[index % tenants.length]!.tenantId, 'issue.opened', { n: index });

    const first = testNotifier(context, { batch: 4, pollMs: 10 });
    const second = testNotifier(context, { pool: secondDatabase.pool, batch: 4, pollMs: 10 });
    // Counted per notifier, to see that both took a share.
    const claimed = [0, 0];
    for (const [index, notifier] of [first, second].entries()) {
      const runOnce = notifier.runOnce.bind(notifier);
      notifier.runOnce = async () => {
        const count = await runOnce();
        claimed[index]! += count;
        return count;
      };
    }
    // Both race for the same due rows from the start.
    first.start();
    second.start();
    try {
      await waitUntil(() => receiver.received.length >= NOTIFICATIONS, `${NOTIFICATIONS} notifications`, 60_000);
      // Give a duplicate time to show up, then check none did.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(ids).toHaveLength(NOTIFICATIONS);
    expect(new Set(ids).size).toBe(NOTIFICATIONS);
    expect(receiver.maxInFlight).toBeGreaterThan(1);
    expect(claimed[0]! + claimed[1]!).toBe(NOTIFICATIONS);
    expect(Math.min(...claimed)).toBeGreaterThan(0);
    const { rows } = await context.ownerPool.query<{ state: string; attempts: number; count: string }>(
      'SELECT state, attempts, count(*) FROM notifications GROUP BY state, attempts',
    );
    expect(rows).toEqual([{ state: 'sent', attempts: 1, count: String(NOTIFICATIONS) }]);
  });
});
