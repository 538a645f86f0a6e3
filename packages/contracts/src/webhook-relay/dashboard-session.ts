import { z } from 'zod';

export const DashboardSignIn = z
  .strictObject(
    {
      api_key: z
        .string({ error: (issue) => (issue.input === undefined ? 'api_key is required' : 'api_key must be a string') })
        .min(1, 'api_key must not be empty')
        .max(200, 'api_key must be at most 200 characters'),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'body must be a JSON object: {"api_key": "whk_..."}' : undefined) },
  )
  .meta({ id: 'DashboardSignIn' });
export type DashboardSignIn = z.infer<typeof DashboardSignIn>;

export const DashboardSession = z
  .object({
    signed_in: z.boolean(),
    tenant_id: z.uuid().nullable(),
    actor: z.string().nullable().meta({ description: 'How audit entries name this session: api_key:<id> or user:<id>.' }),
    csrf_token: z.string().nullable().meta({ description: 'Send as X-CSRF-Token on every request that changes something.' }),
    expires_at: z.string().nullable(),
    sign_in_providers: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .meta({ description: 'Identity providers configured for browser sign-in (empty: sign in with an API key).' }),
  })
  .meta({ id: 'DashboardSession' });
export type DashboardSession = z.infer<typeof DashboardSession>;
