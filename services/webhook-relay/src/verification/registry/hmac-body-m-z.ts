import { hmacBody as body, recordsOf } from './builders.js';
import { HANDSHAKES } from './handshakes.js';
import type { ProviderRecord } from '../types.js';

const record = recordsOf('hmac-body');

// HMAC over the exact body bytes (issue 10's additions, M to Z).
export const HMAC_BODY_M_TO_Z: ProviderRecord[] = [
  record('mailersend', 'MailerSend', 'https://developers.mailersend.com/api/v1/webhooks.html#security', body('signature')),
  // checked against https://github.com/Modern-Treasury/modern-treasury-node/blob/main/src/resources/webhooks.ts (its SDK: hex
  // HMAC-SHA256 of the body in X-Signature); its docs page was not found with the search tool.
  record('modern-treasury', 'Modern Treasury', 'https://docs.moderntreasury.com/platform/reference/verify-webhook-signatures', body('x-signature')),
  record('monnify', 'Monnify', 'https://developers.monnify.com/docs/webhooks/webhook-security', body('monnify-signature', { digest: 'sha512' })),
  // Keyed by the verification_token Notion sends once when the subscription is created.
  // Not verifiable: Notion's page was not found with the search tool (third-party verifiers agree: sha256=<hex> of the body).
  record('notion', 'Notion', 'https://developers.notion.com/reference/webhooks#step-3-validating-event-payloads-recommended', body('x-notion-signature', { prefix: 'sha256=' })),
  // checked against https://developer.nylas.com/docs/new/v2-changelogs/2023-04-04-node-sdk-v6-10-0/ (Nylas's SDK release: hex
  // HMAC-SHA256 of the body in x-nylas-signature); the v3 page linked below is not in the search tool's copy.
  record('nylas', 'Nylas (v3)', 'https://developer.nylas.com/docs/v3/notifications/webhooks/#verify-nylas-webhook-signatures', body('x-nylas-signature')),
  record('onfido', 'Onfido', 'https://documentation.onfido.com/api/latest/#webhooks', body('x-sha2-signature')),
  record('planetscale', 'PlanetScale', 'https://planetscale.com/docs/concepts/webhooks#validating-webhooks', body('x-planetscale-signature')),
  record('pulumi', 'Pulumi Cloud', 'https://www.pulumi.com/docs/pulumi-cloud/webhooks/', body('pulumi-webhook-signature')),
  // Keyed by the app's verifier token.
  record('quickbooks', 'QuickBooks Online (Intuit)', 'https://developer.intuit.com/app/developer/qbo/docs/develop/webhooks/managing-webhooks-notifications#validating-the-notification', body('intuit-signature', { encoding: 'base64' })),
  record('shortcut', 'Shortcut', 'https://developer.shortcut.com/api/webhook/v1', body('payload-signature')),
  record('smartsheet', 'Smartsheet', 'https://developers.smartsheet.com/api/smartsheet/guides/webhooks/webhook-verification', body('smartsheet-hmac-sha256'), { handshake: HANDSHAKES.smartsheet }),
  record('snyk', 'Snyk', 'https://docs.snyk.io/snyk-api/how-to-use-snyk-webhooks-to-integrate-snyk-with-third-party-apps', body('x-hub-signature', { prefix: 'sha256=' })),
  record('storyblok', 'Storyblok', 'https://www.storyblok.com/docs/guide/in-depth/webhooks#securing-a-webhook', body('webhook-signature', { digest: 'sha1' })),
  // SHA-256 is Sumsub's default signature algorithm (X-Payload-Digest-Alg: HMAC_SHA256_HEX); an endpoint switched to SHA-512 is not covered.
  record('sumsub', 'Sumsub', 'https://docs.sumsub.com/docs/webhook-manager#verify-webhook-sender', body('x-payload-digest')),
  record('tally', 'Tally', 'https://tally.so/help/webhooks', body('tally-signature', { encoding: 'base64' })),
  record('terraform-cloud', 'HCP Terraform (Terraform Cloud)', 'https://developer.hashicorp.com/terraform/cloud-docs/api-docs/notification-configurations#notification-authenticity', body('x-tfe-notification-signature', { digest: 'sha512' })),
  record('todoist', 'Todoist', 'https://developer.todoist.com/sync/v9/#webhooks', body('x-todoist-hmac-sha256', { encoding: 'base64' })),
  // Not verifiable: Typeform's page was not found with the search tool (third-party verifiers agree: sha256=<base64>).
  record('typeform', 'Typeform', 'https://www.typeform.com/developers/webhooks/secure-your-webhooks/', body('typeform-signature', { prefix: 'sha256=', encoding: 'base64' })),
  record('veriff', 'Veriff', 'https://devdocs.veriff.com/docs/hmac-authentication-and-endpoint-security', body('x-hmac-signature')),
  // Keyed by the bot's auth token.
  record('viber', 'Viber REST Bot API', 'https://developers.viber.com/docs/api/rest-bot-api/#callbacks', body('x-viber-content-signature')),
  record('webex', 'Webex', 'https://developer.webex.com/docs/webhooks#handling-requests-from-webex', body('x-spark-signature', { digest: 'sha1' })),
  record('woocommerce', 'WooCommerce', 'https://woocommerce.com/document/webhooks/', body('x-wc-webhook-signature', { encoding: 'base64' })),
  // Keyed by the app's consumer secret; the same key answers the CRC handshake.
  record('x', 'X (Account Activity API)', 'https://docs.x.com/x-api/webhooks/introduction', body('x-twitter-webhooks-signature', { prefix: 'sha256=', encoding: 'base64' }), { handshake: HANDSHAKES.x }),
  record('xero', 'Xero', 'https://developer.xero.com/documentation/guides/webhooks/configuring-your-server/#signature', body('x-xero-signature', { encoding: 'base64' })),
];
