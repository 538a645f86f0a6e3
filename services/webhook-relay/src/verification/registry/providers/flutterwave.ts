import type { ProviderRecord } from '../../types.js';

// Not verifiable: Flutterwave's current webhook page (developer.flutterwave.com/docs/webhooks) is stored without its verif-hash section.
export const FLUTTERWAVE: ProviderRecord = {
  slug: 'flutterwave',
  name: 'Flutterwave',
  family: 'shared-secret',
  docs: 'https://developer.flutterwave.com/docs/integration-guides/webhooks/',
  scheme: { kind: 'token', header: 'verif-hash' },
};
