import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const PULUMI: ProviderRecord = {
  slug: 'pulumi',
  name: 'Pulumi Cloud',
  family: 'hmac-body',
  docs: 'https://www.pulumi.com/docs/pulumi-cloud/webhooks/',
  scheme: hmacBody('pulumi-webhook-signature'),
};
