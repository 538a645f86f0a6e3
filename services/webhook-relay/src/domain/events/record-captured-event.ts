import { createHash } from 'node:crypto';
import type { TenantTx } from '../../db/prisma.js';
import type { Runtime } from '../runtime.js';

export interface CapturedRequest {
  endpointId: string;
  method: string;
  /** The path after the ingest token (`''`, `/a/b`): the token is a credential and never stored in clear. */
  path: string;
  /** The ingest_tokens row it came in on. */
  ingestTokenId?: string | null;
  query: string;
  /** Name/value pairs in arrival order, names as received. */
  headers: Array<[string, string]>;
  body: Buffer;
  sourceAddress: string | null;
  receivedAt: Date;
}

/** Stores one request as an event; the body goes to `payloads` once per content hash. */
export async function recordCapturedEvent(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  request: CapturedRequest;
}): Promise<string> {
  const { tx, tenantId, runtime, request } = options;
  const sha256 = createHash('sha256').update(request.body).digest();
  await tx.$executeRaw`INSERT INTO payloads (tenant_id, sha256, body, size)
    VALUES (${tenantId}::uuid, ${sha256}, ${request.body}, ${request.body.length}) ON CONFLICT DO NOTHING`;
  const id = runtime.newIdAt(request.receivedAt);
  await tx.event.create({
    data: {
      id,
      tenantId,
      endpointId: request.endpointId,
      receivedAt: request.receivedAt,
      method: request.method,
      path: request.path,
      ingestTokenId: request.ingestTokenId ?? null,
      query: request.query,
      headers: request.headers,
      payloadSha256: sha256,
      sourceAddress: request.sourceAddress,
    },
  });
  return id;
}
