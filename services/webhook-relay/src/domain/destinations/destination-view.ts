import type { Destination, DestinationSecret } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import type { SealedValues } from '../sealed-values.js';

export type DestinationWithSecrets = Destination & { secrets: DestinationSecret[]; headerNames: string[] };

const withSecrets = { secrets: { where: { revokedAt: null }, orderBy: { createdAt: 'asc' as const } } };

async function headerNames(tx: TenantTx, sealed: SealedValues, destination: Destination): Promise<string[]> {
  if (!destination.headersCiphertext) return [];
  return Object.keys(
    JSON.parse(await sealed.open(tx, destination.tenantId, 'destination_headers', destination.id, destination.headersCiphertext)) as object,
  );
}

/** The destination with its unrevoked secrets; deleted ones do not exist for the API. */
export async function findDestination(tx: TenantTx, sealed: SealedValues, destinationId: string): Promise<DestinationWithSecrets> {
  const destination = await tx.destination.findFirst({ where: { id: destinationId, deletedAt: null }, include: withSecrets });
  if (!destination) throw new RelayError('not_found', `destination ${destinationId} not found`);
  return { ...destination, headerNames: await headerNames(tx, sealed, destination) };
}

/**
 * findDestination for a change: the row is locked first (FOR NO KEY UPDATE, to the end of the transaction), so
 * changes of one destination take turns, and one that waited for a delete finds it gone (404). `share` is for a
 * change that only refers to it (a subscription): it waits for a delete, not for others.
 */
export async function lockDestination(
  tx: TenantTx,
  sealed: SealedValues,
  destinationId: string,
  mode: 'update' | 'share' = 'update',
): Promise<DestinationWithSecrets> {
  const locked =
    mode === 'update'
      ? await tx.$queryRaw<unknown[]>`SELECT 1 FROM destinations WHERE id = ${destinationId}::uuid AND deleted_at IS NULL FOR NO KEY UPDATE`
      : await tx.$queryRaw<unknown[]>`SELECT 1 FROM destinations WHERE id = ${destinationId}::uuid AND deleted_at IS NULL FOR SHARE`;
  if (locked.length === 0) throw new RelayError('not_found', `destination ${destinationId} not found`);
  return findDestination(tx, sealed, destinationId);
}

/** Newest first. */
export async function listDestinations(options: {
  tx: TenantTx;
  sealed: SealedValues;
  page: PageRequest;
}): Promise<Page<DestinationWithSecrets>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.destination.findMany({
    where: { deletedAt: null, ...(after ? { id: { lt: after } } : {}) },
    include: withSecrets,
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  const page = toPage(rows, options.page.limit);
  return {
    ...page,
    items: await Promise.all(page.items.map(async (row) => ({ ...row, headerNames: await headerNames(options.tx, options.sealed, row) }))),
  };
}
