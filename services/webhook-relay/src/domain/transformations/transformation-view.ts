import type { Transformation as TransformationBody, TransformationList } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import type { Transformation } from '../../generated/prisma/client.js';
import { RelayError } from '../relay-error.js';

export function presentTransformation(row: Transformation, activeVersion: number | null): TransformationBody {
  return {
    id: row.id,
    destination_id: row.destinationId,
    version: row.version,
    code: row.code,
    active: row.version === activeVersion,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** A saved version of the destination's transformation; one that does not exist is a 404 naming it. */
export async function findTransformationVersion(tx: TenantTx, destinationId: string, version: number): Promise<Transformation> {
  const row = await tx.transformation.findUnique({ where: { destinationId_version: { destinationId, version } } });
  if (!row) throw new RelayError('not_found', `transformation version ${version} of destination ${destinationId} not found`);
  return row;
}

/** Every version, newest first, and which one deliveries run. Deleted destinations (and other tenants') are 404. */
export async function listTransformations(tx: TenantTx, destinationId: string): Promise<TransformationList> {
  const destination = await tx.destination.findFirst({
    where: { id: destinationId, deletedAt: null },
    select: { transformationVersion: true },
  });
  if (!destination) throw new RelayError('not_found', `destination ${destinationId} not found`);
  const rows = await tx.transformation.findMany({ where: { destinationId }, orderBy: { version: 'desc' } });
  const active = destination.transformationVersion;
  return { active_version: active, data: rows.map((row) => presentTransformation(row, active)) };
}
