import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const TODOIST: ProviderRecord = {
  slug: 'todoist',
  name: 'Todoist',
  family: 'hmac-body',
  docs: 'https://developer.todoist.com/sync/v9/#webhooks',
  scheme: hmacBody('x-todoist-hmac-sha256', { encoding: 'base64' }),
};
