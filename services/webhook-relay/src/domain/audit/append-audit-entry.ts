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
  | 'destination_secret.rotated'
  | 'destination_secret.revoked'
  | 'subscription.created'
  | 'subscription.deleted'
  | 'delivery.replayed'
  | 'tenant.bootstrapped'
  | 'tenant.plan_changed'
  | 'tenant.signed_up';

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
 */
export async function appendAuditEntry(options: AppendAuditEntryOptions): Promise<void> {
  const { tx, tenantId, runtime } = options;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-relay:audit:${tenantId}`}, 0))`;
  const last = await tx.auditEntry.findFirst({ where: { tenantId }, orderBy: { seq: 'desc' }, select: { seq: true, hash: true } });
  const entry = {
    id: runtime.newId(),
    tenantId,
    seq: (last?.seq ?? 0n) + 1n,
    actor: options.actor,
    action: options.action,
    targetType: options.target.type,
    targetId: options.target.id,
    details: options.details ?? {},
    createdAt: runtime.now(),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  await tx.auditEntry.create({
    data: { ...entry, details: entry.details as Prisma.InputJsonObject, prevHash, hash: chainHash(prevHash, entry) },
  });
}
