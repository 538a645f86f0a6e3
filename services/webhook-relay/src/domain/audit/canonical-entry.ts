import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFields {
  id: string;
  tenantId: string;
  seq: bigint;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  details: unknown;
  createdAt: Date;
}

/**
 * The bytes an entry's hash covers: every field but the hashes, as JSON with keys sorted at every
 * level, so the same entry read back from jsonb (which reorders keys) hashes the same.
 */
export function canonicalEntry(entry: ChainedFields): string {
  return stableJson({
    action: entry.action,
    actor: entry.actor,
    created_at: entry.createdAt.toISOString(),
    details: entry.details ?? {},
    id: entry.id,
    seq: entry.seq.toString(),
    target_id: entry.targetId,
    target_type: entry.targetType,
    tenant_id: entry.tenantId,
  });
}

/** hash = sha256(prev_hash || canonical entry), hex. */
export function chainHash(prevHash: string, entry: ChainedFields): string {
  return createHash('sha256').update(prevHash).update(canonicalEntry(entry)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${stableJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
