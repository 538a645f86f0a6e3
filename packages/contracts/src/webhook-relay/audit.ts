import { z } from 'zod';
import { RelaySha256Hex, RelayTimestamp } from './common.js';

export const AuditEntry = z
  .object({
    id: z.uuid(),
    seq: z.number().int(),
    actor: z.string(),
    action: z.string(),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    details: z.record(z.string(), z.unknown()),
    created_at: RelayTimestamp('created_at'),
    prev_hash: RelaySha256Hex('prev_hash').meta({ description: 'hash of the entry before (64 zeros for the first).' }),
    hash: RelaySha256Hex('hash').meta({ description: 'sha256(prev_hash || canonical entry), hex.' }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditAnchorMismatch = z
  .object({
    cause: z.enum(['truncated', 'rewritten', 'beyond_anchor', 'anchor_missing']).meta({
      description:
        'truncated: the newest entries were deleted; rewritten: the chain ends in another hash than the head; beyond_anchor: entries the head does not count; anchor_missing: entries but no head.',
    }),
    reason: z
      .string()
      .meta({ description: 'What was expected and what was found, e.g. "expected 9 entries ending in hash …, found 7 …".' }),
    expected_entries: z.number().int().meta({ description: 'Entries the anchored head counts.' }),
    expected_last_hash: RelaySha256Hex('expected_last_hash').nullable(),
    found_entries: z.number().int(),
    found_last_hash: RelaySha256Hex('found_last_hash').nullable(),
  })
  .meta({
    id: 'AuditAnchorMismatch',
    description:
      "The chain holds link by link but does not end at the tenant's anchored head (entry count and last hash, moved forward with every append and never back by the service).",
  });
export type AuditAnchorMismatch = z.infer<typeof AuditAnchorMismatch>;

export const AuditVerification = z
  .object({
    intact: z.boolean(),
    entries: z.number().int().meta({
      description: 'Entries checked before the first broken one (all of them when intact, the ones found when the head does not match).',
    }),
    last_hash: RelaySha256Hex('last_hash').nullable(),
    first_broken: z.object({ seq: z.number().int(), id: z.uuid(), reason: z.string() }).nullable(),
    anchor_mismatch: AuditAnchorMismatch.nullable(),
  })
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof AuditVerification>;
