import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { hashIngestToken, newIngestToken } from './ingest-token.js';

/** A new token for the endpoint: hashed for lookup, sealed so the URL can be read again. */
export async function issueIngestToken(options: {
  tx: TenantTx;
  tenantId: string;
  endpointId: string;
  runtime: Runtime;
  sealed: SealedValues;
}): Promise<string> {
  const { tx, tenantId, runtime } = options;
  const token = newIngestToken(runtime.randomBytes);
  const id = runtime.newId();
  await tx.ingestToken.create({
    data: {
      id,
      tenantId,
      endpointId: options.endpointId,
      tokenHash: toBytes(hashIngestToken(token)),
      tokenCiphertext: toBytes(await options.sealed.seal(tx, tenantId, 'ingest_token', id, token)),
      tokenHint: token.slice(-4),
      createdAt: runtime.now(),
    },
  });
  return token;
}
