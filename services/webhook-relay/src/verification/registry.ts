import type { ProviderRecord } from './types.js';
import { PROVIDERS_IN_DETECTION_ORDER } from './registry/detection-order.js';

/** Every provider we verify, in header-detection order (new providers go last, so detection of earlier ones never changes). */
export const PROVIDERS: readonly ProviderRecord[] = PROVIDERS_IN_DETECTION_ORDER;

const BY_SLUG = new Map(PROVIDERS.map((provider) => [provider.slug, provider]));

export function findProvider(slug: string): ProviderRecord | undefined {
  return BY_SLUG.get(slug);
}

// Providers whose signature covers the URL they called (Twilio, and schemes with a 'url' part: Square,
// HubSpot, Trello, Mandrill, Bird): for their events only, the sealed ingest token is opened to rebuild it.
const SIGNS_URL = new Set(
  PROVIDERS.filter(({ scheme }) => scheme.kind === 'twilio' || ('message' in scheme && scheme.message.includes('url'))).map(
    ({ slug }) => slug,
  ),
);

/** Whether the provider's signature covers the URL it called, token included. */
export function signsUrl(slug: string | null): boolean {
  return slug !== null && SIGNS_URL.has(slug);
}
