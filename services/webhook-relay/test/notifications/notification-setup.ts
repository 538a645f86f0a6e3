import { createLogger } from '@workspace/service-kit';
import type { ConnectionPool } from '../../src/db/prisma.js';
import { withTenantSql } from '../../src/db/tenant-sql.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { enqueueNotification, type NotificationType } from '../../src/domain/notifications/enqueue-notification.js';
import { systemRuntime, type Runtime } from '../../src/domain/runtime.js';
import type { EmailSender } from '../../src/notifications/email-sender.js';
import { Notifier } from '../../src/notifications/notifier.js';
import type { TestContext } from '../helpers/test-app.js';

/** Real time, moved forward by `advance`: signatures carry a timestamp standardwebhooks accepts, backoff is skipped. */
export function movableRuntime(): Runtime & { advance(ms: number): void } {
  let offset = 0;
  return { ...systemRuntime, now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

export const TEST_SCHEDULE = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

/** A notifier over this context's database, sending to 127.0.0.1 (allowed as in the test config). */
export function testNotifier(
  context: TestContext,
  options: { pool?: ConnectionPool; runtime?: Runtime; email?: EmailSender; pollMs?: number; batch?: number; schedule?: number[] } = {},
): Notifier {
  return new Notifier({
    pool: options.pool ?? context.pool,
    sealed: context.deps.sealed,
    runtime: options.runtime ?? context.deps.runtime,
    logger: createLogger({ service: 'notifier-test', level: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent' }),
    sender: new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 1024),
    email: options.email,
    pollMs: options.pollMs ?? 50,
    schedule: options.schedule ?? TEST_SCHEDULE,
    ...(options.batch ? { batch: options.batch } : {}),
  });
}

/** enqueueNotification in a committed tenant transaction of its own, as a caller's would be. */
export function enqueue(
  context: TestContext,
  tenantId: string,
  type: NotificationType,
  data: Record<string, unknown>,
  runtime: Runtime = context.deps.runtime,
): Promise<number> {
  return withTenantSql(context.pool, tenantId, (sql) =>
    enqueueNotification(sql, { tenantId, type, data, at: runtime.now(), newId: (at) => runtime.newIdAt(at) }),
  );
}

/** Waits for a condition with a generous deadline (a busy machine), polling. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
