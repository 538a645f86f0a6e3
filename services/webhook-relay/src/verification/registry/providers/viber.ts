import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the bot's auth token.
export const VIBER: ProviderRecord = {
  slug: 'viber',
  name: 'Viber REST Bot API',
  family: 'hmac-body',
  docs: 'https://developers.viber.com/docs/api/rest-bot-api/#callbacks',
  scheme: hmacBody('x-viber-content-signature'),
};
