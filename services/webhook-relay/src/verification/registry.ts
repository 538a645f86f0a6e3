import type { ProviderRecord } from './types.js';
import { HMAC_BODY } from './registry/hmac-body.js';
import { HMAC_REQUEST } from './registry/hmac-request.js';
import { HMAC_TIMESTAMPED } from './registry/hmac-timestamped.js';
import { ASYMMETRIC, JWT, SHARED_SECRET } from './registry/other-families.js';
import { STANDARD_WEBHOOKS_FAMILY } from './registry/standard-webhooks-family.js';

/** Every provider we verify, in header-detection order (new providers go last, so detection of earlier ones never changes). */
export const PROVIDERS: readonly ProviderRecord[] = [...STANDARD_WEBHOOKS_FAMILY, ...HMAC_TIMESTAMPED, ...HMAC_BODY, ...HMAC_REQUEST, ...ASYMMETRIC, ...JWT, ...SHARED_SECRET];

const BY_SLUG = new Map(PROVIDERS.map((provider) => [provider.slug, provider]));

export function findProvider(slug: string): ProviderRecord | undefined {
  return BY_SLUG.get(slug);
}
