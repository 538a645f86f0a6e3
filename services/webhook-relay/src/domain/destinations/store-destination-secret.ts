import type { DestinationSecret } from '../../generated/prisma/client.js';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';

/** A new Standard Webhooks secret: 32 random bytes. */
export const newSigningSecret = (runtime: Runtime) => `whsec_${runtime.randomBytes(32).toString('base64')}`;

/** Sealed with the tenant's data key; only a four-character hint stays in clear. */
export async function storeDestinationSecret(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  destinationId: string;
  secret: string;
  label: string | null;
}): Promise<DestinationSecret> {
  const { tx, tenantId, runtime } = options;
  const id = runtime.newId();
  return tx.destinationSecret.create({
    data: {
      id,
      tenantId,
      destinationId: options.destinationId,
      label: options.label,
      secretCiphertext: toBytes(await options.sealed.seal(tx, tenantId, 'destination_secret', id, options.secret)),
      secretHint: options.secret.slice(-4),
      createdAt: runtime.now(),
    },
  });
}
