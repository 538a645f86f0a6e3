import { z } from 'zod';
import { jsonObject, nonBlankName, RelayTimestamp } from './common.js';

const PROVIDER_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const Provider = z
  .string({ error: 'provider must be a string or null' })
  .regex(PROVIDER_SLUG, 'provider must be a registry slug such as "stripe" or "standard-webhooks"')
  .nullable();

export const DEDUP_STRATEGIES = ['sw_webhook_id', 'provider_event_id', 'content_hash', 'fields'] as const;
const JSON_PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** How an endpoint collapses repeats; a repeat is still captured, marked as a duplicate, never delivered twice. */
export const EndpointDedup = z
  .object({
    strategy: z.enum(DEDUP_STRATEGIES, { error: `dedup.strategy must be one of ${DEDUP_STRATEGIES.join(', ')}` }),
    fields: z
      .array(z.string().regex(JSON_PATH, 'dedup.fields must be dotted JSON paths such as "data.id"'))
      .min(1, 'dedup.fields must name at least one field')
      .max(10, 'dedup.fields may name at most 10 fields')
      .optional(),
    window_seconds: z
      .number()
      .int('dedup.window_seconds must be an integer')
      .min(1)
      .max(7 * 24 * 3600, 'dedup.window_seconds must be at most 604800 (7 days)')
      .optional(),
  })
  .strict()
  .refine(
    (dedup) => (dedup.strategy === 'fields') === (dedup.fields !== undefined),
    'dedup.fields is required with strategy "fields" and only with it',
  )
  .refine(
    (dedup) => dedup.strategy === 'content_hash' || dedup.window_seconds === undefined,
    'dedup.window_seconds applies to strategy "content_hash" only',
  )
  .meta({ id: 'EndpointDedup' });
export type EndpointDedup = z.infer<typeof EndpointDedup>;

export const CreateEndpointRequest = jsonObject({
  name: nonBlankName('name'),
  provider: Provider.optional(),
  dedup: EndpointDedup.nullable().optional(),
}).meta({
  id: 'CreateEndpointRequest',
});
export type CreateEndpointRequest = z.infer<typeof CreateEndpointRequest>;

export const UpdateEndpointRequest = jsonObject({
  name: nonBlankName('name').optional(),
  provider: Provider.optional(),
  dedup: EndpointDedup.nullable().optional(),
})
  .refine(
    (body) => body.name !== undefined || body.provider !== undefined || body.dedup !== undefined,
    'send at least one of name, provider, dedup',
  )
  .meta({ id: 'UpdateEndpointRequest', minProperties: 1 });
export type UpdateEndpointRequest = z.infer<typeof UpdateEndpointRequest>;

export const Endpoint = z
  .object({
    id: z.uuid(),
    name: z.string(),
    provider: z.string().nullable(),
    dedup: z
      .object({ strategy: z.enum(DEDUP_STRATEGIES), fields: z.array(z.string()).optional(), window_seconds: z.number().int().optional() })
      .nullable(),
    ingest_url_hint: z.string().nullable().meta({ description: 'The ingest URL with its token masked, or null.' }),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'Endpoint' });
export type Endpoint = z.infer<typeof Endpoint>;

export const IngestUrl = z
  .object({ ingest_url: z.string().meta({ description: '{ingest_url}/<token>: a credential; treat it as a secret.' }) })
  .meta({ id: 'IngestUrl' });
export type IngestUrl = z.infer<typeof IngestUrl>;

export const EndpointWithIngestUrl = Endpoint.extend(IngestUrl.shape).meta({ id: 'EndpointWithIngestUrl' });
export type EndpointWithIngestUrl = z.infer<typeof EndpointWithIngestUrl>;

export const DeleteEndpointQuery = z
  .object({
    purge_events: z.enum(['true', 'false'], { error: 'purge_events must be true or false' }).optional().meta({
      description:
        "true: remove the endpoint's captured events now, with their checks, deliveries and dead letters (audited with their number). Otherwise they stay for the plan's retention window.",
    }),
  })
  .strict();
export type DeleteEndpointQuery = z.infer<typeof DeleteEndpointQuery>;
