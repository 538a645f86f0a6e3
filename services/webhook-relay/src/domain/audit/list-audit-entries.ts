import type { AuditEntry } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';

/** Newest first, in chain order (seq): ids made on different replicas need not sort the same way. */
export async function listAuditEntries(options: { tx: TenantTx; page: PageRequest }): Promise<Page<AuditEntry>> {
  const { tx } = options;
  const afterId = decodeCursor(options.page.cursor);
  let beforeSeq: bigint | undefined;
  if (afterId) {
    const last = await tx.auditEntry.findUnique({ where: { id: afterId }, select: { seq: true } });
    if (!last) throw new RelayError('invalid_request', 'cursor is not valid: pass next_cursor from the previous page unchanged');
    beforeSeq = last.seq;
  }
  const rows = await tx.auditEntry.findMany({
    where: beforeSeq !== undefined ? { seq: { lt: beforeSeq } } : {},
    orderBy: { seq: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
