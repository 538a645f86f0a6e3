import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const OPENAI: ProviderRecord = {
  slug: 'openai',
  name: 'OpenAI',
  family: 'standard-webhooks',
  docs: 'https://platform.openai.com/docs/guides/webhooks',
  scheme: standardWebhooks('webhook'),
};
