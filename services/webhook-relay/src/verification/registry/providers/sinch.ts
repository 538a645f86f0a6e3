import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SINCH: ProviderRecord = {
  slug: 'sinch',
  name: 'Sinch',
  family: 'hmac-timestamped',
  docs: 'https://developers.sinch.com/docs/conversation/callbacks/#validating-callback-requests',
  scheme: withTimestampHeader(
    'x-sinch-webhook-signature',
    'x-sinch-webhook-signature-timestamp',
    ['body', { literal: '.' }, { header: 'x-sinch-webhook-signature-nonce' }, { literal: '.' }, 'timestamp'],
    { encoding: 'base64' },
  ),
};
