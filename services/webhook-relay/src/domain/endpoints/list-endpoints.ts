import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import type { EndpointWithToken } from './endpoint-view.js';

/** Newest first. */
export async function listEndpoints(options: { tx: TenantTx; page: PageRequest }): Promise<Page<EndpointWithToken>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.endpoint.findMany({
    where: { deletedAt: null, ...(after ? { id: { lt: after } } : {}) },
    include: { tokens: { where: { revokedAt: null }, orderBy: { id: 'desc' }, take: 1 } },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
