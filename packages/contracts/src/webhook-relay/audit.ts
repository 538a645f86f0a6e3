import { z } from 'zod';

export const AuditEntry = z
  .object({
    id: z.uuid(),
    seq: z.number().int(),
    actor: z.string(),
    action: z.string(),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    details: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    prev_hash: z.string().meta({ description: 'hash of the entry before (64 zeros for the first).' }),
    hash: z.string().meta({ description: 'sha256(prev_hash || canonical entry), hex.' }),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditVerification = z
  .object({
    intact: z.boolean(),
    entries: z.number().int().meta({ description: 'Entries checked before the first broken one (all of them when intact).' }),
    last_hash: z.string().nullable(),
    first_broken: z.object({ seq: z.number().int(), id: z.uuid(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'AuditVerification' });
export type AuditVerification = z.infer<typeof AuditVerification>;
