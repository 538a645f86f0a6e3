import { relayFindApiKey } from '../../db/functions/relay-find-api-key.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { TenantDatabase } from '../../db/tenant-database.js';
import { createApiKey } from '../api-keys/create-api-key.js';
import { hashApiKey } from '../api-keys/api-key-secret.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { preparePlanRanges } from '../retention/prepare-plan-ranges.js';

const UNIQUE_VIOLATION = 'P2002';

/**
 * RELAY_BOOTSTRAP_API_KEY: makes sure a first tenant exists that this key opens, so a fresh
 * installation can be used at once. Idempotent, and safe when several replicas start together.
 */
export async function ensureBootstrapTenant(options: {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  runtime: Runtime;
  apiKey: string;
  plan: string;
}): Promise<'created' | 'exists'> {
  const { runtime, plan } = options;
  const found = await relayFindApiKey(options.pool, hashApiKey(options.apiKey));
  const existing = found[0]?.tenant_id;
  if (existing) {
    await keepPlan(options.tenants, runtime, existing, plan);
    return 'exists';
  }
  const tenantId = runtime.newId();
  try {
    await options.tenants.run(tenantId, async (tx) => {
      await tx.tenant.create({ data: { id: tenantId, name: 'Default', planId: plan, createdAt: runtime.now() } });
      await preparePlanRanges(tx, runtime, plan);
      const actor = 'system:bootstrap';
      await appendAuditEntry({ tx, tenantId, runtime, actor, action: 'tenant.bootstrapped', target: { type: 'tenant', id: tenantId } });
      await createApiKey({ tx, tenantId, runtime, actor, name: 'bootstrap (RELAY_BOOTSTRAP_API_KEY)', secret: options.apiKey });
    });
    return 'created';
  } catch (error) {
    // Another replica stored the same key first: its tenant is the one.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'exists';
    throw error;
  }
}

/** RELAY_BOOTSTRAP_PLAN is configuration: the tenant follows it at every start, and the change is audited. */
async function keepPlan(tenants: TenantDatabase, runtime: Runtime, tenantId: string, plan: string): Promise<void> {
  await tenants.run(tenantId, async (tx) => {
    const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { planId: true } });
    if (!tenant || tenant.planId === plan) return;
    await tx.tenant.update({ where: { id: tenantId }, data: { planId: plan } });
    await preparePlanRanges(tx, runtime, plan);
    await appendAuditEntry({
      tx,
      tenantId,
      runtime,
      actor: 'system:bootstrap',
      action: 'tenant.plan_changed',
      target: { type: 'tenant', id: tenantId },
      details: { from: tenant.planId, to: plan },
    });
  });
}
