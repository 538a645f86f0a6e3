import type { ProviderRecord } from '../../types.js';

export const FIGMA: ProviderRecord = {
  slug: 'figma',
  name: 'Figma',
  family: 'shared-secret',
  docs: 'https://www.figma.com/developers/api#webhooks_v2',
  scheme: { kind: 'body-token', jsonField: 'passcode' },
};
