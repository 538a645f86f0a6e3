import { z } from 'zod';
import { jsonObject, nonBlankName, RelayTimestamp } from './common.js';

const MAX_GRACE_SECONDS = 30 * 24 * 60 * 60;

const Secret = z
  .string({ error: (issue) => (issue.input === undefined ? 'secret is required' : 'secret must be a string') })
  .min(1, 'secret must not be empty')
  .max(4096, 'secret must be at most 4096 characters')
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'secret must not contain control characters');

export const AddProviderSecretRequest = jsonObject({
  secret: Secret,
  label: nonBlankName('label').optional(),
  expires_at: RelayTimestamp('expires_at').optional(),
}).meta({ id: 'AddProviderSecretRequest' });
export type AddProviderSecretRequest = z.infer<typeof AddProviderSecretRequest>;

/** How long the secrets a rotation replaces keep working (default one day), for provider and signing secrets alike. */
export const PreviousExpireInSeconds = z
  .number({ error: 'previous_expire_in_seconds must be a number' })
  .int('previous_expire_in_seconds must be an integer')
  .min(0, 'previous_expire_in_seconds must not be negative')
  .max(MAX_GRACE_SECONDS, `previous_expire_in_seconds must be at most ${MAX_GRACE_SECONDS} (30 days)`)
  .default(86_400);

export const RotateProviderSecretRequest = jsonObject({
  secret: Secret,
  label: nonBlankName('label').optional(),
  previous_expire_in_seconds: PreviousExpireInSeconds,
}).meta({ id: 'RotateProviderSecretRequest' });
export type RotateProviderSecretRequest = z.infer<typeof RotateProviderSecretRequest>;

export const ProviderSecret = z
  .object({
    id: z.uuid(),
    label: z.string().nullable(),
    secret_hint: z.string().meta({ description: 'The last four characters (none for short secrets).', example: '…a1b2' }),
    created_at: RelayTimestamp('created_at'),
    expires_at: RelayTimestamp('expires_at').nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'ProviderSecret' });
export type ProviderSecret = z.infer<typeof ProviderSecret>;

export const RotatedProviderSecrets = z
  .object({ secret: ProviderSecret, previous: z.array(ProviderSecret) })
  .meta({ id: 'RotatedProviderSecrets' });
export type RotatedProviderSecrets = z.infer<typeof RotatedProviderSecrets>;

/** An endpoint's provider secrets: all of them in one answer (an endpoint has a few), so no cursor. */
export const ProviderSecretList = z.object({ data: z.array(ProviderSecret) });
export type ProviderSecretList = z.infer<typeof ProviderSecretList>;
