import type { ProviderRecord } from '../../types.js';

// checked against https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation and
// HubSpot's v3 changelog: base64 HMAC-SHA256 of method + URI + body + X-HubSpot-Request-Timestamp (ms), refuse after 5 minutes.
// The old link is now the legacy-apps page.
export const HUBSPOT: ProviderRecord = {
  slug: 'hubspot',
  name: 'HubSpot (v3)',
  family: 'hmac-request',
  docs: 'https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/request-validation#validate-the-v3-request-signature',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'x-hubspot-signature-v3',
    format: { kind: 'plain' },
    digest: 'sha256',
    encoding: 'base64',
    key: 'utf8',
    timestamp: { header: 'x-hubspot-request-timestamp', unit: 'milliseconds' },
    message: ['method', 'url', 'body', 'timestamp'],
  },
};
