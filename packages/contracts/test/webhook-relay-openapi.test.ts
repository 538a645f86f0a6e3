import { describe, expect, it } from '@jest/globals';
import { buildWebhookRelayOpenApi, RELAY_PUBLIC_ROUTES, RELAY_ROUTES } from '../src/index.js';

// Written out by hand on purpose: RELAY_ROUTES comes from the same table as the document, so only
// an independent list notices a route dropped from both.
const V1_ROUTES = [
  'post /v1/api-keys',
  'get /v1/api-keys',
  'delete /v1/api-keys/{key_id}',
  'post /v1/endpoints',
  'get /v1/endpoints',
  'get /v1/endpoints/{endpoint_id}',
  'patch /v1/endpoints/{endpoint_id}',
  'delete /v1/endpoints/{endpoint_id}',
  'get /v1/endpoints/{endpoint_id}/ingest-url',
  'get /v1/destinations/{destination_id}/transformations',
  'get /v1/endpoints/{endpoint_id}/event-types',
  'post /v1/event-types',
  'get /v1/event-types',
  'get /v1/event-types/{event_type_id}',
  'patch /v1/event-types/{event_type_id}',
  'delete /v1/event-types/{event_type_id}',
  'post /v1/endpoints/{endpoint_id}/ingest-url/rotate',
  'get /v1/endpoints/{endpoint_id}/secrets',
  'get /v1/endpoints/{endpoint_id}/volume',
  'post /v1/endpoints/{endpoint_id}/secrets',
  'post /v1/endpoints/{endpoint_id}/secrets/rotate',
  'delete /v1/endpoints/{endpoint_id}/secrets/{secret_id}',
  'get /v1/events',
  'get /v1/events/stream',
  'get /v1/events/{event_id}',
  'get /v1/usage',
  'get /v1/audit',
  'post /v1/audit/verify',
  'post /v1/destinations',
  'get /v1/destinations',
  'get /v1/destinations/{destination_id}',
  'get /v1/destinations/{destination_id}/health',
  'patch /v1/destinations/{destination_id}',
  'delete /v1/destinations/{destination_id}',
  'post /v1/destinations/{destination_id}/secrets/rotate',
  'delete /v1/destinations/{destination_id}/secrets/{secret_id}',
  'post /v1/subscriptions',
  'get /v1/subscriptions',
  'patch /v1/subscriptions/{subscription_id}',
  'post /v1/subscriptions/dry-run',
  'delete /v1/subscriptions/{subscription_id}',
  'get /v1/deliveries',
  'get /v1/deliveries/{delivery_id}',
  'post /v1/bulk-retries/preview',
  'post /v1/bulk-retries',
  'get /v1/bulk-retries',
  'get /v1/bulk-retries/{bulk_retry_id}',
  'post /v1/bulk-retries/{bulk_retry_id}/cancel',
  'post /v1/destinations/{destination_id}/transformations',
  'post /v1/destinations/{destination_id}/transformations/activate',
  'post /v1/destinations/{destination_id}/transformations/test',
  'post /v1/replays',
  'post /v1/triggers/wait',
  'get /v1/triggers',
  'delete /v1/triggers/{trigger_id}',
  'get /v1/agents',
  'delete /v1/agents/{agent_id}',
  'post /v1/destinations/{destination_id}/pause',
  'post /v1/destinations/{destination_id}/resume',
  'get /v1/issues',
  'get /v1/issues/{issue_id}',
  'post /v1/issues/{issue_id}/acknowledge',
  'post /v1/issues/{issue_id}/resolve',
  'post /v1/notification-targets',
  'get /v1/notification-targets',
  'get /v1/notification-targets/{target_id}',
  'patch /v1/notification-targets/{target_id}',
  'delete /v1/notification-targets/{target_id}',
  'post /v1/notification-targets/{target_id}/test',
  'get /v1/notifications',
];
const PUBLIC_ROUTES = [
  'get /healthz',
  'get /readyz',
  'get /openapi.json',
  'get /install.sh',
  'get /cli/relay.mjs',
  'get /auth/cli/start',
  'get /auth/callback',
  'get /',
  'get /auth/session',
  'post /auth/session',
  'delete /auth/session',
  'get /auth/dashboard/start',
  'post /mcp',
  'get /mcp',
  'delete /mcp',
  'get /.well-known/oauth-protected-resource/mcp',
  'get /.well-known/oauth-protected-resource',
  'get /.well-known/oauth-authorization-server',
  'post /oauth/register',
  'get /oauth/authorize',
  'post /oauth/authorize',
  'get /oauth/consent',
  'post /oauth/consent',
  'post /oauth/token',
  'post /oauth/revoke',
];
// The operator's routes: the admin key only (RELAY_ADMIN_API_KEY).
const ADMIN_ROUTES = [
  'post /admin/tenants',
  'get /admin/tenants',
  'get /admin/tenants/{tenant_id}',
  'patch /admin/tenants/{tenant_id}',
  'delete /admin/tenants/{tenant_id}',
  'get /admin/tenants/{tenant_id}/api-keys',
  'delete /admin/tenants/{tenant_id}/api-keys/{key_id}',
];
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

