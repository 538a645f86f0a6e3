import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ApiKey, CreateApiKeyRequest, CreatedApiKey } from './api-keys.js';
import { AuditEntry, AuditVerification } from './audit.js';
import { RelayError, RelayId, RelayListQuery, relayPage } from './common.js';
import { CreateEndpointRequest, Endpoint, EndpointWithIngestUrl, IngestUrl, UpdateEndpointRequest } from './endpoints.js';
import { EventDetail, EventSummary, ListEventsQuery } from './events.js';
import { AddProviderSecretRequest, ProviderSecret, RotatedProviderSecrets, RotateProviderSecretRequest } from './provider-secrets.js';

type Method = 'get' | 'post' | 'patch' | 'delete';

interface Operation {
  method: Method;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  params?: string[];
  query?: z.ZodObject | z.ZodPipe;
  body?: z.ZodType;
  status: number;
  response?: z.ZodType;
}

const page = (item: z.ZodType) => relayPage(item);

// The one list of what the API serves: the document is built from it, and the service's test
// compares it with the routes Express actually registered.
const OPERATIONS: Operation[] = [
  { method: 'post', path: '/v1/api-keys', operationId: 'createApiKey', tag: 'API keys', summary: 'Create an API key (the secret is shown once)', body: CreateApiKeyRequest, status: 201, response: CreatedApiKey },
  { method: 'get', path: '/v1/api-keys', operationId: 'listApiKeys', tag: 'API keys', summary: 'List API keys, masked', query: RelayListQuery, status: 200, response: page(ApiKey) },
  { method: 'delete', path: '/v1/api-keys/{key_id}', operationId: 'revokeApiKey', tag: 'API keys', summary: 'Revoke an API key for good', params: ['key_id'], status: 204 },
  { method: 'post', path: '/v1/endpoints', operationId: 'createEndpoint', tag: 'Endpoints', summary: 'Create an endpoint and its ingest URL', body: CreateEndpointRequest, status: 201, response: EndpointWithIngestUrl },
  { method: 'get', path: '/v1/endpoints', operationId: 'listEndpoints', tag: 'Endpoints', summary: 'List endpoints, newest first', query: RelayListQuery, status: 200, response: page(Endpoint) },
  { method: 'get', path: '/v1/endpoints/{endpoint_id}', operationId: 'getEndpoint', tag: 'Endpoints', summary: 'Get an endpoint', params: ['endpoint_id'], status: 200, response: Endpoint },
  { method: 'patch', path: '/v1/endpoints/{endpoint_id}', operationId: 'updateEndpoint', tag: 'Endpoints', summary: 'Rename an endpoint or change its provider', params: ['endpoint_id'], body: UpdateEndpointRequest, status: 200, response: Endpoint },
  { method: 'delete', path: '/v1/endpoints/{endpoint_id}', operationId: 'deleteEndpoint', tag: 'Endpoints', summary: 'Delete an endpoint (its URL stops answering)', params: ['endpoint_id'], status: 204 },
  { method: 'get', path: '/v1/endpoints/{endpoint_id}/ingest-url', operationId: 'getIngestUrl', tag: 'Endpoints', summary: 'Read the ingest URL again', params: ['endpoint_id'], status: 200, response: IngestUrl },
  { method: 'post', path: '/v1/endpoints/{endpoint_id}/ingest-url/rotate', operationId: 'rotateIngestUrl', tag: 'Endpoints', summary: 'Rotate the ingest token in place (the old URL answers 404)', params: ['endpoint_id'], status: 200, response: IngestUrl },
  { method: 'get', path: '/v1/endpoints/{endpoint_id}/secrets', operationId: 'listProviderSecrets', tag: 'Provider secrets', summary: 'List provider secrets, masked', params: ['endpoint_id'], status: 200, response: z.object({ data: z.array(ProviderSecret) }) },
  { method: 'post', path: '/v1/endpoints/{endpoint_id}/secrets', operationId: 'addProviderSecret', tag: 'Provider secrets', summary: 'Add a provider secret (others stay active)', params: ['endpoint_id'], body: AddProviderSecretRequest, status: 201, response: ProviderSecret },
  { method: 'post', path: '/v1/endpoints/{endpoint_id}/secrets/rotate', operationId: 'rotateProviderSecrets', tag: 'Provider secrets', summary: 'Add a secret and retire the active ones after a grace period', params: ['endpoint_id'], body: RotateProviderSecretRequest, status: 201, response: RotatedProviderSecrets },
  { method: 'delete', path: '/v1/endpoints/{endpoint_id}/secrets/{secret_id}', operationId: 'removeProviderSecret', tag: 'Provider secrets', summary: 'Remove a provider secret at once', params: ['endpoint_id', 'secret_id'], status: 204 },
  { method: 'get', path: '/v1/events', operationId: 'listEvents', tag: 'Events', summary: 'List captured events, newest first', query: ListEventsQuery, status: 200, response: page(EventSummary) },
  { method: 'get', path: '/v1/events/{event_id}', operationId: 'getEvent', tag: 'Events', summary: 'Get an event with its headers, body and verification', params: ['event_id'], status: 200, response: EventDetail },
  { method: 'get', path: '/v1/audit', operationId: 'listAuditEntries', tag: 'Audit', summary: 'List audit entries, newest first', query: RelayListQuery, status: 200, response: page(AuditEntry) },
  { method: 'post', path: '/v1/audit/verify', operationId: 'verifyAuditChain', tag: 'Audit', summary: 'Walk the hash chain and name the first broken link', status: 200, response: AuditVerification },
];

