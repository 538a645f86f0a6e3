import { hmacBody as body, recordsOf } from './builders.js';
import { HANDSHAKES } from './handshakes.js';
import type { ProviderRecord } from '../types.js';

// HMAC over the exact body bytes, one signature per header.
const record = recordsOf('hmac-body');

export const HMAC_BODY: ProviderRecord[] = [
  record('github', 'GitHub', 'https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries', body('x-hub-signature-256', { prefix: 'sha256=' })),
  record('shopify', 'Shopify', 'https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook', body('x-shopify-hmac-sha256', { encoding: 'base64' })),
  record('meta', 'Meta (WhatsApp, Messenger, Instagram)', 'https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads', body('x-hub-signature-256', { prefix: 'sha256=' }), { handshake: HANDSHAKES.meta }),
  record('intercom', 'Intercom', 'https://developers.intercom.com/docs/references/webhooks/webhook-models#signed-notifications', body('x-hub-signature', { prefix: 'sha1=', digest: 'sha1' })),
  record('bitbucket', 'Bitbucket', 'https://support.atlassian.com/bitbucket-cloud/docs/manage-webhooks/#Secure-webhooks', body('x-hub-signature', { prefix: 'sha256=' })),
  record('vercel', 'Vercel', 'https://vercel.com/docs/observability/webhooks-overview/webhooks-api#securing-webhooks', body('x-vercel-signature', { digest: 'sha1' })),
  record('paystack', 'Paystack', 'https://paystack.com/docs/payments/webhooks/#verify-event-origin', body('x-paystack-signature', { digest: 'sha512' })),
  record('authorize-net', 'Authorize.Net', 'https://developer.authorize.net/api/reference/features/webhooks.html#Verifying_the_Notification', body('x-anet-signature', { prefix: 'sha512=', digest: 'sha512', key: 'hex' })),
  record('linear', 'Linear', 'https://linear.app/developers/webhooks#securing-webhooks', body('linear-signature')),
  record('sentry', 'Sentry', 'https://docs.sentry.io/organization/integrations/integration-platform/webhooks/#sentry-hook-signature', body('sentry-hook-signature')),
  record('razorpay', 'Razorpay', 'https://razorpay.com/docs/webhooks/validate-test/', body('x-razorpay-signature')),
  record('dropbox', 'Dropbox', 'https://www.dropbox.com/developers/reference/webhooks#notifications', body('x-dropbox-signature'), { handshake: HANDSHAKES.dropbox }),
  record('checkout-com', 'Checkout.com', 'https://www.checkout.com/docs/developer-resources/webhooks/manage-webhooks/verify-webhook-signatures', body('cko-signature')),
  // checked against https://docs.cdp.coinbase.com/commerce/api-arcitecture/webhooks-security (the link moved there).
  record('coinbase-commerce', 'Coinbase Commerce', 'https://docs.cdp.coinbase.com/commerce/api-arcitecture/webhooks-security', body('x-cc-webhook-signature')),
  record('dub', 'Dub', 'https://dub.co/docs/concepts/webhooks/verify-webhook-requests', body('dub-signature')),
  record('cal-com', 'Cal.com', 'https://cal.com/docs/core-features/webhooks#verifying-the-authenticity-of-the-received-payload', body('x-cal-signature-256')),
  record('asana', 'Asana', 'https://developers.asana.com/docs/webhooks-guide#security', body('x-hook-signature'), { handshake: HANDSHAKES.asana }),
  record('segment', 'Segment', 'https://segment.com/docs/connections/destinations/catalog/webhooks/#authentication', body('x-signature', { digest: 'sha1' })),
  record('airtable', 'Airtable', 'https://airtable.com/developers/web/api/webhooks-overview#webhook-notification-delivery', body('x-airtable-content-mac', { prefix: 'hmac-sha256=', key: 'base64' })),
  record('microsoft-teams', 'Microsoft Teams outgoing webhooks', 'https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook#create-a-method-to-verify-the-outgoing-webhook-hmac-token', body('authorization', { prefix: 'HMAC ', encoding: 'base64', key: 'base64' })),
  // PagerDuty sends one `v1=<hex>` per active secret, comma-separated.
  record('pagerduty', 'PagerDuty', 'https://developer.pagerduty.com/docs/webhooks/v3-overview/#verifying-signatures', { ...body('x-pagerduty-signature'), format: { kind: 'list', separator: ',', prefix: 'v1=' } }),
  // DocuSign sends x-docusign-signature-1 .. -N, one per HMAC key.
  record('docusign', 'DocuSign Connect', 'https://developers.docusign.com/platform/webhooks/connect/hmac/', { ...body('x-docusign-signature-1', { encoding: 'base64' }), numberedHeaders: true }),
];
