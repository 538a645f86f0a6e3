import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { detectProvider } from '../../src/verification/detect-provider.js';
import { jsonField, queryParam } from '../../src/verification/request-view.js';
import { verifyRequest } from '../../src/verification/verify-request.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const SECONDS = Math.floor(NOW.getTime() / 1000);
const SECRET = 'capability-secret';
const BODY = '{"amount":4200}';
const verify = (provider: string, request: { headers?: Record<string, string>; body?: string; url?: string }, secret = SECRET) =>
  verifyRequest({
    provider,
    secrets: [{ id: 's1', value: secret }],
    request: {
      method: 'POST',
      url: request.url ?? 'https://in.example/whep_x',
      headers: Object.entries(request.headers ?? {}),
      body: Buffer.from(request.body ?? BODY),
    },
    now: NOW,
  });

describe('reading values out of a request', () => {
  it('follows dotted paths into JSON, array items by index, and gives numbers as their JSON text', () => {
    const body = Buffer.from('{"a":{"b":[{"c":"x"}],"n":12,"o":{}}}');
    expect([
      jsonField(body, 'a.b.0.c'),
      jsonField(body, 'a.n'),
      jsonField(body, 'a.o'),
      jsonField(body, 'a.missing.c'),
      jsonField(Buffer.from('not json'), 'a'),
    ]).toEqual(['x', '12', undefined, undefined, undefined]);
  });

  it('reads a query parameter of the called URL, and nothing from an unparsable one', () => {
    const view = (url: string) => ({ method: 'POST', url, headers: [], body: Buffer.alloc(0) });
    expect([queryParam(view('https://h/p?data.id=12&x=1'), 'data.id'), queryParam(view('not a url'), 'x')]).toEqual(['12', undefined]);
  });
});

describe('signatures outside the headers', () => {
  it('names the missing JSON field or query parameter that should carry the signature', () => {
    expect(verify('mailgun', { body: '{"event-data":{}}' })).toMatchObject({
      state: 'failed',
      cause: 'missing_header',
      detail: { field: 'signature.signature' },
    });
    expect(verify('pandadoc', {})).toMatchObject({ state: 'failed', cause: 'missing_header', detail: { parameter: 'signature' } });
  });

  it('checks the age of a timestamp read from the JSON body', () => {
    const old = String(SECONDS - 3600);
    const body = JSON.stringify({
      signature: { timestamp: old, token: 't', signature: createHmac('sha256', SECRET).update(`${old}t`).digest('hex') },
    });
    expect(verify('mailgun', { body })).toMatchObject({ state: 'failed', cause: 'timestamp_too_old', detail: { skewSeconds: 3600 } });
  });

  it('is never a detection hint (a query parameter or body field is no header)', () => {
    expect(detectProvider([['signature', 'abc']])).toBe('mailersend');
    expect(detectProvider([['x-unrelated', 'abc']])).toBeNull();
  });
});

describe('replay windows', () => {
  const airwallex = (timestamp: string) => ({
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', SECRET).update(`${timestamp}${BODY}`).digest('hex'),
  });
  const webflow = (timestamp: string) => ({
    'x-webflow-timestamp': timestamp,
    'x-webflow-signature': createHmac('sha256', SECRET).update(`${timestamp}:${BODY}`).digest('hex'),
  });
  const hourAgo = String(NOW.getTime() - 3_600_000);

  it('are not enforced for providers that set none, though the timestamp is still signed and must parse', () => {
    expect(verify('airwallex', { headers: airwallex(hourAgo) })).toMatchObject({ state: 'verified' });
    expect(verify('airwallex', { headers: { ...airwallex(hourAgo), 'x-timestamp': String(NOW.getTime()) } })).toMatchObject({
      state: 'failed',
      cause: 'wrong_secret',
    });
    expect(verify('airwallex', { headers: airwallex('soon') })).toMatchObject({ state: 'failed', cause: 'malformed_signature' });
  });

  it('are enforced for the others', () => {
    expect(verify('webflow', { headers: webflow(hourAgo) })).toMatchObject({
      state: 'failed',
      cause: 'timestamp_too_old',
      detail: { skewSeconds: 3600 },
    });
  });
});

describe('several signature headers', () => {
  it('reports a missing header when none of them is present', () => {
    expect(verify('box', { headers: { 'box-delivery-timestamp': NOW.toISOString() } })).toMatchObject({
      cause: 'missing_header',
      detail: { header: 'box-signature-primary' },
    });
  });
});

describe('JWT with a body hash', () => {
  const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const es256 = (claims: Record<string, unknown>) => {
    const unsigned = `${part({ alg: 'ES256' })}.${part(claims)}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), { key: p256.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };
  const jwk = JSON.stringify(p256.publicKey.export({ format: 'jwk' }));
  const bodyHash = createHash('sha256').update(BODY).digest('hex');

  it('refuses an ES256 token issued too long ago, or in the future, with the skew', () => {
    expect(
      verify('plaid', { headers: { 'plaid-verification': es256({ iat: SECONDS - 600, request_body_sha256: bodyHash }) } }, jwk),
    ).toMatchObject({ cause: 'timestamp_too_old', detail: { skewSeconds: 600, toleranceSeconds: 300 } });
    expect(
      verify('plaid', { headers: { 'plaid-verification': es256({ iat: SECONDS + 600, request_body_sha256: bodyHash }) } }, jwk),
    ).toMatchObject({ cause: 'timestamp_in_future' });
    expect(verify('plaid', { headers: { 'plaid-verification': es256({ request_body_sha256: bodyHash }) } }, jwk)).toMatchObject({
      cause: 'malformed_signature',
    });
  });

  it('accepts only the algorithm the record names: an HS256 token keyed by the public key is refused', () => {
    const unsigned = `${part({ alg: 'HS256' })}.${part({ iat: SECONDS, request_body_sha256: bodyHash })}`;
    const forged = `${unsigned}.${createHmac('sha256', jwk).update(unsigned).digest('base64url')}`;
    expect(verify('plaid', { headers: { 'plaid-verification': forged } }, jwk)).toMatchObject({
      state: 'failed',
      cause: 'malformed_signature',
    });
  });

  it('needs the Bearer prefix where the provider sends one', () => {
    const unsigned = `${part({ alg: 'HS256' })}.${part({ payload_hash: bodyHash })}`;
    const token = `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    expect(verify('vonage', { headers: { authorization: token } })).toMatchObject({ cause: 'malformed_signature' });
    expect(verify('vonage', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ state: 'verified' });
  });
});

describe('a shared secret inside the body', () => {
  it('names the missing field, and authenticates (never verifies) the right one', () => {
    expect(verify('microsoft-graph', { body: '{"value":[{"changeType":"created"}]}' })).toMatchObject({
      state: 'failed',
      cause: 'missing_header',
      detail: { field: 'value.0.clientState' },
    });
    expect(verify('figma', { body: JSON.stringify({ passcode: SECRET }) })).toMatchObject({
      state: 'authenticated',
      matchedSecretId: 's1',
    });
  });
});
