import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// One signature per key (primary, secondary) over the body then the delivery timestamp; Box allows ten minutes.
export const BOX: ProviderRecord = {
  slug: 'box',
  name: 'Box',
  family: 'hmac-timestamped',
  docs: 'https://developer.box.com/guides/webhooks/v2/signatures-v2/',
  scheme: {
    ...withTimestampHeader('box-signature-primary', 'box-delivery-timestamp', ['body', 'timestamp'], {
      encoding: 'base64',
      unit: 'iso',
      toleranceSeconds: 600,
    }),
    additionalSignatureHeaders: ['box-signature-secondary'],
  },
};
