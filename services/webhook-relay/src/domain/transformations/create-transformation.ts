import type { CreateTransformationRequest, Transformation as TransformationBody } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { lockDestination } from '../destinations/destination-view.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { checkTransformationCode } from './check-transformation-code.js';
import { presentTransformation } from './transformation-view.js';

export interface ChangeTransformationOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
}

/**
 * Saves the next version of a destination's transformation (1, 2, 3… per destination), after checking that the code
 * compiles to a function. Creates of one destination take turns on its row lock, so each reads the highest version
 * the one before it committed; the unique (destination_id, version) index is the backstop. `activate` points the
 * destination at the new version in the same transaction, so no delivery runs a version that was not committed.
 */
export async function createTransformation(
  options: ChangeTransformationOptions & { input: CreateTransformationRequest },
): Promise<TransformationBody> {
  const { tx, tenantId, runtime, destinationId, input } = options;
  // Before the lock: the sandbox's time is not spent holding the destination.
  await checkTransformationCode(tenantId, input.code, runtime.now());
  const destination = await lockDestination(tx, options.sealed, destinationId);
  const highest = await tx.transformation.aggregate({ where: { destinationId }, _max: { version: true } });
  const version = (highest._max.version ?? 0) + 1;
  const now = runtime.now();
  const row = await tx.transformation.create({
    data: { id: runtime.newId(), tenantId, destinationId, version, code: input.code, createdAt: now, createdBy: options.actor },
  });
  if (input.activate)
    await tx.destination.update({ where: { id: destinationId }, data: { transformationVersion: version, updatedAt: now } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'transformation.created',
    target: { type: 'destination', id: destinationId },
    details: {
      version,
      activated: input.activate,
      ...(input.activate ? { previous_version: destination.transformationVersion } : {}),
    },
  });
  return presentTransformation(row, input.activate ? version : destination.transformationVersion);
}
