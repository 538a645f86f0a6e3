import { z } from 'zod';
import { RelayId, RelayListQuery, RelayTimestamp } from './common.js';

/** How a failure is grouped (services/webhook-relay/docs/failure-handling.md). */
export const IssueKind = z
  .enum([
    'connection_refused',
    'connection_error',
    'tls',
    'timeout',
    'egress_refused',
    'http_5xx',
    'http_429',
    'redirect',
    'http_4xx',
    'gone',
    'verification_failed',
    'transformation_failed',
  ])
  .meta({
    id: 'IssueKind',
    description:
      "Delivery failures of a destination by cause, or verification_failed: an endpoint's captured requests fail signature verification (a provider secret rotated and not updated, say). transformation_failed: the destination's transformation threw or exceeded its limits (not the receiver's failure: it does not count towards the circuit breaker).",
  });
export type IssueKind = z.infer<typeof IssueKind>;

export const IssueState = z.enum(['open', 'acknowledged', 'resolved']).meta({ id: 'IssueState' });
export type IssueState = z.infer<typeof IssueState>;

export const Issue = z
  .object({
    id: z.uuid(),
    destination_id: z.uuid().nullable(),
    endpoint_id: z.uuid().nullable(),
    kind: IssueKind,
    state: IssueState,
    count: z.number().int().meta({ description: 'Failures grouped in it.' }),
    first_seen_at: RelayTimestamp('first_seen_at'),
    last_seen_at: RelayTimestamp('last_seen_at'),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    last_excerpt: z.string().nullable().meta({ description: "The start of the last failing answer's body." }),
    last_delivery_id: z.uuid().nullable(),
    last_event_id: z.uuid().nullable(),
    acknowledged_at: RelayTimestamp('acknowledged_at').nullable(),
    acknowledged_by: z.string().nullable(),
    resolved_at: RelayTimestamp('resolved_at').nullable(),
    resolved_by: z.string().nullable().meta({ description: 'system:delivery or system:verification when it resolved by itself.' }),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof Issue>;

export const ListIssuesQuery = RelayListQuery.extend({
  state: z
    .enum(['open', 'acknowledged', 'resolved', 'unresolved'], { error: 'state must be open, acknowledged, resolved or unresolved' })
    .optional()
    .meta({ description: 'unresolved: open or acknowledged.' }),
  destination_id: RelayId('destination_id').optional(),
  endpoint_id: RelayId('endpoint_id').optional(),
  kind: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value !== undefined && !IssueKind.safeParse(value).success)
        context.addIssue({ code: 'custom', message: `kind must be one of ${IssueKind.options.join(', ')}` });
    }),
});
export type ListIssuesQuery = z.infer<typeof ListIssuesQuery>;
