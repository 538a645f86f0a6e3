import type { ApiKey } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';

/** Newest first, revoked keys included (they show when they were revoked). */
export async function listApiKeys(options: { tx: TenantTx; page: PageRequest }): Promise<Page<ApiKey>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.apiKey.findMany({
    where: after ? { id: { lt: after } } : {},
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
