import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SENTRY: ProviderRecord = {
  slug: 'sentry',
  name: 'Sentry',
  family: 'hmac-body',
  docs: 'https://docs.sentry.io/organization/integrations/integration-platform/webhooks/#sentry-hook-signature',
  scheme: hmacBody('sentry-hook-signature'),
};
