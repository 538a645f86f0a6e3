import type { UpdateSubscriptionRequest } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { Prisma, type Subscription } from '../../generated/prisma/client.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

/**
 * Sets or removes (null) a subscription's filter. updated_at moves on, so a fan-out that judged events against
 * the old filter has its verdicts refused and judges them again against this one.
 */
export async function updateSubscription(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  subscriptionId: string;
  input: UpdateSubscriptionRequest;
}): Promise<Subscription> {
  const { tx, tenantId, runtime, subscriptionId, input } = options;
  const found = await tx.$queryRaw<unknown[]>`SELECT 1 FROM subscriptions WHERE id = ${subscriptionId}::uuid FOR NO KEY UPDATE`;
  if (found.length === 0) throw new RelayError('not_found', `subscription ${subscriptionId} not found`);
  if (input.filter === undefined) return (await tx.subscription.findFirst({ where: { id: subscriptionId } }))!;
  const filter = input.filter === null ? Prisma.DbNull : (input.filter as Prisma.InputJsonObject);
  const subscription = await tx.subscription.update({ where: { id: subscriptionId }, data: { filter, updatedAt: runtime.now() } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'subscription.updated',
    target: { type: 'subscription', id: subscriptionId },
    details: { filter: input.filter },
  });
  return subscription;
}
