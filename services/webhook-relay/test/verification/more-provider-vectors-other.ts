// Vectors for issue 10's JWT, asymmetric and shared-secret providers, from each documented algorithm.
import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { BODY, SECONDS, SECRET, type Vector } from './provider-vectors.js';

const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const bodySha256 = createHash('sha256').update(BODY).digest('hex');
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (claims: Record<string, unknown>) => {
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
};
// JWS ES256: the signature is r||s, 64 bytes.
const es256 = (claims: Record<string, unknown>) => {
  const unsigned = `${part({ alg: 'ES256', kid: 'plaid-key-1', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), { key: p256.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
};
const token = (header: string): Vector => ({ secret: SECRET, headers: { [header]: SECRET } });
const basic = (credentials: string): Vector => ({
  secret: credentials,
  headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
});
const inBody = (body: Record<string, unknown>): Vector => ({
  secret: SECRET,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...body, amount: 4200 }),
});

export const MORE_OTHER_VECTORS: Record<string, () => Vector> = {
  circle: () => ({
    secret: p256.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    headers: { 'x-circle-signature': sign('sha256', Buffer.from(BODY), p256.privateKey).toString('base64') },
  }),
  fireblocks: () => ({
    secret: rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    headers: { 'fireblocks-signature': sign('sha512', Buffer.from(BODY), rsa.privateKey).toString('base64') },
  }),

  vonage: () => ({
    secret: SECRET,
    headers: { authorization: `Bearer ${hs256({ iat: Number(SECONDS), jti: 'vonage-1', payload_hash: bodySha256 })}` },
  }),
  plaid: () => ({
    secret: JSON.stringify(p256.publicKey.export({ format: 'jwk' })),
    headers: { 'plaid-verification': es256({ iat: Number(SECONDS), request_body_sha256: bodySha256 }) },
  }),

  okta: () => token('authorization'),
  sparkpost: () => basic('sparkpost:webhook-password'),
  flutterwave: () => token('verif-hash'),
  xendit: () => token('x-callback-token'),
  'hugging-face': () => token('x-webhook-secret'),
  cloudflare: () => token('cf-webhook-auth'),
  revenuecat: () => token('authorization'),
  ringcentral: () => token('verification-token'),
  'microsoft-graph': () =>
    inBody({ value: [{ subscriptionId: 'sub-1', clientState: SECRET, changeType: 'created', resource: 'me/messages/1' }] }),
  figma: () => inBody({ event_type: 'FILE_UPDATE', passcode: SECRET }),
  zulip: () => inBody({ message: { content: 'Hello' }, token: SECRET }),
  prismic: () => inBody({ type: 'api-update', secret: SECRET }),
  marqeta: () => basic('marqeta:webhook-password'),
  bandwidth: () => basic('bandwidth:callback-password'),
  'azure-devops': () => basic('devops:service-hook-password'),
  pipedrive: () => basic('pipedrive:webhook-password'),
  datocms: () => basic('datocms:webhook-password'),
  helius: () => token('authorization'),
};
