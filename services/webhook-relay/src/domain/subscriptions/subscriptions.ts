import type { CreateSubscriptionRequest } from '@workspace/contracts';
import type { Prisma, Subscription } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { lockEndpoint } from '../endpoints/endpoint-view.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

interface Actor {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
}

/** Forwards an endpoint's events from now on to a destination; one subscription per pair (409 for a second). */
export async function createSubscription(options: Actor & { input: CreateSubscriptionRequest }): Promise<Subscription> {
  const { tx, tenantId, runtime, input } = options;
  // Shared locks: a delete of either waits for this subscription (and then removes it), or this waits and answers 404.
  await lockEndpoint(tx, input.endpoint_id, 'share');
  const destination = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM destinations WHERE id = ${input.destination_id}::uuid AND deleted_at IS NULL FOR SHARE`;
  if (destination.length === 0) throw new RelayError('not_found', `destination ${input.destination_id} not found`);
  const existing = await tx.subscription.findFirst({ where: { endpointId: input.endpoint_id, destinationId: input.destination_id } });
  if (existing)
    throw new RelayError(
      'conflict',
      `endpoint ${input.endpoint_id} already has subscription ${existing.id} to destination ${input.destination_id}`,
    );
  const id = runtime.newId();
  const states = [...new Set(input.states)];
  const eventTypes = [...new Set(input.event_types)];
  const filter = input.filter ?? undefined;
  const now = runtime.now();
  const subscription = await tx.subscription.create({
    data: {
      id,
      tenantId,
      endpointId: input.endpoint_id,
      destinationId: input.destination_id,
      states,
      eventTypes,
      ...(filter ? { filter: filter as Prisma.InputJsonObject } : {}),
      createdAt: now,
      updatedAt: now,
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'subscription.created',
    target: { type: 'subscription', id },
    details: {
      endpoint_id: input.endpoint_id,
      destination_id: input.destination_id,
      states,
      event_types: eventTypes,
      ...(filter ? { filter } : {}),
    },
  });
  return subscription;
}

export async function deleteSubscription(options: Actor & { subscriptionId: string }): Promise<void> {
  const { tx, tenantId, runtime, subscriptionId } = options;
  const subscription = await tx.subscription.findFirst({ where: { id: subscriptionId } });
  if (!subscription) throw new RelayError('not_found', `subscription ${subscriptionId} not found`);
  // deleteMany: a delete that waited for another one finds nothing left to delete (404, not Prisma's P2025).
  const { count } = await tx.subscription.deleteMany({ where: { id: subscriptionId } });
  if (count === 0) throw new RelayError('not_found', `subscription ${subscriptionId} not found`);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'subscription.deleted',
    target: { type: 'subscription', id: subscriptionId },
    details: { endpoint_id: subscription.endpointId, destination_id: subscription.destinationId },
  });
}

/** Newest first, optionally one endpoint's or one destination's. */
export async function listSubscriptions(options: {
  tx: TenantTx;
  page: PageRequest;
  endpointId?: string;
  destinationId?: string;
}): Promise<Page<Subscription>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.subscription.findMany({
    where: {
      ...(options.endpointId ? { endpointId: options.endpointId } : {}),
      ...(options.destinationId ? { destinationId: options.destinationId } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
