import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ApiKey, CreatedApiKey } from './api-keys.js';
import { jsonObject, nonBlankName, RelayError, RelayId, RelayListQuery, RelayTimestamp, relayPage } from './common.js';
import { RELAY_PLAN_IDS } from './usage.js';

// The operator's administration of a self-hosted relay (/admin/*, RELAY_ADMIN_API_KEY): tenants across the
// installation. Never reachable with a tenant's API key.

const planId = z.enum(RELAY_PLAN_IDS, { error: `plan must be one of ${RELAY_PLAN_IDS.join(', ')}` });

export const AdminTenant = z
  .object({
    id: z.uuid(),
    name: z.string(),
    plan: z.enum(RELAY_PLAN_IDS),
    capture_paused: z.boolean().meta({ description: 'true: an operator paused capture; ingest answers 429 and stores nothing.' }),
    events_captured: z.number().int().meta({ description: "Events captured in the plan's current period (all time on the free plan)." }),
    active_api_keys: z.number().int(),
    created_at: RelayTimestamp('created_at'),
    deleted_at: RelayTimestamp('deleted_at')
      .nullable()
      .meta({ description: 'When an operator deleted it: its data is gone, its keys revoked; its audit log is kept.' }),
  })
  .meta({ id: 'AdminTenant' });
export type AdminTenant = z.infer<typeof AdminTenant>;

export const CreateTenantRequest = jsonObject({
  name: nonBlankName('name'),
  plan: planId.default('free'),
  api_key_name: nonBlankName('api_key_name').default('first key'),
}).meta({ id: 'CreateTenantRequest' });
export type CreateTenantRequest = z.infer<typeof CreateTenantRequest>;

export const CreatedTenant = AdminTenant.extend({
  api_key: CreatedApiKey.meta({ description: "The tenant's first API key; its secret is shown in this answer only." }),
}).meta({ id: 'CreatedTenant' });
export type CreatedTenant = z.infer<typeof CreatedTenant>;

export const UpdateTenantRequest = jsonObject({
  plan: planId.optional(),
  capture_paused: z.boolean({ error: 'capture_paused must be true or false' }).optional(),
})
  .refine((body) => body.plan !== undefined || body.capture_paused !== undefined, 'name plan or capture_paused (or both)')
  .meta({ id: 'UpdateTenantRequest' });
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequest>;

const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });
const tenantParams = z.object({ tenant_id: RelayId('tenant_id') });
const common: Pick<RouteConfig, 'tags' | 'security'> = {
  tags: ['Administration'],
  security: [{ adminKey: [] }],
};
const errors = {
  401: json('unauthorized: no Authorization header, or not the admin key', RelayError),
  403: json("forbidden: a tenant's API key (whk_...) never opens /admin", RelayError),
  404: json('not_found: no such tenant, or administration is off (RELAY_ADMIN_API_KEY unset)', RelayError),
  500: json('internal: the request id in X-Request-Id finds it in the logs', RelayError),
  503: json('unavailable: the database did not answer; retry', RelayError),
};
const withBody = {
  400: json('invalid_request: the message names the field', RelayError),
  413: json('payload_too_large: body over the size limit', RelayError),
  415: json('unsupported_media_type: the body is not JSON', RelayError),
};

/** What /admin serves; the relay's openapi test compares it with the routes Express registered. */
export const RELAY_ADMIN_OPERATIONS: RouteConfig[] = [
  {
    ...common,
    method: 'post',
    path: '/admin/tenants',
    operationId: 'adminCreateTenant',
    summary: 'Create a tenant on a plan, with its first API key (audited in the new tenant’s log)',
    request: { body: { required: true, content: { 'application/json': { schema: CreateTenantRequest } } } },
    responses: { 201: json('Created; the key’s secret is in this answer only', CreatedTenant), ...errors, ...withBody },
  },
  {
    ...common,
    method: 'get',
    path: '/admin/tenants',
    operationId: 'adminListTenants',
    summary: 'Every tenant with its plan, this period’s captured events and active keys, oldest id first',
    request: { query: RelayListQuery },
    responses: { 200: json('A page of tenants', relayPage(AdminTenant)), 400: withBody[400], ...errors },
  },
  {
    ...common,
    method: 'get',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminGetTenant',
    summary: 'One tenant with its plan and usage',
    request: { params: tenantParams },
    responses: { 200: json('The tenant', AdminTenant), 400: withBody[400], ...errors },
  },
  {
    ...common,
    method: 'patch',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminUpdateTenant',
    summary: 'Change the plan, pause capture or resume it (each change audited in the tenant’s log)',
    request: { params: tenantParams, body: { required: true, content: { 'application/json': { schema: UpdateTenantRequest } } } },
    responses: {
      200: json('The tenant as changed', AdminTenant),
      409: json('conflict: the tenant was deleted', RelayError),
      ...errors,
      ...withBody,
    },
  },
  {
    ...common,
    method: 'delete',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminDeleteTenant',
    summary:
      'Delete a tenant: its keys are revoked, capture stops, and its endpoints, events, destinations, deliveries and users are deleted; the tenant row and its audit log stay, with the deletion in it',
    request: { params: tenantParams },
    responses: { 204: { description: 'Deleted (or already deleted)' }, 400: withBody[400], ...errors },
  },
  {
    ...common,
    method: 'get',
    path: '/admin/tenants/{tenant_id}/api-keys',
    operationId: 'adminListTenantApiKeys',
    summary: "A tenant's API keys, revoked ones included",
    request: { params: tenantParams, query: RelayListQuery },
    responses: { 200: json('A page of keys', relayPage(ApiKey)), 400: withBody[400], ...errors },
  },
  {
    ...common,
    method: 'delete',
    path: '/admin/tenants/{tenant_id}/api-keys/{key_id}',
    operationId: 'adminRevokeTenantApiKey',
    summary: 'Revoke one of a tenant’s API keys (audited in the tenant’s log)',
    request: { params: tenantParams.extend({ key_id: RelayId('key_id') }) },
    responses: { 204: { description: 'Revoked (or already revoked)' }, 400: withBody[400], ...errors },
  },
];

export const RELAY_ADMIN_ROUTES: ReadonlyArray<{ method: string; path: string }> = RELAY_ADMIN_OPERATIONS.map(({ method, path }) => ({
  method,
  path,
}));
