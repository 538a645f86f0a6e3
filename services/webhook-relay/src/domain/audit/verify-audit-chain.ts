import type { TenantTx } from '../../db/prisma.js';
import { chainHash, GENESIS_HASH } from './canonical-entry.js';

const BATCH = 1000;

export type AnchorMismatchCause = 'truncated' | 'rewritten' | 'beyond_anchor' | 'anchor_missing';

/** The chain holds link by link but does not end where the tenant's anchored head (audit_heads) says. */
export interface AnchorMismatch {
  cause: AnchorMismatchCause;
  expectedEntries: bigint;
  expectedLastHash: string | null;
  foundEntries: bigint;
  foundLastHash: string | null;
  reason: string;
}

export interface AuditVerification {
  intact: boolean;
  entries: number;
  lastHash: string | null;
  firstBroken: { seq: bigint; id: string; reason: string } | null;
  anchorMismatch: AnchorMismatch | null;
}

interface Walk {
  entries: number;
  lastHash: string | null;
  firstBroken: AuditVerification['firstBroken'];
}

/**
 * Walks the tenant's chain from the first entry and names the first link that does not hold, then
 * checks that the chain ends at the anchored head: deleting the newest entries leaves a shorter chain
 * that is just as valid, which only the head shows.
 *
 * Appends may commit while this runs (each statement sees the latest commits). The head is read first
 * and only the entries it counts are walked: none of those can be added later, since the trigger only
 * appends beyond the head. Entries beyond the head are then counted in one statement with the head as
 * it is by then, so an append committing meanwhile is never taken for tampering.
 */
export async function verifyAuditChain(options: { tx: TenantTx; tenantId: string }): Promise<AuditVerification> {
  const { tx, tenantId } = options;
  const head = await tx.auditHead.findUnique({ where: { tenantId }, select: { entries: true, lastHash: true } });
  const walk = await walkChain(tx, tenantId, head?.entries ?? null);
  if (walk.firstBroken)
    return { intact: false, entries: walk.entries, lastHash: null, firstBroken: walk.firstBroken, anchorMismatch: null };
  const mismatch = (head && compareWithHead(walk, head)) ?? (await findEntriesBeyondHead(tx, tenantId));
  if (mismatch) return { intact: false, entries: walk.entries, lastHash: null, firstBroken: null, anchorMismatch: mismatch };
  return { intact: true, entries: walk.entries, lastHash: walk.lastHash, firstBroken: null, anchorMismatch: null };
}

/** Entries 1..upTo (all of them when there is no head to bound the walk), in seq order. */
async function walkChain(tx: TenantTx, tenantId: string, upTo: bigint | null): Promise<Walk> {
  let expectedSeq = 1n;
  let prevHash = GENESIS_HASH;
  let entries = 0;
  while (upTo === null || expectedSeq <= upTo) {
    const seq = upTo === null ? { gte: expectedSeq } : { gte: expectedSeq, lte: upTo };
    const batch = await tx.auditEntry.findMany({ where: { tenantId, seq }, orderBy: { seq: 'asc' }, take: BATCH });
    for (const entry of batch) {
      const broken = (reason: string): Walk => ({ entries, lastHash: null, firstBroken: { seq: entry.seq, id: entry.id, reason } });
      if (entry.seq !== expectedSeq) return broken(`entry ${expectedSeq} is missing: the chain jumps to ${entry.seq}`);
      if (entry.prevHash !== prevHash) return broken('prev_hash does not match the hash of the entry before it');
      if (chainHash(entry.prevHash, entry) !== entry.hash) return broken('hash does not match the entry: the entry was altered');
      prevHash = entry.hash;
      expectedSeq += 1n;
      entries += 1;
    }
    if (batch.length < BATCH) break;
  }
  return { entries, lastHash: entries ? prevHash : null, firstBroken: null };
}

function compareWithHead(walk: Walk, head: { entries: bigint; lastHash: string }): AnchorMismatch | null {
  const found = BigInt(walk.entries);
  const mismatch = (cause: AnchorMismatchCause, what: string): AnchorMismatch => ({
    cause,
    expectedEntries: head.entries,
    expectedLastHash: head.lastHash,
    foundEntries: found,
    foundLastHash: walk.lastHash,
    reason: `expected ${head.entries} entries ending in hash ${head.lastHash}, found ${found}${walk.lastHash ? ` ending in hash ${walk.lastHash}` : ''}: ${what}`,
  });
  if (found < head.entries) {
    const missing = head.entries - found;
    return mismatch('truncated', `the newest ${missing === 1n ? 'entry was' : `${missing} entries were`} deleted (truncated)`);
  }
  if (walk.lastHash !== head.lastHash) return mismatch('rewritten', 'the chain was rewritten');
  return null;
}

/** Entries the head does not count: written with the trigger off, or the head itself deleted. */
async function findEntriesBeyondHead(tx: TenantTx, tenantId: string): Promise<AnchorMismatch | null> {
  const [state] = await tx.$queryRaw<
    Array<{ head_entries: bigint | null; head_hash: string | null; rows: bigint; newest_seq: bigint | null; newest_hash: string | null }>
  >`
    SELECT h.entries AS head_entries, h.last_hash AS head_hash, n.rows, n.newest_seq, n.newest_hash
      FROM (SELECT count(*) AS rows, max(seq) AS newest_seq,
                   (SELECT e.hash FROM audit_entries e WHERE e.tenant_id = ${tenantId}::uuid ORDER BY e.seq DESC LIMIT 1) AS newest_hash
              FROM audit_entries WHERE tenant_id = ${tenantId}::uuid) n
      LEFT JOIN audit_heads h ON h.tenant_id = ${tenantId}::uuid`;
  const { head_entries: headEntries, head_hash: headHash, rows, newest_seq: newestSeq, newest_hash: newestHash } = state!;
  if (newestSeq === null || (headEntries !== null && newestSeq <= headEntries)) return null;
  const found = `found ${rows} ending in hash ${newestHash} (seq ${newestSeq})`;
  return {
    cause: headEntries === null ? 'anchor_missing' : 'beyond_anchor',
    expectedEntries: headEntries ?? 0n,
    expectedLastHash: headHash,
    foundEntries: rows,
    foundLastHash: newestHash,
    reason:
      headEntries === null
        ? `expected no entries (the anchored head is missing), ${found}: the head was deleted`
        : `expected ${headEntries} entries ending in hash ${headHash}, ${found}: entries were added without moving the head`,
  };
}
