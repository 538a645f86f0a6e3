import type { Prisma } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';
import { chainHash, GENESIS_HASH } from './canonical-entry.js';

export type AuditAction =
  | 'api_key.created'
  | 'api_key.revoked'
  | 'endpoint.created'
  | 'endpoint.renamed'
  | 'endpoint.updated'
  | 'endpoint.deleted'
  | 'endpoint.token_rotated'
  | 'provider_secret.added'
  | 'provider_secret.rotated'
  | 'provider_secret.removed'
  | 'destination.created'
  | 'destination.updated'
  | 'destination.deleted'
  | 'destination.disabled'
  | 'destination.paused'
  | 'destination.resumed'
  | 'issue.acknowledged'
  | 'issue.resolved'
  | 'destination_secret.rotated'
  | 'destination_secret.revoked'
  | 'subscription.created'
  | 'subscription.updated'
  | 'subscription.deleted'
  | 'delivery.replayed'
  | 'bulk_retry.started'
  | 'bulk_retry.cancelled'
  | 'bulk_retry.finished'
  | 'tenant.bootstrapped'
  | 'tenant.plan_changed'
  | 'tenant.signed_up'
  | 'tenant.created'
  | 'tenant.capture_paused'
  | 'tenant.capture_resumed'
  | 'tenant.deleted'
  | 'dashboard.signed_in'
  | 'dashboard.signed_out'
  | 'trigger.registered'
  | 'trigger.deleted'
  | 'mcp.revoked'
  | 'mcp.authorized'
  | 'notification_target.created'
  | 'notification_target.updated'
  | 'notification_target.deleted'
  | 'event_type.created'
  | 'event_type.updated'
  | 'event_type.deleted'
  | 'transformation.created'
  | 'transformation.activated';

export interface AppendAuditEntryOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  action: AuditAction;
  target: { type: string; id: string | null };
  details?: Record<string, unknown>;
}

/**
 * Appends to the tenant's chain in the caller's transaction, so the entry commits with the action
 * it records. Appends of one tenant take turns (a transaction lock) so each links to the last one.
 * The entry extends the anchored head (audit_heads, which the insert's trigger moves forward), not the
 * newest row left: were the newest entries deleted behind the service, the next entry still follows the
 * last one that was written, and verify names the gap instead of a chain that quietly grew over it.
 */
export async function appendAuditEntry(options: AppendAuditEntryOptions): Promise<void> {
  const { tx, tenantId, runtime } = options;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-relay:audit:${tenantId}`}, 0))`;
  const head = await tx.auditHead.findUnique({ where: { tenantId }, select: { entries: true, lastHash: true } });
  const entry = {
    id: runtime.newId(),
    tenantId,
    seq: (head?.entries ?? 0n) + 1n,
    actor: options.actor,
    action: options.action,
    targetType: options.target.type,
    targetId: options.target.id,
    details: options.details ?? {},
    createdAt: runtime.now(),
  };
  const prevHash = head?.lastHash ?? GENESIS_HASH;
  await tx.auditEntry.create({
    data: { ...entry, details: entry.details as Prisma.InputJsonObject, prevHash, hash: chainHash(prevHash, entry) },
  });
}
