import type { ProviderRecord } from '../../types.js';

export const HUGGING_FACE: ProviderRecord = {
  slug: 'hugging-face',
  name: 'Hugging Face',
  family: 'shared-secret',
  docs: 'https://huggingface.co/docs/hub/webhooks#webhook-secret',
  scheme: { kind: 'token', header: 'x-webhook-secret' },
};
