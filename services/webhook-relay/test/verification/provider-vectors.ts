// One valid signed request per provider, built from the provider's documented algorithm (or its
// own SDK), independently of the registry records the verifier reads. Fixed secrets and times.
import { createHash, createHmac, generateKeyPairSync, sign as signAsymmetric } from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import type { FailureCause } from '../../src/verification/types.js';

export const NOW = new Date('2026-11-23T10:00:00.000Z');
export const SECONDS = String(Math.floor(NOW.getTime() / 1000));
export const MILLISECONDS = String(NOW.getTime());
export const URL = 'https://in.example.com/whep_vectors?source=test';
export const BODY = '{"id":"evt_123","type":"invoice.paid","data":{"amount":4200}}';
export const FORM_BODY = 'To=%2B15550001111&From=%2B15550002222&Body=Hello+there&MessageSid=SM123';

export interface Vector {
  secret: string;
  headers: Record<string, string>;
  body?: string;
  url?: string;
  method?: string;
  /**
   * The tampered request, when changing the body is not the tampering that matters (a scheme that
   * signs fields other than the body): the changes and the cause they must be refused with.
   */
  tampered?: { body?: string; url?: string; headers?: Record<string, string>; cause: FailureCause };
}

export const SECRET = 'vector-secret-0123456789abcdef';
export const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const hmac = (algorithm: string, key: string | Buffer, message: string, encoding: 'hex' | 'base64') =>
  createHmac(algorithm, key).update(message).digest(encoding);
const sha256Hex = (message: string) => hmac('sha256', SECRET, message, 'hex');
const sha256B64 = (message: string) => hmac('sha256', SECRET, message, 'base64');

