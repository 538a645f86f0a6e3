import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the verification_token Notion sends once when the subscription is created.
// Not verifiable: Notion's page was not found with the search tool (third-party verifiers agree: sha256=<hex> of the body).
export const NOTION: ProviderRecord = {
  slug: 'notion',
  name: 'Notion',
  family: 'hmac-body',
  docs: 'https://developers.notion.com/reference/webhooks#step-3-validating-event-payloads-recommended',
  scheme: hmacBody('x-notion-signature', { prefix: 'sha256=' }),
};
