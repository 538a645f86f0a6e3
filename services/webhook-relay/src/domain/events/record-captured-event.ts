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

/** Stores one request as an event in its tenant's plan's partition; the body goes to `payloads` once per content
 *  hash and day (docs/retention.md). */
export async function recordCapturedEvent(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  request: CapturedRequest;
}): Promise<string> {
  const { tx, tenantId, runtime, request } = options;
  const sha256 = createHash('sha256').update(request.body).digest();
  const id = runtime.newIdAt(request.receivedAt);
  const { planId } = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { planId: true } });
  const day = new Date(`${request.receivedAt.toISOString().slice(0, 10)}T00:00:00Z`);
  await tx.$executeRaw`INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size)
    VALUES (${tenantId}::uuid, ${sha256}, ${planId}, ${day}::date, ${request.body}, ${request.body.length}) ON CONFLICT DO NOTHING`;
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
      planId,
      day,
    },
  });
  return id;
}
