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

export const AuditVerification = z
  .object({
    intact: z.boolean(),
    entries: z.number().int().meta({ description: 'Entries checked before the first broken one (all of them when intact).' }),
    last_hash: RelaySha256Hex('last_hash').nullable(),
    first_broken: z.object({ seq: z.number().int(), id: z.uuid(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof AuditVerification>;
