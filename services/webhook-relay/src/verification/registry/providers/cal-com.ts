import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const CAL_COM: ProviderRecord = {
  slug: 'cal-com',
  name: 'Cal.com',
  family: 'hmac-body',
  docs: 'https://cal.com/docs/core-features/webhooks#verifying-the-authenticity-of-the-received-payload',
  scheme: hmacBody('x-cal-signature-256'),
};
