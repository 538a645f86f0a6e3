import type { ProviderRecord } from './types.js';
import { HMAC_BODY } from './registry/hmac-body.js';
import { HMAC_BODY_A_TO_L } from './registry/hmac-body-a-l.js';
import { HMAC_BODY_M_TO_Z } from './registry/hmac-body-m-z.js';
import { HMAC_REQUEST } from './registry/hmac-request.js';
import { HMAC_TIMESTAMPED } from './registry/hmac-timestamped.js';
import { MORE_HMAC_REQUEST } from './registry/more-hmac-request.js';
import { MORE_HMAC_TIMESTAMPED } from './registry/more-hmac-timestamped.js';
import { MORE_ASYMMETRIC, MORE_JWT, MORE_SHARED_SECRET } from './registry/more-other-families.js';
import { ASYMMETRIC, JWT, SHARED_SECRET } from './registry/other-families.js';
import { STANDARD_WEBHOOKS_ALIASES } from './registry/standard-webhooks-aliases.js';
import { STANDARD_WEBHOOKS_FAMILY } from './registry/standard-webhooks-family.js';

const FIRST_SET = [...STANDARD_WEBHOOKS_FAMILY, ...HMAC_TIMESTAMPED, ...HMAC_BODY, ...HMAC_REQUEST, ...ASYMMETRIC, ...JWT, ...SHARED_SECRET];
const SECOND_SET = [...STANDARD_WEBHOOKS_ALIASES, ...MORE_HMAC_TIMESTAMPED, ...HMAC_BODY_A_TO_L, ...HMAC_BODY_M_TO_Z, ...MORE_HMAC_REQUEST, ...MORE_ASYMMETRIC, ...MORE_JWT, ...MORE_SHARED_SECRET];

/** Every provider we verify, in header-detection order (new providers go last, so detection of earlier ones never changes). */
export const PROVIDERS: readonly ProviderRecord[] = [...FIRST_SET, ...SECOND_SET];

const BY_SLUG = new Map(PROVIDERS.map((provider) => [provider.slug, provider]));

export function findProvider(slug: string): ProviderRecord | undefined {
  return BY_SLUG.get(slug);
}

// Providers whose signature covers the URL they called (Twilio, and schemes with a 'url' part: Square,
// HubSpot, Trello, Mandrill, Bird): for their events only, the sealed ingest token is opened to rebuild it.
const SIGNS_URL = new Set(PROVIDERS.filter(({ scheme }) => scheme.kind === 'twilio' || ('message' in scheme && scheme.message.includes('url'))).map(({ slug }) => slug));

/** Whether the provider's signature covers the URL it called, token included. */
export function signsUrl(slug: string | null): boolean {
  return slug !== null && SIGNS_URL.has(slug);
}
