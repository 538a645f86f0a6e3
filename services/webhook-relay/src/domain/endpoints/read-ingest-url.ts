import type { TenantTx } from '../../db/prisma.js';
import type { SealedValues } from '../sealed-values.js';
import { findEndpoint } from './endpoint-view.js';
import { ingestUrl } from './ingest-token.js';

/** The ingest URL in full, decrypted from its sealed token. */
export async function readIngestUrl(options: {
  tx: TenantTx;
  tenantId: string;
  sealed: SealedValues;
  ingestBase: string;
  endpointId: string;
}): Promise<string> {
  const endpoint = await findEndpoint(options.tx, options.endpointId);
  const token = endpoint.tokens[0];
  if (!token) throw new Error(`endpoint ${endpoint.id} has no active ingest token`);
  return ingestUrl(
    options.ingestBase,
    await options.sealed.open(options.tx, options.tenantId, 'ingest_token', token.id, token.tokenCiphertext),
  );
}
