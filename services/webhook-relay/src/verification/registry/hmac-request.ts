import type { HmacScheme, ProviderRecord, TwilioScheme } from '../types.js';

const record = (slug: string, name: string, docs: string, scheme: HmacScheme | TwilioScheme): ProviderRecord => ({ slug, name, family: 'hmac-request', docs, scheme });

// Schemes that sign parts of the request besides the body: the URL the provider called, the method, form fields.
export const HMAC_REQUEST: ProviderRecord[] = [
  // checked against https://developer.squareup.com/docs/webhooks/step2subscribe (x-square-hmacsha256-signature, HMAC-SHA256); the
  // stored copy of step3validate stops before its code, so the URL-then-body order rests on third-party verifiers that agree.
  record('square', 'Square', 'https://developer.squareup.com/docs/webhooks/step3validate', {
    kind: 'hmac', signatureHeader: 'x-square-hmacsha256-signature', format: { kind: 'plain' }, digest: 'sha256', encoding: 'base64', key: 'utf8', message: ['url', 'body'],
  }),
  // checked against https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation and
  // HubSpot's v3 changelog: base64 HMAC-SHA256 of method + URI + body + X-HubSpot-Request-Timestamp (ms), refuse after 5 minutes.
  // The old link is now the legacy-apps page.
  record('hubspot', 'HubSpot (v3)', 'https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation#validate-the-v3-request-signature', {
    kind: 'hmac', signatureHeader: 'x-hubspot-signature-v3', format: { kind: 'plain' }, digest: 'sha256', encoding: 'base64', key: 'utf8',
    timestamp: { header: 'x-hubspot-request-timestamp', unit: 'milliseconds' }, message: ['method', 'url', 'body', 'timestamp'],
  }),
  record('trello', 'Trello', 'https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/#webhook-signatures', {
    kind: 'hmac', signatureHeader: 'x-trello-webhook', format: { kind: 'plain' }, digest: 'sha1', encoding: 'base64', key: 'utf8', message: ['body', 'url'],
  }),
  record('twilio', 'Twilio', 'https://www.twilio.com/docs/usage/webhooks/webhooks-security#validating-signatures-from-twilio', { kind: 'twilio', header: 'x-twilio-signature' }),
  record('mandrill', 'Mandrill', 'https://mailchimp.com/developer/transactional/guides/track-respond-activity-webhooks/#authenticating-webhook-requests', {
    kind: 'hmac', signatureHeader: 'x-mandrill-signature', format: { kind: 'plain' }, digest: 'sha1', encoding: 'base64', key: 'utf8', message: ['url', 'sorted-form-fields'],
  }),
];
