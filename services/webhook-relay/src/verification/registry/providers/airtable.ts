import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const AIRTABLE: ProviderRecord = {
  slug: 'airtable',
  name: 'Airtable',
  family: 'hmac-body',
  docs: 'https://airtable.com/developers/web/api/webhooks-overview#webhook-notification-delivery',
  scheme: hmacBody('x-airtable-content-mac', { prefix: 'hmac-sha256=', key: 'base64' }),
};