export const RELAY_ROUTES: ReadonlyArray<{ method: Method; path: string }> = OPERATIONS.map(({ method, path }) => ({ method, path }));

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: RelayError } } });
const IdempotencyKeyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: 'Retries with the same key and body get the first answer; 24 h.' }),
});

function routeConfig(operation: Operation): RouteConfig {
  const responses: RouteConfig['responses'] = {
    [operation.status]: operation.response ? { description: 'Success', content: { 'application/json': { schema: operation.response } } } : { description: 'Done; no body' },
    401: errorResponse('Missing, unknown or revoked API key'),
    503: errorResponse('The database did not answer; retry'),
  };
  if (operation.body || operation.query || operation.params) responses[400] = errorResponse('Invalid input; the message names the field');
  if (operation.params) responses[404] = errorResponse('Not found (or another tenant\'s)');
  if (operation.method === 'post') {
    responses[409] = errorResponse('Conflict');
    responses[422] = errorResponse('Idempotency-Key reused with a different request');
  }
  if (operation.body) responses[413] = errorResponse('Body over the size limit');
  return {
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    security: [{ apiKey: [] }],
    request: {
      ...(operation.params ? { params: z.object(Object.fromEntries(operation.params.map((name) => [name, RelayId(name)]))) } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.body ? { body: { required: true, content: { 'application/json': { schema: operation.body } } } } : {}),
      ...(operation.method === 'post' ? { headers: IdempotencyKeyHeader } : {}),
    },
    responses,
  };
}

/** The OpenAPI 3.1 document of the REST API, generated from the schemas above. */
export function buildWebhookRelayOpenApi(options: { serverUrl?: string; version?: string } = {}): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'http', scheme: 'bearer', description: 'An API key: Authorization: Bearer whk_...' });
  // Schemas named with .meta({ id }) become components wherever an operation uses them.
  for (const operation of OPERATIONS) registry.registerPath(routeConfig(operation));
  const health = z.object({ status: z.string() });
  for (const path of ['/healthz', '/readyz']) {
    registry.registerPath({ method: 'get', path, tags: ['Health'], operationId: path === '/healthz' ? 'health' : 'ready', responses: { 200: { description: 'Up', content: { 'application/json': { schema: health } } } } });
  }
  registry.registerPath({ method: 'get', path: '/openapi.json', tags: ['Health'], operationId: 'openApi', responses: { 200: { description: 'This document' } } });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'webhook-relay API', version: options.version ?? '1.0.0', description: 'Capture, verify, deliver and replay webhooks.' },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
  });
}
