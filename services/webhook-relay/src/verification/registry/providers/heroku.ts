import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Heroku's page was not found with the search tool.
export const HEROKU: ProviderRecord = {
  slug: 'heroku',
  name: 'Heroku app webhooks',
  family: 'hmac-body',
  docs: 'https://devcenter.heroku.com/articles/app-webhooks#securing-webhook-requests',
  scheme: hmacBody('heroku-webhook-hmac-sha256', { encoding: 'base64' }),
};
