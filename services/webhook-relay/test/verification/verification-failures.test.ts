import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { detectProvider } from '../../src/verification/detect-provider.js';
import { verifyRequest } from '../../src/verification/verify-request.js';

const NOW = new Date('2026-11-23T10:00:00.000Z');
const T = String(NOW.getTime() / 1000);
const SECRET = 'whsec_test_secret_for_causes';
const BODY = '{"id": "evt_1",  "amount": 10}';
const stripeHeader = (body: string, t = T, secret = SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

const stripe = (
  headers: Array<[string, string]>,
  options: { body?: string; secrets?: Array<{ id: string; value: string }>; now?: Date } = {},
) =>
  verifyRequest({
    provider: 'stripe',
    secrets: options.secrets ?? [{ id: 's1', value: SECRET }],
    request: { method: 'POST', url: 'https://in.example/whep_x', headers, body: Buffer.from(options.body ?? BODY) },
    now: options.now ?? NOW,
  });

describe('why a verification failed', () => {
  it('names a missing signature header', () => {
    expect(stripe([])).toMatchObject({ state: 'failed', cause: 'missing_header', detail: { header: 'stripe-signature' } });
  });

  it('names a malformed signature: wrong shape, undecodable, or the wrong length', () => {
    expect(stripe([['Stripe-Signature', 'garbage']]).cause).toBe('malformed_signature');
    expect(stripe([['Stripe-Signature', `t=${T},v1=zz-not-hex`]]).cause).toBe('malformed_signature');
    expect(stripe([['Stripe-Signature', `t=${T},v1=abcd`]]).cause).toBe('malformed_signature');
    expect(stripe([['Stripe-Signature', `t=yesterday,v1=${'a'.repeat(64)}`]]).cause).toBe('malformed_signature');
  });

  it('names a replayed request by its age, with the skew and the tolerance', () => {
    const old = String(Number(T) - 900);
    expect(stripe([['stripe-signature', stripeHeader(BODY, old)]])).toMatchObject({
      state: 'failed',
      cause: 'timestamp_too_old',
      detail: { skewSeconds: 900, toleranceSeconds: 300 },
    });
    const future = String(Number(T) + 600);
    expect(stripe([['stripe-signature', stripeHeader(BODY, future)]])).toMatchObject({
      cause: 'timestamp_in_future',
      detail: { skewSeconds: -600 },
    });
  });

  it('tells a body whose trailing whitespace was stripped in transit from a wrong secret', () => {
    const signedWithNewline = `${BODY}\n`;
    expect(stripe([['stripe-signature', stripeHeader(signedWithNewline)]], { body: BODY })).toMatchObject({
      cause: 'body_modified',
      detail: { evidence: 'trailing_whitespace' },
    });
  });

  it('tells a body re-encoded as JSON (parsed and serialised again) from a wrong secret', () => {
    expect(stripe([['stripe-signature', stripeHeader(BODY)]], { body: JSON.stringify(JSON.parse(BODY)) }).cause).toBe('wrong_secret');
    const reencoded = JSON.stringify(JSON.parse(BODY));
    expect(stripe([['stripe-signature', stripeHeader(reencoded)]], { body: BODY })).toMatchObject({
      cause: 'body_modified',
      detail: { evidence: 'reencoded_json' },
    });
  });

  it('names a wrong secret when nothing else explains the mismatch', () => {
    expect(stripe([['stripe-signature', stripeHeader(BODY, T, 'whsec_someone_else')]])).toMatchObject({
      state: 'failed',
      cause: 'wrong_secret',
    });
  });

  it('matches any of several secrets during a rotation, and says which', () => {
    const outcome = stripe([['stripe-signature', stripeHeader(BODY, T, 'whsec_new_secret')]], {
      secrets: [
        { id: 'old', value: SECRET },
        { id: 'new', value: 'whsec_new_secret' },
      ],
    });
    expect(outcome).toMatchObject({ state: 'verified', matchedSecretId: 'new' });
  });

  it('leaves a request unattempted without a provider, with an unknown one, or without secrets', () => {
    const request = { method: 'POST', url: 'https://in.example/x', headers: [] as Array<[string, string]>, body: Buffer.from(BODY) };
    expect(verifyRequest({ provider: null, secrets: [], request, now: NOW })).toMatchObject({ state: 'unattempted', cause: null });
    expect(verifyRequest({ provider: 'no-such-provider', secrets: [{ id: 's', value: 'x' }], request, now: NOW })).toMatchObject({
      state: 'unattempted',
      cause: 'unknown_provider',
    });
    expect(verifyRequest({ provider: 'stripe', secrets: [], request, now: NOW })).toMatchObject({
      state: 'unattempted',
      cause: 'no_secret_configured',
    });
  });
});

describe('provider detection', () => {
  it('hints at a provider from its signature header, case-insensitively', () => {
    expect(detectProvider([['Stripe-Signature', 't=1,v1=a']])).toBe('stripe');
    expect(detectProvider([['X-Slack-Signature', 'v0=a']])).toBe('slack');
    expect(detectProvider([['content-type', 'application/json']])).toBeNull();
  });

  it('is only a hint: a header two providers share names the first in registry order', () => {
    expect(detectProvider([['x-hub-signature-256', 'sha256=a']])).toBe('github');
  });
});

describe('Twilio, both of its modes', () => {
  const url = 'https://in.example.com/whep_t';
  const twilio = (requestUrl: string, body: string, signature: string, contentType: string) =>
    verifyRequest({
      provider: 'twilio',
      secrets: [{ id: 'auth-token', value: 'twilio-auth-token' }],
      request: {
        method: 'POST',
        url: requestUrl,
        headers: [
          ['Content-Type', contentType],
          ['X-Twilio-Signature', signature],
        ],
        body: Buffer.from(body),
      },
      now: NOW,
    });

  it('verifies a JSON post by the URL signature and the bodySHA256 parameter, and catches a changed body', async () => {
    const { createHash } = await import('node:crypto');
    const body = '{"CallSid":"CA1","Status":"completed"}';
    const signedUrl = `${url}?bodySHA256=${createHash('sha256').update(body).digest('hex')}`;
    const signature = createHmac('sha1', 'twilio-auth-token').update(signedUrl).digest('base64');
    expect(twilio(signedUrl, body, signature, 'application/json')).toMatchObject({ state: 'verified', matchedSecretId: 'auth-token' });
    expect(twilio(signedUrl, body.replace('completed', 'failed'), signature, 'application/json')).toMatchObject({
      state: 'failed',
      cause: 'body_modified',
    });
  });

  it('verifies a form post by the URL and the sorted fields', () => {
    const body = 'To=%2B1555&From=%2B1666&Body=Hi';
    const signature = createHmac('sha1', 'twilio-auth-token').update(`${url}BodyHiFrom+1666To+1555`).digest('base64');
    expect(twilio(url, body, signature, 'application/x-www-form-urlencoded').state).toBe('verified');
  });
});