// Standard Webhooks framing under a header prefix, signed by the official library.
const standardWebhooks = (prefix: string, secret = WHSEC): Vector => ({
  secret,
  headers: {
    [`${prefix}-id`]: 'msg_vector_1',
    [`${prefix}-timestamp`]: SECONDS,
    [`${prefix}-signature`]: new Webhook(secret).sign('msg_vector_1', NOW, BODY),
  },
});
// `t=<ts>,<key>=<hmac of "{t}.{body}">`, the layout Stripe made common.
const timestampPairs = (header: string, key: string, ts = SECONDS, digest = 'sha256', encoding: 'hex' | 'base64' = 'hex'): Vector => ({
  secret: SECRET,
  headers: { [header]: `t=${ts},${key}=${hmac(digest, SECRET, `${ts}.${BODY}`, encoding)}` },
});
const bodyOnly = (
  header: string,
  prefix = '',
  digest = 'sha256',
  encoding: 'hex' | 'base64' = 'hex',
  key: string | Buffer = SECRET,
  secret = SECRET,
): Vector => ({
  secret,
  headers: { [header]: `${prefix}${hmac(digest, key, BODY, encoding)}` },
});
const sortedForm = (body: string) =>
  [...new URLSearchParams(body)]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}${v}`)
    .join('');

const ed25519 = generateKeyPairSync('ed25519');
const ed25519Raw = ed25519.publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const basic = (credentials: string): Vector => ({
  secret: credentials,
  headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
});
const jwtHs256 = (claims: Record<string, unknown>, secret: string) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

export const VECTORS: Record<string, () => Vector> = {
  'standard-webhooks': () => standardWebhooks('webhook'),
  svix: () => standardWebhooks('svix'),
  clerk: () => standardWebhooks('svix'),
  resend: () => standardWebhooks('svix'),
  supabase: () => standardWebhooks('webhook'),
  openai: () => standardWebhooks('webhook'),
  replicate: () => standardWebhooks('webhook'),
  // Polar: the library is given the base64 of the plain secret, so the key is the secret's own bytes.
  polar: () => ({ ...standardWebhooks('webhook', Buffer.from(SECRET).toString('base64')), secret: SECRET }),
  finch: () => {
    const secret = Buffer.from('finch-secret-bytes-0123456789').toString('base64');
    return {
      secret,
      headers: {
        'finch-event-id': 'evt_f',
        'finch-timestamp': SECONDS,
        'finch-signature': `v1,${hmac('sha256', Buffer.from(secret, 'base64'), `evt_f.${SECONDS}.${BODY}`, 'base64')}`,
      },
    };
  },
  stripe: () => ({
    secret: SECRET,
    headers: {
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: BODY, secret: SECRET, timestamp: Number(SECONDS) }),
    },
  }),
  mux: () => timestampPairs('mux-signature', 'v1'),
  shippo: () => timestampPairs('shippo-auth-signature', 'v1'),
  calendly: () => timestampPairs('calendly-webhook-signature', 'v1'),
  persona: () => ({
    secret: SECRET,
    headers: { 'persona-signature': `t=${SECONDS},v1=${'0'.repeat(64)} t=${SECONDS},v1=${sha256Hex(`${SECONDS}.${BODY}`)}` },
  }),
  workos: () => timestampPairs('workos-signature', 'v1', MILLISECONDS),
  tiktok: () => timestampPairs('tiktok-signature', 's'),
  buildkite: () => ({
    secret: SECRET,
    headers: { 'x-buildkite-signature': `timestamp=${SECONDS},signature=${sha256Hex(`${SECONDS}.${BODY}`)}` },
  }),
  knock: () => timestampPairs('x-knock-signature', 's', MILLISECONDS, 'sha256', 'base64'),
  affirm: () => ({
    secret: SECRET,
    headers: { 'x-affirm-signature': `t=${SECONDS},v0=${hmac('sha512', SECRET, `${SECONDS}.${BODY}`, 'hex')}` },
  }),
  paddle: () => ({ secret: SECRET, headers: { 'paddle-signature': `ts=${SECONDS};h1=${sha256Hex(`${SECONDS}:${BODY}`)}` } }),
  recurly: () => ({
    secret: SECRET,
    headers: { 'recurly-signature': `${MILLISECONDS},${'a'.repeat(64)},${sha256Hex(`${MILLISECONDS}.${BODY}`)}` },
  }),
  slack: () => ({
    secret: SECRET,
    headers: { 'x-slack-request-timestamp': SECONDS, 'x-slack-signature': `v0=${sha256Hex(`v0:${SECONDS}:${BODY}`)}` },
  }),
  zoom: () => ({
    secret: SECRET,
    headers: { 'x-zm-request-timestamp': SECONDS, 'x-zm-signature': `v0=${sha256Hex(`v0:${SECONDS}:${BODY}`)}` },
  }),
  'customer-io': () => ({ secret: SECRET, headers: { 'x-cio-timestamp': SECONDS, 'x-cio-signature': sha256Hex(`v0:${SECONDS}:${BODY}`) } }),
  twitch: () => {
    const timestamp = NOW.toISOString();
    return {
      secret: SECRET,
      headers: {
        'twitch-eventsub-message-id': 'msg-twitch-1',
        'twitch-eventsub-message-timestamp': timestamp,
        'twitch-eventsub-message-signature': `sha256=${sha256Hex(`msg-twitch-1${timestamp}${BODY}`)}`,
      },
    };
  },
  zendesk: () => {
    const timestamp = NOW.toISOString();
    return {
      secret: SECRET,
      headers: { 'x-zendesk-webhook-signature-timestamp': timestamp, 'x-zendesk-webhook-signature': sha256B64(`${timestamp}${BODY}`) },
    };
  },
  front: () => ({
    secret: SECRET,
    headers: { 'x-front-request-timestamp': MILLISECONDS, 'x-front-signature': sha256B64(`${MILLISECONDS}:${BODY}`) },
  }),
  sinch: () => ({
    secret: SECRET,
    headers: {
      'x-sinch-webhook-signature-timestamp': SECONDS,
      'x-sinch-webhook-signature-nonce': 'nonce-1',
      'x-sinch-webhook-signature': sha256B64(`${BODY}.nonce-1.${SECONDS}`),
    },
  }),
  github: () => ({ secret: SECRET, headers: {} }), // signed asynchronously below (the SDK's sign is async)
  shopify: () => bodyOnly('x-shopify-hmac-sha256', '', 'sha256', 'base64'),
  meta: () => bodyOnly('x-hub-signature-256', 'sha256='),
  intercom: () => bodyOnly('x-hub-signature', 'sha1=', 'sha1'),
  bitbucket: () => bodyOnly('x-hub-signature', 'sha256='),
  vercel: () => bodyOnly('x-vercel-signature', '', 'sha1'),
  paystack: () => bodyOnly('x-paystack-signature', '', 'sha512'),
  'authorize-net': () => {
    const key = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
    return {
      secret: key,
      headers: { 'x-anet-signature': `sha512=${createHmac('sha512', Buffer.from(key, 'hex')).update(BODY).digest('hex').toUpperCase()}` },
    };
  },
  linear: () => bodyOnly('linear-signature'),
  sentry: () => bodyOnly('sentry-hook-signature'),
  razorpay: () => bodyOnly('x-razorpay-signature'),
  dropbox: () => bodyOnly('x-dropbox-signature'),
  'checkout-com': () => bodyOnly('cko-signature'),
  'coinbase-commerce': () => bodyOnly('x-cc-webhook-signature'),
  dub: () => bodyOnly('dub-signature'),
  'cal-com': () => bodyOnly('x-cal-signature-256'),
  asana: () => bodyOnly('x-hook-signature'),
  segment: () => bodyOnly('x-signature', '', 'sha1'),
  airtable: () => {
    const secret = Buffer.from('airtable-mac-secret-bytes').toString('base64');
    return bodyOnly('x-airtable-content-mac', 'hmac-sha256=', 'sha256', 'hex', Buffer.from(secret, 'base64'), secret);
  },
  'microsoft-teams': () => {
    const secret = Buffer.from('teams-security-token-bytes').toString('base64');
    return bodyOnly('authorization', 'HMAC ', 'sha256', 'base64', Buffer.from(secret, 'base64'), secret);
  },
  pagerduty: () => ({ secret: SECRET, headers: { 'x-pagerduty-signature': `v1=${'b'.repeat(64)},v1=${sha256Hex(BODY)}` } }),
  docusign: () => ({
    secret: SECRET,
    headers: { 'x-docusign-signature-1': hmac('sha256', 'another-key', BODY, 'base64'), 'x-docusign-signature-2': sha256B64(BODY) },
  }),
  square: () => ({ secret: SECRET, headers: { 'x-square-hmacsha256-signature': sha256B64(`${URL}${BODY}`) } }),
  hubspot: () => ({
    secret: SECRET,
    method: 'POST',
    headers: { 'x-hubspot-request-timestamp': MILLISECONDS, 'x-hubspot-signature-v3': sha256B64(`POST${URL}${BODY}${MILLISECONDS}`) },
  }),
  trello: () => ({ secret: SECRET, headers: { 'x-trello-webhook': hmac('sha1', SECRET, `${BODY}${URL}`, 'base64') } }),
  twilio: () => ({
    secret: SECRET,
    body: FORM_BODY,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': hmac('sha1', SECRET, `${URL}${sortedForm(FORM_BODY)}`, 'base64'),
    },
  }),
  mandrill: () => ({
    secret: SECRET,
    body: FORM_BODY,
    headers: { 'x-mandrill-signature': hmac('sha1', SECRET, `${URL}${sortedForm(FORM_BODY)}`, 'base64') },
  }),
  discord: () => ({
    secret: ed25519Raw.toString('hex'),
    headers: {
      'x-signature-timestamp': SECONDS,
      'x-signature-ed25519': signAsymmetric(null, Buffer.from(`${SECONDS}${BODY}`), ed25519.privateKey).toString('hex'),
    },
  }),
  telnyx: () => ({
    secret: ed25519Raw.toString('base64'),
    headers: {
      'telnyx-timestamp': SECONDS,
      'telnyx-signature-ed25519': signAsymmetric(null, Buffer.from(`${SECONDS}|${BODY}`), ed25519.privateKey).toString('base64'),
    },
  }),
  sendgrid: () => ({
    secret: p256.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    headers: {
      'x-twilio-email-event-webhook-timestamp': SECONDS,
      'x-twilio-email-event-webhook-signature': signAsymmetric('sha256', Buffer.from(`${SECONDS}${BODY}`), p256.privateKey).toString(
        'base64',
      ),
    },
  }),
  wise: () => ({
    secret: rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    headers: { 'x-signature-sha256': signAsymmetric('sha256', Buffer.from(BODY), rsa.privateKey).toString('base64') },
  }),
  netlify: () => ({
    secret: SECRET,
    headers: { 'x-webhook-signature': jwtHs256({ iss: 'netlify', sha256: createHash('sha256').update(BODY).digest('hex') }, SECRET) },
  }),
  gitlab: () => ({ secret: SECRET, headers: { 'x-gitlab-token': SECRET } }),
  telegram: () => ({ secret: SECRET, headers: { 'x-telegram-bot-api-secret-token': SECRET } }),
  postmark: () => basic('postmark-user:postmark-password'),
  chargebee: () => basic('chargebee:webhook-password'),
  mixpanel: () => basic('mixpanel:cohort-sync-password'),
};

/** GitHub's vector comes from its own SDK, whose sign() is async. */
export async function githubVector(): Promise<Vector> {
  return { secret: SECRET, headers: { 'x-hub-signature-256': await githubSign(SECRET, BODY) } };
}
