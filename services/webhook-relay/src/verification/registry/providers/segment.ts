import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SEGMENT: ProviderRecord = {
  slug: 'segment',
  name: 'Segment',
  family: 'hmac-body',
  docs: 'https://segment.com/docs/connections/destinations/catalog/webhooks/#authentication',
  scheme: hmacBody('x-signature', { digest: 'sha1' }),
};
