import { z } from 'zod';
import { jsonObject, nonBlankName } from './common.js';

const PROVIDER_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const Provider = z
  .string({ error: 'provider must be a string or null' })
  .regex(PROVIDER_SLUG, 'provider must be a registry slug such as "stripe" or "standard-webhooks"')
  .nullable();

export const CreateEndpointRequest = jsonObject({ name: nonBlankName('name'), provider: Provider.optional() }).meta({ id: 'CreateEndpointRequest' });
export type CreateEndpointRequest = z.infer<typeof CreateEndpointRequest>;

export const UpdateEndpointRequest = jsonObject({ name: nonBlankName('name').optional(), provider: Provider.optional() })
  .refine((body) => body.name !== undefined || body.provider !== undefined, 'send at least one of name, provider')
  .meta({ id: 'UpdateEndpointRequest' });
export type UpdateEndpointRequest = z.infer<typeof UpdateEndpointRequest>;

export const Endpoint = z
  .object({
    id: z.uuid(),
    name: z.string(),
    provider: z.string().nullable(),
    ingest_url_hint: z.string().nullable().meta({ description: 'The ingest URL with its token masked.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Endpoint' });
export type Endpoint = z.infer<typeof Endpoint>;

export const IngestUrl = z.object({ ingest_url: z.string().meta({ description: '{ingest_url}/<token>: a credential; treat it as a secret.' }) }).meta({ id: 'IngestUrl' });
export type IngestUrl = z.infer<typeof IngestUrl>;

export const EndpointWithIngestUrl = Endpoint.extend(IngestUrl.shape).meta({ id: 'EndpointWithIngestUrl' });
export type EndpointWithIngestUrl = z.infer<typeof EndpointWithIngestUrl>;
