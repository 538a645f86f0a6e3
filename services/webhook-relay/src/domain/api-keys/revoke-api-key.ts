import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

/** Permanent: the key never authenticates again. Revoking a revoked key changes nothing. */
export async function revokeApiKey(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  keyId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, keyId } = options;
  // Locked: of revokes that race, one revokes (and is audited); the others wait, then find it revoked.
  const [key] = await tx.$queryRaw<Array<{ revoked: boolean }>>`
    SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = ${keyId}::uuid FOR NO KEY UPDATE`;
  if (!key) throw new RelayError('not_found', `API key ${keyId} not found`);
  if (key.revoked) return;
  await tx.apiKey.update({ where: { id: keyId }, data: { revokedAt: runtime.now() } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'api_key.revoked',
    target: { type: 'api_key', id: keyId },
  });
}
