import { describe, expect, it } from '@jest/globals';
import {
  AddProviderSecretRequest,
  ApiKey,
  AuditEntry,
  AuditVerification,
  CreateApiKeyRequest,
  CreateEndpointRequest,
  EventDetail,
  IdempotencyKey,
  ListEventsQuery,
  RELAY_ERROR_CODES,
  RelayError,
  RelayId,
  RelayListQuery,
  relayPage,
  RotateProviderSecretRequest,
  UpdateEndpointRequest,
  Usage,
  validationMessage,
} from '../src/index.js';

const messageOf = (result: { success: boolean; error?: unknown }) => (result.success ? null : validationMessage(result.error as never));
const ID = '3f1c2b9e-8d4a-4e7b-9a61-0c5d2e8f7a10';
const HASH = 'a'.repeat(64);

describe('webhook-relay request schemas', () => {
  it('accepts an API key name, trimmed, and refuses a missing, blank or overlong one naming the field', () => {
    expect(CreateApiKeyRequest.parse({ name: ' ci ' })).toEqual({ name: 'ci' });
    expect(messageOf(CreateApiKeyRequest.safeParse({}))).toBe('name is required');
    expect(messageOf(CreateApiKeyRequest.safeParse({ name: '  ' }))).toBe('name must not be empty');
    expect(messageOf(CreateApiKeyRequest.safeParse({ name: 'x'.repeat(201) }))).toBe('name must be at most 200 characters');
    expect(messageOf(CreateApiKeyRequest.safeParse({ name: 7 }))).toBe('name must be a string');
  });

  it.each([[null], ['name'], [['x']], [42]])('refuses the body %j because it is not a JSON object', (input) => {
    expect(messageOf(CreateApiKeyRequest.safeParse(input))).toBe('body must be a JSON object');
  });

  it('reports unknown fields as unknown fields, not as a bad body', () => {
    const result = CreateApiKeyRequest.safeParse({ name: 'ok', admin: true });
    expect(messageOf(result)).toBe('unknown field "admin"');
    expect(result.error?.issues[0]?.message).not.toMatch(/JSON object/);
  });

  it('accepts an endpoint with a name and an optional registry slug, trimmed', () => {
    expect(CreateEndpointRequest.parse({ name: '  orders ', provider: 'stripe' })).toEqual({ name: 'orders', provider: 'stripe' });
    expect(CreateEndpointRequest.parse({ name: 'x', provider: null })).toEqual({ name: 'x', provider: null });
  });

  it.each([
    [{}, /name is required/],
    [{ name: '   ' }, /name must not be empty/],
    [{ name: 'x', provider: 'Stripe Inc' }, /provider must be a registry slug such as "stripe" or "standard-webhooks"/],
    [{ name: 'x', extra: 1 }, /unknown field "extra"/],
    [['x'], /body must be a JSON object/],
  ])('refuses the endpoint %j with a message naming the problem', (input, message) => {
    expect(messageOf(CreateEndpointRequest.safeParse(input))).toMatch(message);
  });

  it('needs at least one change to update an endpoint', () => {
    expect(messageOf(UpdateEndpointRequest.safeParse({}))).toMatch(/send at least one of name, provider/);
    expect(UpdateEndpointRequest.parse({ provider: null })).toEqual({ provider: null });
  });

  it('accepts a provider secret with a label and an expiry carrying a zone', () => {
    const body = { secret: 'whsec_abc', label: 'primary', expires_at: '2026-12-01T00:00:00+01:00' };
    expect(AddProviderSecretRequest.parse(body)).toEqual(body);
  });

  it('refuses secrets with control characters or over 4096 characters, and expiries that are not ISO times with a zone', () => {
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'a\nb' }))).toBe('secret must not contain control characters');
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'x'.repeat(4097) }))).toBe('secret must be at most 4096 characters');
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'ab', expires_at: 'tomorrow' }))).toMatch(
      /^expires_at must be an ISO 8601 date and time/,
    );
    expect(messageOf(AddProviderSecretRequest.safeParse({ secret: 'ab', expires_at: '2026-12-01T00:00:00' }))).toMatch(
      /^expires_at must be/,
    );
  });

  it('gives a rotation a one-day grace by default and bounds it to 30 days', () => {
    expect(RotateProviderSecretRequest.parse({ secret: 'abc' }).previous_expire_in_seconds).toBe(86_400);
    expect(RotateProviderSecretRequest.parse({ secret: 'abc', previous_expire_in_seconds: 0 }).previous_expire_in_seconds).toBe(0);
    expect(messageOf(RotateProviderSecretRequest.safeParse({ secret: 'abc', previous_expire_in_seconds: 99_999_999 }))).toMatch(/30 days/);
    expect(messageOf(RotateProviderSecretRequest.safeParse({ secret: 'abc', previous_expire_in_seconds: 1.5 }))).toMatch(
      /previous_expire_in_seconds must be an integer/,
    );
  });

  it('reads list queries from strings with a default limit of 20 and refuses out-of-range limits', () => {
    expect(RelayListQuery.parse({})).toEqual({ limit: 20 });
    expect(RelayListQuery.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    for (const limit of ['0', '101', '1.5', 'ten', ['1', '2']]) {
      expect(messageOf(RelayListQuery.safeParse({ limit }))).toBe('limit must be an integer between 1 and 100');
    }
    expect(messageOf(RelayListQuery.safeParse({ cursor: 'c'.repeat(513) }))).toBe('cursor must be at most 512 characters');
    expect(messageOf(RelayListQuery.safeParse({ limit: '5', sort: 'name' }))).toMatch(/unknown field "sort"/);
  });

  it('filters events by endpoint and a time range that starts before it ends', () => {
    const query = { endpoint_id: ID, from: '2026-11-23T09:00:00Z', to: '2026-11-23T10:00:00Z' };
    expect(ListEventsQuery.parse(query)).toEqual({ ...query, limit: 20 });
    expect(messageOf(ListEventsQuery.safeParse({ from: '2026-11-23T10:00:00Z', to: '2026-11-23T09:00:00Z' }))).toMatch(
      /from must be earlier than to/,
    );
    expect(messageOf(ListEventsQuery.safeParse({ endpoint_id: 'x' }))).toBe('endpoint_id must be a UUID');
    expect(messageOf(ListEventsQuery.safeParse({ sort: 'asc' }))).toBe('unknown field "sort"');
    expect(messageOf(ListEventsQuery.safeParse({ state: 'maybe' }))).toBe(
      'state must be one of verified, authenticated, failed, unattempted, pending',
    );
    expect(ListEventsQuery.safeParse({ state: 'pending', provider: 'stripe' }).success).toBe(true);
  });

  it('names the path parameter that is not a UUID', () => {
    expect(RelayId('key_id').parse(ID)).toBe(ID);
    expect(messageOf(RelayId('key_id').safeParse('12'))).toBe('key_id must be a UUID');
  });

  it('takes an Idempotency-Key of 1 to 255 printable ASCII characters without spaces', () => {
    expect(IdempotencyKey.parse('order-42:retry')).toBe('order-42:retry');
    for (const key of ['', 'k'.repeat(256), 'clé', 'a\tb', 'has space']) {
      expect(messageOf(IdempotencyKey.safeParse(key))).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters without spaces');
    }
  });
});

