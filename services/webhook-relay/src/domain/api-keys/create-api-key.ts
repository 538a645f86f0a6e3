import type { ApiKey } from '../../generated/prisma/client.js';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { hashApiKey, newApiKeySecret } from './api-key-secret.js';

export interface CreateApiKeyOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  name: string;
  /** A given secret (the bootstrap key from the environment); otherwise a new random one. */
  secret?: string;
}

/** Stores only the key's hash; the secret itself is returned once, to the caller. */
export async function createApiKey(options: CreateApiKeyOptions): Promise<{ apiKey: ApiKey; secret: string }> {
  const { tx, tenantId, runtime } = options;
  const secret = options.secret ?? newApiKeySecret(runtime.randomBytes);
  const apiKey = await tx.apiKey.create({
    data: {
      id: runtime.newId(),
      tenantId,
      name: options.name,
      keyHash: toBytes(hashApiKey(secret)),
      keyHint: secret.slice(-4),
      createdBy: options.actor,
      createdAt: runtime.now(),
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'api_key.created',
    target: { type: 'api_key', id: apiKey.id },
    details: { name: apiKey.name },
  });
  return { apiKey, secret };
}
