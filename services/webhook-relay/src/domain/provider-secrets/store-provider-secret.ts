import type { ProviderSecret } from '../../generated/prisma/client.js';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';

export interface StoreProviderSecretOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  endpointId: string;
  secret: string;
  label: string | null;
  expiresAt: Date | null;
}

/** Sealed with the tenant's data key; only a four-character hint is kept in clear. */
export async function storeProviderSecret(options: StoreProviderSecretOptions): Promise<ProviderSecret> {
  const { tx, tenantId, runtime } = options;
  const id = runtime.newId();
  return tx.providerSecret.create({
    data: {
      id,
      tenantId,
      endpointId: options.endpointId,
      label: options.label,
      secretCiphertext: toBytes(await options.sealed.seal(tx, tenantId, 'provider_secret', id, options.secret)),
      // Short secrets would give too much away.
      secretHint: options.secret.length >= 12 ? options.secret.slice(-4) : '',
      createdAt: runtime.now(),
      expiresAt: options.expiresAt,
    },
  });
}

export const isActiveSecret = (secret: Pick<ProviderSecret, 'revokedAt' | 'expiresAt'>, now: Date) =>
  secret.revokedAt === null && (secret.expiresAt === null || secret.expiresAt > now);
