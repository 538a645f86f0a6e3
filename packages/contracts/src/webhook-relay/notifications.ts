import { z } from 'zod';
import { jsonObject, nonBlankName, RelayId, RelayListQuery, RelayTimestamp } from './common.js';
import { DestinationUrl } from './destinations.js';

// Operational notifications (services/webhook-relay/docs/notifications.md): where a tenant's issues and
// destination changes are announced, and what was sent.

export const NOTIFICATION_TYPES = [
  'issue.opened',
  'issue.resolved',
  'destination.disabled',
  'destination.recovered',
  'delivery.exhausted',
  'endpoint.verification_failing',
] as const;
export const NotificationType = z
  .enum(NOTIFICATION_TYPES, { error: `types entries must be one of ${NOTIFICATION_TYPES.join(', ')}` })
  .meta({ id: 'NotificationType' });
export type NotificationType = z.infer<typeof NotificationType>;

/** What POST /v1/notification-targets/{id}/test sends: to that target only, whatever its types. */
export const NOTIFICATION_TEST_TYPE = 'notification.test';

export const NotificationTargetKind = z.enum(['webhook', 'email'], { error: 'kind must be webhook or email' });
export type NotificationTargetKind = z.infer<typeof NotificationTargetKind>;

const NotificationTypes = z
  .array(NotificationType, { error: 'types must be an array of notification types' })
  .min(1, 'types must name at least one type (leave it out for all)')
  .max(NOTIFICATION_TYPES.length, `types must have at most ${NOTIFICATION_TYPES.length} entries`)
  .transform((types) => [...new Set(types)])
  .meta({ description: 'The types this target receives; all of them when left out.' });

export const NotificationEmailAddress = z
  .email({ error: (issue) => (issue.input === undefined ? 'address is required' : 'address must be an email address') })
  .max(320, 'address must be at most 320 characters');

const targetKindCheck = (body: { kind: string; url?: unknown; address?: unknown }, ctx: z.RefinementCtx) => {
  if (body.kind === 'webhook' && body.url === undefined)
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required for a webhook target' });
  if (body.kind === 'webhook' && body.address !== undefined)
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'address is for email targets; a webhook target takes url' });
  if (body.kind === 'email' && body.address === undefined)
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'address is required for an email target' });
  if (body.kind === 'email' && body.url !== undefined)
    ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is for webhook targets; an email target takes address' });
};

export const CreateNotificationTargetRequest = jsonObject({
  kind: NotificationTargetKind,
  url: DestinationUrl.optional().meta({
    description: 'kind webhook: where notifications are POSTed (the same address rules as destinations).',
  }),
  address: NotificationEmailAddress.optional().meta({ description: 'kind email: where notifications are mailed (needs RELAY_SMTP_URL).' }),
  types: NotificationTypes.optional(),
  description: nonBlankName('description').optional(),
})
  .superRefine(targetKindCheck)
  .meta({ id: 'CreateNotificationTargetRequest' });
export type CreateNotificationTargetRequest = z.infer<typeof CreateNotificationTargetRequest>;

export const UpdateNotificationTargetRequest = jsonObject({
  url: DestinationUrl.optional(),
  address: NotificationEmailAddress.optional(),
  types: NotificationTypes.optional(),
  description: nonBlankName('description').nullable().optional(),
  enabled: z.boolean({ error: 'enabled must be a boolean' }).optional(),
})
  .refine((body) => Object.keys(body).length > 0, 'body must change at least one of url, address, types, description, enabled')
  .meta({ id: 'UpdateNotificationTargetRequest', minProperties: 1 });
export type UpdateNotificationTargetRequest = z.infer<typeof UpdateNotificationTargetRequest>;

export const NotificationTarget = z
  .object({
    id: z.uuid(),
    kind: NotificationTargetKind,
    url: z.string().nullable(),
    address: z.string().nullable(),
    types: z.array(NotificationType),
    description: z.string().nullable(),
    enabled: z.boolean(),
    secret_hint: z.string().nullable().meta({ description: 'Webhook targets: the end of the signing secret.', example: 'whsec_…a1b2' }),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'NotificationTarget' });
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const CreatedNotificationTarget = NotificationTarget.extend({
  secret: z
    .string()
    .nullable()
    .meta({ description: 'Webhook targets: the Standard Webhooks signing secret (whsec_...), shown this once; null for email.' }),
}).meta({ id: 'CreatedNotificationTarget' });
export type CreatedNotificationTarget = z.infer<typeof CreatedNotificationTarget>;

export const NotificationState = z.enum(['pending', 'sent', 'failed']).meta({ id: 'NotificationState' });
export type NotificationState = z.infer<typeof NotificationState>;

export const Notification = z
  .object({
    id: z.uuid().meta({ description: 'Also the webhook-id header: the same on every attempt.' }),
    target_id: z.uuid(),
    type: z.string().meta({ description: `One of the notification types, or ${NOTIFICATION_TEST_TYPE}.` }),
    state: NotificationState,
    attempts: z.number().int(),
    next_attempt_at: RelayTimestamp('next_attempt_at').nullable().meta({ description: 'While pending.' }),
    last_attempt_at: RelayTimestamp('last_attempt_at').nullable(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    payload: z.object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
    created_at: RelayTimestamp('created_at'),
    completed_at: RelayTimestamp('completed_at').nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const ListNotificationsQuery = RelayListQuery.extend({
  target_id: RelayId('target_id').optional(),
  state: z.enum(['pending', 'sent', 'failed'], { error: 'state must be pending, sent or failed' }).optional(),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;
