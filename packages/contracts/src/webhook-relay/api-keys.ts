import { z } from 'zod';
import { jsonObject, nonBlankName, RelayTimestamp } from './common.js';

export const CreateApiKeyRequest = jsonObject({ name: nonBlankName('name') }).meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

export const ApiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    key_hint: z.string().meta({ description: 'The prefix and last four characters.', example: 'whk_…a1b2' }),
    created_at: RelayTimestamp('created_at'),
    last_used_at: RelayTimestamp('last_used_at').nullable(),
    revoked_at: RelayTimestamp('revoked_at').nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const CreatedApiKey = ApiKey.extend({ key: z.string().meta({ description: 'The secret key: shown in this answer only.' }) }).meta({
  id: 'CreatedApiKey',
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
