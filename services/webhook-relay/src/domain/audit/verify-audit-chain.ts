import type { TenantTx } from '../../db/prisma.js';
import { chainHash, GENESIS_HASH } from './canonical-entry.js';

const BATCH = 1000;

export interface AuditVerification {
  intact: boolean;
  entries: number;
  lastHash: string | null;
  firstBroken: { seq: bigint; id: string; reason: string } | null;
}

/** Walks the tenant's chain from the first entry and names the first link that does not hold. */
export async function verifyAuditChain(options: { tx: TenantTx; tenantId: string }): Promise<AuditVerification> {
  const { tx, tenantId } = options;
  let expectedSeq = 1n;
  let prevHash = GENESIS_HASH;
  let entries = 0;
  for (;;) {
    const batch = await tx.auditEntry.findMany({ where: { tenantId, seq: { gte: expectedSeq } }, orderBy: { seq: 'asc' }, take: BATCH });
    for (const entry of batch) {
      const broken = (reason: string): AuditVerification => ({ intact: false, entries, lastHash: null, firstBroken: { seq: entry.seq, id: entry.id, reason } });
      if (entry.seq !== expectedSeq) return broken(`entry ${expectedSeq} is missing: the chain jumps to ${entry.seq}`);
      if (entry.prevHash !== prevHash) return broken('prev_hash does not match the hash of the entry before it');
      if (chainHash(entry.prevHash, entry) !== entry.hash) return broken('hash does not match the entry: the entry was altered');
      prevHash = entry.hash;
      expectedSeq += 1n;
      entries += 1;
    }
    if (batch.length < BATCH) break;
  }
  return { intact: true, entries, lastHash: entries ? prevHash : null, firstBroken: null };
}