describe('webhook-relay usage', () => {
  const usage = {
    plan: { id: 'free', name: 'Free', event_allowance: 5000, allowance_resets: false, retention_days: 7 },
    period_start: null,
    period_end: null,
    events_captured: 5000,
    events_remaining: 0,
    capture_paused: true,
    paused_reason: 'allowance',
    events_per_day: [
      { day: '2026-11-25', events: 4000 },
      { day: '2026-11-26', events: 1000 },
    ],
  };

  it('describes a plan, its period and what capture counted', () => {
    expect(Usage.parse(usage)).toEqual(usage);
  });

  it('knows only the four plans and the two reasons for a pause', () => {
    expect(Usage.safeParse({ ...usage, plan: { ...usage.plan, id: 'gold' } }).success).toBe(false);
    expect(Usage.safeParse({ ...usage, paused_reason: 'tired' }).success).toBe(false);
  });
});

describe('webhook-relay response shapes', () => {
  it('has one error body for every code', () => {
    expect(RELAY_ERROR_CODES).toHaveLength(14);
    expect(RELAY_ERROR_CODES).toContain('rate_limited');
    expect(RELAY_ERROR_CODES).toContain('expired');
    for (const code of RELAY_ERROR_CODES)
      expect(RelayError.parse({ error: { code, message: 'm' } })).toEqual({ error: { code, message: 'm' } });
    expect(RelayError.safeParse({ error: { code: 'teapot', message: 'm' } }).success).toBe(false);
  });

  it('pages items with a nullable next cursor', () => {
    const key = { id: ID, name: 'ci', key_hint: 'whk_…a1b2', created_at: '2026-11-23T10:00:00.000Z', last_used_at: null, revoked_at: null };
    expect(relayPage(ApiKey).parse({ data: [key], next_cursor: null })).toEqual({ data: [key], next_cursor: null });
    expect(relayPage(ApiKey).safeParse({ data: [key] }).success).toBe(false);
  });

  it('describes a captured event with header pairs, its body and its verification', () => {
    const event = {
      id: ID,
      endpoint_id: ID,
      received_at: '2026-11-23T10:00:00.000Z',
      capture_seq: 41,
      method: 'POST',
      content_type: 'application/json',
      size: 2,
      provider: 'stripe',
      duplicate_of: null,
      event_type: 'invoice.paid',
      path: '/',
      query: '',
      headers: [['content-type', 'application/json']],
      source_address: '203.0.113.7',
      body: { encoding: 'utf8', data: '{}', sha256: HASH },
      verification: {
        state: 'verified',
        cause: null,
        pending: false,
        detail: { scheme: 'v1' },
        matched_secret_id: ID,
        verified_at: '2026-11-23T10:00:01.000Z',
      },
      schema_check: { event_type_id: ID, valid: false, error: '/data must have required property id' },
    };
    expect(EventDetail.parse(event)).toEqual(event);
    expect(EventDetail.safeParse({ ...event, body: { ...event.body, encoding: 'hex' } }).success).toBe(false);
  });

  it('chains audit entries by 64-digit hex hashes', () => {
    const entry = {
      id: ID,
      seq: 1,
      actor: 'api_key:ci',
      action: 'endpoint.create',
      target: { type: 'endpoint', id: ID },
      details: {},
      created_at: '2026-11-23T10:00:00.000Z',
      prev_hash: '0'.repeat(64),
      hash: HASH,
    };
    expect(AuditEntry.parse(entry)).toEqual(entry);
    expect(messageOf(AuditEntry.safeParse({ ...entry, hash: 'abc' }))).toMatch(/hash must be 64 lowercase hex digits/);
  });

  it('reports a chain that stops short of its anchored head, keeping the intact answer as it was plus a null mismatch', () => {
    const intact = { intact: true, entries: 9, last_hash: HASH, first_broken: null, anchor_mismatch: null };
    expect(AuditVerification.parse(intact)).toEqual(intact);
    const truncated = {
      intact: false,
      entries: 7,
      last_hash: null,
      first_broken: null,
      anchor_mismatch: {
        cause: 'truncated',
        reason: 'expected 9 entries …',
        expected_entries: 9,
        expected_last_hash: HASH,
        found_entries: 7,
        found_last_hash: 'b'.repeat(64),
      },
    };
    expect(AuditVerification.parse(truncated)).toEqual(truncated);
    expect(
      AuditVerification.safeParse({ ...truncated, anchor_mismatch: { ...truncated.anchor_mismatch, cause: 'shortened' } }).success,
    ).toBe(false);
  });
});
