import type { CreateTenantRequest, UpdateTenantRequest } from '@workspace/contracts';
import { relayAdminDeleteTenantData } from '../../db/functions/relay-admin-delete-tenant-data.js';
import type { TenantTx } from '../../db/prisma.js';
import type { TenantDatabase } from '../../db/tenant-database.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { revokeApiKey } from '../api-keys/revoke-api-key.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { OPERATOR_ACTOR } from './admin-tenants.js';
import { preparePlanRanges } from '../retention/prepare-plan-ranges.js';

interface AdminDeps {
  tenants: TenantDatabase;
  runtime: Runtime;
}

/** A new tenant on a plan with its first API key; both audited in the tenant's own log. */
export async function createTenant(deps: AdminDeps, input: CreateTenantRequest) {
  const { runtime } = deps;
  const tenantId = runtime.newId();
  return deps.tenants.run(tenantId, async (tx) => {
    await tx.tenant.create({ data: { id: tenantId, name: input.name, planId: input.plan, createdAt: runtime.now() } });
    await preparePlanRanges(tx, runtime, input.plan);
    await appendAuditEntry({
      tx,
      tenantId,
      runtime,
      actor: OPERATOR_ACTOR,
      action: 'tenant.created',
      target: { type: 'tenant', id: tenantId },
      details: { name: input.name, plan: input.plan },
    });
    const created = await createApiKey({ tx, tenantId, runtime, actor: OPERATOR_ACTOR, name: input.api_key_name });
    return { tenantId, ...created };
  });
}

/** A new plan, a pause or a resume; each change audited, a request that changes nothing audits nothing. */
export async function updateTenant(deps: AdminDeps, tenantId: string, input: UpdateTenantRequest): Promise<void> {
  const { runtime } = deps;
  await deps.tenants.run(tenantId, async (tx) => {
    const tenant = await liveTenant(tx, tenantId);
    const audit = (action: 'tenant.plan_changed' | 'tenant.capture_paused' | 'tenant.capture_resumed', details?: Record<string, unknown>) =>
      appendAuditEntry({
        tx,
        tenantId,
        runtime,
        actor: OPERATOR_ACTOR,
        action,
        target: { type: 'tenant', id: tenantId },
        ...(details ? { details } : {}),
      });
    if (input.plan !== undefined && input.plan !== tenant.planId) {
      await tx.tenant.update({ where: { id: tenantId }, data: { planId: input.plan } });
      await preparePlanRanges(tx, runtime, input.plan);
      await audit('tenant.plan_changed', { from: tenant.planId, to: input.plan });
    }
    if (input.capture_paused !== undefined && input.capture_paused !== tenant.capturePaused) {
      await tx.tenant.update({ where: { id: tenantId }, data: { capturePaused: input.capture_paused } });
      await audit(input.capture_paused ? 'tenant.capture_paused' : 'tenant.capture_resumed');
    }
  });
}

export async function revokeTenantKey(deps: AdminDeps, tenantId: string, keyId: string): Promise<void> {
  await deps.tenants.run(tenantId, async (tx) => {
    await existingTenant(tx, tenantId);
    await revokeApiKey({ tx, tenantId, runtime: deps.runtime, actor: OPERATOR_ACTOR, keyId });
  });
}

/**
 * Deletes a tenant: every key revoked and capture paused at once, then its data deleted
 * (relay_admin_delete_tenant_data), in one transaction. The tenant row and its audit log stay, with the
 * deletion and what it removed as the log's last entry. Deleting a deleted tenant changes nothing.
 */
export async function deleteTenant(deps: AdminDeps, tenantId: string): Promise<void> {
  const { runtime } = deps;
  await deps.tenants.run(tenantId, async (tx) => {
    const tenant = await existingTenant(tx, tenantId);
    if (tenant.deletedAt) return;
    const now = runtime.now();
    const revoked = await tx.apiKey.updateMany({ where: { tenantId, revokedAt: null }, data: { revokedAt: now } });
    await tx.tenant.update({ where: { id: tenantId }, data: { capturePaused: true, deletedAt: now } });
    const removed = await relayAdminDeleteTenantData(tx, tenantId);
    await appendAuditEntry({
      tx,
      tenantId,
      runtime,
      actor: OPERATOR_ACTOR,
      action: 'tenant.deleted',
      target: { type: 'tenant', id: tenantId },
      details: { api_keys_revoked: revoked.count, ...removed },
    });
  });
}

/** Locked (FOR NO KEY UPDATE) for the change: of changes that race, each sees the one before it (one delete audits). */
async function existingTenant(tx: TenantTx, tenantId: string) {
  await tx.$queryRaw`SELECT 1 FROM tenants WHERE id = ${tenantId}::uuid FOR NO KEY UPDATE`;
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { planId: true, capturePaused: true, deletedAt: true } });
  if (!tenant) throw new RelayError('not_found', `tenant ${tenantId} not found`);
  return tenant;
}

async function liveTenant(tx: TenantTx, tenantId: string) {
  const tenant = await existingTenant(tx, tenantId);
  if (tenant.deletedAt) throw new RelayError('conflict', `tenant ${tenantId} was deleted`);
  return tenant;
}
