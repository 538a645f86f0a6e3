import { relayPurgeEndpointEvents } from '../../db/functions/relay-purge-endpoint-events.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { lockEndpoint } from './endpoint-view.js';

/**
 * Its ingest URL stops answering at once. Its captured events stay for the retention window, or, with
 * `purgeEvents`, go now with their checks and deliveries (their payloads at the purge's next pass).
 */
export async function deleteEndpoint(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  endpointId: string;
  purgeEvents?: boolean;
}): Promise<void> {
  const { tx, tenantId, runtime, endpointId } = options;
  await lockEndpoint(tx, endpointId);
  const now = runtime.now();
  await tx.ingestToken.updateMany({ where: { endpointId, revokedAt: null }, data: { revokedAt: now } });
  await tx.endpoint.update({ where: { id: endpointId }, data: { deletedAt: now } });
  const eventsPurged = options.purgeEvents ? await relayPurgeEndpointEvents(tx, endpointId) : undefined;
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'endpoint.deleted',
    target: { type: 'endpoint', id: endpointId },
    ...(eventsPurged === undefined ? {} : { details: { events_purged: eventsPurged } }),
  });
}
