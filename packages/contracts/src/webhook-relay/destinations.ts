import { z } from 'zod';
import { storableTextCheck } from '../display-text.js';
import { jsonObject, nonBlankName, RelayId, RelayListQuery, RelayTimestamp } from './common.js';
import { VerificationState } from './events.js';
import { PreviousExpireInSeconds } from './provider-secrets.js';
import { SubscriptionFilter } from './subscription-filters.js';

// Headers the relay sets itself (signature, framing, routing) cannot be configured per destination.
const RESERVED_HEADERS =
  /^(webhook-.*|content-length|content-type|host|connection|transfer-encoding|keep-alive|upgrade|te|trailer|proxy-.*|expect)$/i;

export const DestinationUrl = z
  .url({
    protocol: /^https?$/,
    error: (issue) => (issue.input === undefined ? 'url is required' : 'url must be an absolute http:// or https:// URL'),
  })
  .max(2048, 'url must be at most 2048 characters')
  .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), 'url must not carry credentials')
  .refine((value) => !value.includes('#'), 'url must not have a fragment')
  .meta({
    description:
      'Where deliveries go. A host that is an IP address deliveries may not reach (loopback, private, link-local, metadata, ...; unless RELAY_EGRESS_ALLOW allows it) is refused with 400; a host name is checked when deliveries connect.',
  });

export const DestinationHeaders = z
  .record(
    z.string(),
    z
      .string({ error: 'headers values must be strings' })
      .max(4096, 'headers values must be at most 4096 characters')
      .refine((value) => !/[\r\n\u0000]/.test(value), 'headers values must not contain line breaks'),
    { error: 'headers must be an object of header names to values' },
  )
  .refine((headers) => Object.keys(headers).length <= 20, 'headers must have at most 20 entries')
  .refine(
    (headers) => Object.keys(headers).every((name) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name)),
    'headers must have names of 1-100 token characters',
  )
  .refine(
    (headers) => !Object.keys(headers).some((name) => RESERVED_HEADERS.test(name)),
    'headers must not set webhook-*, content-type, host or hop-by-hop headers',
  )
  .meta({ description: 'Extra request headers (stored encrypted; only their names are shown back).' });

const TimeoutMs = z
  .number({ error: 'timeout_ms must be a number' })
  .int('timeout_ms must be an integer')
  .min(100, 'timeout_ms must be at least 100')
  .max(60_000, 'timeout_ms must be at most 60000');

export const DestinationRateLimit = z
  .strictObject(
    {
      max: z
        .number({ error: 'rate_limit.max must be a number' })
        .int('rate_limit.max must be an integer')
        .min(1, 'rate_limit.max must be at least 1')
        .max(100_000, 'rate_limit.max must be at most 100000'),
      per: z.enum(['second', 'minute'], { error: 'rate_limit.per must be second or minute' }),
    },
    { error: 'rate_limit must be an object {max, per} or null' },
  )
  .meta({
    id: 'DestinationRateLimit',
    description: 'At most `max` deliveries per second or per minute, kept across every worker process; null: no limit.',
  });
export type DestinationRateLimit = z.infer<typeof DestinationRateLimit>;

export const BreakerSettings = z
  .strictObject(
    {
      failures: z
        .number({ error: 'breaker.failures must be a number' })
        .int('breaker.failures must be an integer')
        .min(1, 'breaker.failures must be at least 1')
        .max(1000, 'breaker.failures must be at most 1000')
        .optional()
        .meta({ description: 'Failures of the destination in a row that open the breaker (default 5)...' }),
      window_seconds: z
        .number({ error: 'breaker.window_seconds must be a number' })
        .int('breaker.window_seconds must be an integer')
        .min(0, 'breaker.window_seconds must be at least 0')
        .max(604_800, 'breaker.window_seconds must be at most 604800 (7 days)')
        .optional()
        .meta({ description: '...once they have lasted this long (default 300).' }),
      disable_after_hours: z
        .number({ error: 'breaker.disable_after_hours must be a number' })
        .int('breaker.disable_after_hours must be an integer')
        .min(1, 'breaker.disable_after_hours must be at least 1')
        .max(720, 'breaker.disable_after_hours must be at most 720 (30 days)')
        .optional()
        .meta({ description: 'Failing this long turns the destination off, with a notification (default 120: 5 days).' }),
    },
    { error: 'breaker must be an object of failures, window_seconds, disable_after_hours' },
  )
  .meta({ id: 'BreakerSettings' });
export type BreakerSettings = z.infer<typeof BreakerSettings>;

export const DestinationBreaker = z
  .object({
    state: z.enum(['closed', 'open', 'half_open']).meta({
      description:
        'closed: deliveries flow. open: the head of the queue waits for its next probe, nothing is dead-lettered. half_open: the probe is due or being sent; its success closes the breaker.',
    }),
    consecutive_failures: z.number().int(),
    failing_since: RelayTimestamp('failing_since').nullable(),
    opened_at: RelayTimestamp('opened_at').nullable(),
    next_probe_at: RelayTimestamp('next_probe_at').nullable(),
    failures: z.number().int(),
    window_seconds: z.number().int(),
    disable_after_hours: z.number().int(),
  })
  .meta({ id: 'DestinationBreaker' });
export type DestinationBreaker = z.infer<typeof DestinationBreaker>;

export const PauseDestinationRequest = jsonObject({
  reason: nonBlankName('reason', 500).optional(),
}).meta({ id: 'PauseDestinationRequest' });
export type PauseDestinationRequest = z.infer<typeof PauseDestinationRequest>;

