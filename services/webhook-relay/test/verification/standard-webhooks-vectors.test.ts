import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { signStandardWebhooks } from '../../src/verification/standard-webhooks-sign.js';
import { verifyRequest } from '../../src/verification/verify-request.js';

// The official vector of the Standard Webhooks specification (its reference libraries' tests).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const PAYLOAD = '{"test": 2432232314}';
const EXPECTED = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const AT = new Date(TIMESTAMP * 1000);

const verify = (signature: string, options: { now?: Date; body?: string; secrets?: string[] } = {}) =>
  verifyRequest({
    provider: 'standard-webhooks',
    secrets: (options.secrets ?? [SECRET]).map((value, i) => ({ id: `s${i}`, value })),
    request: {
      method: 'POST',
      url: 'https://in.example/whep_x',
      headers: [
        ['webhook-id', ID],
        ['webhook-timestamp', String(TIMESTAMP)],
        ['webhook-signature', signature],
      ],
      body: Buffer.from(options.body ?? PAYLOAD),
    },
    now: options.now ?? AT,
  });

describe("Standard Webhooks, with the specification's own vector", () => {
  it('signs the official vector exactly', () => {
    expect(signStandardWebhooks({ id: ID, timestamp: AT, body: Buffer.from(PAYLOAD), secrets: [SECRET] })).toBe(EXPECTED);
  });

  it('verifies the official vector', () => {
    expect(verify(EXPECTED)).toMatchObject({ state: 'verified', cause: null, matchedSecretId: 's0' });
  });

  it('skips entries that are not v1 and finds the valid one among several', () => {
    const stale = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    expect(verify([stale, 'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=', EXPECTED, stale].join(' ')).state).toBe('verified');
  });

  it.each([
    ['v1,dawfeoifkpqwoekfpqoekf', 'malformed_signature'],
    [EXPECTED.slice(0, 8), 'malformed_signature'],
    ['v1,', 'malformed_signature'],
  ])('refuses the official negative signature %s', (signature, cause) => {
    expect(verify(signature)).toMatchObject({ state: 'failed', cause });
  });

  it('refuses timestamps 5 minutes and 1 second away in either direction', () => {
    expect(verify(EXPECTED, { now: new Date((TIMESTAMP + 301) * 1000) })).toMatchObject({
      state: 'failed',
      cause: 'timestamp_too_old',
      detail: { skewSeconds: 301, toleranceSeconds: 300 },
    });
    expect(verify(EXPECTED, { now: new Date((TIMESTAMP - 301) * 1000) })).toMatchObject({
      state: 'failed',
      cause: 'timestamp_in_future',
      detail: { skewSeconds: -301 },
    });
    expect(verify(EXPECTED, { now: new Date((TIMESTAMP + 300) * 1000) }).state).toBe('verified');
  });

  it('verifies an empty payload signed correctly', () => {
    const signature = signStandardWebhooks({ id: ID, timestamp: AT, body: Buffer.alloc(0), secrets: [SECRET] });
    expect(verify(signature, { body: '' }).state).toBe('verified');
  });

  it('refuses to sign with an empty secret', () => {
    expect(() => signStandardWebhooks({ id: ID, timestamp: AT, body: Buffer.from('x'), secrets: ['whsec_'] })).toThrow();
    expect(() => signStandardWebhooks({ id: ID, timestamp: AT, body: Buffer.from('x'), secrets: [] })).toThrow();
  });

  it('agrees with the official standardwebhooks library both ways', () => {
    const now = new Date();
    const body = '{"type":"invoice.paid","n":1}';
    const theirs = new Webhook(SECRET).sign('msg_ours', now, body);
    expect(signStandardWebhooks({ id: 'msg_ours', timestamp: now, body: Buffer.from(body), secrets: [SECRET] })).toBe(theirs);
    const ours = signStandardWebhooks({ id: 'msg_ours', timestamp: now, body: Buffer.from(body), secrets: [SECRET] });
    const headers = { 'webhook-id': 'msg_ours', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': ours };
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({ type: 'invoice.paid', n: 1 });
  });

  it('gives one v1 signature per secret, so receivers can rotate', () => {
    const header = signStandardWebhooks({
      id: ID,
      timestamp: AT,
      body: Buffer.from(PAYLOAD),
      secrets: [SECRET, 'whsec_c2Vjb25kLXNlY3JldC1ieXRlcy0wMTIz'],
    });
    expect(header.split(' ')).toHaveLength(2);
    expect(header.split(' ')[0]).toBe(EXPECTED);
    expect(verify(header, { secrets: ['whsec_c2Vjb25kLXNlY3JldC1ieXRlcy0wMTIz'] }).state).toBe('verified');
  });
});
