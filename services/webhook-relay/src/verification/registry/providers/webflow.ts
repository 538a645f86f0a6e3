import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// The research table lists Webflow among providers without an enforced replay window; Webflow's
// own page says to reject requests older than 5 minutes, so the default window applies.
export const WEBFLOW: ProviderRecord = {
  slug: 'webflow',
  name: 'Webflow',
  family: 'hmac-timestamped',
  docs: 'https://developers.webflow.com/docs/verifying-webhook-signatures',
  scheme: withTimestampHeader('x-webflow-signature', 'x-webflow-timestamp', ['timestamp', { literal: ':' }, 'body'], {
    unit: 'milliseconds',
  }),
};
