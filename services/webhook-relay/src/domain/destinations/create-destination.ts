import type { CreateDestinationRequest } from '@workspace/contracts';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { EgressGuard } from '../../delivery/egress-guard.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { breakerColumns, rateLimitColumns } from './destination-controls.js';
import { refuseUnreachableAddress } from './destination-address.js';
import { findDestination, type DestinationWithSecrets } from './destination-view.js';
import { newSigningSecret, storeDestinationSecret } from './store-destination-secret.js';

export interface CreateDestinationOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  input: CreateDestinationRequest;
  /** Judges an IP-literal url as deliveries would (RELAY_EGRESS_ALLOW). */
  egressGuard: EgressGuard;
}

/** Registers a destination with one signing secret (given, or made here); the secret is returned this once. */
export async function createDestination(
  options: CreateDestinationOptions,
): Promise<{ destination: DestinationWithSecrets; secret: string }> {
  const { tx, tenantId, runtime, sealed, input } = options;
  refuseUnreachableAddress(options.egressGuard, input.url);
  const id = runtime.newId();
  const now = runtime.now();
  const headers = input.headers && Object.keys(input.headers).length ? input.headers : null;
  await tx.destination.create({
    data: {
      id,
      tenantId,
      name: input.name,
      url: input.url,
      timeoutMs: input.timeout_ms,
      enabled: input.enabled,
      ...rateLimitColumns(input.rate_limit),
      ...breakerColumns(input.breaker),
      headersCiphertext: headers ? toBytes(await sealed.seal(tx, tenantId, 'destination_headers', id, JSON.stringify(headers))) : null,
      createdAt: now,
      updatedAt: now,
    },
  });
  const secret = input.secret ?? newSigningSecret(runtime);
  const stored = await storeDestinationSecret({ tx, tenantId, runtime, sealed, destinationId: id, secret, label: null });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination.created',
    target: { type: 'destination', id },
    details: {
      name: input.name,
      url: input.url,
      header_names: Object.keys(headers ?? {}),
      timeout_ms: input.timeout_ms,
      enabled: input.enabled,
      rate_limit: input.rate_limit,
      ...(input.breaker ? { breaker: input.breaker } : {}),
      secret_id: stored.id,
    },
  });
  return { destination: await findDestination(tx, sealed, id), secret };
}
