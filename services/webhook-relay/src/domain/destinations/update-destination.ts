import type { UpdateDestinationRequest } from '@workspace/contracts';
import { toBytes } from '../../db/bytes.js';
import type { TenantTx } from '../../db/prisma.js';
import type { EgressGuard } from '../../delivery/egress-guard.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { breakerColumns, breakerSettingsOf, CLOSED_BREAKER_COLUMNS, rateLimitColumns, rateLimitOf } from './destination-controls.js';
import { dueAtOnce } from './pause-destination.js';
import { refuseUnreachableAddress } from './destination-address.js';
import { findDestination, lockDestination, type DestinationWithSecrets } from './destination-view.js';

export interface UpdateDestinationOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
  changes: UpdateDestinationRequest;
  /** Judges an IP-literal url as deliveries would (RELAY_EGRESS_ALLOW). */
  egressGuard: EgressGuard;
}

/** Changes what is given; enabling clears the reason it was disabled (its pending deliveries resume in order). */
export async function updateDestination(options: UpdateDestinationOptions): Promise<DestinationWithSecrets> {
  const { tx, tenantId, runtime, sealed, destinationId, changes } = options;
  if (changes.url !== undefined) refuseUnreachableAddress(options.egressGuard, changes.url);
  const before = await lockDestination(tx, sealed, destinationId);
  const headers = changes.headers === undefined ? undefined : Object.keys(changes.headers).length ? changes.headers : null;
  await tx.destination.update({
    where: { id: destinationId },
    data: {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.timeout_ms !== undefined ? { timeoutMs: changes.timeout_ms } : {}),
      ...(changes.enabled !== undefined
        ? { enabled: changes.enabled, disabledReason: changes.enabled ? null : 'disabled through the API' }
        : {}),
      // Enabling again starts afresh: the breaker closes (its queue's head is due at once, see resumeDestination).
      ...(changes.enabled === true && !before.enabled ? CLOSED_BREAKER_COLUMNS : {}),
      ...(changes.rate_limit !== undefined ? rateLimitColumns(changes.rate_limit) : {}),
      ...breakerColumns(changes.breaker),
      ...(headers !== undefined
        ? {
            headersCiphertext: headers
              ? toBytes(await sealed.seal(tx, tenantId, 'destination_headers', destinationId, JSON.stringify(headers)))
              : null,
          }
        : {}),
      updatedAt: runtime.now(),
    },
  });
  if (changes.enabled === true && !before.enabled) await dueAtOnce(tx, destinationId);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination.updated',
    target: { type: 'destination', id: destinationId },
    details: {
      ...(changes.name !== undefined ? { name: { from: before.name, to: changes.name } } : {}),
      ...(changes.url !== undefined ? { url: { from: before.url, to: changes.url } } : {}),
      ...(changes.timeout_ms !== undefined ? { timeout_ms: { from: before.timeoutMs, to: changes.timeout_ms } } : {}),
      ...(changes.enabled !== undefined ? { enabled: { from: before.enabled, to: changes.enabled } } : {}),
      ...(changes.rate_limit !== undefined ? { rate_limit: { from: rateLimitOf(before), to: changes.rate_limit } } : {}),
      ...(changes.breaker !== undefined
        ? { breaker: { from: breakerSettingsOf(before), to: { ...breakerSettingsOf(before), ...changes.breaker } } }
        : {}),
      ...(headers !== undefined ? { header_names: { from: before.headerNames, to: Object.keys(headers ?? {}) } } : {}),
    },
  });
  return findDestination(tx, sealed, destinationId);
}
