import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://dev.frontapp.com/docs/application-webhooks (x-front-request-timestamp in milliseconds, `{ts}:{body}`,
// base64 per its step 4 as quoted by Front staff on community.front.com). Front's rule webhooks (SHA-1 of the body) are not covered.
export const FRONT: ProviderRecord = {
  slug: 'front',
  name: 'Front',
  family: 'hmac-timestamped',
  docs: 'https://dev.frontapp.com/docs/application-webhooks#verifying-integrity',
  scheme: withTimestampHeader('x-front-signature', 'x-front-request-timestamp', ['timestamp', { literal: ':' }, 'body'], {
    encoding: 'base64',
    unit: 'milliseconds',
  }),
};
