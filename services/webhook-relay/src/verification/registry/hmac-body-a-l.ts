import { hmacBody as body, recordsOf } from './builders.js';
import type { ProviderRecord } from '../types.js';

const record = recordsOf('hmac-body');

// HMAC over the exact body bytes (issue 10's additions, A to L).
export const HMAC_BODY_A_TO_L: ProviderRecord[] = [
  record('alchemy', 'Alchemy Notify', 'https://docs.alchemy.com/reference/notify-api-quickstart#webhook-signature--security', body('x-alchemy-signature')),
  // checked against api.video's webhook guide (its docs source on GitHub): X-Api-Video-Signature is the hex HMAC-SHA256 of the body
  // keyed by the webhook's signature secret (X-Api-Video-WebhookID names the webhook).
  record('api-video', 'api.video', 'https://docs.api.video/reference/create-and-manage-webhooks', body('x-api-video-signature')),
  // Keyed by the account's API key.
  record('acuity', 'Acuity Scheduling', 'https://developers.acuityscheduling.com/docs/webhooks#verifying-webhook-requests', body('x-acuity-signature', { encoding: 'base64' })),
  // checked against https://www.aftership.com/docs/tracking/webhook/webhook-signature (base64 HMAC-SHA256 of the body in
  // aftership-hmac-sha256; AfterShip's Returns and Warranty products use other headers and are not covered).
  record('aftership', 'AfterShip', 'https://www.aftership.com/docs/tracking/webhook/webhook-signature', body('aftership-hmac-sha256', { encoding: 'base64' })),
  record('attio', 'Attio', 'https://docs.attio.com/rest-api/guides/webhooks#authenticating-webhooks', body('attio-signature')),
  record('maxio', 'Maxio Advanced Billing (Chargify)', 'https://docs.maxio.com/hc/en-us/articles/24266136649869-Webhooks-Reference', body('x-chargify-webhook-signature-hmac-sha-256')),
  // One `v1=<hex>` per signing version, comma-separated.
  record('circleci', 'CircleCI', 'https://circleci.com/docs/webhooks/#validate-webhooks', { ...body('circleci-signature'), format: { kind: 'list', separator: ',', prefix: 'v1=' } }),
  // checked against https://developer.clickup.com/docs/webhooksignature
  record('clickup', 'ClickUp', 'https://developer.clickup.com/docs/webhooksignature', body('x-signature')),
  record('discourse', 'Discourse', 'https://meta.discourse.org/t/configure-webhooks-that-trigger-on-discourse-events-to-integrate-with-external-services/49045', body('x-discourse-event-signature', { prefix: 'sha256=' })),
  record('doppler', 'Doppler', 'https://docs.doppler.com/docs/webhooks#verify-webhook-with-secret', body('x-doppler-signature', { prefix: 'sha256=' })),
  // Not verifiable: Dwolla's page was not found with the search tool.
  record('dwolla', 'Dwolla', 'https://developers.dwolla.com/docs/balance/webhooks/process-validate', body('x-request-signature-sha-256')),
  // EasyPost NFKD-normalizes the secret first: a no-op for the ASCII secrets it issues.
  record('easypost', 'EasyPost', 'https://docs.easypost.com/guides/webhooks-guide#hmac-validation', body('x-hmac-signature', { prefix: 'hmac-sha256-hex=' })),
  record('expo', 'Expo (EAS)', 'https://docs.expo.dev/eas/webhooks/', body('expo-signature', { prefix: 'sha1=', digest: 'sha1' })),
  record('fastspring', 'FastSpring', 'https://developer.fastspring.com/reference/message-security', body('x-fs-signature', { encoding: 'base64' })),
  record('flagsmith', 'Flagsmith', 'https://docs.flagsmith.com/system-administration/webhooks', body('x-flagsmith-signature')),
  record('forgejo', 'Forgejo', 'https://forgejo.org/docs/latest/user/webhooks/', body('x-forgejo-signature')),
  record('gitea', 'Gitea', 'https://docs.gitea.com/usage/webhooks', body('x-gitea-signature')),
  // checked against https://github.com/gocardless/gocardless-nodejs/blob/master/src/webhooks.ts (GoCardless's SDK: hex HMAC-SHA256
  // of the body in Webhook-Signature); its developer page was not found with the search tool.
  record('gocardless', 'GoCardless', 'https://developer.gocardless.com/getting-started/staying-up-to-date-with-webhooks#staying-secure', body('webhook-signature')),
  record('gogs', 'Gogs', 'https://gogs.io/docs/features/webhook', body('x-gogs-signature')),
  record('grafana', 'Grafana Alerting', 'https://grafana.com/docs/grafana/latest/alerting/configure-notifications/manage-contact-points/integrations/webhook-notifier/', body('x-grafana-alerting-signature')),
  record('gusto', 'Gusto', 'https://docs.gusto.com/app-integrations/docs/webhooks', body('x-gusto-signature')),
  record('help-scout', 'Help Scout', 'https://developer.helpscout.com/webhooks/', body('x-helpscout-signature', { digest: 'sha1', encoding: 'base64' })),
  // Not verifiable: Heroku's page was not found with the search tool.
  record('heroku', 'Heroku app webhooks', 'https://devcenter.heroku.com/articles/app-webhooks#securing-webhook-requests', body('heroku-webhook-hmac-sha256', { encoding: 'base64' })),
  record('jira', 'Jira (admin webhooks)', 'https://developer.atlassian.com/cloud/jira/platform/webhooks/#secure-admin-webhooks', body('x-hub-signature', { prefix: 'sha256=' })),
  // Lago's HMAC option (its default is an RS256 JWT of the body, which this record does not cover).
  record('lago', 'Lago', 'https://getlago.com/docs/api-reference/webhooks/format---signature', body('x-lago-signature', { encoding: 'base64' })),
  record('launchdarkly', 'LaunchDarkly', 'https://docs.launchdarkly.com/home/connecting/webhooks#signing-webhooks', body('x-ld-signature')),
  // checked against https://docs.lemonsqueezy.com/help/webhooks/signing-requests
  record('lemon-squeezy', 'Lemon Squeezy', 'https://docs.lemonsqueezy.com/help/webhooks/signing-requests', body('x-signature')),
  // Keyed by the channel secret.
  record('line', 'LINE Messaging API', 'https://developers.line.biz/en/reference/messaging-api/#signature-validation', body('x-line-signature', { encoding: 'base64' })),
];