export const SigningSecret = z
  .string({ error: 'secret must be a string' })
  .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, 'secret must be whsec_ followed by base64 of 24 to 64 bytes (Standard Webhooks)');

export const CreateDestinationRequest = jsonObject({
  name: nonBlankName('name'),
  url: DestinationUrl,
  headers: DestinationHeaders.optional(),
  timeout_ms: TimeoutMs.default(15_000),
  enabled: z.boolean({ error: 'enabled must be a boolean' }).default(true),
  secret: SigningSecret.optional().meta({ description: 'A Standard Webhooks secret; one is generated when absent.' }),
  rate_limit: DestinationRateLimit.nullable().default(null),
  breaker: BreakerSettings.optional(),
}).meta({ id: 'CreateDestinationRequest' });
export type CreateDestinationRequest = z.infer<typeof CreateDestinationRequest>;

export const UpdateDestinationRequest = jsonObject({
  name: nonBlankName('name').optional(),
  url: DestinationUrl.optional(),
  headers: DestinationHeaders.optional(),
  timeout_ms: TimeoutMs.optional(),
  enabled: z.boolean({ error: 'enabled must be a boolean' }).optional(),
  rate_limit: DestinationRateLimit.nullable().optional(),
  breaker: BreakerSettings.optional(),
})
  .refine(
    (body) => Object.keys(body).length > 0,
    'body must change at least one of name, url, headers, timeout_ms, enabled, rate_limit, breaker',
  )
  .meta({ id: 'UpdateDestinationRequest', minProperties: 1 });
export type UpdateDestinationRequest = z.infer<typeof UpdateDestinationRequest>;

export const DestinationSecret = z
  .object({
    id: z.uuid(),
    label: z.string().nullable(),
    secret_hint: z.string().meta({ example: 'whsec_…a1b2' }),
    created_at: RelayTimestamp('created_at'),
    expires_at: RelayTimestamp('expires_at').nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'DestinationSecret' });
export type DestinationSecret = z.infer<typeof DestinationSecret>;

export const Destination = z
  .object({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    header_names: z.array(z.string()),
    timeout_ms: z.number().int(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({
      description: 'Why it is off (enabled false): turned off by hand, the destination answered 410, or it kept failing past its breaker.',
    }),
    paused_at: RelayTimestamp('paused_at')
      .nullable()
      .meta({ description: 'Paused by hand: events still reach its queue, which holds in order until it is resumed.' }),
    paused_reason: z.string().nullable(),
    rate_limit: DestinationRateLimit.nullable(),
    breaker: DestinationBreaker,
    transformation_version: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The active transformation version (docs/transformations.md); null: deliveries go as captured.' }),
    secrets: z.array(DestinationSecret),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'Destination' });
export type Destination = z.infer<typeof Destination>;

export const CreatedDestination = Destination.extend({
  secret: z.string().meta({ description: 'The signing secret, shown this once (whsec_...).' }),
}).meta({ id: 'CreatedDestination' });
export type CreatedDestination = z.infer<typeof CreatedDestination>;

export const RotateDestinationSecretRequest = jsonObject({
  secret: SigningSecret.optional(),
  label: nonBlankName('label').optional(),
  previous_expire_in_seconds: PreviousExpireInSeconds,
}).meta({ id: 'RotateDestinationSecretRequest' });
export type RotateDestinationSecretRequest = z.infer<typeof RotateDestinationSecretRequest>;

export const RotatedDestinationSecret = z
  .object({
    secret: z.string().meta({ description: 'The new signing secret, shown this once.' }),
    created: DestinationSecret,
    previous: z.array(DestinationSecret),
  })
  .meta({ id: 'RotatedDestinationSecret' });
export type RotatedDestinationSecret = z.infer<typeof RotatedDestinationSecret>;

export const CreateSubscriptionRequest = jsonObject({
  endpoint_id: RelayId('endpoint_id'),
  destination_id: RelayId('destination_id'),
  states: z
    .array(VerificationState, { error: 'states must be an array of verified, authenticated, failed, unattempted' })
    .max(4, 'states must have at most 4 entries')
    .default([]),
  event_types: z
    .array(
      z
        .string({ error: 'event_types must be strings' })
        .superRefine(storableTextCheck((problem) => `event_types entries ${problem}`))
        .min(1, 'event_types must not hold empty strings')
        .max(200, 'event_types entries must be at most 200 characters'),
      { error: 'event_types must be an array of strings' },
    )
    .max(100, 'event_types must have at most 100 entries')
    .default([]),
  filter: SubscriptionFilter.nullable().optional(),
}).meta({ id: 'CreateSubscriptionRequest' });
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const Subscription = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    destination_id: z.uuid(),
    states: z.array(VerificationState).meta({ description: 'Verification states forwarded; empty = all.' }),
    event_types: z.array(z.string()).meta({ description: 'Provider event types forwarded; empty = all.' }),
    filter: SubscriptionFilter.nullable().meta({
      description: 'Only events this query matches are sent; the others get a `filtered` delivery. null = every event.',
    }),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const ListSubscriptionsQuery = RelayListQuery.extend({
  endpoint_id: RelayId('endpoint_id').optional(),
  destination_id: RelayId('destination_id').optional(),
});
export type ListSubscriptionsQuery = z.infer<typeof ListSubscriptionsQuery>;
