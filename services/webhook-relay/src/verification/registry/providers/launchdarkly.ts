import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const LAUNCHDARKLY: ProviderRecord = {
  slug: 'launchdarkly',
  name: 'LaunchDarkly',
  family: 'hmac-body',
  docs: 'https://docs.launchdarkly.com/home/connecting/webhooks#signing-webhooks',
  scheme: hmacBody('x-ld-signature'),
};