type Operation = Record<string, any>;
const document = buildWebhookRelayOpenApi({ serverUrl: 'https://relay.example.com', version: '2.3.0' }) as Record<string, any>;
const operations: Array<{ route: string; method: string; path: string; operation: Operation }> = Object.entries(
  document.paths as Record<string, Record<string, Operation>>,
).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ route: `${method} ${path}`, method, path, operation })),
);
const v1 = operations.filter(({ path }) => path.startsWith('/v1/'));
const errorRef = { $ref: '#/components/schemas/RelayError' };
const errorSchema = (operation: Operation, status: number) => operation.responses[status]?.content?.['application/json']?.schema;

function collectRefs(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      key === '$ref' && typeof inner === 'string' ? into.push(inner) : collectRefs(inner, into);
  }
  return into;
}

describe('webhook-relay OpenAPI document', () => {
  it('is an OpenAPI 3.1 document with its title, version and server', () => {
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'webhook-relay API', version: '2.3.0' },
      servers: [{ url: 'https://relay.example.com' }],
    });
    expect(buildWebhookRelayOpenApi()).not.toHaveProperty('servers');
    expect(Object.keys(document.paths).every((path) => path.startsWith('/'))).toBe(true);
  });

  it('documents every route of the API and nothing else', () => {
    expect(operations.map(({ route }) => route).sort()).toEqual([...V1_ROUTES, ...PUBLIC_ROUTES, ...ADMIN_ROUTES].sort());
    expect(RELAY_ROUTES.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...V1_ROUTES].sort());
    expect(RELAY_PUBLIC_ROUTES.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('resolves every $ref to a component it defines', () => {
    for (const ref of collectRefs(document)) {
      const [, section, name] = ref.match(/^#\/components\/(\w+)\/(.+)$/) ?? [];
      expect({ ref, defined: Boolean(section && name && document.components[section]?.[name]) }).toEqual({ ref, defined: true });
    }
  });

  it('gives every operation a unique camelCase operationId, a tag and responses', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { route, operation } of operations) {
      expect({ route, operationId: operation.operationId }).toEqual({ route, operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/) });
      expect({ route, tags: operation.tags }).toEqual({ route, tags: [expect.any(String)] });
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
    }
    expect(document.paths['/v1/endpoints'].post.operationId).toBe('createEndpoint');
  });

  it('requires the bearer API key (or the dashboard session) on every /v1 operation, the admin key on /admin, and nothing elsewhere', () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.dashboardSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'relay_dashboard' });
    for (const { route, operation } of v1) {
      expect({ route, security: operation.security, unauthorized: errorSchema(operation, 401) }).toEqual({
        route,
        security: [{ apiKey: [] }, { dashboardSession: [] }],
        unauthorized: errorRef,
      });
    }
    for (const { route, operation } of operations.filter(({ path }) => path.startsWith('/admin/')))
      expect({ route, security: operation.security }).toEqual({ route, security: [{ adminKey: [] }] });
    for (const { route, operation } of operations.filter(({ path }) => !path.startsWith('/v1/') && !path.startsWith('/admin/')))
      expect({ route, security: operation.security }).toEqual({ route, security: undefined });
  });

  it('documents errors as RelayError: 400 for input, 404 for ids, 409 and 422 for POST, 503 always', () => {
    for (const { route, method, path, operation } of v1) {
      const hasInput =
        path.includes('{') || Boolean(operation.requestBody) || (operation.parameters ?? []).some((p: { in: string }) => p.in === 'query');
      const expected = [503, ...(hasInput ? [400] : []), ...(path.includes('{') ? [404] : []), ...(method === 'post' ? [409, 422] : [])];
      for (const status of expected)
        expect({ route, status, schema: errorSchema(operation, status) }).toEqual({ route, status, schema: errorRef });
    }
  });

  it('requires a JSON body on every body operation but the destination secret rotation and pause (empty = defaults), and documents 415 on each', () => {
    const withBody = v1.filter(({ operation }) => operation.requestBody);
    const optional = withBody.filter(({ operation }) => !operation.requestBody.required).map(({ route }) => route);
    expect(optional.sort()).toEqual([
      'post /v1/destinations/{destination_id}/pause',
      'post /v1/destinations/{destination_id}/secrets/rotate',
    ]);
    for (const { route, operation } of withBody)
      expect({ route, status: 415, schema: errorSchema(operation, 415) }).toEqual({ route, status: 415, schema: errorRef });
  });

  it('documents 404 where ids travel in the body (subscriptions, replays)', () => {
    for (const route of ['post /v1/subscriptions', 'post /v1/subscriptions/dry-run', 'post /v1/replays']) {
      const { operation } = v1.find((item) => item.route === route)!;
      expect({ route, schema: errorSchema(operation, 404) }).toEqual({ route, schema: errorRef });
    }
  });

  it('documents Idempotency-Key as an optional header on every POST', () => {
    for (const { route, operation } of v1.filter(({ method }) => method === 'post')) {
      const header = (operation.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect({ route, header }).toMatchObject({
        route,
        header: { required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' } },
      });
    }
  });

  it('documents path ids as UUIDs and limit as an integer from 1 to 100, default 20', () => {
    const secret = document.paths['/v1/endpoints/{endpoint_id}/secrets/{secret_id}'].delete.parameters;
    expect(
      secret.map((p: { name: string; in: string; required: boolean; schema: { format: string } }) => [
        p.in,
        p.name,
        p.required,
        p.schema.format,
      ]),
    ).toEqual([
      ['path', 'endpoint_id', true, 'uuid'],
      ['path', 'secret_id', true, 'uuid'],
    ]);
    const limit = document.paths['/v1/events'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } });
  });

  it('names the main shapes as components and refuses unknown members in request bodies', () => {
    const names = [
      'RelayError',
      'ApiKey',
      'CreatedApiKey',
      'Endpoint',
      'EndpointWithIngestUrl',
      'IngestUrl',
      'ProviderSecret',
      'EventSummary',
      'EventDetail',
      'AuditEntry',
      'AuditVerification',
      'AuditAnchorMismatch',
    ];
    for (const name of names) expect(document.components.schemas).toHaveProperty(name);
    for (const name of [
      'CreateApiKeyRequest',
      'CreateEndpointRequest',
      'UpdateEndpointRequest',
      'AddProviderSecretRequest',
      'RotateProviderSecretRequest',
    ]) {
      expect({ name, additionalProperties: document.components.schemas[name].additionalProperties }).toEqual({
        name,
        additionalProperties: false,
      });
    }
    expect(document.components.schemas.ApiKey.properties.created_at).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
