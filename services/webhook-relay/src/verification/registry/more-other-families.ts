import { recordsOf } from './builders.js';
import { HANDSHAKES } from './handshakes.js';
import type { ProviderRecord } from '../types.js';

const asymmetric = recordsOf('asymmetric');
const jwt = recordsOf('jwt');
const shared = recordsOf('shared-secret');

// The endpoint's "secret" is the provider's public key (PEM, base64 DER SPKI, or a JWK).
export const MORE_ASYMMETRIC: ProviderRecord[] = [
  // The key comes from /v2/notifications/publicKey/{X-Circle-Key-Id}, base64 DER.
  asymmetric('circle', 'Circle', 'https://developers.circle.com/api-reference/verify-webhook-signatures', { kind: 'ecdsa-p256', signatureHeader: 'x-circle-signature', signatureEncoding: 'base64', message: ['body'] }),
  // The Fireblocks-Signature header (Base64 RSA-SHA512 of the body); its JWKS-keyed detached JWS successor is not covered yet.
  asymmetric('fireblocks', 'Fireblocks', 'https://developers.fireblocks.com/reference/validating-webhooks', { kind: 'rsa-sha512', signatureHeader: 'fireblocks-signature', signatureEncoding: 'base64', message: ['body'] }),
];

export const MORE_JWT: ProviderRecord[] = [
  jwt('vonage', 'Vonage', 'https://developer.vonage.com/en/getting-started/concepts/webhooks#decoding-signed-webhooks', { kind: 'jwt-body-hash', header: 'authorization', prefix: 'Bearer ', algorithm: 'HS256', bodyHashClaim: 'payload_hash' }),
  // ES256 with Plaid's key (the JWK from /webhook_verification_key/get); Plaid says to refuse tokens older than 5 minutes.
  jwt('plaid', 'Plaid', 'https://plaid.com/docs/api/webhooks/webhook-verification/', { kind: 'jwt-body-hash', header: 'plaid-verification', algorithm: 'ES256', bodyHashClaim: 'request_body_sha256', maxAgeSeconds: 300 }),
];

// Shared secrets sent as they are: `authenticated`, never `verified`.
export const MORE_SHARED_SECRET: ProviderRecord[] = [
  // The operator chooses the header's value when registering the event hook (Authorization by convention).
  // checked against https://help.okta.com/en-us/Content/Topics/automation-hooks/add-event-hooks.htm and
  // https://developer.okta.com/docs/guides/secure-hooks/ (a header the admin names and fills; Okta suggests a Basic value).
  shared('okta', 'Okta event hooks', 'https://developer.okta.com/docs/concepts/event-hooks/', { kind: 'token', header: 'authorization' }, { handshake: HANDSHAKES.okta }),
  shared('sparkpost', 'SparkPost', 'https://developers.sparkpost.com/api/webhooks/', { kind: 'basic', header: 'authorization' }),
  // Not verifiable: Flutterwave's current webhook page (developer.flutterwave.com/docs/webhooks) is stored without its verif-hash section.
  shared('flutterwave', 'Flutterwave', 'https://developer.flutterwave.com/docs/integration-guides/webhooks/', { kind: 'token', header: 'verif-hash' }),
  shared('xendit', 'Xendit', 'https://docs.xendit.co/docs/handling-webhooks', { kind: 'token', header: 'x-callback-token' }),
  shared('hugging-face', 'Hugging Face', 'https://huggingface.co/docs/hub/webhooks#webhook-secret', { kind: 'token', header: 'x-webhook-secret' }),
  shared('cloudflare', 'Cloudflare notifications', 'https://developers.cloudflare.com/notifications/get-started/configure-webhooks/', { kind: 'token', header: 'cf-webhook-auth' }),
  shared('revenuecat', 'RevenueCat', 'https://www.revenuecat.com/docs/integrations/webhooks', { kind: 'token', header: 'authorization' }),
  shared('ringcentral', 'RingCentral', 'https://developers.ringcentral.com/guide/notifications/webhooks/creating-webhooks', { kind: 'token', header: 'verification-token' }, { handshake: HANDSHAKES.ringcentral }),
  // clientState is in every notification of the batch; the first one's is checked.
  shared('microsoft-graph', 'Microsoft Graph change notifications', 'https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks', { kind: 'body-token', jsonField: 'value.0.clientState' }, { handshake: HANDSHAKES.microsoftGraph }),
  shared('figma', 'Figma', 'https://www.figma.com/developers/api#webhooks_v2', { kind: 'body-token', jsonField: 'passcode' }),
  shared('zulip', 'Zulip outgoing webhooks', 'https://zulip.com/api/outgoing-webhooks', { kind: 'body-token', jsonField: 'token' }),
  shared('prismic', 'Prismic', 'https://prismic.io/docs/webhooks', { kind: 'body-token', jsonField: 'secret' }),
  shared('marqeta', 'Marqeta', 'https://www.marqeta.com/docs/developer-guides/about-webhooks', { kind: 'basic', header: 'authorization' }),
  shared('bandwidth', 'Bandwidth', 'https://dev.bandwidth.com/docs/voice/guides/webhooks/', { kind: 'basic', header: 'authorization' }),
  shared('azure-devops', 'Azure DevOps service hooks', 'https://learn.microsoft.com/en-us/azure/devops/service-hooks/services/webhooks', { kind: 'basic', header: 'authorization' }),
  shared('pipedrive', 'Pipedrive', 'https://pipedrive.readme.io/docs/guide-for-webhooks', { kind: 'basic', header: 'authorization' }),
  shared('datocms', 'DatoCMS', 'https://www.datocms.com/docs/general-concepts/webhooks', { kind: 'basic', header: 'authorization' }),
  shared('helius', 'Helius', 'https://docs.helius.dev/data-streaming/webhooks', { kind: 'token', header: 'authorization' }),
];

