import { describe, expect, it } from '@jest/globals';
import {
  AddProviderSecretRequest,
  buildWebhookRelayOpenApi,
  CreateEndpointRequest,
  ListEventsQuery,
  RELAY_ROUTES,
  RelayListQuery,
  RotateProviderSecretRequest,
  UpdateEndpointRequest,
  validationMessage,
} from '../src/index.js';

const messageOf = (result: { success: boolean; error?: unknown }) => (result.success ? null : validationMessage(result.error as never));

describe('webhook-relay request schemas', () => {
  it('accepts an endpoint with a name and an optional registry slug, trimmed', () => {
    expect(CreateEndpointRequest.parse({ name: '  orders ', provider: 'stripe' })).toEqual({ name: 'orders', provider: 'stripe' });
    expect(CreateEndpointRequest.parse({ name: 'x', provider: null })).toEqual({ name: 'x', provider: null });
  });

  it.each([
    [{}, /name is required/],
    [{ name: '   ' }, /name must not be empty/],
    [{ name: 'x', provider: 'Stripe Inc' }, /provider must be a registry slug/],
    [{ name: 'x', extra: 1 }, /unknown field "extra"/],
    [['x'], /body must be a JSON object/],
  ])('refuses %j with a message naming the problem', (input, message) => {
    expect(messageOf(CreateEndpointRequest.safeParse(input))).toMatch(message);
  });

  it('needs at least one change to update an endpoint', () => {
    expect(messageOf(UpdateEndpointRequest.safeParse({}))).toMatch(/at least one of name, provider, dedup/);
    expect(UpdateEndpointRequest.parse({ provider: null })).toEqual({ provider: null });
  });

  it('refuses secrets with control characters and expiries that are not ISO times', () => {
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'a\nb' }))).toMatch(/control characters/);
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'ab', expires_at: 'tomorrow' }))).toMatch(/expires_at/);
  });

  it('gives a rotation a one-day grace by default and bounds it to 30 days', () => {
    expect(RotateProviderSecretRequest.parse({ secret: 'abc' }).previous_expire_in_seconds).toBe(86_400);
    expect(messageOf(RotateProviderSecretRequest.safeParse({ secret: 'abc', previous_expire_in_seconds: 99_999_999 }))).toMatch(/30 days/);
  });

  it('reads list queries from strings with a default limit of 20 and refuses out-of-range limits', () => {
    expect(RelayListQuery.parse({})).toEqual({ limit: 20 });
    expect(RelayListQuery.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    expect(messageOf(RelayListQuery.safeParse({ limit: '0' }))).toMatch(/limit must be an integer between 1 and 100/);
    expect(messageOf(RelayListQuery.safeParse({ limit: '5', sort: 'name' }))).toMatch(/unknown field "sort"/);
  });

  it('needs an event time range to start before it ends', () => {
    expect(messageOf(ListEventsQuery.safeParse({ from: '2026-11-23T10:00:00Z', to: '2026-11-23T09:00:00Z' }))).toMatch(/from must be earlier than to/);
    expect(messageOf(ListEventsQuery.safeParse({ endpoint_id: 'x' }))).toMatch(/endpoint_id must be a UUID/);
  });
});

describe('webhook-relay OpenAPI document', () => {
  const document = buildWebhookRelayOpenApi({ serverUrl: 'https://relay.example.com' }) as Record<string, any>;

  it('is OpenAPI 3.1 with bearer API-key security on every /v1 operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://relay.example.com' }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { method, path } of RELAY_ROUTES) {
      const operation = document.paths[path][method];
      expect({ path, method, security: operation.security }).toEqual({ path, method, security: [{ apiKey: [] }] });
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RelayError' });
    }
  });

  it('names the main shapes as components', () => {
    for (const name of ['RelayError', 'ApiKey', 'CreatedApiKey', 'Endpoint', 'ProviderSecret', 'EventSummary', 'EventDetail', 'AuditEntry', 'AuditVerification']) {
      expect(document.components.schemas).toHaveProperty(name);
    }
  });

  it('documents Idempotency-Key on every POST', () => {
    for (const { method, path } of RELAY_ROUTES.filter((route) => route.method === 'post')) {
      const names = (document.paths[path].post.parameters ?? []).map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`);
      expect({ path, names }).toEqual({ path, names: expect.arrayContaining(['header:Idempotency-Key']) });
    }
  });
});
