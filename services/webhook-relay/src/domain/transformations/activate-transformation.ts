import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { findDestination, lockDestination, type DestinationWithSecrets } from '../destinations/destination-view.js';
import type { ChangeTransformationOptions } from './create-transformation.js';
import { findTransformationVersion } from './transformation-view.js';

/**
 * Chooses the version a destination's deliveries run from their next attempt on; null detaches (sent as captured).
 * The queue keeps its order: a delivery already being sent finishes with the version it started with, and every
 * later one reads the new version with its heads.
 */
export async function activateTransformation(
  options: ChangeTransformationOptions & { version: number | null },
): Promise<DestinationWithSecrets> {
  const { tx, tenantId, runtime, sealed, destinationId, version } = options;
  const before = await lockDestination(tx, sealed, destinationId);
  if (version !== null) await findTransformationVersion(tx, destinationId, version);
  await tx.destination.update({ where: { id: destinationId }, data: { transformationVersion: version, updatedAt: runtime.now() } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'transformation.activated',
    target: { type: 'destination', id: destinationId },
    details: { version, previous_version: before.transformationVersion },
  });
  return findDestination(tx, sealed, destinationId);
}
